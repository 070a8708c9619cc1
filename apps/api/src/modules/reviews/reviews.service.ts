import type { CreateReview, Review, ReviewSummary } from "@flipside/contracts/discussion";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { contributions, REVIEW_SENTIMENTS, reviews } from "../../db/schema/discussion.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import type { ListQuery } from "../../lib/pagination.ts";
import type { FilterSpec, SortSpec } from "../../lib/search-filter.ts";
import type { Viewer } from "../../plugins/auth.ts";
import {
  bumpPageCounters,
  ConcurrentInsert,
  claimUuidFor,
  contributionList,
  type DiscussionCore,
  listOf,
  oneOf,
  policy,
  softDelete,
} from "../discussion/index.ts";
import { presentReview } from "./reviews.presenter.ts";

const REVIEW_HIDDEN = "Moderators hid your review of this page, so it cannot be written again.";

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

const NO_SUCH_REVIEW = "There is no such review.";

export function createReviewsService(core: DiscussionCore) {
  const { db, storage, writer } = core;

  // Deleted reviews leave the list (their replies stay reachable by parent_id).
  const spec = contributionList<repo.ReviewListRow, Review>({
    filter: REVIEW_FILTER,
    sort: REVIEW_SORT,
    defaultSort: REVIEW_DEFAULT_SORT,
    where: and(eq(contributions.kind, "REVIEW"), eq(contributions.deleted, false)),
    rows: repo.listReviews,
    count: repo.countReviews,
    present: (rows) => rows.map((r) => presentReview(r, storage)),
  });

  async function get(viewer: Viewer | null, id: string): Promise<Review> {
    const review = await oneOf(db, spec, viewer, eq(contributions.id, id));
    if (!review) throw notFound(NO_SUCH_REVIEW);
    return review;
  }

  return {
    list: (viewer: Viewer | null, query: ListQuery) => listOf(db, spec, viewer, query),
    get,

    /** One review per profile per page (docs/discussion.md): posting again edits it. */
    async upsert(
      viewer: Viewer,
      input: z.output<typeof CreateReview>,
    ): Promise<{ review: Review; created: boolean }> {
      const expertise = input.sentiment === "EXPERT" ? (input.expertise ?? null) : null;
      const fields = { sentiment: input.sentiment, title: input.title, expertise };
      const result = await writer.add(viewer, input.sitePage_id, {
        async write(tx, found) {
          const claimUuid = await claimUuidFor(tx, found.site, viewer.id);
          const pages = [input.sitePage_id];
          const existing = await repo.lockReviewOf(tx, input.sitePage_id, viewer.id);
          if (existing) {
            // Writing the review again must not bring back one that moderators hid.
            if (existing.c.moderation) throw forbidden(REVIEW_HIDDEN);
            await tx
              .update(contributions)
              .set({ body: input.body, deleted: false, editedAt: new Date(), claimUuid })
              .where(eq(contributions.id, existing.c.id));
            await repo.updateReview(tx, existing.c.id, fields);
            if (existing.c.deleted) await bumpPageCounters(tx, pages, { reviewCount: 1 });
            return { result: { id: existing.c.id, created: false }, pages };
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
          const values = {
            contributionId: row.id,
            sitePageId: input.sitePage_id,
            authorId: viewer.id,
            ...fields,
          };
          // Another request created this review at the same moment: run again, as an edit.
          if (!(await repo.insertReview(tx, values))) throw new ConcurrentInsert();
          await bumpPageCounters(tx, pages, { reviewCount: 1 });
          return { result: { id: row.id, created: true }, pages };
        },
      });
      return { review: await get(viewer, result.id), created: result.created };
    },

    async remove(viewer: Viewer, id: string): Promise<void> {
      await writer.change(viewer, {
        lock: async (tx) => (await repo.lockReview(tx, id))?.c,
        notFound: NO_SUCH_REVIEW,
        async write(tx, row) {
          await softDelete(tx, id);
          await bumpPageCounters(tx, [row.sitePageId], { reviewCount: -1 });
          return { result: undefined, pages: [row.sitePageId] };
        },
      });
    },

    /** The counts of the reviews this viewer is shown (without those across a block). */
    async summary(viewer: Viewer | null, sitePageId: string): Promise<ReviewSummary> {
      await core.pages.require(sitePageId);
      const counts = { POSITIVE: 0, NEGATIVE: 0, EXPERT: 0 };
      const rows = await repo.sentimentCounts(db, sitePageId, policy.visibleContributions(viewer));
      for (const row of rows) counts[row.sentiment] = row.n;
      return { sitePage_id: sitePageId, total: counts.POSITIVE + counts.NEGATIVE + counts.EXPERT, counts };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
