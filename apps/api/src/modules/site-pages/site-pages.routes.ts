import { DISCUSSION_PAGE_SIZE, FlipRequest, SitePage, SitePageView } from "@flipside/contracts/discussion";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problems } from "../../lib/openapi-responses.ts";
import { listQuery, setListHeaders } from "../../lib/pagination.ts";
import { createSafeFetcher } from "../../lib/safe-fetch.ts";
import { sendSerialized } from "../../lib/send-serialized.ts";
import { createNotesService } from "../notes/notes.service.ts";
import { createPageCache, type PageCache } from "./page-cache.ts";
import { createPageFetchQueue, type PageFetchQueue } from "./page-fetch.service.ts";
import { createSitePagesService, type SitePagesService } from "./site-pages.service.ts";

const TAGS = ["site-pages"];

declare module "fastify" {
  interface FastifyInstance {
    /** Find-or-create of pages, shared with the related-pages routes. */
    sitePages: SitePagesService;
    pageFetchQueue: PageFetchQueue;
    /** Read cache of known pages and first comment pages, shared by every discussion module. */
    pageCache: PageCache;
  }
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const cache = createPageCache({ ttlMs: app.config.PAGE_CACHE_TTL_MS });
  const queue = createPageFetchQueue({
    db: app.db,
    fetcher: createSafeFetcher(),
    log: app.log,
    cache,
    enabled: app.config.PAGE_FETCH_ENABLED,
    concurrency: app.config.PAGE_FETCH_CONCURRENCY,
  });
  app.addHook("onClose", () => queue.close());
  const notes = createNotesService({
    db: app.db,
    storage: app.storage,
    limiter: app.limiter,
    config: app.config,
  });
  const service = createSitePagesService({
    db: app.db,
    limiter: app.limiter,
    config: app.config,
    queue,
    notes,
    cache,
  });
  app.decorate("pageCache", cache);
  app.decorate("sitePages", service);
  app.decorate("pageFetchQueue", queue);

  app.post(
    "/v1/site-pages/flip",
    {
      schema: {
        tags: TAGS,
        summary: "Find or create the page of an address",
        description:
          'Normalizes the address (PRODUCT.md §2) and returns its page, creating it (and its site) when new; the server then reads the page once in the background for its title, description, favicon and canonical address. `back: true` only resolves a known page (404 otherwise). A refused address is a 400 with detail "{url} is not a valid domain". Rate limited per IP (RATE_LIMIT_FLIP_PER_IP a minute).',
        body: FlipRequest,
        response: { 200: SitePage, ...problems(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const { page, json } = await service.flip(request.ip, request.body);
      // A string body is sent as it is: a cached page was validated when it was serialized.
      if (json !== undefined) return sendSerialized(reply, json);
      return page;
    },
  );

  app.get(
    "/v1/site-pages",
    {
      schema: {
        tags: TAGS,
        summary: "List site pages",
        description:
          "Filters (searchAnd): id==, normalizedUrl== / != (the value is normalized first, so any spelling of an address matches), normalizedUrl||text (address contains), title||text, text||x (address or title contains: the search box), domain, site_id, commentCount, score, createdDate. Sort: createdDate (default desc), title, score, commentCount, reviewCount, relatedCount. Each page carries the signed-in viewer's vote and the viewer's own notes of that page (pinned first).",
        querystring: listQuery(DISCUSSION_PAGE_SIZE.sitePages),
        response: { 200: z.array(SitePageView), ...problems(400) },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.list(await request.viewer(), request.query);
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      return items;
    },
  );
};

/** Not encapsulated: the related-pages routes reuse `sitePages` (find-or-create + fetch queue). */
export const sitePagesRoutes = fp(routes, { name: "site-pages" });
