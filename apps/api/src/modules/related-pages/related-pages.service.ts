import {
  type CreateRelatedPage,
  DISCUSSION_MESSAGES,
  type RelatedPage,
} from "@flipside/contracts/discussion";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { contributions, sitePages } from "../../db/schema/discussion.ts";
import { conflict, forbidden, notFound, validationFailed } from "../../lib/errors.ts";
import { type ListQuery, pageOffset } from "../../lib/pagination.ts";
import type { Limiter } from "../../lib/rate-limit.ts";
import { compileSearchAnd, type FilterSpec, type SortSpec } from "../../lib/search-filter.ts";
import type { Storage } from "../../lib/storage.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { consumeContribution } from "../contributions/contribution-rate-limits.ts";
import { visibleTo } from "../contributions/contributions.repository.ts";
import { orderBy } from "../contributions/list-order.ts";
import { noPageCache, type PageCache } from "../site-pages/page-cache.ts";
import { findPageById } from "../site-pages/site-pages.repository.ts";
import type { SitePagesService } from "../site-pages/site-pages.service.ts";
import { presentRelatedPage } from "./related-pages.presenter.ts";
import * as repo from "./related-pages.repository.ts";

const OTHER_PAGE = sql`${sql.identifier("sides")}.${sql.identifier("other_id")}`;

export const RELATED_FILTER: FilterSpec = {
  fields: {
    id: { column: contributions.id, type: "uuid" },
    sitePage_id: { column: repo.THIS_PAGE, type: "uuid" },
    relatedPage_id: { column: OTHER_PAGE, type: "uuid" },
    authorId: { column: contributions.authorId, type: "uuid" },
    score: { column: contributions.score, type: "int" },
    createdDate: { column: contributions.createdAt, type: "date" },
  },
};
export const RELATED_SORT: SortSpec = {
  fields: { top: contributions.wilson, score: contributions.score, createdDate: contributions.createdAt },
};
/** PRODUCT.md §5.6: best first. */
export const RELATED_DEFAULT_SORT = ["top,desc", "createdDate,desc"] as const;

export interface RelatedPagesDeps {
  db: Db;
  storage: Storage;
  limiter: Limiter;
  config: Config;
  sitePages: SitePagesService;
  cache?: PageCache;
}

async function bumpRelatedCounts(tx: Db, pageIds: string[], delta: number): Promise<void> {
  await tx
    .update(sitePages)
    .set({ relatedCount: sql`greatest(${sitePages.relatedCount} + ${delta}, 0)` })
    .where(inArray(sitePages.id, pageIds));
}

export function createRelatedPagesService(deps: RelatedPagesDeps) {
  const { db, storage } = deps;
  const cache = deps.cache ?? noPageCache;

  async function list(
    viewer: Viewer | null,
    query: ListQuery,
  ): Promise<{ items: RelatedPage[]; total: number }> {
    const viewerId = viewer?.id ?? null;
    const where = and(compileSearchAnd(query.searchAnd, RELATED_FILTER), visibleTo(viewerId));
    const order = orderBy(query.sort, RELATED_SORT, RELATED_DEFAULT_SORT, contributions.id);
    const [rows, total] = await Promise.all([
      repo.listRelated(db, { where, orderBy: order, limit: query.size, offset: pageOffset(query), viewerId }),
      repo.countRelated(db, where),
    ]);
    return { items: rows.map((r) => presentRelatedPage(r, storage)), total };
  }

  async function get(viewer: Viewer | null, id: string, fromPageId: string): Promise<RelatedPage> {
    const [row] = await repo.listRelated(db, {
      where: and(eq(contributions.id, id), sql`${repo.THIS_PAGE} = ${fromPageId}::uuid`),
      orderBy: [],
      limit: 1,
      offset: 0,
      viewerId: viewer?.id ?? null,
    });
    if (!row) throw notFound("There is no such related page.");
    return presentRelatedPage(row, storage);
  }

  return {
    list,

    /** Links another address to a page: one undirected pair, whichever side it is linked from. */
    async create(viewer: Viewer, input: z.output<typeof CreateRelatedPage>): Promise<RelatedPage> {
      await consumeContribution(deps.limiter, deps.config, viewer);
      const found = await findPageById(db, input.sitePage_id);
      if (!found) throw notFound(DISCUSSION_MESSAGES.pageNotFound);
      const other = await deps.sitePages.findOrCreate(input.url);
      const here = found.page.canonicalOf ?? found.page.id;
      if (other.page.id === here || other.page.id === found.page.id) {
        throw validationFailed([{ field: "url", message: DISCUSSION_MESSAGES.sameLinked }]);
      }
      const [pageA, pageB] = [found.page.id, other.page.id].sort() as [string, string];
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contributions)
          .values({
            kind: "RELATED_PAGE",
            sitePageId: found.page.id,
            authorId: viewer.id,
            body: input.reason ?? "",
          })
          .returning({ id: contributions.id });
        if (!row) throw new Error("related page insert returned nothing");
        // Rolls the contribution back too when the pair exists (also under a race).
        if (!(await repo.insertLink(tx, row.id, pageA, pageB)))
          throw conflict(DISCUSSION_MESSAGES.alreadyLinked);
        await bumpRelatedCounts(tx, [pageA, pageB], 1);
        return row.id;
      });
      cache.invalidate(pageA);
      cache.invalidate(pageB);
      return get(viewer, id, found.page.id);
    },

    /** The author removes the link; the pair may then be linked again. */
    async remove(viewer: Viewer, id: string): Promise<void> {
      const pages = await db.transaction(async (tx) => {
        const row = await repo.lockLink(tx, id);
        if (!row) throw notFound("There is no such related page.");
        if (row.c.authorId !== viewer.id) throw forbidden(DISCUSSION_MESSAGES.notAuthor);
        await repo.deleteLink(tx, id);
        await tx.update(contributions).set({ deleted: true }).where(eq(contributions.id, id));
        await bumpRelatedCounts(tx, [row.link.pageA, row.link.pageB], -1);
        return [row.link.pageA, row.link.pageB];
      });
      for (const pageId of pages) cache.invalidate(pageId);
    },
  };
}
