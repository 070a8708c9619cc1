import { PageSearchResult, PageSuggestion, SearchQuery } from "@flipside/contracts/search";
import { SEARCH_PAGE_SIZE } from "@flipside/contracts/search-constants";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problems } from "../../lib/openapi-responses.ts";
import { listQuery, setListHeaders } from "../../lib/pagination.ts";
import { createSitePagesService } from "../site-pages/index.ts";
import { createSearchService } from "./search.service.ts";

const TAGS = ["search"];

const routes: FastifyPluginAsyncZod = async (app) => {
  const service = createSearchService({
    db: app.db,
    limiter: app.limiter,
    config: app.config,
    sitePages: createSitePagesService(app.discussion, app.discovery),
  });

  app.get(
    "/v1/page-search",
    {
      schema: {
        tags: TAGS,
        summary: "Search pages by their words and their discussion",
        description:
          "Pages whose title, address or description hold the words (PostgreSQL full-text search with `websearch_to_tsquery`: quotes for phrases, `-word` to leave out, `or`), whose title or address is a near spelling of them (typos, parts of addresses), or whose comments, replies, reviews or related pages hold them, best first (docs/search.md). Each result is the page as lists present it, the ranges of its title to highlight and, when the discussion matched, the newest matching piece of it with its highlights. Hidden pages and contributions, and for a viewer with blocks the people across them, are never matched. Rate limited per IP (RATE_LIMIT_SEARCH_PER_IP a minute, shared with suggestions).",
        querystring: listQuery(SEARCH_PAGE_SIZE).pick({ page: true, size: true }).extend({ q: SearchQuery }),
        response: { 200: z.array(PageSearchResult), ...problems(400, 429) },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.search(request.ip, await request.viewer(), request.query);
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      return items;
    },
  );

  app.get(
    "/v1/page-search/suggestions",
    {
      schema: {
        tags: TAGS,
        summary: "Pages to suggest while typing in the search box",
        description:
          "At most six pages whose title or address has words starting with what was typed, or is a near spelling of it; pages only (the discussion is searched by /v1/page-search). Rate limited with the search.",
        querystring: z.object({ q: SearchQuery }),
        response: { 200: z.array(PageSuggestion), ...problems(400, 429) },
      },
    },
    async (request, reply) => {
      // The same for everyone and changing as pages are flipped: a browser may reuse it briefly.
      reply.header("cache-control", "public, max-age=30");
      return service.suggest(request.ip, request.query.q);
    },
  );
};

export const searchRoutes = fp(routes, {
  name: "search",
  dependencies: ["discussion", "discovery"],
  encapsulate: true,
});
