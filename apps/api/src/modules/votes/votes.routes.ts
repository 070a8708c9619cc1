import { VoteRequest, VoteResult } from "@flipside/contracts/discussion";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { requireActivatedViewer } from "../../plugins/auth.ts";
import { createVotesService } from "./votes.service.ts";

const routes: FastifyPluginAsyncZod = async (app) => {
  const service = createVotesService(app.discussion);

  app.post(
    "/v1/contribution-votes",
    {
      config: { changes: "pages" },
      schema: {
        tags: ["votes"],
        summary: "Vote on a contribution or a page",
        description:
          "vote: 1 up, -1 down, 0 removes your vote (docs/web-app.md#page-view). kind CONTRIBUTION (default: a comment, reply, review or related page) or SITE_PAGE (contributionId is then the page id). One vote per profile per target; no votes on your own contributions (403). Returns the new counts. Needs an activated account; rate limited per account (RATE_LIMIT_VOTE_PER_MINUTE).",
        security: SIGNED_IN,
        body: VoteRequest,
        response: { 200: VoteResult, ...problems(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const viewer = await requireActivatedViewer(request);
      return service.vote(viewer, request.body);
    },
  );
};

export const votesRoutes = fp(routes, { name: "votes", dependencies: ["discussion"], encapsulate: true });
