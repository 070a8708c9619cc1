import {
  DISCUSSION_MESSAGES,
  type FlipRequest,
  type MyPageState,
  type SitePage,
  SitePage as SitePageSchema,
  type SitePageView,
  type VoteValue,
} from "@flipside/contracts/discussion";
import { isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { sitePages, sites } from "../../db/schema/discussion.ts";
import { siteTopicVotes, topics } from "../../db/schema/topics.ts";
import { clientKey } from "../../lib/client-address.ts";
import { compactBufferFrom } from "../../lib/compact-buffer.ts";
import { notFound } from "../../lib/errors.ts";
import type { ListQuery } from "../../lib/pagination.ts";
import { type FilterSpec, parseSearchAnd, type SortSpec } from "../../lib/search-filter.ts";
import { normalizedUrlFilterValue, normalizeUrl } from "../../lib/url-normalize.ts";
import type { Viewer } from "../../plugins/auth.ts";
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
    domain: { column: sites.domain, type: "string", ops: ["==", "!=", "||"] },
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

export function createSitePagesService(core: DiscussionCore) {
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
  const listed = { ...spec, where: isNull(sitePages.moderation) };

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
      const [rows, notes] = await Promise.all([
        repo.myVotesOnPage(db, viewer.id, pageId),
        notesOfPage(db, core.storage, viewer, pageId),
      ]);
      if (!rows) throw notFound(DISCUSSION_MESSAGES.pageNotFound);
      const votes: Record<string, VoteValue> = {};
      let myVote: VoteValue = 0;
      for (const row of rows) {
        if (row.kind === "SITE_PAGE") myVote = voteValue(row.value);
        else votes[row.id] = voteValue(row.value);
      }
      return { sitePage_id: pageId, myVote, notes, votes };
    },

    /**
     * Pages with the viewer's vote and the viewer's own notes of each. No list offers a page
     * moderators hid; one asked for by id is still read (the page view reads itself so, and says
     * it is hidden: decision 027).
     */
    async list(viewer: Viewer | null, query: ListQuery): Promise<{ items: SitePageView[]; total: number }> {
      const filter = parseSearchAnd(query.searchAnd, SITE_PAGE_FILTER);
      const byId = filter.some((f) => f.field === "id" && f.op === "==");
      const { items, total } = await listOf(db, byId ? spec : listed, viewer, { ...query, filter });
      const [notesByPage, topicsBySite] = await Promise.all([
        notesOfPages(
          db,
          core.storage,
          viewer,
          items.map((p) => p.id),
        ),
        repo.topTopicsOfSites(db, [...new Set(items.map((p) => p.site.id))]),
      ]);
      return {
        items: items.map((p) => ({
          ...p,
          notes: notesByPage.get(p.id) ?? [],
          topics: topicsBySite.get(p.site.id) ?? [],
        })),
        total,
      };
    },
  };
}

export type SitePagesService = ReturnType<typeof createSitePagesService>;
