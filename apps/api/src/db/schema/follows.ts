import { FOLLOW_KINDS } from "@flipside/contracts/follow-constants";
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { sitePages, sites } from "./discussion.ts";

/**
 * One person following a page, a site or another person (docs/follows.md). The target is a real
 * foreign key per kind, so a page, site or account that goes takes its follows with it; exactly
 * the one column of its kind is set.
 */
export const follows = pgTable(
  "follows",
  {
    followerId: uuid("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: FOLLOW_KINDS }).notNull(),
    pageId: uuid("page_id").references(() => sitePages.id, { onDelete: "cascade" }),
    siteId: uuid("site_id").references(() => sites.id, { onDelete: "cascade" }),
    personId: uuid("person_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("follows_page_key").on(t.followerId, t.pageId).where(sql`${t.pageId} is not null`),
    uniqueIndex("follows_site_key").on(t.followerId, t.siteId).where(sql`${t.siteId} is not null`),
    uniqueIndex("follows_person_key").on(t.followerId, t.personId).where(sql`${t.personId} is not null`),
    // A person's list of what they follow, newest first.
    index("follows_follower_idx").on(t.followerId, t.createdAt),
    // Who follows a page, a site or a person (their followers; whom to tell of new activity).
    index("follows_page_idx").on(t.pageId).where(sql`${t.pageId} is not null`),
    index("follows_site_idx").on(t.siteId).where(sql`${t.siteId} is not null`),
    index("follows_person_idx").on(t.personId, t.createdAt).where(sql`${t.personId} is not null`),
    check(
      "follows_target_check",
      sql`(${t.kind} = 'PAGE' and ${t.pageId} is not null and ${t.siteId} is null and ${t.personId} is null)
        or (${t.kind} = 'SITE' and ${t.siteId} is not null and ${t.pageId} is null and ${t.personId} is null)
        or (${t.kind} = 'PERSON' and ${t.personId} is not null and ${t.pageId} is null and ${t.siteId} is null)`,
    ),
    check("follows_not_self", sql`${t.personId} is null or ${t.personId} <> ${t.followerId}`),
  ],
);
