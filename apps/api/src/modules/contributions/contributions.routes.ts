import { Contribution, DISCUSSION_PAGE_SIZE } from "@flipside/contracts/discussion";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problems } from "../../lib/openapi-responses.ts";
import { listQuery, setListHeaders } from "../../lib/pagination.ts";
import { createContributionsService } from "./contributions.service.ts";

const routes: FastifyPluginAsyncZod = async (app) => {
  const service = createContributionsService(app.discussion);

  app.get(
    "/v1/contributions",
    {
      schema: {
        tags: ["contributions"],
        summary: "Public contributions (a profile's activity)",
        description:
          "Comments, replies, reviews and related-page links that were not deleted, newest first. A profile's activity: `searchAnd=authorId==<profile id>`. Filters: authorId, sitePage_id, parent_id, contributionType (or the bare tokens COMMENT / REPLY / REVIEW / RELATED_PAGE), id, score, createdDate, sentiment (a review's; anything else has none, so `sentiment!=NEGATIVE` keeps comments), attachmentCount. Sort: createdDate (default desc), score, top.",
        querystring: listQuery(DISCUSSION_PAGE_SIZE.contributions),
        response: { 200: z.array(Contribution), ...problems(400) },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.list(await request.viewer(), request.query);
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      return items;
    },
  );
};

export const contributionsRoutes = fp(routes, {
  name: "contributions",
  dependencies: ["discussion"],
  encapsulate: true,
});
