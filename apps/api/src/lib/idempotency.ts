import { createHash } from "node:crypto";
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_MAX, MONEY_MESSAGES } from "@flipside/contracts/money-constants";
import type { ProblemCode } from "@flipside/contracts/problem";
import { and, eq, lt } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { idempotencyKeys } from "../db/schema/money.ts";
import { AppError, badRequest } from "./errors.ts";

/** How long a key and its answer are kept (Stripe keeps them 24 hours too). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface IdempotencyClaim {
  userId: string;
  key: string;
  /** What the key stands for: the method, the route and the body. */
  fingerprint: string;
}

/** Printable ASCII without spaces at the ends, as Stripe accepts (UUIDs in practice). */
export const KEY = new RegExp(`^[\\x21-\\x7e](?:[\\x20-\\x7e]{0,${IDEMPOTENCY_KEY_MAX - 2}}[\\x21-\\x7e])?$`);

/**
 * The caller's claim for a money-moving call: its Idempotency-Key (required: 400 without one) and
 * a fingerprint of what it asks, so the same key with another request is told apart.
 */
export function idempotencyClaim(request: FastifyRequest, userId: string): IdempotencyClaim {
  const header = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  const key = Array.isArray(header) ? undefined : header;
  if (!key || !KEY.test(key)) {
    throw badRequest(MONEY_MESSAGES.keyRequired, [
      { field: IDEMPOTENCY_HEADER, message: MONEY_MESSAGES.keyRequired },
    ]);
  }
  return { userId, key, fingerprint: fingerprintOf(request) };
}

/** What a key stands for: the method, the route, its parameters and the body. */
export function fingerprintOf(request: FastifyRequest): string {
  return createHash("sha256")
    .update(`${request.method} ${request.routeOptions.url ?? request.url}\n`)
    .update(JSON.stringify(request.params ?? {}))
    .update("\n")
    .update(JSON.stringify(request.body ?? null))
    .digest("hex");
}

interface StoredProblem {
  problem: { code: ProblemCode; detail: string; errors?: AppError["errors"] };
}

function isStoredProblem(body: unknown): body is StoredProblem {
  return typeof body === "object" && body !== null && "problem" in body;
}

/**
 * Runs `work` once per key (decision 033). The key is claimed in the same transaction as the work,
 * so the money moves and the answer is kept together or not at all; a concurrent request with the
 * same key waits on the key's row and then answers what the first one answered. A refusal the
 * work throws (a 4xx AppError) is kept as the answer too; anything else rolls back, key included,
 * so the call can be tried again.
 */
export async function idempotent<T>(
  db: Db,
  claim: IdempotencyClaim,
  /** The answer's shape: a stored answer is read back through it. */
  answer: z.ZodType<T>,
  work: (tx: Db) => Promise<{ status: number; body: T }>,
): Promise<{ status: number; body: T; replayed: boolean }> {
  const outcome = await db.transaction(
    async (tx): Promise<{ status: number; body: unknown; replayed: boolean }> => {
      const [claimed] = await tx
        .insert(idempotencyKeys)
        .values({ userId: claim.userId, key: claim.key, fingerprint: claim.fingerprint, status: 0, body: {} })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (!claimed) {
        const [row] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)));
        if (!row) throw new Error("idempotency key vanished between its conflict and its read");
        if (row.fingerprint !== claim.fingerprint) {
          throw new AppError("validation_failed", MONEY_MESSAGES.keyReused, [
            { field: IDEMPOTENCY_HEADER, message: MONEY_MESSAGES.keyReused },
          ]);
        }
        return { status: row.status, body: row.body, replayed: true };
      }
      let result: { status: number; body: unknown };
      try {
        // A savepoint: a refusal undoes the work but keeps the claim, to store the refusal in.
        result = await tx.transaction((inner) => work(inner));
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500 || error.status === 429) throw error;
        const stored: StoredProblem = {
          problem: { code: error.code, detail: error.detail, errors: error.errors },
        };
        result = { status: error.status, body: stored };
      }
      await tx
        .update(idempotencyKeys)
        .set({ status: result.status, body: result.body })
        .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)));
      return { ...result, replayed: false };
    },
  );
  return answered(outcome, answer);
}

/**
 * As `idempotent`, for work that talks to another service (a payment provider) and so must not
 * hold a database transaction open: the answer is stored after the work. Two requests with one key
 * at the same moment may both do the work, so it must be idempotent itself (the provider's own
 * Idempotency-Key, a unique reference); the first answer stored is the one both give.
 */
export async function idempotentCall<T>(
  db: Db,
  claim: IdempotencyClaim,
  answer: z.ZodType<T>,
  work: () => Promise<{ status: number; body: T }>,
): Promise<{ status: number; body: T; replayed: boolean }> {
  const earlier = await storedAnswer(db, claim);
  if (earlier) return answered(earlier, answer);
  let result: { status: number; body: unknown };
  try {
    result = await work();
  } catch (error) {
    result = refusal(error);
  }
  const [kept] = await db
    .insert(idempotencyKeys)
    .values({ ...claim, status: result.status, body: result.body })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  const outcome = kept ? { ...result, replayed: false } : await storedAnswer(db, claim);
  if (!outcome) throw new Error("idempotency key vanished between its conflict and its read");
  return answered(outcome, answer);
}

/** What was answered to this key before, or null; 422 when it was asked for something else. */
async function storedAnswer(
  db: Db,
  claim: IdempotencyClaim,
): Promise<{ status: number; body: unknown; replayed: true } | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)));
  if (!row) return null;
  if (row.fingerprint !== claim.fingerprint) {
    throw new AppError("validation_failed", MONEY_MESSAGES.keyReused, [
      { field: IDEMPOTENCY_HEADER, message: MONEY_MESSAGES.keyReused },
    ]);
  }
  // Claimed and not answered yet: only `idempotent` claims first, and it answers in the same commit.
  return { status: row.status, body: row.body, replayed: true };
}

/** A refusal to keep as the key's answer; anything else (a server error) is thrown on. */
function refusal(error: unknown): { status: number; body: StoredProblem } {
  if (!(error instanceof AppError) || error.status >= 500 || error.status === 429) throw error;
  return {
    status: error.status,
    body: { problem: { code: error.code, detail: error.detail, errors: error.errors } },
  };
}

function answered<T>(outcome: { status: number; body: unknown; replayed: boolean }, answer: z.ZodType<T>) {
  if (isStoredProblem(outcome.body)) {
    const { code, detail, errors } = outcome.body.problem;
    throw new AppError(code, detail, errors);
  }
  return { status: outcome.status, body: answer.parse(outcome.body), replayed: outcome.replayed };
}

/** Forgets keys older than a day (a repeating job). */
export async function forgetOldIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}

/** The header as an OpenAPI schema: optional there, so its absence is our 400 with our words. */
export const IdempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER.toLowerCase()]: z
    .string()
    .max(IDEMPOTENCY_KEY_MAX)
    .optional()
    .describe("Required: a unique key per intended payment (a UUID), so that a retry cannot pay twice"),
});

export const IDEMPOTENCY_NOTE = `Moves money: send an \`${IDEMPOTENCY_HEADER}\` header (400 without). The same key with the same body answers the first result again (with \`Idempotent-Replayed: true\`); with another body, 422.`;

/** Sends a money call's answer, saying when it is the first answer again. */
export function sendOnce<T>(reply: FastifyReply, outcome: { status: number; body: T; replayed: boolean }) {
  if (outcome.replayed) reply.header("idempotent-replayed", "true");
  return reply.status(outcome.status).send(outcome.body);
}
