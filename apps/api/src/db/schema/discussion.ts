import { PLAN_IDS } from "@flipside/contracts/billing-constants";
import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { v7 as uuidv7 } from "uuid";
import { users } from "./accounts.ts";
import { organizations } from "./organizations.ts";

const id = () =>
  uuid("id")
    .primaryKey()
    .$defaultFn(() => uuidv7());
const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

/**
 * Lower bound of the 95 % Wilson score interval of up/down votes: "Top" order ranks an item
 * by how sure we are that people like it, so 10 up / 0 down beats 1 up / 0 down. Kept as a
 * generated column so that every counter update recomputes it in the same row write.
 */
function wilsonLowerBound(up: SQL, down: SQL): SQL {
  const n = sql`(${up} + ${down})::float8`;
  const p = sql`(${up})::float8 / ${n}`;
  return sql`case when ${up} + ${down} = 0 then 0::float8 else (${p} + 1.9208 / ${n} - 1.96 * sqrt((${p} * (1 - ${p}) + 0.9604 / ${n}) / ${n})) / (1 + 3.8416 / ${n}) end`;
}

/**
 * Vote counters shared by everything votable. `score` and `wilson` are generated from the two
 * counters so they can never disagree with them.
 */
const voteCounters = () => ({
  upCount: integer("up_count").notNull().default(0),
  downCount: integer("down_count").notNull().default(0),
  score: integer("score").notNull().generatedAlwaysAs(sql`up_count - down_count`),
  wilson: doublePrecision("wilson")
    .notNull()
    .generatedAlwaysAs(wilsonLowerBound(sql`up_count`, sql`down_count`)),
});

/** One registrable domain (eTLD+1). Owner and verification come from the websites area. */
export const sites = pgTable("sites", {
  id: id(),
  domain: text("domain").notNull().unique("sites_domain_key"),
  ownerKind: text("owner_kind", { enum: ["USER", "ORGANIZATION"] }),
  ownerId: uuid("owner_id"),
  verificationStatus: text("verification_status", { enum: ["PENDING", "PLANNED", "VERIFIED"] })
    .notNull()
    .default("PENDING"),
  /** The verified claim (site_claims.id): the `claimUuid` its owner's official responses carry. */
  claimId: uuid("claim_id"),
  /**
   * The plan of its live subscription, FREE without one: kept by a trigger on `subscriptions`
   * (migration 0032), so a page view knows it without another query (docs/money.md#plans).
   */
  plan: text("plan", { enum: PLAN_IDS }).notNull().default("FREE"),
  /** The owner's notice pinned above the discussion of every page, shown while the plan has it. */
  notice: text("notice"),
  noticeUpdatedAt: timestamp("notice_updated_at", { withTimezone: true, mode: "date" }),
  createdAt: createdAt(),
});

/** One normalized address; everything people say about it hangs off this row. */
export const MODERATION_STATES = ["HIDDEN", "PENDING_REVIEW", "AUTHOR_SUSPENDED"] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

export const sitePages = pgTable(
  "site_pages",
  {
    id: id(),
    siteId: uuid("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    rawUrl: text("raw_url").notNull(),
    normalizedUrl: text("normalized_url").notNull(),
    displayUrl: text("display_url").notNull(),
    title: text("title"),
    description: text("description"),
    faviconUrl: text("favicon_url"),
    /** Set when the page's `<link rel=canonical>` named another page of the same site. */
    canonicalOf: uuid("canonical_of").references((): AnyPgColumn => sitePages.id, { onDelete: "set null" }),
    fetchedAt: timestamp("fetched_at", { withTimezone: true, mode: "date" }),
    fetchError: text("fetch_error"),
    /** Live top-level comments (replies are counted on their thread's root, as replySize). */
    commentCount: integer("comment_count").notNull().default(0),
    /** Deleted top-level comments still shown as placeholders: the list's total without a filter. */
    deletedCommentCount: integer("deleted_comment_count").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    relatedCount: integer("related_count").notNull().default(0),
    ...voteCounters(),
    /**
     * Hidden by moderators (HIDDEN, or PENDING_REVIEW after trusted reports): nothing read from the
     * page itself is shown, no list offers it, and it takes no new contributions (decision 027).
     */
    moderation: text("moderation", { enum: MODERATION_STATES }),
    /**
     * (weighted recent activity − 1) / (hours since its latest + 2)^gravity, as of its last refresh
     * (docs/discovery.md#trending); 0: not trending. Kept by the discovery module, read off its index.
     */
    trendingScore: doublePrecision("trending_score").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("site_pages_normalized_url_key").on(t.normalizedUrl),
    index("site_pages_trending_idx")
      .on(t.trendingScore.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.trendingScore} > 0 and ${t.moderation} is null`),
    index("site_pages_site_idx").on(t.siteId),
    index("site_pages_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Comment counts by hash prefix for the browser extension's badge (docs/extension.md#badge):
    // a range of this index per prefix. Only pages that have something to count are in it.
    index("site_pages_url_hash_idx")
      .on(sql`sha256(${t.normalizedUrl}::bytea)`)
      .where(sql`${t.commentCount} > 0 and ${t.moderation} is null`),
  ],
);

export const CONTRIBUTION_TYPES = ["COMMENT", "REPLY", "REVIEW", "RELATED_PAGE"] as const;

/**
 * Everything votable that a profile adds to a page. Replies point at their thread's root
 * (`parent_id`) so a thread is one flat list; `in_reply_to_id` remembers the reply answered.
 */
export const contributions = pgTable(
  "contributions",
  {
    id: id(),
    kind: text("kind", { enum: CONTRIBUTION_TYPES }).notNull(),
    sitePageId: uuid("site_page_id")
      .notNull()
      .references(() => sitePages.id, { onDelete: "cascade" }),
    /** Null once the author erased their account: shown as "deleted user". */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => contributions.id, { onDelete: "cascade" }),
    inReplyToId: uuid("in_reply_to_id").references((): AnyPgColumn => contributions.id, {
      onDelete: "set null",
    }),
    body: text("body").notNull().default(""),
    /** The verified site's claim when the author speaks for the site: an official response. */
    claimUuid: uuid("claim_uuid"),
    official: boolean("official").notNull().generatedAlwaysAs(sql`claim_uuid is not null`),
    ...voteCounters(),
    replySize: integer("reply_size").notNull().default(0),
    attachmentCount: smallint("attachment_count").notNull().default(0),
    deleted: boolean("deleted").notNull().default(false),
    /**
     * Set when moderators hid it (HIDDEN), reports from trusted accounts did pending review
     * (PENDING_REVIEW), or its author was suspended with their contributions (AUTHOR_SUSPENDED);
     * `deleted` is then true as well, so every list and counter treats it as a
     * placeholder, but the text stays for a restore (docs/moderation.md).
     */
    moderation: text("moderation", { enum: MODERATION_STATES }),
    editedAt: timestamp("edited_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    // A page's list in the default order (official first, then newest) straight off the index;
    // plain DESC (nulls first) because that is what `ORDER BY x desc` asks for.
    index("contributions_page_list_idx").on(
      t.sitePageId,
      t.kind,
      t.official.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // "Oldest": official first, then oldest.
    index("contributions_page_oldest_idx").on(
      t.sitePageId,
      t.kind,
      t.official.desc().nullsFirst(),
      t.createdAt,
      t.id,
    ),
    index("contributions_parent_idx").on(t.parentId, t.createdAt, t.id),
    index("contributions_author_idx").on(
      t.authorId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export const REVIEW_SENTIMENTS = ["NEGATIVE", "POSITIVE", "EXPERT"] as const;

/** The review part of a REVIEW contribution: one per profile per page. */
export const reviews = pgTable(
  "reviews",
  {
    contributionId: uuid("contribution_id")
      .primaryKey()
      .references(() => contributions.id, { onDelete: "cascade" }),
    sitePageId: uuid("site_page_id")
      .notNull()
      .references(() => sitePages.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    sentiment: text("sentiment", { enum: REVIEW_SENTIMENTS }).notNull(),
    title: text("title").notNull(),
    expertise: text("expertise"),
  },
  (t) => [
    uniqueIndex("reviews_page_author_key").on(t.sitePageId, t.authorId),
    index("reviews_page_sentiment_idx").on(t.sitePageId, t.sentiment),
  ],
);

/** The undirected pair of a RELATED_PAGE contribution, stored once with page_a < page_b. */
export const relatedPageLinks = pgTable(
  "related_page_links",
  {
    contributionId: uuid("contribution_id")
      .primaryKey()
      .references(() => contributions.id, { onDelete: "cascade" }),
    pageA: uuid("page_a")
      .notNull()
      .references(() => sitePages.id, { onDelete: "cascade" }),
    pageB: uuid("page_b")
      .notNull()
      .references(() => sitePages.id, { onDelete: "cascade" }),
  },
  (t) => [
    uniqueIndex("related_page_links_pair_key").on(t.pageA, t.pageB),
    index("related_page_links_b_idx").on(t.pageB),
    check("related_page_links_ordered", sql`${t.pageA} < ${t.pageB}`),
  ],
);

/** One vote per profile per target; the target's counters change in the same transaction. */
export const votes = pgTable(
  "votes",
  {
    profileId: uuid("profile_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetKind: text("target_kind", { enum: ["CONTRIBUTION", "SITE_PAGE"] }).notNull(),
    targetId: uuid("target_id").notNull(),
    value: smallint("value").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "votes_pkey", columns: [t.profileId, t.targetKind, t.targetId] }),
    check("votes_value_check", sql`${t.value} in (-1, 1)`),
  ],
);

/** A profile's own note on a page; not a contribution (no votes). */
export const notes = pgTable(
  "notes",
  {
    id: id(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sitePageId: uuid("site_page_id")
      .notNull()
      .references(() => sitePages.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    pinned: boolean("pinned").notNull().default(false),
    visibility: text("visibility", { enum: ["PRIVATE", "ORGANIZATION", "PUBLIC"] })
      .notNull()
      .default("PRIVATE"),
    /** The organisation whose members read an ORGANIZATION note; the note goes with it. */
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    /** A PUBLIC note moderators hid is read by its author alone (docs/moderation.md). */
    moderation: text("moderation", { enum: MODERATION_STATES }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("notes_author_page_idx").on(
      t.authorId,
      t.sitePageId,
      t.pinned.desc().nullsFirst(),
      t.updatedAt.desc().nullsFirst(),
    ),
    index("notes_author_updated_idx").on(
      t.authorId,
      t.pinned.desc().nullsFirst(),
      t.updatedAt.desc().nullsFirst(),
    ),
    // An organisation's notes: of one page (the page view) and all of them (the notes drawer).
    index("notes_organization_page_idx")
      .on(t.sitePageId, t.organizationId)
      .where(sql`${t.visibility} = 'ORGANIZATION'`),
    index("notes_organization_updated_idx")
      .on(t.organizationId, t.updatedAt.desc().nullsFirst())
      .where(sql`${t.visibility} = 'ORGANIZATION'`),
  ],
);

/** An uploaded image or video, reserved first (PENDING) and READY once its file is stored. */
export const attachments = pgTable(
  "attachments",
  {
    id: id(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contributionId: uuid("contribution_id").references(() => contributions.id, { onDelete: "set null" }),
    type: text("type", { enum: ["IMAGE", "VIDEO"] }).notNull(),
    status: text("status", { enum: ["PENDING", "READY"] })
      .notNull()
      .default("PENDING"),
    storageKey: text("storage_key"),
    thumbKey: text("thumb_key"),
    contentType: text("content_type"),
    size: bigint("size", { mode: "number" }),
    width: integer("width"),
    height: integer("height"),
    /** SHA-256 of the one-time upload token; cleared once used. */
    uploadTokenHash: text("upload_token_hash"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("attachments_contribution_idx").on(t.contributionId),
    index("attachments_owner_idx").on(t.ownerId, t.createdAt),
  ],
);
