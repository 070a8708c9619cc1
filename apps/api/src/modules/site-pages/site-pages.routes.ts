import { DISCUSSION_PAGE_SIZE, FlipRequest, SitePage, SitePageView } from "@flipside/contracts/discussion";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problems } from "../../lib/openapi-responses.ts";
import { listQuery, setListHeaders } from "../../lib/pagination.ts";
import { sendSerialized } from "../../lib/send-serialized.ts";
import { createSitePagesService } from "./site-pages.service.ts";

const TAGS = ["site-pages"];

const routes: FastifyPluginAsyncZod = async (app) => {
  const service = createSitePagesService(app.discussion);

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

export const sitePagesRoutes = fp(routes, {
  name: "site-pages",
  dependencies: ["discussion"],
  encapsulate: true,
});
