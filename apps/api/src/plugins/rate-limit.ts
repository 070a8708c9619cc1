import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";
import { createLimiter, type Limiter } from "../lib/rate-limit.ts";

declare module "fastify" {
  interface FastifyInstance {
    limiter: Limiter;
  }
}

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, opts: { enabled: boolean; redisUrl?: string }) => {
    const redis = opts.redisUrl
      ? new Redis(opts.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
      : undefined;
    if (redis) app.addHook("onClose", async () => void (await redis.quit()));
    app.decorate("limiter", createLimiter({ enabled: opts.enabled, ...(redis ? { redis } : {}) }));
  },
  { name: "rate-limit" },
);
