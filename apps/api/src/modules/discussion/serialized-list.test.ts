import { describe, expect, it } from "vitest";
import { serializeList, withMyVotes } from "./serialized-list.ts";

const items = [
  {
    id: "a",
    body: 'quotes "myVote":0 and émoji 🎉 before the key',
    author: { displayName: "Zoë ✨" },
    myVote: 0,
  },
  { id: "b", body: "", author: null, myVote: 0, after: '{"myVote":1}' },
  { id: "c", body: "日本語のコメント", myVote: 0 },
];

describe("a serialized list with its readers' votes written in", () => {
  it("is the shared bytes when the reader voted on none of the items", () => {
    const list = serializeList(items);
    expect(JSON.parse(list.json.toString())).toEqual(items);
    expect(withMyVotes(list, [0, 0, 0])).toBe(list.json);
  });

  it.each([[[1, 0, 0]], [[-1, 1, -1]], [[0, -1, 0]], [[0, 0, 1]]])(
    "equals the list serialized with votes %j, multi-byte text and lookalike keys included",
    (votes) => {
      const list = serializeList(items);
      const mine = withMyVotes(list, votes);
      expect(mine.toString()).toBe(JSON.stringify(items.map((item, i) => ({ ...item, myVote: votes[i] }))));
      // The shared bytes are left as they were for everyone else.
      expect(JSON.parse(list.json.toString())).toEqual(items);
    },
  );

  it("an empty list", () => {
    const list = serializeList([]);
    expect(list.json.toString()).toBe("[]");
    expect(withMyVotes(list, [])).toBe(list.json);
  });
});
