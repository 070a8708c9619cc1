import {
  DEFAULT_POPULAR_WINDOW,
  type PopularWindow,
  RANKED_SORTS,
  type RankedSort,
} from "@flipside/contracts/discovery-constants";
import {
  DISCUSSION_MESSAGES,
  type FlipRequest,
  type MyPageState,
  type SitePage,
  SitePage as SitePageSchema,
  type SitePageView,
  type VoteValue,
} from "@flipside/contracts/discussion";
import { inArray, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { sitePages, sites } from "../../db/schema/discussion.ts";
import { siteTopicVotes, topics } from "../../db/schema/topics.ts";
import { clientKey } from "../../lib/client-address.ts";
import { compactBufferFrom } from "../../lib/compact-buffer.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import type { ListQuery } from "../../lib/pagination.ts";
import {
  compileFilter,
  type FilterSpec,
  filterKey,
  parseSearchAnd,
  type SortSpec,
} from "../../lib/search-filter.ts";
import { normalizedUrlFilterValue, normalizeUrl, siteDomainFilterValue } from "../../lib/url-normalize.ts";
import type { Viewer } from "../../plugins/auth.ts";
import type { Discovery } from "../discovery/index.ts";
import { type DiscussionCore, type ListSpec, listOf, voteValue } from "../discussion/index.ts";
import { notesOfPage, notesOfPages } from "../notes/index.ts";
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
    /** `==` / `!=` take any address of the site too (its registrable domain is compared). */
    domain: {
      column: sites.domain,
      type: "string",
      ops: ["==", "!=", "||"],
      normalize: siteDomainFilterValue,
    },
    site_id: { column: sitePages.siteId, type: "uuid" },
    /** Pages of sites people suggested this topic (or one under it) for (`topic==<slug>`, docs/topics.md). */
    topic: {
      column: sitePages.siteId,
      type: "string",
      matches: (slug) =>
        sql`${sitePages.siteId} in (select ${siteTopicVotes.siteId} from ${siteTopicVotes} join ${topics} on ${topics.id} = ${siteTopicVotes.topicId} where ${topics.slug} = ${slug} or ${topics.parentId} = (select t.id from ${topics} t where t.slug = ${slug}))`,
    },
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

export function createSitePagesService(core: DiscussionCore, discovery: Discovery) {
  const { db, cache, pages } = core;

  const spec: ListSpec<repo.PageListRow, Omit<SitePageView, "notes">> = {
    filter: SITE_PAGE_FILTER,
    sort: SITE_PAGE_SORT,
    defaultSort: SITE_PAGE_DEFAULT_SORT,
    id: sitePages.id,
    visibleTo: () => undefined,
    rows: repo.listPages,
    count: repo.countPages,
    present: (rows) => rows.map((r) => ({ ...presentSitePage(r.page, r.site), myVote: voteValue(r.myVote) })),
  };
  const listedSpec = { ...spec, where: isNull(sitePages.moderation) };

  return {
    /** The page of an address, with its JSON when it came from (or went into) the page cache. */
    async flip(ip: string, input: z.output<typeof FlipRequest>): Promise<{ page: SitePage; json?: Buffer }> {
      await core.limiter.consume("flip-ip", clientKey(ip), {
        points: core.config.RATE_LIMIT_FLIP_PER_IP,
        durationSec: 60,
      });
      const n = normalizeUrl(input.url);
      // A known address is the common case: served from the page cache, else one indexed select.
      const key = `flip:${n.normalizedUrl}`;
      const known = await cache.getOrLoad(key, async () => {
        const found = await pages.findByNormalizedUrl(n.normalizedUrl);
        if (!found) return null;
        const { page, site } = found;
        const dto = SitePageSchema.parse(presentSitePage(page, site));
        // Keyed to the page whose data it shows: any change there drops the entry. (A merge
        // invalidates the merged page, which until then was the page its own address showed.)
        return { pageId: page.id, value: { page: dto, json: compactBufferFrom(JSON.stringify(dto)) } };
      });
      if (known) return known;
      if (input.back) throw notFound(`${input.url.trim()} has no Flipside page yet.`);
      const { page, site } = await pages.findOrCreate(input.url);
      return { page: presentSitePage(page, site) };
    },

    /** What the page view shows only to this viewer (MyPageState); 404 for an unknown page. */
    async mine(viewer: Viewer, pageId: string): Promise<MyPageState> {
      const [mine, notes] = await Promise.all([
        repo.myVotesOnPage(db, viewer.id, pageId),
        notesOfPage(db, core.storage, viewer, pageId),
      ]);
      if (!mine) throw notFound(DISCUSSION_MESSAGES.pageNotFound);
      const votes: Record<string, VoteValue> = {};
      let myVote: VoteValue = 0;
      for (const row of mine.votes) {
        if (row.kind === "SITE_PAGE") myVote = voteValue(row.value);
        else votes[row.id] = voteValue(row.value);
      }
      return { sitePage_id: pageId, myVote, notes, votes, following: mine.following };
    },

    /**
     * Pages with the viewer's vote and the viewer's own notes of each. No list offers a page
     * moderators hid; one asked for by id is still read (the page view reads itself so, and says
     * it is hidden: decision 027).
     */
    async list(
      viewer: Viewer | null,
      query: ListQuery & { window?: PopularWindow | undefined },
    ): Promise<{ items: SitePageView[]; total: number }> {
      const filter = parseSearchAnd(query.searchAnd, SITE_PAGE_FILTER);
      const ranking = rankingOf(query);
      let listed: { items: Omit<SitePageView, "notes">[]; total: number };
      if (ranking) {
        const ranked = await discovery.rank({
          ...ranking,
          key: filterKey(filter),
          viewer,
          where: compileFilter(filter, SITE_PAGE_FILTER),
          limit: query.size,
          offset: query.page * query.size,
        });
        listed = { items: await pagesInOrder(viewer, ranked.pages), total: ranked.total };
      } else {
        const byId = filter.some((f) => f.field === "id" && f.op === "==");
        listed = await listOf(db, byId ? spec : listedSpec, viewer, { ...query, filter });
      }
      return { items: await withDetails(viewer, listed.items), total: listed.total };
    },

    /** Pages by id as lists present them (unknown ids are left out; hidden pages too). */
    async byIds(viewer: Viewer | null, ids: string[]): Promise<Map<string, SitePageView>> {
      const pages = await withDetails(
        viewer,
        await pagesInOrder(
          viewer,
          ids.map((id) => ({ id, activityCount: null })),
        ),
      );
      return new Map(pages.filter((p) => !p.hidden).map((p) => [p.id, p]));
    },
  };

  /** What every listed page carries: the viewer's notes of it, its site's topics, its reviews by sentiment. */
  async function withDetails(
    viewer: Viewer | null,
    items: Omit<SitePageView, "notes">[],
  ): Promise<SitePageView[]> {
    const pageIds = items.map((p) => p.id);
    const [notesByPage, topicsBySite, sentiments] = await Promise.all([
      notesOfPages(db, core.storage, viewer, pageIds),
      repo.topTopicsOfSites(db, [...new Set(items.map((p) => p.site.id))]),
      repo.reviewSentiments(db, pageIds),
    ]);
    return items.map((p) => ({
      ...p,
      notes: notesByPage.get(p.id) ?? [],
      topics: topicsBySite.get(p.site.id) ?? [],
      sentiment: sentiments.get(p.id) ?? { positive: 0, negative: 0, expert: 0 },
    }));
  }

  /** The ranked pages, presented in their rank order with the viewer's vote. */
  async function pagesInOrder(
    viewer: Viewer | null,
    ranked: { id: string; activityCount: number | null }[],
  ): Promise<Omit<SitePageView, "notes">[]> {
    if (ranked.length === 0) return [];
    const rows = await repo.listPages(db, {
      where: inArray(
        sitePages.id,
        ranked.map((r) => r.id),
      ),
      orderBy: [],
      limit: ranked.length,
      offset: 0,
      viewerId: viewer?.id ?? null,
    });
    const byId = new Map(rows.map((r) => [r.page.id, r]));
    return ranked.flatMap(({ id, activityCount }) => {
      const row = byId.get(id);
      if (!row) return [];
      const page = { ...presentSitePage(row.page, row.site), myVote: voteValue(row.myVote) };
      return [activityCount === null ? page : { ...page, activityCount }];
    });
  }
}

/**
 * `sort=trending` / `sort=popular` (alone, descending) asks for a ranking (docs/discovery.md);
 * `window` belongs to popular. Anything else is the list's ordinary sort.
 */
function rankingOf(query: {
  sort?: string | string[] | undefined;
  window?: PopularWindow | undefined;
}): { sort: RankedSort; window: PopularWindow } | null {
  const items = query.sort === undefined ? [] : Array.isArray(query.sort) ? query.sort : [query.sort];
  const ranked = items
    .map((item) => item.split(","))
    .filter(([field]) => RANKED_SORTS.some((r) => r === field));
  if (ranked.length === 0) {
    if (query.window !== undefined) throw windowError();
    return null;
  }
  const [[field, direction, ...rest] = []] = ranked;
  const sort = RANKED_SORTS.find((r) => r === field);
  if (items.length > 1 || rest.length > 0 || (direction !== undefined && direction !== "desc") || !sort) {
    throw new AppError(
      "invalid_sort",
      `Invalid sort: ${field} ranks pages on its own, best first: use sort=${field} (or sort=${field},desc) without other sort fields.`,
      [{ field: "sort", message: `${field} is a ranking` }],
    );
  }
  if (sort === "trending" && query.window !== undefined) throw windowError();
  return { sort, window: query.window ?? DEFAULT_POPULAR_WINDOW };
}

function windowError() {
  return badRequest("window applies to sort=popular only.", [
    { field: "window", message: "applies to sort=popular only" },
  ]);
}

export type SitePagesService = ReturnType<typeof createSitePagesService>;
