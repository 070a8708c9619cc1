import { CreateReview, DISCUSSION_PAGE_SIZE, Review, ReviewSummary } from "@flipside/contracts/discussion";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { listQuery, setListHeaders } from "../../lib/pagination.ts";
import { requireActivatedViewer } from "../../plugins/auth.ts";
import { createReviewsService } from "./reviews.service.ts";

const TAGS = ["reviews"];

const routes: FastifyPluginAsyncZod = async (app) => {
  const service = createReviewsService(app.discussion);

  app.get(
    "/v1/site-page-reviews",
    {
      schema: {
        tags: TAGS,
        summary: "List reviews",
        description:
          "Filters (searchAnd): sitePage_id==, authorId==, sentiment==POSITIVE|NEGATIVE|EXPERT or the bare tokens POSITIVE / NEGATIVE / EXPERT, claimUuid, title, body||text, score, createdDate. Sort: claimUuid, createdDate, top (Wilson lower bound), score; default `claimUuid,desc` then `createdDate,desc`. Page size 10 by default. Replies to a review are listed by GET /v1/site-page-comments?searchAnd=parent_id==<review id>.",
        querystring: listQuery(DISCUSSION_PAGE_SIZE.reviews),
        response: { 200: z.array(Review), ...problems(400) },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.list(await request.viewer(), request.query);
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      return items;
    },
  );

  app.get(
    "/v1/site-page-reviews/summary",
    {
      schema: {
        tags: TAGS,
        summary: "Review counts per sentiment of a page",
        querystring: z.object({ sitePage_id: z.uuid() }),
        response: { 200: ReviewSummary, ...problems(400, 404) },
      },
    },
    async (request) => service.summary(await request.viewer(), request.query.sitePage_id),
  );

  app.post(
    "/v1/site-page-reviews",
    {
      config: { changes: "pages" },
      schema: {
        tags: TAGS,
        summary: "Review a page (posting again edits your review)",
        description:
          "One review per profile per page: the first post creates it (201), later posts edit it (200). EXPERT reviews need `expertise`. Needs an activated account; rate limited per account.",
        security: SIGNED_IN,
        body: CreateReview,
        response: { 200: Review, 201: Review, ...problems(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const viewer = await requireActivatedViewer(request);
      const { review, created } = await service.upsert(viewer, request.body);
      return reply.status(created ? 201 : 200).send(review);
    },
  );

  app.delete(
    "/v1/site-page-reviews/:id",
    {
      config: { changes: "pages" },
      schema: {
        tags: TAGS,
        summary: "Delete your review",
        security: SIGNED_IN,
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null().describe("Deleted"), ...problems(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const viewer = await requireActivatedViewer(request);
      await service.remove(viewer, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export const reviewsRoutes = fp(routes, { name: "reviews", dependencies: ["discussion"], encapsulate: true });
