import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Domain events, written in the same transaction as the change that causes them (decision 031,
 * docs/outbox.md): a change that rolls back leaves none, and one that commits always has its
 * event, whatever happens to the process next. The dispatcher hands each to the handlers that
 * want it and marks it processed in the same transaction as their writes, so each is handled
 * once. The discussion's events (a contribution added, a vote cast) are written by triggers in
 * the statement that makes the change (migration 0024); other modules call `recordEvent`.
 */
export const outboxEvents = pgTable(
  "outbox_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** Set once handled, or once given up on (then `lastError` says why). */
    processedAt: timestamp("processed_at", { withTimezone: true, mode: "date" }),
    attempts: integer("attempts").notNull().default(0),
    /** A failed event waits until then before its next try. */
    retryAt: timestamp("retry_at", { withTimezone: true, mode: "date" }),
    lastError: text("last_error"),
  },
  (t) => [
    // The dispatcher reads the pending events, oldest first, off this small index.
    index("outbox_events_pending_idx").on(t.id).where(sql`${t.processedAt} is null`),
    // Processed events are deleted after a week (the sweep reads them by age).
    index("outbox_events_processed_idx").on(t.processedAt).where(sql`${t.processedAt} is not null`),
  ],
);
