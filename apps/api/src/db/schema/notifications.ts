import { MAIL_CHOICES, NOTIFICATION_KINDS } from "@flipside/contracts/notification-constants";
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { v7 as uuidv7 } from "uuid";
import { users } from "./accounts.ts";
import { contributions, sitePages } from "./discussion.ts";

/**
 * Whether and how a notification is mailed: not, at once (waiting, sent, or given up on after
 * tries), or in the day's digest.
 */
export const MAIL_STATES = ["NONE", "PENDING", "DIGEST", "SENT", "FAILED"] as const;

/**
 * One thing a person is told. Notifications of one subject group while unread (`group_key`: the
 * votes on one comment, the new activity on one followed page), counting their items and the
 * distinct people behind them; once read, the next one starts a new group.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    recipientId: uuid("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    groupKey: text("group_key").notNull(),
    /** The page it happened on, and the contribution it is about (the reply, the voted comment). */
    pageId: uuid("page_id").references(() => sitePages.id, { onDelete: "cascade" }),
    contributionId: uuid("contribution_id").references(() => contributions.id, { onDelete: "cascade" }),
    /** The latest person behind it (null once their account is gone). */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** How many things it groups (comments, votes). */
    itemCount: integer("item_count").notNull().default(1),
    /** What a kind needs besides (a report's outcome, an organisation's name, a domain). */
    data: jsonb("data").notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** When it last grew: lists are newest first by this. */
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true, mode: "date" }),
    mailState: text("mail_state", { enum: MAIL_STATES }).notNull().default("NONE"),
    /** Tries to mail it so far, and the time before which no sender takes it (a try under way, or backoff). */
    mailAttempts: integer("mail_attempts").notNull().default(0),
    mailNotBefore: timestamp("mail_not_before", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    // One unread notification per subject: the next event of it joins the group.
    uniqueIndex("notifications_group_key").on(t.recipientId, t.groupKey).where(sql`${t.readAt} is null`),
    index("notifications_recipient_idx").on(t.recipientId, t.updatedAt.desc(), t.id.desc()),
    index("notifications_unread_idx").on(t.recipientId).where(sql`${t.readAt} is null`),
    // The mail sender's and the digest's work, off small partial indexes.
    index("notifications_mail_pending_idx").on(t.createdAt).where(sql`${t.mailState} = 'PENDING'`),
    index("notifications_mail_digest_idx")
      .on(t.recipientId, t.createdAt)
      .where(sql`${t.mailState} = 'DIGEST'`),
    check("notifications_item_count_check", sql`${t.itemCount} > 0`),
  ],
);

/** The distinct people behind a grouped notification ("12 people voted on your comment"). */
export const notificationActors = pgTable(
  "notification_actors",
  {
    notificationId: uuid("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.actorId] })],
);

/** A person's choice of mail for one kind; without a row, the kind's default applies. */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    mail: text("mail", { enum: MAIL_CHOICES }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * The digests sent: one row per person and day, inserted before the mail is sent, so however
 * many instances run the digest job a person gets one digest a day.
 */
export const notificationDigests = pgTable(
  "notification_digests",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    /** How many notifications it listed. */
    itemCount: integer("item_count").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
