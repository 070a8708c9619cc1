import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

/**
 * What one instance tells the others when something cached changed (decision 004's next step,
 * docs/deploy.md#caches): through Redis pub/sub, so another instance drops its copy within
 * milliseconds instead of when its TTL ends. Without Redis (one instance) it does nothing.
 */
export type InvalidationKind =
  /** A page's reads and renders (its id). */
  | "page"
  /** Every cached render (a change that may show on any page: a name, a picture). */
  | "renders"
  /** A person's cached sessions (their id). */
  | "user"
  /** The running ad campaigns serving holds (an advertiser's change). */
  | "ads"
  /** What serving remembers of one ad reader: their hides and impressions (the reader's key). */
  | "ad-reader";

export interface Invalidation {
  /** Tells the other instances; a no-op while applying one of theirs (no echo). */
  send(kind: InvalidationKind, key?: string): void;
  /** What to drop here when another instance says so. */
  on(kind: InvalidationKind, apply: (key: string) => void): void;
}

/**
 * Read-your-writes across instances: a browser that has just written carries this cookie for a
 * few seconds, and its requests skip every cache on whatever instance they reach — the message
 * that would have cleared that instance's copy may still be on its way.
 */
export const WROTE_COOKIE = "flipside_wrote";
const fresh = new AsyncLocalStorage<true>();

/** True inside a request that must not be answered from a cache (its sender has just written). */
export function mustReadFresh(): boolean {
  return fresh.getStore() === true;
}

declare module "fastify" {
  interface FastifyInstance {
    invalidation: Invalidation;
  }
}

const CHANNEL = "flipside:invalidate";
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A write through the API that succeeded: what may change what caches hold. */
export function isSuccessfulApiWrite(request: FastifyRequest, statusCode: number): boolean {
  return UNSAFE_METHODS.has(request.method) && statusCode < 400 && request.url.startsWith("/api/");
}

export const invalidationPlugin = fp(
  async (app: FastifyInstance, opts: { wroteCookieSeconds: number }) => {
    const self = randomUUID();
    const handlers = new Map<string, ((key: string) => void)[]>();
    let applying = false;
    const { redis } = app;
    redis?.subscribe(CHANNEL, (text) => {
      let message: { from?: unknown; kind?: unknown; key?: unknown };
      try {
        message = JSON.parse(text);
      } catch {
        return;
      }
      if (message.from === self || typeof message.kind !== "string" || typeof message.key !== "string")
        return;
      const apply = handlers.get(message.kind) ?? [];
      applying = true;
      try {
        for (const handler of apply) handler(message.key);
      } finally {
        applying = false;
      }
    });
    app.decorate("invalidation", {
      send(kind, key = "") {
        if (!redis || applying) return;
        void redis.publish(CHANNEL, JSON.stringify({ from: self, kind, key }));
      },
      on(kind, apply) {
        handlers.set(kind, [...(handlers.get(kind) ?? []), apply]);
      },
    } satisfies Invalidation);

    if (opts.wroteCookieSeconds <= 0) return;
    const windowMs = opts.wroteCookieSeconds * 1000;
    const wroteRecently = (request: FastifyRequest) => {
      const at = Number(request.cookies[WROTE_COOKIE]);
      return Number.isFinite(at) && at > Date.now() - windowMs - 1_000;
    };
    app.addHook("onRequest", (request, _reply, done) => {
      if (wroteRecently(request)) fresh.run(true, done);
      else done();
    });
    app.addHook("onSend", (request, reply, payload, done) => {
      if (isSuccessfulApiWrite(request, reply.statusCode) && !request.routeOptions.config.beacon) {
        reply.setCookie(WROTE_COOKIE, String(Date.now()), {
          path: "/",
          maxAge: opts.wroteCookieSeconds,
          httpOnly: true,
          sameSite: "lax",
          secure: request.protocol === "https",
        });
      }
      done(null, payload);
    });
  },
  { name: "invalidation", dependencies: ["redis"] },
);
