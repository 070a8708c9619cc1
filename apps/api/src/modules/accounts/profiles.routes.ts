import { Profile } from "@flipside/contracts/accounts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problems } from "../../lib/openapi-responses.ts";
import { betaGateOf } from "../joining/index.ts";
import { accountLimits } from "./accounts.rate-limits.ts";
import { createAccountsService } from "./accounts.service.ts";

export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAccountsService({
    db: app.db,
    mailer: app.mailer,
    storage: app.storage,
    tokens: app.tokens,
    limiter: app.limiter,
    limits: accountLimits(app.config),
    viewers: app.viewers,
    betaGate: betaGateOf(app.config),
  });

  app.get(
    "/v1/profiles/:id",
    {
      schema: {
        tags: ["profiles"],
        summary: "The public profile of a user",
        params: z.object({ id: z.uuid() }),
        response: { 200: Profile, ...problems(400, 404) },
      },
    },
    async (request) => service.getProfile(request.params.id),
  );
};
