import { and, type Column, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { profileBlocks } from "../../db/schema/blocks.ts";
import { contributions } from "../../db/schema/discussion.ts";
import { type ListQuery, pageOffset } from "../../lib/pagination.ts";
import {
  compileFilter,
  type Filter,
  type FilterSpec,
  parseSearchAnd,
  type SortSpec,
} from "../../lib/search-filter.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { orderBy } from "./list-order.ts";
import * as policy from "./policy.ts";

/** One page of rows, in the order asked for, with the viewer's own votes joined when signed in. */
export interface RowQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
  viewerId: string | null;
}

/** Everything that makes one kind's list: what it may be filtered and sorted by, and how it reads. */
export interface ListSpec<Row, Item> {
  filter: FilterSpec;
  sort: SortSpec;
  defaultSort: readonly string[];
  /** The last tie-breaker, so pages never repeat or skip rows with equal keys. */
  id: Column;
  /** Always ANDed in (the kind, "not deleted"). */
  where?: SQL;
  /** Which of the policy's rules decides what a viewer sees (policy.ts). */
  visibleTo: policy.ListRule;
  /** A kind's own ordering rule on top of the asked one (official responses first). */
  reorder?: (order: SQL[], query: ListQuery) => SQL[];
  rows(db: Db, query: RowQuery): Promise<Row[]>;
  count(db: Db, where: SQL | undefined): Promise<number>;
  present(rows: Row[]): Promise<Item[]> | Item[];
}

/** A list query whose `searchAnd` may already be parsed (against the same spec's filter). */
export type ParsedListQuery = ListQuery & { filter?: Filter };

/**
 * The list pipeline of every discussion kind: filter → policy → order → rows and total in
 * parallel → present. `total` replaces the count when the caller knows it cheaper (counters).
 */
export async function listOf<Row, Item>(
  db: Db,
  spec: ListSpec<Row, Item>,
  viewer: Viewer | null,
  query: ParsedListQuery,
  total?: Promise<number>,
): Promise<{ items: Item[]; total: number }> {
  const filter = query.filter ?? parseSearchAnd(query.searchAnd, spec.filter);
  const where = and(spec.where, compileFilter(filter, spec.filter), spec.visibleTo(viewer));
  const order = orderBy(query.sort, spec.sort, spec.defaultSort, spec.id);
  const [rows, count] = await Promise.all([
    spec.rows(db, {
      where,
      orderBy: spec.reorder ? spec.reorder(order, query) : order,
      limit: query.size,
      offset: pageOffset(query),
      viewerId: viewer?.id ?? null,
    }),
    total ?? spec.count(db, where),
  ]);
  return { items: await acrossBlocks(db, viewer, await spec.present(rows)), total: count };
}

/**
 * What a list shows a viewer with blocks beyond its rows' filter (docs/blocks.md): a reply of
 * someone the viewer blocked is a collapsed placeholder without author or text; nobody across a
 * block is named as the person a reply answers; and a thread's `replySize` counts only the replies
 * the viewer is shown (those of people who blocked them are gone, one grouped query).
 */
async function acrossBlocks<Item>(db: Db, viewer: Viewer | null, items: Item[]): Promise<Item[]> {
  if (!viewer?.hasBlocks) return items;
  const threads = items.filter(isThread).filter((t) => t.replySize > 0);
  // Only replies and threads with replies can differ: reviews and related lists skip the read.
  if (threads.length === 0 && !items.some(isReply)) return items;
  const blocks = await db
    .select({ blockerId: profileBlocks.blockerId, blockedId: profileBlocks.blockedId })
    .from(profileBlocks)
    .where(or(eq(profileBlocks.blockerId, viewer.id), eq(profileBlocks.blockedId, viewer.id)));
  const blockedByViewer = new Set(blocks.filter((b) => b.blockerId === viewer.id).map((b) => b.blockedId));
  const blockedViewer = blocks.filter((b) => b.blockedId === viewer.id).map((b) => b.blockerId);
  const gone =
    threads.length > 0 && blockedViewer.length > 0
      ? await db
          .select({ parentId: contributions.parentId, n: sql<number>`count(*)::int` })
          .from(contributions)
          .where(
            and(
              inArray(
                contributions.parentId,
                threads.map((t) => t.id),
              ),
              eq(contributions.kind, "REPLY"),
              inArray(contributions.authorId, blockedViewer),
            ),
          )
          .groupBy(contributions.parentId)
      : [];
  const hidden = new Map(gone.map((r) => [r.parentId, r.n]));
  const across = (person: { id: string } | null | undefined) =>
    Boolean(person && (blockedByViewer.has(person.id) || blockedViewer.includes(person.id)));
  return items.map((item) => {
    let shown = item;
    if (isThread(shown)) {
      const n = hidden.get(shown.id);
      if (n) shown = { ...shown, replySize: shown.replySize - n };
    }
    if (!isReply(shown)) return shown;
    const answered =
      shown.inReplyTo && across(shown.inReplyTo.author)
        ? { ...shown.inReplyTo, author: null }
        : shown.inReplyTo;
    const placeholder = shown.author && blockedByViewer.has(shown.author.id) ? BLOCKED_REPLY : {};
    return { ...shown, ...placeholder, inReplyTo: answered };
  });
}

/** What a reply of someone the viewer blocked shows them: its place, nothing of it. */
const BLOCKED_REPLY = {
  author: null,
  body: "",
  bodyHtml: "",
  attachments: [],
  deleted: true,
  blocked: true,
  myVote: 0,
} as const;

type Thread = { id: string; replySize: number };
/** Items that head a thread (comments, reviews): the kinds whose DTO counts replies. */
const isThread = <T>(item: T): item is T & Thread => typeof (item as Partial<Thread>).replySize === "number";

type Reply = {
  contributionType: "REPLY";
  author: { id: string } | null;
  inReplyTo: { author: { id: string } | null } | null;
};
const isReply = <T>(item: T): item is T & Reply => (item as Partial<Reply>).contributionType === "REPLY";

/** One item by id through the same read and presenter as its list (404 when it is not there). */
export async function oneOf<Row, Item>(
  db: Db,
  spec: ListSpec<Row, Item>,
  viewer: Viewer | null,
  where: SQL | undefined,
): Promise<Item | undefined> {
  const rows = await spec.rows(db, {
    where: and(spec.where, where, spec.visibleTo(viewer)),
    orderBy: [],
    limit: 1,
    offset: 0,
    viewerId: viewer?.id ?? null,
  });
  const [item] = await acrossBlocks(db, viewer, await spec.present(rows));
  return item;
}

/** The rows a list asked for: its filter, its order and its page. */
export function pageOf<T extends PgSelect>(select: T, q: RowQuery): T {
  return select
    .where(q.where)
    .orderBy(...q.orderBy)
    .limit(q.limit)
    .offset(q.offset);
}

/**
 * A contribution kind's list: ids break ties and the policy's contribution rule decides what
 * each viewer sees, the same for every kind.
 */
export function contributionList<Row, Item>(
  spec: Omit<ListSpec<Row, Item>, "id" | "visibleTo"> & Partial<Pick<ListSpec<Row, Item>, "visibleTo">>,
): ListSpec<Row, Item> {
  return { id: contributions.id, visibleTo: policy.visibleContributions, ...spec };
}
