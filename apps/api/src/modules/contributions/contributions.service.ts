import type { Contribution } from "@flipside/contracts/discussion";
import { ORGANIZATION_MESSAGES } from "@flipside/contracts/organizations";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { CONTRIBUTION_TYPES, contributions, REVIEW_SENTIMENTS, reviews } from "../../db/schema/discussion.ts";
import { organizationMembers } from "../../db/schema/organizations.ts";
import { notFound } from "../../lib/errors.ts";
import type { ListQuery } from "../../lib/pagination.ts";
import { type FilterSpec, parseSearchAnd, type SortSpec } from "../../lib/search-filter.ts";
import type { Viewer } from "../../plugins/auth.ts";
import {
  contributionList,
  countWhere,
  type DiscussionCore,
  listOf,
  presentContributionBase,
  presentPageRef,
} from "../discussion/index.ts";
import { isMember } from "../organizations/index.ts";
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
    // Contributions of an organisation's present members (the custom tab "my organisation"); only
    // its members may ask, or the list would tell anyone who belongs to it.
    authorOrganization: {
      column: contributions.authorId,
      type: "uuid",
      matches: (organizationId) =>
        sql`${contributions.authorId} in (select ${organizationMembers.userId} from ${organizationMembers} where ${organizationMembers.organizationId} = ${organizationId}::uuid)`,
    },
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
    async list(viewer: Viewer | null, query: ListQuery) {
      const filter = parseSearchAnd(query.searchAnd, CONTRIBUTION_FILTER);
      for (const clause of filter) {
        if (clause.field !== "authorOrganization") continue;
        // As the organisation's own routes answer someone outside it: there is no such organisation.
        if (!viewer || !(await isMember(db, String(clause.value), viewer.id))) {
          throw notFound(ORGANIZATION_MESSAGES.notFound);
        }
      }
      return listOf(db, spec, viewer, { ...query, filter });
    },

    /**
     * The same list narrowed by another feature's condition on `contributions` (the follows
     * feed), with the same filters, sorts, policy and presentation.
     */
    async listWithin(viewer: Viewer, query: ListQuery, within: SQL) {
      return listOf(db, { ...spec, where: and(spec.where, within) }, viewer, query);
    },
  };
}
