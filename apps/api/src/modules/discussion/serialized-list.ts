import { compactBufferFrom } from "../../lib/compact-buffer.ts";

/**
 * A shared list serialized once, with the place of each item's `myVote` value remembered, so a
 * signed-in reader's answer is the shared bytes with their few votes written in instead of the
 * whole list validated and serialized again (docs/caches.md).
 */
export interface SerializedList {
  json: Buffer;
  /** Byte offset of each item's `myVote` value (`0` in the shared list). */
  myVoteAt: number[];
}

const KEY = '"myVote":';

/**
 * `items` already validated and without a viewer (every `myVote` is 0). A key can only be found
 * as a key: inside a string value its quotes are escaped.
 */
export function serializeList(items: readonly { myVote: number }[]): SerializedList {
  const parts = items.map((item) => JSON.stringify(item));
  const myVoteAt: number[] = [];
  let offset = 1; // "["
  for (const part of parts) {
    const at = part.indexOf(KEY);
    if (at < 0) throw new Error("a listed item has no myVote");
    myVoteAt.push(offset + Buffer.byteLength(part.slice(0, at + KEY.length)));
    offset += Buffer.byteLength(part) + 1; // the item and its comma
  }
  return { json: compactBufferFrom(`[${parts.join(",")}]`), myVoteAt };
}

/** The list as one reader sees it: `votes[i]` is their vote on item i (0 leaves the shared byte). */
export function withMyVotes(list: SerializedList, votes: readonly number[]): Buffer {
  if (votes.every((v) => v === 0)) return list.json;
  const pieces: Buffer[] = [];
  let from = 0;
  votes.forEach((vote, i) => {
    const at = list.myVoteAt[i];
    if (vote === 0 || at === undefined) return;
    pieces.push(list.json.subarray(from, at), Buffer.from(String(vote)));
    from = at + 1;
  });
  pieces.push(list.json.subarray(from));
  return Buffer.concat(pieces);
}
