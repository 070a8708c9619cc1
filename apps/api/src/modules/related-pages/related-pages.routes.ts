import { CreateRelatedPage, DISCUSSION_PAGE_SIZE, RelatedPage } from "@flipside/contracts/discussion";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { listQuery, setListHeaders } from "../../lib/pagination.ts";
import { requireActivatedViewer } from "../../plugins/auth.ts";
import { createRelatedPagesService } from "./related-pages.service.ts";

const TAGS = ["related-pages"];

const routes: FastifyPluginAsyncZod = async (app) => {
  const service = createRelatedPagesService(app.discussion);

  app.get(
    "/v1/site-page-related-pages",
    {
      schema: {
        tags: TAGS,
        summary: "List related pages",
        description:
          "Filters (searchAnd): sitePage_id== (the page the links are seen from: each answer shows the OTHER page's url, title, domain and favicon), relatedPage_id==, authorId==, id==, score, createdDate. Sort: top (Wilson lower bound of votes), score, createdDate; default best first (`top,desc` then `createdDate,desc`). Page size 5 by default.",
        querystring: listQuery(DISCUSSION_PAGE_SIZE.relatedPages),
        response: { 200: z.array(RelatedPage), ...problems(400) },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.list(await request.viewer(), request.query);
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      return items;
    },
  );

  app.post(
    "/v1/site-page-related-pages",
    {
      config: { changes: "pages" },
      schema: {
        tags: TAGS,
        summary: "Link another address to a page",
        description:
          'The address is normalized and its page found or created. A pair is undirected (A–B equals B–A): linking it again is a 409. A refused address is a 400 "{url} is not a valid domain". Needs an activated account; rate limited per account.',
        security: SIGNED_IN,
        body: CreateRelatedPage,
        response: { 201: RelatedPage, ...problems(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const viewer = await requireActivatedViewer(request);
      return reply.status(201).send(await service.create(viewer, request.body));
    },
  );

  app.delete(
    "/v1/site-page-related-pages/:id",
    {
      config: { changes: "pages" },
      schema: {
        tags: TAGS,
        summary: "Remove a link you made",
        security: SIGNED_IN,
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null().describe("Removed"), ...problems(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const viewer = await requireActivatedViewer(request);
      await service.remove(viewer, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export const relatedPagesRoutes = fp(routes, {
  name: "related-pages",
  dependencies: ["discussion"],
  encapsulate: true,
});
