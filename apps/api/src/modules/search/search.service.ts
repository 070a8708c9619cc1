import { shortAddress } from "@flipside/contracts/discussion-constants";
import type { PageSearchResult, PageSuggestion } from "@flipside/contracts/search";
import { SEARCH_SUGGESTIONS } from "@flipside/contracts/search-constants";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { CONTRIBUTION_TYPES } from "../../db/schema/discussion.ts";
import { clientKey } from "../../lib/client-address.ts";
import type { Limiter } from "../../lib/rate-limit.ts";
import type { Viewer } from "../../plugins/auth.ts";
import type { SitePagesService } from "../site-pages/index.ts";
import { searchPages, suggestPages, unmark } from "./search.repository.ts";

/** Search (docs/search.md): ranked page results with highlights, and suggestions while typing. */
export function createSearchService(deps: {
  db: Db;
  limiter: Limiter;
  config: Config;
  sitePages: SitePagesService;
}) {
  const { db, limiter, config } = deps;
  const consume = (ip: string) =>
    limiter.consume("search-ip", clientKey(ip), { points: config.RATE_LIMIT_SEARCH_PER_IP, durationSec: 60 });

  return {
    async search(
      ip: string,
      viewer: Viewer | null,
      query: { q: string; page: number; size: number },
    ): Promise<{ items: PageSearchResult[]; total: number }> {
      await consume(ip);
      const { hits, total } = await searchPages(db, {
        text: query.q,
        viewer,
        limit: query.size,
        offset: query.page * query.size,
      });
      // The pages as every list presents them (the viewer's vote and notes, topics, sentiment).
      const pages = await deps.sitePages.byIds(
        viewer,
        hits.map((h) => h.id),
      );
      const items = hits.flatMap((hit) => {
        const page = pages.get(hit.id);
        if (!page) return [];
        const snippet = hit.snippet ? { ...unmark(hit.snippet.headline) } : null;
        return [
          {
            page,
            titleMarks: hit.titleHeadline === null ? [] : unmark(hit.titleHeadline).marks,
            snippet:
              hit.snippet && snippet
                ? {
                    contributionId: hit.snippet.contributionId,
                    kind: contributionKind(hit.snippet.kind),
                    text: snippet.text,
                    marks: snippet.marks,
                  }
                : null,
          },
        ];
      });
      return { items, total };
    },

    async suggest(ip: string, q: string): Promise<PageSuggestion[]> {
      await consume(ip);
      const rows = await suggestPages(db, q, SEARCH_SUGGESTIONS);
      return rows.map((row) => {
        const title = row.title === null ? null : String(row.title);
        const headline = row.headline === null ? null : unmark(String(row.headline));
        return {
          id: String(row.id),
          label: title?.trim() ? (headline?.text ?? title) : shortAddress(String(row.display_url)),
          labelMarks: title?.trim() && headline ? headline.marks : [],
          normalizedUrl: String(row.normalized_url),
          displayUrl: String(row.display_url),
          domain: String(row.domain),
          faviconUrl: row.favicon_url === null ? null : String(row.favicon_url),
        };
      });
    },
  };
}

function contributionKind(kind: string): (typeof CONTRIBUTION_TYPES)[number] {
  const known = CONTRIBUTION_TYPES.find((k) => k === kind);
  if (!known) throw new Error(`unknown contribution kind ${kind}`);
  return known;
}
