import { and, type Column, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
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
  return { items: await withoutHiddenReplies(db, viewer, await spec.present(rows)), total: count };
}

/**
 * A thread's `replySize` counts every reply; a viewer with blocks is not shown the replies of the
 * people on the other side (docs/blocks.md), so their items count only the replies they see.
 */
async function withoutHiddenReplies<Item>(db: Db, viewer: Viewer | null, items: Item[]): Promise<Item[]> {
  if (!viewer?.hasBlocks) return items;
  const threads = items.filter(isThread).filter((t) => t.replySize > 0);
  if (threads.length === 0) return items;
  const counted = await db
    .select({ parentId: contributions.parentId, n: sql<number>`count(*)::int` })
    .from(contributions)
    .where(
      and(
        inArray(
          contributions.parentId,
          threads.map((t) => t.id),
        ),
        eq(contributions.kind, "REPLY"),
        sql`${contributions.authorId} = any(${policy.blockedEitherWay(viewer.id)})`,
      ),
    )
    .groupBy(contributions.parentId);
  const hidden = new Map(counted.map((r) => [r.parentId, r.n]));
  return items.map((item) => {
    if (!isThread(item)) return item;
    const n = hidden.get(item.id);
    return n ? { ...item, replySize: item.replySize - n } : item;
  });
}

type Thread = { id: string; replySize: number };
/** Items that head a thread (comments, reviews): the kinds whose DTO counts replies. */
const isThread = <T>(item: T): item is T & Thread => typeof (item as Partial<Thread>).replySize === "number";

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
  const [item] = await withoutHiddenReplies(db, viewer, await spec.present(rows));
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
  spec: Omit<ListSpec<Row, Item>, "id" | "visibleTo">,
): ListSpec<Row, Item> {
  return { id: contributions.id, visibleTo: policy.visibleContributions, ...spec };
}
