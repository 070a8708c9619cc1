import { and, asc, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { outboxEvents } from "../../db/schema/outbox.ts";
import { coalesced } from "../../lib/coalesced.ts";

/** One domain event as its handlers get it. */
export interface OutboxEvent {
  id: number;
  type: string;
  payload: unknown;
  createdAt: Date;
}

/**
 * Handles one event inside the dispatcher's transaction: what it writes commits together with
 * the event being marked handled, or not at all (then the event is tried again).
 */
export type OutboxHandler = (tx: Db, event: OutboxEvent) => Promise<void>;

/** Events claimed per transaction. */
const BATCH = 50;
/** How long processed events are kept (to look into what happened), and given-up ones. */
const KEEP_PROCESSED_DAYS = 7;
const KEEP_FAILED_DAYS = 30;

/**
 * Records a domain event in the caller's transaction (decision 031): it exists exactly when the
 * change does. The discussion's own events come from triggers instead (migration 0024).
 */
export async function recordEvent(tx: Db, type: string, payload: Record<string, unknown>): Promise<void> {
  await tx.insert(outboxEvents).values({ type, payload });
}

/** Seconds before the next try of an event that failed `attempts` times: 2, 4, 8 … up to an hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(3600, 2 ** attempts);

/**
 * The dispatcher (docs/outbox.md): claims pending events oldest first with `FOR UPDATE SKIP
 * LOCKED` (so instances sharing the database never handle one twice), runs each event's handlers
 * in a savepoint, and marks it processed in the same transaction. A failing handler rolls back
 * only its own event, which is tried again later with backoff and given up on (kept, with its
 * error) after `maxAttempts`.
 */
export function createDispatcher(deps: { db: Db; log: FastifyBaseLogger; maxAttempts: number }) {
  const { db, log } = deps;
  const handlers = new Map<string, OutboxHandler[]>();

  async function handle(tx: Db, row: typeof outboxEvents.$inferSelect): Promise<void> {
    const event: OutboxEvent = { id: row.id, type: row.type, payload: row.payload, createdAt: row.createdAt };
    try {
      await tx.transaction(async (savepoint) => {
        for (const handler of handlers.get(row.type) ?? []) await handler(savepoint, event);
      });
      await tx
        .update(outboxEvents)
        .set({ processedAt: new Date(), attempts: row.attempts + 1, retryAt: null, lastError: null })
        .where(eq(outboxEvents.id, row.id));
    } catch (err) {
      const attempts = row.attempts + 1;
      const giveUp = attempts >= deps.maxAttempts;
      log[giveUp ? "error" : "warn"](
        { err, eventId: row.id, type: row.type, attempts },
        "outbox event failed",
      );
      await tx
        .update(outboxEvents)
        .set({
          attempts,
          lastError: String(err instanceof Error ? err.message : err).slice(0, 2000),
          retryAt: new Date(Date.now() + retryDelaySeconds(attempts) * 1000),
          processedAt: giveUp ? new Date() : null,
        })
        .where(eq(outboxEvents.id, row.id));
    }
  }

  /** One transaction's worth of events; answers how many it claimed. */
  async function batch(): Promise<number> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(outboxEvents)
        .where(
          and(
            isNull(outboxEvents.processedAt),
            or(isNull(outboxEvents.retryAt), lte(outboxEvents.retryAt, sql`now()`)),
          ),
        )
        .orderBy(asc(outboxEvents.id))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      for (const row of rows) await handle(tx, row);
      return rows.length;
    });
  }

  // A full batch means there may be more.
  const runner = coalesced("outbox dispatch", log, async () => (await batch()) === BATCH);

  return {
    /** Adds a handler of one type of event; a type nobody handles is marked processed as it comes. */
    on(type: string, handler: OutboxHandler): void {
      handlers.set(type, [...(handlers.get(type) ?? []), handler]);
    },

    /**
     * Handles every pending event now. Calls while it runs make it go round once more rather
     * than start a second run; resolves when nothing more was asked for.
     */
    wake: runner.wake,

    /** Deletes events handled long ago. */
    async sweep(now = new Date()): Promise<void> {
      const day = 86_400_000;
      await db
        .delete(outboxEvents)
        .where(
          or(
            and(
              isNull(outboxEvents.lastError),
              lt(outboxEvents.processedAt, new Date(now.getTime() - KEEP_PROCESSED_DAYS * day)),
            ),
            lt(outboxEvents.processedAt, new Date(now.getTime() - KEEP_FAILED_DAYS * day)),
          ),
        );
    },

    /** Stops handling and waits for the batch under way. */
    stop: runner.stop,
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
