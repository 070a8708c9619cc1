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
        summary: "Whether this instance should be sent requests",
        description:
          "503 while the database cannot be reached, and while the instance drains before it stops (SIGTERM, SHUTDOWN_DRAIN_MS): a balancer's health check takes it out. Redis away is `degraded` and still 200: every instance falls back to itself, and taking them all out would stop the service.",
        response: { 200: Ready, 503: Ready },
      },
    },
    async (_request, reply) => {
      const [database, redis] = await Promise.all([
        app.database.ping().then(
          () => "up" as const,
          () => "down" as const,
        ),
        app.redis?.ping().then((up) => (up ? ("up" as const) : ("down" as const))),
      ]);
      const status = app.lifecycle.draining
        ? ("draining" as const)
        : database === "down"
          ? ("unavailable" as const)
          : redis === "down"
            ? ("degraded" as const)
            : ("ok" as const);
      const answer = { status, database, ...(redis ? { redis } : {}) };
      if (status === "draining" || status === "unavailable") {
        return reply.status(503).header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS)).send(answer);
      }
      return answer;
    },
  );
};
