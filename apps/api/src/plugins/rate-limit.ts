import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createLimiter, type Limiter } from "../lib/rate-limit.ts";

declare module "fastify" {
  interface FastifyInstance {
    limiter: Limiter;
  }
}

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, opts: { enabled: boolean }) => {
    app.decorate(
      "limiter",
      createLimiter({ enabled: opts.enabled, ...(app.redis ? { redis: app.redis.client } : {}) }),
    );
  },
  { name: "rate-limit", dependencies: ["redis"] },
);
