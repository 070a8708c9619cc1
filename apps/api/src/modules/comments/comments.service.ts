import {
  Comment,
  type CreateComment,
  DISCUSSION_MESSAGES,
  type UpdateComment,
} from "@flipside/contracts/discussion";
import { desc, eq, inArray } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { contributions, sitePages } from "../../db/schema/discussion.ts";
import { conflict, notFound, validationFailed } from "../../lib/errors.ts";
import type { ListQuery } from "../../lib/pagination.ts";
import {
  type Filter,
  type FilterSpec,
  filterKey,
  parseSearchAnd,
  type SortSpec,
} from "../../lib/search-filter.ts";
import type { Viewer } from "../../plugins/auth.ts";
import {
  attach,
  attachmentsOf,
  bumpPageCounters,
  contributionList,
  countWhere,
  type DiscussionCore,
  listOf,
  lockContribution,
  myVotesOn,
  oneOf,
  policy,
  type SerializedList,
  serializeList,
  softDelete,
  sortFields,
  voteValue,
  withMyVotes,
} from "../discussion/index.ts";
import { presentComment } from "./comments.presenter.ts";
import { type CommentListRow, insertComment, listComments } from "./comments.repository.ts";

const COMMENT_KINDS = ["COMMENT", "REPLY"] as const;

export const COMMENT_FILTER: FilterSpec = {
  fields: {
    id: { column: contributions.id, type: "uuid" },
    sitePage_id: { column: contributions.sitePageId, type: "uuid" },
    parent_id: { column: contributions.parentId, type: "uuid", nullable: true },
    contributionType: { column: contributions.kind, type: "enum", values: COMMENT_KINDS },
    authorId: { column: contributions.authorId, type: "uuid" },
    claimUuid: { column: contributions.claimUuid, type: "uuid", nullable: true },
    deleted: { column: contributions.deleted, type: "boolean" },
    body: { column: contributions.body, type: "string", ops: ["||"] },
    score: { column: contributions.score, type: "int" },
    replySize: { column: contributions.replySize, type: "int" },
    createdDate: { column: contributions.createdAt, type: "date" },
  },
  bareToken: { field: "contributionType", values: COMMENT_KINDS },
};

/**
 * `claimUuid` sorts official responses first; `top` is the Wilson lower bound of up/down votes
 * (docs/discussion.md#comments-and-replies), `score` is up minus down.
 */
export const COMMENT_SORT: SortSpec = {
  fields: {
    claimUuid: contributions.official,
    createdDate: contributions.createdAt,
    top: contributions.wilson,
    score: contributions.score,
    replySize: contributions.replySize,
  },
};
export const COMMENT_DEFAULT_SORT = ["claimUuid,desc", "createdDate,desc"] as const;

/**
 * A page's top-level list (`sitePage_id==X,COMMENT`, optionally `deleted==false|true`, in any
 * order) is the hot path of every page view: its total comes from the page's counters instead
 * of counting thousands of rows per request. Anything else is counted.
 */
export function topLevelShape(filter: Filter): { pageId: string; deleted?: boolean } | null {
  let pageId: string | undefined;
  let comment = false;
  let deleted: boolean | undefined;
  for (const { field, op, value } of filter) {
    if (op !== "==") return null;
    if (field === "sitePage_id" && typeof value === "string" && pageId === undefined) pageId = value;
    else if (field === "contributionType" && value === "COMMENT") comment = true;
    else if (field === "deleted" && typeof value === "boolean" && deleted === undefined) deleted = value;
    else return null;
  }
  if (!pageId || !comment) return null;
  return deleted === undefined ? { pageId } : { pageId, deleted };
}

async function topLevelTotal(db: Db, shape: { pageId: string; deleted?: boolean }): Promise<number> {
  const [row] = await db
    .select({ live: sitePages.commentCount, deleted: sitePages.deletedCommentCount })
    .from(sitePages)
    .where(eq(sitePages.id, shape.pageId));
  if (!row) return 0;
  if (shape.deleted === undefined) return row.live + row.deleted;
  return shape.deleted ? row.deleted : row.live;
}

/**
 * A page of comments: the items, or (for a page's shared list) the items already validated and
 * serialized as UTF-8 bytes, so that no request pays for encoding them. `personal`: the bytes
 * carry one reader's votes and are sent once.
 */
export type CommentPage =
  | { items: Comment[]; total: number }
  | { json: Buffer; total: number; personal?: boolean };
type SharedCommentPage = { items: Comment[]; total: number; serialized: SerializedList };
const CommentList = z.array(Comment);

export function createCommentsService(core: DiscussionCore) {
  const { db, storage, cache, writer, pages } = core;

  const spec = contributionList<CommentListRow, Comment>({
    filter: COMMENT_FILTER,
    sort: COMMENT_SORT,
    defaultSort: COMMENT_DEFAULT_SORT,
    where: inArray(contributions.kind, [...COMMENT_KINDS]),
    // Threads keep their shape across a block (docs/blocks.md).
    visibleTo: policy.visibleThreadItems,
    // Official responses come first whatever order the reader chose (docs/discussion.md).
    reorder: (order, query) =>
      sortFields(query.sort, COMMENT_DEFAULT_SORT).includes("claimUuid")
        ? order
        : [desc(contributions.official), ...order],
    rows: listComments,
    count: countWhere,
    async present(rows) {
      const withFiles = rows.filter((r) => r.c.attachmentCount > 0 && !r.c.deleted).map((r) => r.c.id);
      const files = await attachmentsOf(db, withFiles, storage);
      return rows.map((r) => presentComment(r, files.get(r.c.id) ?? [], storage));
    },
  });

  /**
   * A page's top-level list is the same for every reader but for `myVote`: it is cached per
   * page (dropped on any change to the page) and the reader's own votes are laid over it.
   */
  async function list(viewer: Viewer | null, query: ListQuery): Promise<CommentPage> {
    const filter = parseSearchAnd(query.searchAnd, COMMENT_FILTER);
    const parsed = { ...query, filter };
    const shape = policy.sharesPageView(viewer) ? topLevelShape(filter) : null;
    if (!shape) return listOf(db, spec, viewer, parsed);
    const key = `comments:${filterKey(filter)}:${JSON.stringify(query.sort ?? null)}:${query.page}:${query.size}`;
    const shared = (await cache.getOrLoad<SharedCommentPage>(key, async () => {
      const fresh = await listOf(db, spec, null, parsed, topLevelTotal(db, shape));
      // Validated and serialized once per cache fill instead of once per request.
      const items = CommentList.parse(fresh.items);
      return { pageId: shape.pageId, value: { items, total: fresh.total, serialized: serializeList(items) } };
    })) as SharedCommentPage;
    const { items, total, serialized } = shared;
    if (!viewer || items.length === 0) return { total, json: serialized.json };
    const mine = await myVotesOn(
      db,
      viewer.id,
      items.map((c) => c.id),
    );
    if (mine.size === 0) return { total, json: serialized.json };
    const votes = items.map((c) => voteValue(mine.get(c.id)));
    return { total, json: withMyVotes(serialized, votes), personal: true };
  }

  async function get(viewer: Viewer | null, id: string): Promise<Comment> {
    const comment = await oneOf(db, spec, viewer, eq(contributions.id, id));
    if (!comment) throw notFound(DISCUSSION_MESSAGES.commentNotFound);
    return comment;
  }

  /** Why a comment was not added: the page or the comment answered is missing or unfit. */
  async function refusal(viewer: Viewer, input: z.output<typeof CreateComment>): Promise<Error> {
    await pages.requireOpen(input.sitePage_id);
    if (input.parent_id) {
      const [parent] = await db.select().from(contributions).where(eq(contributions.id, input.parent_id));
      if (!parent || parent.kind === "RELATED_PAGE") return notFound(DISCUSSION_MESSAGES.commentNotFound);
      // Across a block the thread is not there for either side (docs/blocks.md).
      const [root] = parent.parentId
        ? await db
            .select({ authorId: contributions.authorId })
            .from(contributions)
            .where(eq(contributions.id, parent.parentId))
        : [];
      for (const author of [parent.authorId, root?.authorId ?? null]) {
        if (await policy.blockStandsBetween(db, viewer, author))
          return notFound(DISCUSSION_MESSAGES.commentNotFound);
      }
      if (parent.sitePageId !== input.sitePage_id) {
        return validationFailed([{ field: "parent_id", message: DISCUSSION_MESSAGES.parentOtherPage }]);
      }
      if (parent.deleted) {
        return validationFailed([{ field: "parent_id", message: DISCUSSION_MESSAGES.parentDeleted }]);
      }
    }
    // Everything is in place now: what was missing appeared meanwhile.
    return conflict(DISCUSSION_MESSAGES.changedMeanwhile);
  }

  /** The author's own live comment, locked for a change. */
  const own = (id: string) => ({
    lock: (tx: Db) => lockContribution(tx, id, COMMENT_KINDS),
    notFound: DISCUSSION_MESSAGES.commentNotFound,
  });

  return {
    list,
    get,

    async create(viewer: Viewer, input: z.output<typeof CreateComment>): Promise<Comment> {
      const withFiles = Boolean(input.attachmentIds?.length);
      const row = await writer.addInOne(
        viewer,
        async (db) => {
          const added = await insertComment(db, {
            id: uuidv7(),
            pageId: input.sitePage_id,
            authorId: viewer.id,
            parentId: input.parent_id ?? null,
            body: input.body,
            official: input.official ?? true,
          });
          if (!added) throw await refusal(viewer, input);
          if (withFiles) await attach(db, viewer.id, added.c.id, input.attachmentIds ?? []);
          return { result: added, pages: [input.sitePage_id] };
        },
        { transaction: withFiles },
      );
      // The statement answered everything a new comment shows but its files.
      return withFiles ? get(viewer, row.c.id) : presentComment(row, [], storage);
    },

    async update(viewer: Viewer, id: string, input: z.output<typeof UpdateComment>): Promise<Comment> {
      await writer.change(viewer, {
        ...own(id),
        async write(tx, row) {
          await tx
            .update(contributions)
            .set({ body: input.body, editedAt: new Date() })
            .where(eq(contributions.id, id));
          if (input.attachmentIds) await attach(tx, viewer.id, id, input.attachmentIds);
          return { result: undefined, pages: [row.sitePageId] };
        },
      });
      return get(viewer, id);
    },

    /** Soft delete: the thread keeps its place, text and author are gone. */
    async remove(viewer: Viewer, id: string): Promise<void> {
      await writer.change(viewer, {
        ...own(id),
        async write(tx, row) {
          await softDelete(tx, id);
          // The placeholder stays in the list: it moves from the live count to the deleted one.
          if (row.kind === "COMMENT") {
            await bumpPageCounters(tx, [row.sitePageId], { commentCount: -1, deletedCommentCount: 1 });
          }
          return { result: undefined, pages: [row.sitePageId] };
        },
      });
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
