import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_MAX, MONEY_MESSAGES } from "@flipside/contracts/money-constants";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isDatabaseUnavailable } from "../db/faults.ts";
import { idempotencyKeys } from "../db/schema/money.ts";
import { AppError, badRequest } from "../lib/errors.ts";
import { fingerprintOf, KEY } from "../lib/idempotency.ts";

/** A claim whose answer is still to come. */
const IN_PROGRESS = 0;
const HEADER = IDEMPOTENCY_HEADER.toLowerCase();
/** Waits before each new try to keep an answer while the database is away: about a minute in all. */
const SETTLE_WAITS_MS = [250, 500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

interface Claim {
  userId: string;
  key: string;
}

/** What a kept answer holds besides its status. */
interface Kept {
  json: unknown;
  location?: string;
}

function isKept(body: unknown): body is Kept {
  return typeof body === "object" && body !== null && "json" in body;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** "own": the route claims its Idempotency-Key itself, in its own transaction (money). */
    idempotency?: "own";
  }
}

/**
 * `Idempotency-Key` on every POST (issue 24, docs/deploy.md#retries-and-idempotency): a client
 * that lost a write's answer (a 502 from the balancer, a dropped connection) sends it again with
 * the same key and gets the first answer instead of a second comment. Optional here; money calls
 * require theirs and keep it in the same transaction as the money (`lib/idempotency.ts`, routes
 * with `config.idempotency: "own"`).
 *
 * The key is claimed (a row, per person) before the work and its answer kept as it is sent. While
 * the first is still being handled, the same key answers 409; with another body, 422. An instance
 * that died between the two leaves its claim unanswered: the key then answers 409 — saying so
 * once no request could still be running — until it is forgotten (a day), never a second write.
 * Signed-in callers only: keys are per person. The hooks are callback-style and return at once
 * for everything but a keyed POST: no promise per request on the hot path.
 */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance) => {
    const claims = new WeakMap<FastifyRequest, Claim>();

    /** Claims the key, or answers from it: true when the request was answered here. */
    async function claimOrReplay(request: FastifyRequest, reply: FastifyReply, header: string | string[]) {
      const key = Array.isArray(header) ? undefined : header;
      if (!key || !KEY.test(key)) {
        const message = `${IDEMPOTENCY_HEADER}: any unique text of 1 to ${IDEMPOTENCY_KEY_MAX} printable characters`;
        throw badRequest(message, [{ field: IDEMPOTENCY_HEADER, message }]);
      }
      const viewer = await request.viewer();
      if (!viewer) return false;
      const claim = { userId: viewer.id, key };
      const fingerprint = fingerprintOf(request);
      const [claimed] = await app.db
        .insert(idempotencyKeys)
        .values({ ...claim, fingerprint, status: IN_PROGRESS, body: {} })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed) {
        claims.set(request, claim);
        return false;
      }
      const [earlier] = await app.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, key)));
      // Forgotten between the two statements (a day old): as good as new, but do not race it.
      if (!earlier || earlier.status === IN_PROGRESS) {
        // Older than any request may run: its instance died between the claim and the answer.
        if (earlier && Date.now() - earlier.createdAt.getTime() > app.config.REQUEST_TIMEOUT_MS) {
          throw new AppError("conflict", MONEY_MESSAGES.keyCutOff);
        }
        reply.header("retry-after", "1");
        throw new AppError("conflict", MONEY_MESSAGES.keyInFlight);
      }
      if (earlier.fingerprint !== fingerprint) {
        throw new AppError("validation_failed", MONEY_MESSAGES.keyReused, [
          { field: IDEMPOTENCY_HEADER, message: MONEY_MESSAGES.keyReused },
        ]);
      }
      const kept = isKept(earlier.body) ? earlier.body : { json: null };
      reply.header("idempotent-replayed", "true").status(earlier.status);
      if (kept.location) reply.header("location", kept.location);
      if (kept.json === null) {
        reply.send();
        return true;
      }
      // Sent as the text it was, not through the route's serializer again.
      const problem = earlier.status >= 400;
      reply
        .type(problem ? "application/problem+json" : "application/json; charset=utf-8")
        .send(JSON.stringify(kept.json));
      return true;
    }

    app.addHook("preHandler", (request, reply, done) => {
      const header = request.headers[HEADER];
      if (
        header === undefined ||
        request.method !== "POST" ||
        request.routeOptions.config.idempotency === "own" ||
        !request.url.startsWith("/api/")
      ) {
        done();
        return;
      }
      // A hook that answers does not go on (Fastify's early response).
      claimOrReplay(request, reply, header).then((answered) => {
        if (!answered) done();
      }, done);
    });

    /** Keeps the answer as the key's, or lets the key go when the request failed. */
    async function answer(request: FastifyRequest, reply: FastifyReply, payload: unknown, claim: Claim) {
      claims.delete(request);
      const where = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
      const status = reply.statusCode;
      let json: unknown = null;
      let keep = status < 500 && status !== 429;
      if (keep && typeof payload === "string" && payload !== "") {
        try {
          json = JSON.parse(payload);
        } catch {
          keep = false;
        }
      } else if (keep && payload !== null && payload !== undefined && payload !== "") {
        // A stream or bytes: not something to answer again from a row.
        keep = false;
      }
      let settle: () => Promise<unknown>;
      if (keep) {
        const location = reply.getHeader("location");
        const body: Kept = { json, ...(typeof location === "string" ? { location } : {}) };
        settle = () => app.db.update(idempotencyKeys).set({ status, body }).where(where);
      } else {
        // A failure (or an answer that cannot be kept): the request may be sent again with its key.
        settle = () => app.db.delete(idempotencyKeys).where(where);
      }
      try {
        await settle();
      } catch (error) {
        // The answer is made; keeping it can wait for the database (the key answers 409 meanwhile).
        if (!isDatabaseUnavailable(error)) throw error;
        request.log.warn({ err: error }, "idempotency key not answered yet: the database went away");
        settleLater(settle, 0);
      }
    }

    const waiting = new Set<NodeJS.Timeout>();
    /**
     * Tries again with growing waits while the database is away (a restart, a failover): a
     * failed write's claim would otherwise answer its repeats "still in progress" until it is
     * forgotten. Gives up after about a minute; the key then says it was cut off.
     */
    function settleLater(settle: () => Promise<unknown>, attempt: number) {
      if (attempt >= SETTLE_WAITS_MS.length) {
        app.log.error("idempotency key left unanswered: the database stayed away");
        return;
      }
      const timer = setTimeout(() => {
        waiting.delete(timer);
        settle().catch((error: unknown) => {
          if (isDatabaseUnavailable(error)) settleLater(settle, attempt + 1);
          else app.log.error({ err: error }, "idempotency key left unanswered");
        });
      }, SETTLE_WAITS_MS[attempt]);
      timer.unref();
      waiting.add(timer);
    }
    app.addHook("onClose", (_app, done) => {
      for (const timer of waiting) clearTimeout(timer);
      waiting.clear();
      done();
    });

    // Registered before compression (app.ts), so the answer is still its JSON text here.
    app.addHook("onSend", (request, reply, payload, done) => {
      const claim = claims.get(request);
      if (!claim) {
        done(null, payload);
        return;
      }
      answer(request, reply, payload, claim).then(() => done(null, payload), done);
    });
  },
  { name: "idempotency", dependencies: ["db", "auth"] },
);
