import { z } from "zod";

export const Health = z.object({ status: z.literal("ok") }).meta({ id: "Health" });
export const Ready = z
  .object({
    /**
     * ok: take traffic. degraded: take traffic, a shared helper (Redis) is away and this instance
     * falls back to itself. draining: shutting down, send new requests elsewhere. unavailable:
     * the database cannot be reached.
     */
    status: z.enum(["ok", "degraded", "draining", "unavailable"]),
    database: z.enum(["up", "down"]),
    /** Only with REDIS_URL. */
    redis: z.enum(["up", "down"]).optional(),
  })
  .meta({ id: "Ready" });
