import { REPORT_TARGET_KINDS } from "@flipside/contracts/moderation-constants";
import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { v7 as uuidv7 } from "uuid";
import { users } from "./accounts.ts";

export const REPORT_STATUSES = ["OPEN", "DISMISSED", "ACTIONED"] as const;

/**
 * One person's report of a page, a contribution or an account (docs/moderation.md). At most one
 * OPEN report per reporter and target (the partial unique index), so a repeated or concurrent
 * report is the same one. `subjectId` is who the target belongs to (its author, the account
 * itself), kept for the queue's "history of the person".
 */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetKind: text("target_kind", { enum: REPORT_TARGET_KINDS }).notNull(),
    targetId: uuid("target_id").notNull(),
    subjectId: uuid("subject_id").references(() => users.id, { onDelete: "set null" }),
    /** The page the target is on (the page itself for SITE_PAGE), for context and links. */
    sitePageId: uuid("site_page_id"),
    reason: text("reason").notNull(),
    text: text("text").notNull().default(""),
    /** What the target said when it was reported, as the reporter saw it. */
    snapshot: text("snapshot").notNull().default(""),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("OPEN"),
    resolvedById: uuid("resolved_by_id").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "date" }),
    /** The action that closed it (DISMISS, HIDE, SUSPEND…), as told to the reporter. */
    outcome: text("outcome"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reports_one_open_idx")
      .on(t.reporterId, t.targetKind, t.targetId)
      .where(sql`${t.status} = 'OPEN'`),
    index("reports_open_target_idx").on(t.targetId).where(sql`${t.status} = 'OPEN'`),
    index("reports_subject_idx").on(t.subjectId, t.createdAt),
    index("reports_status_created_idx").on(t.status, t.createdAt),
  ],
);
