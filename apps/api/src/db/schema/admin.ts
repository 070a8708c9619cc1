import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { v7 as uuidv7 } from "uuid";
import { users } from "./accounts.ts";

/**
 * What moderators and admins did, and why (docs/admin.md#audit-log). Append-only: nothing updates
 * or deletes a row. The actor is kept as a name too, so the log still reads after an account goes;
 * a null actor is the configuration (ADMIN_EMAILS) or the command line.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    action: text("action").notNull(),
    /** ACCOUNT, COMMENT, REVIEW, RELATED_PAGE, NOTE, SITE_PAGE, REPORT… */
    targetKind: text("target_kind").notNull(),
    targetId: uuid("target_id").notNull(),
    /** What the target was called or said when it was acted on (a name, the start of a text). */
    targetLabel: text("target_label").notNull().default(""),
    reason: text("reason").notNull().default(""),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_target_idx").on(t.targetId, t.createdAt),
    index("audit_log_created_idx").on(t.createdAt),
  ],
);
