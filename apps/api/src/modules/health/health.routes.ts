import { Health, Ready } from "@flipside/contracts/health";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DATABASE_RETRY_AFTER_SECONDS } from "../../plugins/errors.ts";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    { schema: { tags: ["health"], summary: "The process is alive", response: { 200: Health } } },
    async () => ({ status: "ok" as const }),
  );
  app.get(
    "/ready",
    {
      schema: {
        tags: ["health"],
        summary: "The database is reachable",
        response: { 200: Ready, 503: Ready },
      },
    },
    async (_request, reply) => {
      try {
        await app.database.ping();
        return { status: "ok" as const, database: "up" as const };
      } catch {
        return reply
          .status(503)
          .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ status: "unavailable", database: "down" });
      }
    },
  );
};
