import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";

/**
 * The Redis every instance shares (REDIS_URL): rate-limit counters, the live-update channel and
 * cache invalidation between instances. Redis is never a reason to fail a request: a command
 * fails at once while Redis is away (no offline queue) and after `commandTimeoutMs` when it does
 * not answer, and every user has a local fallback (docs/deploy.md#redis).
 */
export interface SharedRedis {
  /** For commands. */
  client: Redis;
  /** Whether Redis answers right now. */
  ping(): Promise<boolean>;
  /** Tells every instance (this one included) `message` on `channel`; false when Redis is away. */
  publish(channel: string, message: string): Promise<boolean>;
  /** Hears `channel` from every instance; resubscribed by itself after Redis comes back. */
  subscribe(channel: string, listener: (message: string) => void): void;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Undefined without REDIS_URL: one instance, everything in process. */
    redis: SharedRedis | undefined;
  }
}

function connectRedis(
  url: string,
  opts: { commandTimeoutMs: number; onError: (err: Error) => void },
): SharedRedis & { close(): Promise<void> } {
  const settings = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: opts.commandTimeoutMs,
    // Reconnect quickly and for ever: Redis coming back is noticed within a second.
    retryStrategy: (attempt: number) => Math.min(attempt * 100, 1_000),
  };
  const client = new Redis(url, settings);
  // A subscribed connection may do nothing else; it queues its SUBSCRIBE until connected.
  const subscriber = new Redis(url, { ...settings, enableOfflineQueue: true, commandTimeout: undefined });
  let lastError = "";
  for (const connection of [client, subscriber]) {
    connection.on("error", (err: Error) => {
      // One line per outage, not one per reconnection attempt.
      if (err.message === lastError) return;
      lastError = err.message;
      opts.onError(err);
    });
    connection.on("ready", () => {
      lastError = "";
    });
  }
  const listeners = new Map<string, ((message: string) => void)[]>();
  subscriber.on("message", (channel: string, message: string) => {
    for (const listener of listeners.get(channel) ?? []) listener(message);
  });
  return {
    client,
    async ping() {
      try {
        return (await client.ping()) === "PONG";
      } catch {
        return false;
      }
    },
    async publish(channel, message) {
      try {
        await client.publish(channel, message);
        return true;
      } catch {
        return false;
      }
    },
    subscribe(channel, listener) {
      const known = listeners.get(channel);
      if (known) {
        known.push(listener);
        return;
      }
      listeners.set(channel, [listener]);
      subscriber.subscribe(channel).catch((err: Error) => opts.onError(err));
    },
    async close() {
      await Promise.allSettled([client.quit(), subscriber.quit()]);
      client.disconnect();
      subscriber.disconnect();
    },
  };
}

export const redisPlugin = fp(
  async (app: FastifyInstance, opts: { url?: string | undefined; commandTimeoutMs: number }) => {
    if (!opts.url) {
      app.decorate("redis", undefined);
      return;
    }
    const redis = connectRedis(opts.url, {
      commandTimeoutMs: opts.commandTimeoutMs,
      onError: (err) =>
        app.log.warn({ err }, "Redis is not answering; limits and caches fall back to this instance"),
    });
    app.decorate("redis", redis);
    app.addHook("onClose", () => redis.close());
  },
  { name: "redis" },
);
