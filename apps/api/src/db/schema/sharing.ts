import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { v7 as uuidv7 } from "uuid";
import { users } from "./accounts.ts";
import { sitePages } from "./discussion.ts";

/**
 * One share link per page or comment (docs/sharing.md): `/s/{code}`. The same target always has
 * the same code (the unique index), so links spread without multiplying rows.
 */
export const shareCodes = pgTable(
  "share_codes",
  {
    code: text("code").primaryKey(),
    /** The comment or reply shared, or null for the page itself. */
    contributionId: uuid("contribution_id"),
    sitePageId: uuid("site_page_id")
      .notNull()
      .references(() => sitePages.id, { onDelete: "cascade" }),
    opens: integer("opens").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("share_codes_page_idx").on(t.sitePageId).where(sql`${t.contributionId} is null`),
    uniqueIndex("share_codes_contribution_idx").on(t.contributionId),
  ],
);

/**
 * One address a share was mailed to: the daily limit per sharer, the target's count, and the
 * one-click unsubscribe. Only a hash of the address is kept.
 */
export const shareMails = pgTable(
  "share_mails",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    sharerId: uuid("sharer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code")
      .notNull()
      .references(() => shareCodes.code, { onDelete: "cascade" }),
    recipientHash: text("recipient_hash").notNull(),
    unsubscribeToken: text("unsubscribe_token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("share_mails_sharer_idx").on(t.sharerId, t.createdAt),
    index("share_mails_code_idx").on(t.code),
  ],
);
