import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { contributions, sitePages } from "./discussion.ts";

/** What one row of page activity records; its weight in trending comes from configuration. */
export const ACTIVITY_KINDS = ["COMMENT", "REPLY", "REVIEW", "RELATED_PAGE", "VOTE"] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/**
 * One thing someone did on a page: a contribution added, or a vote cast on the page or on one of
 * its contributions (docs/discovery.md). Written by triggers on `contributions` and `votes` in the
 * same statement as the write, so no write path can forget it and none is counted for a write
 * that rolled back. Trending and popular read it; what is deleted, hidden or by a suspended
 * account is filtered out when it is read (a restore counts again).
 */
export const pageActivity = pgTable(
  "page_activity",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    pageId: uuid("page_id")
      .notNull()
      .references(() => sitePages.id, { onDelete: "cascade" }),
    /** An erased account's activity goes with it. */
    actorId: uuid("actor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ACTIVITY_KINDS }).notNull(),
    /** The contribution added, or voted on; null for a vote on the page itself. */
    contributionId: uuid("contribution_id").references(() => contributions.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    // Trending and popular read a window of recent activity.
    index("page_activity_at_idx").on(t.at),
    index("page_activity_page_idx").on(t.pageId, t.at),
    index("page_activity_contribution_idx").on(t.contributionId),
    // A removed vote finds its row by its voter.
    index("page_activity_actor_idx").on(t.actorId),
    check(
      "page_activity_kind_check",
      sql`${t.kind} in ('COMMENT', 'REPLY', 'REVIEW', 'RELATED_PAGE', 'VOTE')`,
    ),
  ],
);
