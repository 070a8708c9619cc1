import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

/**
 * One person's block of another (docs/blocks.md). Two-way in effect: each stops seeing the
 * other's contributions. The blocked person is never told; only the blocker reads this row.
 */
export const profileBlocks = pgTable(
  "profile_blocks",
  {
    blockerId: uuid("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: uuid("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    // The other direction: who blocked this person (the viewer's "blocked by" side of the rule).
    index("profile_blocks_blocked_idx").on(t.blockedId, t.blockerId),
    check("profile_blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
