import type { Contribution } from "@flipside/contracts/discussion";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { CONTRIBUTION_TYPES, contributions } from "../../db/schema/discussion.ts";
import { type ListQuery, pageOffset } from "../../lib/pagination.ts";
import { compileSearchAnd, type FilterSpec, type SortSpec } from "../../lib/search-filter.ts";
import type { Storage } from "../../lib/storage.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { presentContributionBase, presentPageRef } from "./contribution.presenter.ts";
import { countWhere, listActivity, visibleTo } from "./contributions.repository.ts";
import { orderBy } from "./list-order.ts";

export const CONTRIBUTION_FILTER: FilterSpec = {
  fields: {
    id: { column: contributions.id, type: "uuid" },
    authorId: { column: contributions.authorId, type: "uuid" },
    sitePage_id: { column: contributions.sitePageId, type: "uuid" },
    parent_id: { column: contributions.parentId, type: "uuid", nullable: true },
    contributionType: { column: contributions.kind, type: "enum", values: CONTRIBUTION_TYPES },
    score: { column: contributions.score, type: "int" },
    createdDate: { column: contributions.createdAt, type: "date" },
  },
  bareToken: { field: "contributionType", values: CONTRIBUTION_TYPES },
};
export const CONTRIBUTION_SORT: SortSpec = {
  fields: { createdDate: contributions.createdAt, score: contributions.score, top: contributions.wilson },
};
export const CONTRIBUTION_DEFAULT_SORT = ["createdDate,desc"] as const;

export function createContributionsService(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;
  return {
    /** Public activity (PRODUCT.md §7): everything but deleted contributions, newest first. */
    async list(viewer: Viewer | null, query: ListQuery): Promise<{ items: Contribution[]; total: number }> {
      const viewerId = viewer?.id ?? null;
      const where = and(
        eq(contributions.deleted, false),
        compileSearchAnd(query.searchAnd, CONTRIBUTION_FILTER),
        visibleTo(viewerId),
      );
      const order = orderBy(query.sort, CONTRIBUTION_SORT, CONTRIBUTION_DEFAULT_SORT, contributions.id);
      const [rows, total] = await Promise.all([
        listActivity(db, { where, orderBy: order, limit: query.size, offset: pageOffset(query), viewerId }),
        countWhere(db, where),
      ]);
      const items = rows.map(
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
      );
      return { items, total };
    },
  };
}
