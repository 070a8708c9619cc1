import { type AnyPgColumn, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { sites } from "./discussion.ts";

/** The fixed taxonomy (docs/topics.md), shipped by a migration: about 100 topics in two levels. */
export const topics = pgTable("topics", {
  id: uuid("id").primaryKey().defaultRandom(),
  slug: text("slug").notNull().unique("topics_slug_key"),
  name: text("name").notNull(),
  parentId: uuid("parent_id").references((): AnyPgColumn => topics.id),
});

/** One person's suggestion of a topic for a site: one per person, site and topic. */
export const siteTopicVotes = pgTable(
  "site_topic_votes",
  {
    siteId: uuid("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    topicId: uuid("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.topicId, t.userId] }),
    // A topic's sites (`/topics/{slug}`) and a person's suggestions for a site.
    index("site_topic_votes_topic_idx").on(t.topicId, t.siteId),
    index("site_topic_votes_user_idx").on(t.userId, t.siteId),
  ],
);
