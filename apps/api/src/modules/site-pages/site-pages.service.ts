import {
  type FlipRequest,
  type SitePage,
  SitePage as SitePageSchema,
  type SitePageView,
} from "@flipside/contracts/discussion";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { sitePages, sites } from "../../db/schema/discussion.ts";
import { clientKey } from "../../lib/client-address.ts";
import { notFound } from "../../lib/errors.ts";
import { type ListQuery, pageOffset } from "../../lib/pagination.ts";
import type { Limiter } from "../../lib/rate-limit.ts";
import { compileSearchAnd, type FilterSpec, type SortSpec } from "../../lib/search-filter.ts";
import { normalizedUrlFilterValue, normalizeUrl } from "../../lib/url-normalize.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { voteValue } from "../contributions/contribution.presenter.ts";
import { orderBy } from "../contributions/list-order.ts";
import type { NotesService } from "../notes/notes.service.ts";
import type { PageCache } from "./page-cache.ts";
import type { PageFetchQueue } from "./page-fetch.service.ts";
import { presentSitePage } from "./site-pages.presenter.ts";
import * as repo from "./site-pages.repository.ts";

const SEARCH_TEXT = sql`(${sitePages.normalizedUrl} || ' ' || coalesce(${sitePages.title}, ''))`;

export const SITE_PAGE_FILTER: FilterSpec = {
  fields: {
    id: { column: sitePages.id, type: "uuid" },
    normalizedUrl: {
      column: sitePages.normalizedUrl,
      type: "string",
      ops: ["==", "!=", "||"],
      normalize: normalizedUrlFilterValue,
    },
    title: { column: sitePages.title, type: "string", ops: ["==", "!=", "||"] },
    /** The search box: address or title contains the text. */
    text: { column: SEARCH_TEXT, type: "string", ops: ["||"] },
    domain: { column: sites.domain, type: "string", ops: ["==", "!=", "||"] },
    site_id: { column: sitePages.siteId, type: "uuid" },
    commentCount: { column: sitePages.commentCount, type: "int" },
    score: { column: sitePages.score, type: "int" },
    createdDate: { column: sitePages.createdAt, type: "date" },
  },
};

export const SITE_PAGE_SORT: SortSpec = {
  fields: {
    createdDate: sitePages.createdAt,
    title: sitePages.title,
    score: sitePages.score,
    commentCount: sitePages.commentCount,
    reviewCount: sitePages.reviewCount,
    relatedCount: sitePages.relatedCount,
  },
};
export const SITE_PAGE_DEFAULT_SORT = ["createdDate,desc"] as const;

export interface SitePagesDeps {
  db: Db;
  limiter: Limiter;
  config: Config;
  queue: PageFetchQueue;
  notes: NotesService;
  cache: PageCache;
}

export function createSitePagesService(deps: SitePagesDeps) {
  const { db, queue, cache } = deps;

  /** Follows a merge (PRODUCT.md §2) to the canonical page: one hop, merges never chain. */
  async function resolve(found: repo.PageWithSite): Promise<repo.PageWithSite> {
    if (!found.page.canonicalOf) return found;
    return (await repo.findPageById(db, found.page.canonicalOf)) ?? found;
  }

  /**
   * The page of an address, created (with its site) when new. Concurrent calls for one new
   * address create one page: the insert does nothing on conflict and everyone reads the winner.
   */
  async function findOrCreate(rawUrl: string): Promise<repo.PageWithSite> {
    const n = normalizeUrl(rawUrl);
    const known = await repo.findPageByNormalizedUrl(db, n.normalizedUrl);
    if (known) return resolve(known);
    const site = await repo.findOrInsertSite(db, n.domain);
    const page = await repo.insertPage(db, {
      siteId: site.id,
      rawUrl: rawUrl.trim(),
      normalizedUrl: n.normalizedUrl,
      displayUrl: n.displayUrl,
      title: null,
      description: null,
      faviconUrl: null,
      fetchedAt: null,
    });
    if (page) {
      queue.schedule(page.id);
      return { page, site };
    }
    const winner = await repo.findPageByNormalizedUrl(db, n.normalizedUrl);
    if (!winner) throw new Error(`page ${n.normalizedUrl} vanished`);
    return resolve(winner);
  }

  return {
    findOrCreate,

    /** The page of an address, with its JSON when it came from (or went into) the page cache. */
    async flip(ip: string, input: z.output<typeof FlipRequest>): Promise<{ page: SitePage; json?: Buffer }> {
      await deps.limiter.consume("flip-ip", clientKey(ip), {
        points: deps.config.RATE_LIMIT_FLIP_PER_IP,
        durationSec: 60,
      });
      const n = normalizeUrl(input.url);
      // A known address is the common case: served from the page cache, else one indexed select.
      const key = `flip:${n.normalizedUrl}`;
      const known = await cache.getOrLoad(key, async () => {
        const found = await repo.findPageByNormalizedUrl(db, n.normalizedUrl);
        if (!found) return null;
        const { page, site } = await resolve(found);
        const dto = SitePageSchema.parse(presentSitePage(page, site));
        // Keyed to the page whose data it shows: any change there drops the entry. (A merge
        // invalidates the merged page, which until then was the page its own address showed.)
        return { pageId: page.id, value: { page: dto, json: Buffer.from(JSON.stringify(dto)) } };
      });
      if (known) return known;
      if (input.back) throw notFound(`${input.url.trim()} has no Flipside page yet.`);
      const { page, site } = await findOrCreate(input.url);
      return { page: presentSitePage(page, site) };
    },

    async list(viewer: Viewer | null, query: ListQuery): Promise<{ items: SitePageView[]; total: number }> {
      const where = compileSearchAnd(query.searchAnd, SITE_PAGE_FILTER);
      const order = orderBy(query.sort, SITE_PAGE_SORT, SITE_PAGE_DEFAULT_SORT, sitePages.id);
      const viewerId = viewer?.id ?? null;
      const [rows, total] = await Promise.all([
        repo.listPages(db, { where, orderBy: order, limit: query.size, offset: pageOffset(query), viewerId }),
        repo.countPages(db, where),
      ]);
      const notesByPage = await deps.notes.ofPages(
        viewer,
        rows.map((r) => r.page.id),
      );
      const items = rows.map((r) => ({
        ...presentSitePage(r.page, r.site),
        myVote: voteValue(r.myVote),
        notes: notesByPage.get(r.page.id) ?? [],
      }));
      return { items, total };
    },
  };
}

export type SitePagesService = ReturnType<typeof createSitePagesService>;
