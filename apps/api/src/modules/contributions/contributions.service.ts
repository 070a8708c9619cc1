import type { Contribution } from "@flipside/contracts/discussion";
import { eq, sql } from "drizzle-orm";
import { CONTRIBUTION_TYPES, contributions, REVIEW_SENTIMENTS, reviews } from "../../db/schema/discussion.ts";
import type { ListQuery } from "../../lib/pagination.ts";
import type { FilterSpec, SortSpec } from "../../lib/search-filter.ts";
import type { Viewer } from "../../plugins/auth.ts";
import {
  contributionList,
  countWhere,
  type DiscussionCore,
  listOf,
  presentContributionBase,
  presentPageRef,
} from "../discussion/index.ts";
import { type ActivityRow, listActivity } from "./contributions.repository.ts";

export const CONTRIBUTION_FILTER: FilterSpec = {
  fields: {
    id: { column: contributions.id, type: "uuid" },
    authorId: { column: contributions.authorId, type: "uuid" },
    sitePage_id: { column: contributions.sitePageId, type: "uuid" },
    parent_id: { column: contributions.parentId, type: "uuid", nullable: true },
    contributionType: { column: contributions.kind, type: "enum", values: CONTRIBUTION_TYPES },
    score: { column: contributions.score, type: "int" },
    createdDate: { column: contributions.createdAt, type: "date" },
    // A review's sentiment; anything that is not a review has none, so `sentiment!=NEGATIVE`
    // keeps comments (custom tabs say "these sentiments" by leaving the others out).
    sentiment: {
      column: sql`coalesce((select ${reviews.sentiment} from ${reviews} where ${reviews.contributionId} = ${contributions.id}), '')`,
      type: "enum",
      values: REVIEW_SENTIMENTS,
    },
    attachmentCount: { column: contributions.attachmentCount, type: "int" },
  },
  bareToken: { field: "contributionType", values: CONTRIBUTION_TYPES },
};
export const CONTRIBUTION_SORT: SortSpec = {
  fields: { createdDate: contributions.createdAt, score: contributions.score, top: contributions.wilson },
};
export const CONTRIBUTION_DEFAULT_SORT = ["createdDate,desc"] as const;

export function createContributionsService(core: DiscussionCore) {
  const { db, storage } = core;
  const spec = contributionList<ActivityRow, Contribution>({
    filter: CONTRIBUTION_FILTER,
    sort: CONTRIBUTION_SORT,
    defaultSort: CONTRIBUTION_DEFAULT_SORT,
    where: eq(contributions.deleted, false),
    rows: listActivity,
    count: countWhere,
    present: (rows) =>
      rows.map(
        (r): Contribution => ({
          ...presentContributionBase(r.c, r.author, r.myVote, storage),
          contributionType: r.c.kind,
          parent_id: r.c.parentId,
          replySize: r.c.replySize,
          sitePage: presentPageRef(r.page, r.domain),
          review: r.review
            ? { sentiment: r.review.sentiment, title: r.review.title, expertise: r.review.expertise }
            : null,
          relatedPage: r.other && r.otherDomain ? presentPageRef(r.other, r.otherDomain) : null,
        }),
      ),
  });

  return {
    /** Public activity: everything but deleted contributions, newest first. */
    list: (viewer: Viewer | null, query: ListQuery) => listOf(db, spec, viewer, query),
  };
}
