import { POPULAR_WINDOWS } from "@flipside/contracts/discovery-constants";
import {
  DISCUSSION_PAGE_SIZE,
  FlipRequest,
  MyPageState,
  SitePage,
  SitePageView,
} from "@flipside/contracts/discussion";
import { PageCounts, PageHashPrefix } from "@flipside/contracts/page-counts";
import type { PageCounts as PageCountsAnswer } from "@flipside/contracts/page-hash";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { listQuery, setListHeaders } from "../../lib/pagination.ts";
import { sendSerialized } from "../../lib/send-serialized.ts";
import { requireViewer } from "../../plugins/auth.ts";
import { pageCountsByHashPrefix } from "../discussion/index.ts";
import { createSitePagesService } from "./site-pages.service.ts";

const TAGS = ["site-pages"];

/**
 * Badge answers kept in memory as long as the answer tells caches they may keep it (most of it):
 * every page a person with the extension opens asks, and on the embedded database each query is
 * mostly planning. Concurrent askers of one prefix share one query.
 */
const PAGE_COUNTS_TTL_MS = 30_000;

const routes: FastifyPluginAsyncZod = async (app) => {
  const service = createSitePagesService(app.discussion, app.discovery);
  const pageCounts = new LRUCache<string, Promise<PageCountsAnswer>>({
    max: 10_000,
    ttl: PAGE_COUNTS_TTL_MS,
  });

  app.post(
    "/v1/site-pages/flip",
    {
      config: { changes: "pages" },
      schema: {
        tags: TAGS,
        summary: "Find or create the page of an address",
        description:
          'Normalizes the address (docs/discussion.md#addresses) and returns its page, creating it (and its site) when new; the server then reads the page once in the background for its title, description, favicon and canonical address. `back: true` only resolves a known page (404 otherwise). A refused address is a 400 with detail "{url} is not a valid domain". Rate limited per IP (RATE_LIMIT_FLIP_PER_IP a minute).',
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
    "/v1/site-pages/:id/mine",
    {
      schema: {
        tags: TAGS,
        summary: "Your vote, notes and votes on a page",
        description:
          "What a page view shows only to its signed-in viewer: their vote on the page, their notes of it (pinned first) and their votes on the contributions listed on it (comments, replies, reviews, related pages). The page view's HTML is shared by every viewer and filled in from this call.",
        security: SIGNED_IN,
        params: z.object({ id: z.uuid() }),
        response: { 200: MyPageState, ...problems(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      // Per viewer and changing with every vote or note: never kept by a shared cache.
      reply.header("cache-control", "private, no-store");
      const mine = await service.mine(viewer, request.params.id);
      app.discussion.readers.viewed(viewer, request.params.id);
      return mine;
    },
  );

  app.get(
    "/v1/site-pages",
    {
      schema: {
        tags: TAGS,
        summary: "List site pages",
        description:
          "Filters (searchAnd): id==, normalizedUrl== / != (the value is normalized first, so any spelling of an address matches), normalizedUrl||text (address contains), title||text, text||x (address or title contains: the search box), domain (== and != take the site's domain or any address on it), site_id, topic (a slug: the pages of sites filed under it or a topic under it), commentCount, score, createdDate. Sort: createdDate (default desc), title, score, commentCount, reviewCount, relatedCount; or one of the rankings (docs/discovery.md), alone and descending: `sort=trending` (recent activity with time decay) or `sort=popular` (contributions and votes in `window`: day, week (default), month or all, each page with its `activityCount`). A viewer with blocks gets rankings without the activity of the people across their blocks. Each page carries its live reviews by sentiment, the signed-in viewer's vote and the viewer's own notes of that page (pinned first). A page moderators hid is listed only when asked for by id== (then with hidden: true and nothing read from the page itself).",
        querystring: listQuery(DISCUSSION_PAGE_SIZE.sitePages).extend({
          window: z
            .enum(POPULAR_WINDOWS)
            .optional()
            .describe("sort=popular only: the window its activity is counted in (default week)"),
        }),
        response: { 200: z.array(SitePageView), ...problems(400) },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.list(await request.viewer(), request.query);
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      return items;
    },
  );

  app.get(
    "/v1/page-counts/:prefix",
    {
      schema: {
        tags: TAGS,
        summary: "Comment counts of the pages whose address hash starts with a prefix",
        description:
          "For the browser extension's badge (docs/extension.md#badge), which must not tell Flipside the pages a person visits: it sends only the first 4 hex characters (4 to 8 are taken) of the SHA-256 of the page's normalized address, and finds its page's full hash in the answer. Lists every visible page with comments whose hash starts with the prefix, with its count of live top-level comments; pages without comments are left out. Anonymous on purpose (no cookie is read). An answer may be up to 30 seconds old (the server keeps it), and shared caches may keep it a minute.",
        params: z.object({ prefix: PageHashPrefix }),
        response: { 200: PageCounts, ...problems(400) },
      },
    },
    async (request, reply) => {
      const { prefix } = request.params;
      let answer = pageCounts.get(prefix);
      if (!answer) {
        answer = pageCountsByHashPrefix(app.db, prefix).then((pages) => ({ prefix, pages }));
        pageCounts.set(prefix, answer);
        answer.catch(() => pageCounts.delete(prefix));
      }
      reply.header("cache-control", "public, max-age=60");
      return answer;
    },
  );
};

export const sitePagesRoutes = fp(routes, {
  name: "site-pages",
  dependencies: ["discussion", "discovery"],
  encapsulate: true,
});
