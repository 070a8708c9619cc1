import { SiteTopic, SiteTopicRequest, TOPIC_LIMITS, Topic } from "@flipside/contracts/topics";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { listQuery, setListHeaders } from "../../lib/pagination.ts";
import { requireActivatedViewer } from "../../plugins/auth.ts";
import { createTopicsService } from "./topics.service.ts";

const TAGS = ["topics"];

/** Topics and their suggestion for sites (docs/topics.md). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const service = createTopicsService({
    db: app.db,
    siteChanged: (siteId) => app.discussion.siteChanged(siteId, app.log),
  });

  app.get(
    "/v1/topics",
    {
      schema: {
        tags: TAGS,
        summary: "The topics",
        description:
          "The fixed taxonomy, by name (SPEC.md: `size=100`, the whole of it in one page). `q`: names containing the text; `parentId`: a topic's subtopics, or `none` for the top level.",
        querystring: listQuery(TOPIC_LIMITS.pageSize)
          .pick({ page: true, size: true })
          .extend({
            q: z.string().trim().max(100).optional(),
            parentId: z.union([z.uuid(), z.literal("none")]).optional(),
          }),
        response: { 200: z.array(Topic), ...problems(400) },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.list(request.query);
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      reply.header("cache-control", "public, max-age=300");
      return items;
    },
  );

  app.get(
    "/v1/topics/:slug",
    {
      schema: {
        tags: TAGS,
        summary: "One topic by its slug, with its parent",
        params: z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/) }),
        response: { 200: Topic.extend({ parent: Topic.nullable() }), ...problems(400, 404) },
      },
    },
    async (request) => service.bySlug(request.params.slug),
  );

  app.get(
    "/v1/site-topics",
    {
      schema: {
        tags: TAGS,
        summary: "A site's topics, most suggested first",
        description:
          "Each with how many people suggested it and whether you did. A page view shows the first three.",
        querystring: z.object({
          siteId: z.uuid(),
          size: z.coerce.number().int().min(1).max(TOPIC_LIMITS.pageSize).default(TOPIC_LIMITS.pageSize),
        }),
        response: { 200: z.array(SiteTopic), ...problems(400) },
      },
    },
    async (request) => service.siteTopics(await request.viewer(), request.query.siteId, request.query.size),
  );

  app.post(
    "/v1/site-topics",
    {
      schema: {
        tags: TAGS,
        summary: "Suggest a topic for a site",
        description: `One suggestion per person, site and topic: asking again answers the same one with 200. At most ${TOPIC_LIMITS.perPersonPerSite} topics per person and site (422). Activated accounts only.`,
        security: SIGNED_IN,
        body: SiteTopicRequest,
        response: { 200: SiteTopic, 201: SiteTopic, ...problems(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const viewer = await requireActivatedViewer(request);
      const { topic, created } = await service.suggest(viewer, request.body);
      return reply.status(created ? 201 : 200).send(topic);
    },
  );

  app.delete(
    "/v1/site-topics",
    {
      schema: {
        tags: TAGS,
        summary: "Withdraw your suggestion of a topic for a site",
        security: SIGNED_IN,
        querystring: z.object({ siteId: z.uuid(), topicId: z.uuid() }),
        response: { 204: z.null().describe("Withdrawn"), ...problems(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await service.withdraw(await requireActivatedViewer(request), request.query);
      return reply.status(204).send(null);
    },
  );
};

export const topicsRoutes = fp(routes, { name: "topics", dependencies: ["discussion"], encapsulate: true });
