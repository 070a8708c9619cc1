import type { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { tooManyRequests } from "./errors.ts";

export interface Rule {
  /** How many events the window allows. */
  points: number;
  /** The window, in seconds. */
  durationSec: number;
}

/**
 * Fixed-window counters keyed by bucket + key (an IP, an account id…): in memory for one
 * process, in Redis when REDIS_URL is set so every instance shares them. While Redis is away the
 * same rule counts in this process's memory (the insurance limiter) at once, so a request never
 * waits on Redis and each instance still enforces the whole rule.
 */
export interface Limiter {
  /** Count one event; throws a 429 problem (with Retry-After) once the rule is exceeded. */
  consume(bucket: string, key: string, rule: Rule, points?: number): Promise<void>;
  /** Count one event without refusing anything (e.g. a failed login). */
  record(bucket: string, key: string, rule: Rule): Promise<void>;
  /** Throws 429 if the counter is already at or over the rule, without counting. */
  check(bucket: string, key: string, rule: Rule): Promise<void>;
  /** Forget a key (e.g. after a successful login). */
  reset(bucket: string, key: string, rule: Rule): Promise<void>;
}

export function createLimiter(opts: { enabled: boolean; redis?: Redis }): Limiter {
  const limiters = new Map<string, RateLimiterAbstract>();
  const get = (bucket: string, rule: Rule) => {
    const id = `${bucket}:${rule.points}:${rule.durationSec}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      const base = { keyPrefix: `rl:${id}`, points: rule.points, duration: rule.durationSec };
      limiter = opts.redis
        ? new RateLimiterRedis({
            ...base,
            storeClient: opts.redis,
            useRedisPackage: false,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(base),
          })
        : new RateLimiterMemory(base);
      limiters.set(id, limiter);
    }
    return limiter;
  };
  const refuse = (e: unknown): never => {
    if (e instanceof RateLimiterRes) throw tooManyRequests(e.msBeforeNext / 1000);
    throw e;
  };
  if (!opts.enabled) {
    const noop = async () => {};
    return { consume: noop, record: noop, check: noop, reset: noop };
  }
  return {
    async consume(bucket, key, rule, points = 1) {
      await get(bucket, rule).consume(key, points).catch(refuse);
    },
    async record(bucket, key, rule) {
      await get(bucket, rule)
        .penalty(key, 1)
        .catch(() => {});
    },
    async check(bucket, key, rule) {
      const res = await get(bucket, rule).get(key);
      if (res && res.consumedPoints >= rule.points) throw tooManyRequests(res.msBeforeNext / 1000);
    },
    async reset(bucket, key, rule) {
      await get(bucket, rule).delete(key);
    },
  };
}
