import {
  type CreateReview,
  DISCUSSION_MESSAGES,
  type Review,
  type ReviewSummary,
} from "@flipside/contracts/discussion";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { contributions, REVIEW_SENTIMENTS, reviews, sitePages } from "../../db/schema/discussion.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import { type ListQuery, pageOffset } from "../../lib/pagination.ts";
import type { Limiter } from "../../lib/rate-limit.ts";
import { compileSearchAnd, type FilterSpec, type SortSpec } from "../../lib/search-filter.ts";
import type { Storage } from "../../lib/storage.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { consumeContribution } from "../contributions/contribution-rate-limits.ts";
import { visibleTo } from "../contributions/contributions.repository.ts";
import { orderBy } from "../contributions/list-order.ts";
import { claimUuidFor } from "../contributions/official-response.ts";
import { noPageCache, type PageCache } from "../site-pages/page-cache.ts";
import { findPageById } from "../site-pages/site-pages.repository.ts";
import { presentReview } from "./reviews.presenter.ts";
import * as repo from "./reviews.repository.ts";

export const REVIEW_FILTER: FilterSpec = {
  fields: {
    id: { column: contributions.id, type: "uuid" },
    sitePage_id: { column: contributions.sitePageId, type: "uuid" },
    authorId: { column: contributions.authorId, type: "uuid" },
    sentiment: { column: reviews.sentiment, type: "enum", values: REVIEW_SENTIMENTS },
    claimUuid: { column: contributions.claimUuid, type: "uuid", nullable: true },
    title: { column: reviews.title, type: "string" },
    body: { column: contributions.body, type: "string", ops: ["||"] },
    score: { column: contributions.score, type: "int" },
    createdDate: { column: contributions.createdAt, type: "date" },
  },
  bareToken: { field: "sentiment", values: REVIEW_SENTIMENTS },
};
export const REVIEW_SORT: SortSpec = {
  fields: {
    claimUuid: contributions.official,
    createdDate: contributions.createdAt,
    top: contributions.wilson,
    score: contributions.score,
  },
};
export const REVIEW_DEFAULT_SORT = ["claimUuid,desc", "createdDate,desc"] as const;

export interface ReviewsDeps {
  db: Db;
  storage: Storage;
  limiter: Limiter;
  config: Config;
  cache?: PageCache;
}

/** Another request created the same review at the same moment: run again, as an edit. */
class ReviewRace extends Error {}

export function createReviewsService(deps: ReviewsDeps) {
  const { db, storage } = deps;
  const cache = deps.cache ?? noPageCache;

  async function list(viewer: Viewer | null, query: ListQuery): Promise<{ items: Review[]; total: number }> {
    const viewerId = viewer?.id ?? null;
    // Deleted reviews leave the list (their replies stay reachable by parent_id).
    const where = and(
      eq(contributions.kind, "REVIEW"),
      eq(contributions.deleted, false),
      compileSearchAnd(query.searchAnd, REVIEW_FILTER),
      visibleTo(viewerId),
    );
    const order = orderBy(query.sort, REVIEW_SORT, REVIEW_DEFAULT_SORT, contributions.id);
    const [rows, total] = await Promise.all([
      repo.listReviews(db, { where, orderBy: order, limit: query.size, offset: pageOffset(query), viewerId }),
      repo.countReviews(db, where),
    ]);
    return { items: rows.map((r) => presentReview(r, storage)), total };
  }

  async function get(viewer: Viewer | null, id: string): Promise<Review> {
    const [row] = await repo.listReviews(db, {
      where: eq(contributions.id, id),
      orderBy: [],
      limit: 1,
      offset: 0,
      viewerId: viewer?.id ?? null,
    });
    if (!row) throw notFound("There is no such review.");
    return presentReview(row, storage);
  }

  async function upsertOnce(
    viewer: Viewer,
    input: z.output<typeof CreateReview>,
    claimUuid: string | null,
  ): Promise<{ id: string; created: boolean }> {
    const expertise = input.sentiment === "EXPERT" ? (input.expertise ?? null) : null;
    return db.transaction(async (tx) => {
      const existing = await repo.lockReviewOf(tx, input.sitePage_id, viewer.id);
      if (existing) {
        await tx
          .update(contributions)
          .set({ body: input.body, deleted: false, editedAt: new Date(), claimUuid })
          .where(eq(contributions.id, existing.c.id));
        await repo.updateReview(tx, existing.c.id, {
          sentiment: input.sentiment,
          title: input.title,
          expertise,
        });
        if (existing.c.deleted) await bumpReviewCount(tx, input.sitePage_id, 1);
        return { id: existing.c.id, created: false };
      }
      const [row] = await tx
        .insert(contributions)
        .values({
          kind: "REVIEW",
          sitePageId: input.sitePage_id,
          authorId: viewer.id,
          body: input.body,
          claimUuid,
        })
        .returning({ id: contributions.id });
      if (!row) throw new Error("review insert returned nothing");
      const inserted = await repo.insertReview(tx, {
        contributionId: row.id,
        sitePageId: input.sitePage_id,
        authorId: viewer.id,
        sentiment: input.sentiment,
        title: input.title,
        expertise,
      });
      if (!inserted) throw new ReviewRace();
      await bumpReviewCount(tx, input.sitePage_id, 1);
      return { id: row.id, created: true };
    });
  }

  return {
    list,
    get,

    /** One review per profile per page (PRODUCT.md §5.5): posting again edits it. */
    async upsert(
      viewer: Viewer,
      input: z.output<typeof CreateReview>,
    ): Promise<{ review: Review; created: boolean }> {
      await consumeContribution(deps.limiter, deps.config, viewer);
      const found = await findPageById(db, input.sitePage_id);
      if (!found) throw notFound(DISCUSSION_MESSAGES.pageNotFound);
      const claim = claimUuidFor(found.site, viewer.id);
      let result: { id: string; created: boolean };
      try {
        result = await upsertOnce(viewer, input, claim);
      } catch (error) {
        if (!(error instanceof ReviewRace)) throw error;
        result = await upsertOnce(viewer, input, claim);
      }
      cache.invalidate(input.sitePage_id);
      return { review: await get(viewer, result.id), created: result.created };
    },

    async remove(viewer: Viewer, id: string): Promise<void> {
      const pageId = await db.transaction(async (tx) => {
        const row = await repo.lockReview(tx, id);
        if (!row || row.c.deleted) throw notFound("There is no such review.");
        if (row.c.authorId !== viewer.id) throw forbidden(DISCUSSION_MESSAGES.notAuthor);
        await tx.update(contributions).set({ deleted: true, body: "" }).where(eq(contributions.id, id));
        await bumpReviewCount(tx, row.c.sitePageId, -1);
        return row.c.sitePageId;
      });
      cache.invalidate(pageId);
    },

    async summary(sitePageId: string): Promise<ReviewSummary> {
      if (!(await findPageById(db, sitePageId))) throw notFound(DISCUSSION_MESSAGES.pageNotFound);
      const counts = { POSITIVE: 0, NEGATIVE: 0, EXPERT: 0 };
      for (const row of await repo.sentimentCounts(db, sitePageId)) counts[row.sentiment] = row.n;
      return { sitePage_id: sitePageId, total: counts.POSITIVE + counts.NEGATIVE + counts.EXPERT, counts };
    },
  };
}

async function bumpReviewCount(tx: Db, sitePageId: string, delta: number): Promise<void> {
  await tx
    .update(sitePages)
    .set({ reviewCount: sql`greatest(${sitePages.reviewCount} + ${delta}, 0)` })
    .where(eq(sitePages.id, sitePageId));
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
