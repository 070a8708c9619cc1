import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { v7 as uuidv7 } from "uuid";
import { users } from "./accounts.ts";
import { notes, sitePages } from "./discussion.ts";

/**
 * One share link per page, contribution or public note (docs/sharing.md): `/s/{code}`. The same
 * target always has the same code (the unique indexes), so links spread without multiplying rows.
 */
export const shareCodes = pgTable(
  "share_codes",
  {
    code: text("code").primaryKey(),
    /** The contribution shared (comment, reply, review, related page), or null. */
    contributionId: uuid("contribution_id"),
    /** The public note shared (its page is `site_page_id`), or null. */
    noteId: uuid("note_id").references(() => notes.id, { onDelete: "cascade" }),
    sitePageId: uuid("site_page_id")
      .notNull()
      .references(() => sitePages.id, { onDelete: "cascade" }),
    opens: integer("opens").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("share_codes_page_idx")
      .on(t.sitePageId)
      .where(sql`${t.contributionId} is null and ${t.noteId} is null`),
    uniqueIndex("share_codes_contribution_idx").on(t.contributionId),
    uniqueIndex("share_codes_note_idx").on(t.noteId),
    check("share_codes_one_target", sql`${t.contributionId} is null or ${t.noteId} is null`),
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
