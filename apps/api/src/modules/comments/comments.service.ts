import {
  Comment,
  type CreateComment,
  DISCUSSION_MESSAGES,
  MAX_IMAGES_PER_CONTRIBUTION,
  type UpdateComment,
} from "@flipside/contracts/discussion";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { contributions, sitePages } from "../../db/schema/discussion.ts";
import { forbidden, notFound, validationFailed } from "../../lib/errors.ts";
import { type ListQuery, pageOffset } from "../../lib/pagination.ts";
import type { Limiter } from "../../lib/rate-limit.ts";
import { compileSearchAnd, type FilterSpec, type SortSpec } from "../../lib/search-filter.ts";
import type { Storage } from "../../lib/storage.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { groupAttachments } from "../attachments/attachment.presenter.ts";
import {
  lockAttachments,
  readyAttachmentsOf,
  setAttachments,
} from "../attachments/attachments.repository.ts";
import { voteValue } from "../contributions/contribution.presenter.ts";
import { consumeContribution } from "../contributions/contribution-rate-limits.ts";
import { countWhere, myVotesOn, visibleTo } from "../contributions/contributions.repository.ts";
import { orderBy, sortFields } from "../contributions/list-order.ts";
import { claimUuidFor } from "../contributions/official-response.ts";
import { noPageCache, type PageCache } from "../site-pages/page-cache.ts";
import { findPageById } from "../site-pages/site-pages.repository.ts";
import { presentComment } from "./comments.presenter.ts";
import { listComments } from "./comments.repository.ts";

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
 * (PRODUCT.md §5.3), `score` is up minus down.
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
 * A page's top-level list (`sitePage_id==X,COMMENT`, optionally `deleted==false|true`) is the
 * hot path of every page view: its total comes from the page's counters instead of counting
 * thousands of rows per request. Anything else is counted. (When profile blocks arrive, a
 * viewer with blocks must take the counting path: the counters know nothing of blocks.)
 */
export function topLevelShape(searchAnd: string | undefined): { pageId: string; deleted?: boolean } | null {
  if (!searchAnd || searchAnd.includes("\\")) return null;
  let pageId: string | undefined;
  let comment = false;
  let deleted: boolean | undefined;
  for (const raw of searchAnd.split(",")) {
    const clause = raw.trim();
    const page = /^sitePage_id==([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(
      clause,
    );
    if (page?.[1] && pageId === undefined) pageId = page[1].toLowerCase();
    else if (clause === "COMMENT" || clause === "contributionType==COMMENT") comment = true;
    else if ((clause === "deleted==false" || clause === "deleted==true") && deleted === undefined) {
      deleted = clause === "deleted==true";
    } else if (clause !== "") return null;
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

export interface CommentsDeps {
  db: Db;
  storage: Storage;
  limiter: Limiter;
  config: Config;
  cache?: PageCache;
}

/**
 * `json`: the items already validated and serialized (UTF-8 bytes, so that no request pays for
 * encoding them), for readers that add nothing to them.
 */
export type CommentPage = { items: Comment[]; total: number; json?: Buffer };
const CommentList = z.array(Comment);

/**
 * Checks a list of attachment ids for a contribution and attaches them: each must be the
 * author's own READY upload, not attached elsewhere; up to 4 images, or a single video.
 */
async function attach(tx: Db, authorId: string, contributionId: string, given: string[]): Promise<void> {
  const ids = [...new Set(given)];
  const rows = await lockAttachments(tx, ids);
  const usable = rows.filter(
    (a) =>
      a.ownerId === authorId &&
      a.status === "READY" &&
      (a.contributionId === null || a.contributionId === contributionId),
  );
  const videos = usable.filter((a) => a.type === "VIDEO").length;
  const valid =
    usable.length === ids.length &&
    (videos === 0 ? ids.length <= MAX_IMAGES_PER_CONTRIBUTION : ids.length === 1);
  if (!valid) {
    throw validationFailed(
      [{ field: "attachmentIds", message: DISCUSSION_MESSAGES.attachmentsInvalid }],
      DISCUSSION_MESSAGES.attachmentsInvalid,
    );
  }
  await setAttachments(tx, contributionId, ids);
}

export function createCommentsService(deps: CommentsDeps) {
  const { db, storage } = deps;
  const cache = deps.cache ?? noPageCache;

  /**
   * A page's top-level list is the same for every reader but for `myVote`: it is cached per
   * page (dropped on any change to the page) and the reader's own votes are laid over it.
   */
  async function list(viewer: Viewer | null, query: ListQuery): Promise<CommentPage> {
    const shape = topLevelShape(query.searchAnd);
    if (!shape) return query_(viewer?.id ?? null, query, null);
    const key = `comments:${shape.pageId}:${query.searchAnd}:${JSON.stringify(query.sort ?? null)}:${query.page}:${query.size}`;
    const shared = (await cache.getOrLoad<CommentPage>(key, async () => {
      const fresh = await query_(null, query, shape);
      // Validated and serialized once per cache fill instead of once per request.
      return {
        pageId: shape.pageId,
        value: { ...fresh, json: Buffer.from(JSON.stringify(CommentList.parse(fresh.items))) },
      };
    })) as CommentPage;
    if (!viewer || shared.items.length === 0) return shared;
    const mine = await myVotesOn(
      db,
      viewer.id,
      shared.items.map((c) => c.id),
    );
    return {
      total: shared.total,
      items: shared.items.map((c) => ({ ...c, myVote: voteValue(mine.get(c.id)) })),
    };
  }

  async function query_(
    viewerId: string | null,
    query: ListQuery,
    shape: ReturnType<typeof topLevelShape>,
  ): Promise<CommentPage> {
    const where = and(
      inArray(contributions.kind, [...COMMENT_KINDS]),
      compileSearchAnd(query.searchAnd, COMMENT_FILTER),
      visibleTo(viewerId),
    );
    let order = orderBy(query.sort, COMMENT_SORT, COMMENT_DEFAULT_SORT, contributions.id);
    // Official responses come first whatever order the reader chose (PRODUCT.md §5.3).
    if (!sortFields(query.sort, COMMENT_DEFAULT_SORT).includes("claimUuid")) {
      order = [desc(contributions.official), ...order];
    }
    const [rows, total] = await Promise.all([
      listComments(db, { where, orderBy: order, limit: query.size, offset: pageOffset(query), viewerId }),
      shape ? topLevelTotal(db, shape) : countWhere(db, where),
    ]);
    const withFiles = rows.filter((r) => r.c.attachmentCount > 0 && !r.c.deleted).map((r) => r.c.id);
    const files = groupAttachments(await readyAttachmentsOf(db, withFiles), storage);
    return { items: rows.map((r) => presentComment(r, files.get(r.c.id) ?? [], storage)), total };
  }

  async function get(viewer: Viewer | null, id: string): Promise<Comment> {
    const viewerId = viewer?.id ?? null;
    const [row] = await listComments(db, {
      where: and(eq(contributions.id, id), inArray(contributions.kind, [...COMMENT_KINDS])),
      orderBy: [],
      limit: 1,
      offset: 0,
      viewerId,
    });
    if (!row) throw notFound(DISCUSSION_MESSAGES.commentNotFound);
    const files = row.c.attachmentCount > 0 ? await readyAttachmentsOf(db, [row.c.id]) : [];
    return presentComment(row, groupAttachments(files, storage).get(row.c.id) ?? [], storage);
  }

  /** The author's own live comment, locked for a change: 404 unknown or deleted, 403 someone else's. */
  async function ownComment(tx: Db, viewer: Viewer, id: string) {
    const [row] = await tx
      .select()
      .from(contributions)
      .where(and(eq(contributions.id, id), inArray(contributions.kind, [...COMMENT_KINDS])))
      .for("update");
    if (!row || row.deleted) throw notFound(DISCUSSION_MESSAGES.commentNotFound);
    if (row.authorId !== viewer.id) throw forbidden(DISCUSSION_MESSAGES.notAuthor);
    return row;
  }

  return {
    list,
    get,

    async create(viewer: Viewer, input: z.output<typeof CreateComment>): Promise<Comment> {
      await consumeContribution(deps.limiter, deps.config, viewer);
      const found = await findPageById(db, input.sitePage_id);
      if (!found) throw notFound(DISCUSSION_MESSAGES.pageNotFound);
      const id = await db.transaction(async (tx) => {
        let parentId: string | null = null;
        let inReplyToId: string | null = null;
        if (input.parent_id) {
          const [parent] = await tx
            .select()
            .from(contributions)
            .where(eq(contributions.id, input.parent_id))
            .for("update");
          if (!parent || parent.kind === "RELATED_PAGE") throw notFound(DISCUSSION_MESSAGES.commentNotFound);
          if (parent.sitePageId !== input.sitePage_id) {
            throw validationFailed([{ field: "parent_id", message: DISCUSSION_MESSAGES.parentOtherPage }]);
          }
          if (parent.deleted) {
            throw validationFailed([{ field: "parent_id", message: DISCUSSION_MESSAGES.parentDeleted }]);
          }
          // A reply to a reply stays in its thread and remembers whom it answers.
          parentId = parent.kind === "REPLY" && parent.parentId ? parent.parentId : parent.id;
          inReplyToId = parentId === parent.id ? null : parent.id;
        }
        const [row] = await tx
          .insert(contributions)
          .values({
            kind: parentId ? "REPLY" : "COMMENT",
            sitePageId: input.sitePage_id,
            authorId: viewer.id,
            parentId,
            inReplyToId,
            body: input.body,
            claimUuid: claimUuidFor(found.site, viewer.id),
          })
          .returning({ id: contributions.id });
        if (!row) throw new Error("comment insert returned nothing");
        if (parentId) {
          await tx
            .update(contributions)
            .set({ replySize: sql`${contributions.replySize} + 1` })
            .where(eq(contributions.id, parentId));
        }
        if (!parentId) {
          await tx
            .update(sitePages)
            .set({ commentCount: sql`${sitePages.commentCount} + 1` })
            .where(eq(sitePages.id, input.sitePage_id));
        }
        if (input.attachmentIds?.length) await attach(tx, viewer.id, row.id, input.attachmentIds);
        return row.id;
      });
      cache.invalidate(input.sitePage_id);
      return get(viewer, id);
    },

    async update(viewer: Viewer, id: string, input: z.output<typeof UpdateComment>): Promise<Comment> {
      const pageId = await db.transaction(async (tx) => {
        const row = await ownComment(tx, viewer, id);
        await tx
          .update(contributions)
          .set({ body: input.body, editedAt: new Date() })
          .where(eq(contributions.id, id));
        if (input.attachmentIds) await attach(tx, viewer.id, id, input.attachmentIds);
        return row.sitePageId;
      });
      cache.invalidate(pageId);
      return get(viewer, id);
    },

    /** Soft delete: the thread keeps its place, text and author are gone. */
    async remove(viewer: Viewer, id: string): Promise<void> {
      const pageId = await db.transaction(async (tx) => {
        const row = await ownComment(tx, viewer, id);
        await tx.update(contributions).set({ deleted: true, body: "" }).where(eq(contributions.id, id));
        await setAttachments(tx, id, []);
        if (row.kind === "COMMENT") {
          // The placeholder stays in the list: it moves from the live count to the deleted one.
          await tx
            .update(sitePages)
            .set({
              commentCount: sql`greatest(${sitePages.commentCount} - 1, 0)`,
              deletedCommentCount: sql`${sitePages.deletedCommentCount} + 1`,
            })
            .where(eq(sitePages.id, row.sitePageId));
        }
        return row.sitePageId;
      });
      cache.invalidate(pageId);
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
