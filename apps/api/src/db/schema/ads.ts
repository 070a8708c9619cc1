import { AD_REPORT_REASONS } from "@flipside/contracts/ad-report";
import type { AdForecastInput, AdGeoShape } from "@flipside/contracts/ads";
import {
  AD_ACCOUNT_STATUSES,
  AD_AUTOPILOT_STATUSES,
  AD_BID_STRATEGIES,
  AD_CAMPAIGN_STATUSES,
  AD_CONVERSION_SOURCES,
  AD_EVENT_KINDS,
  AD_FILTER_MODES,
  AD_FREQUENCY_PERIODS,
  AD_INVALID_REASONS,
  AD_NOT_BILLED_REASONS,
  AD_OWNER_KINDS,
  AD_PACINGS,
  AD_PRICING_MODELS,
  AD_REJECTION_REASONS,
  AD_REVIEW_STATUSES,
  AD_STATEMENT_STATUSES,
  AD_TARGET_KINDS,
  type AdAudienceAction,
  type AdAudienceRuleType,
  type AdFilterRuleType,
} from "@flipside/contracts/ads-constants";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
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
import { organizations } from "./organizations.ts";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => at("created_at").notNull().defaultNow();
const updatedAt = () => at("updated_at").notNull().defaultNow();
/** Optimistic concurrency: every PUT names the version it read; a mismatch is a 409 (ADS.md §2.2). */
const version = () => integer("version").notNull().default(0);
/** Money of ads in micros (1 unit = 1,000,000): exact in JavaScript numbers up to 2^53. */
const micros = (name: string) => bigint(name, { mode: "number" });

/**
 * An advertiser account (ADS.md §3.1, decision 036): one per person or organisation, paid from
 * that owner's wallet, in the deployment's currency. Like wallets, it outlives a deleted owner
 * (its owner's id is then null and nobody can use it), so its spend stays explained.
 */
export const adAccounts = pgTable(
  "ad_accounts",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    ownerKind: text("owner_kind", { enum: AD_OWNER_KINDS }).notNull(),
    /** "user:<id>" or "organization:<id>", as the ledger's wallets: one account per owner. */
    ownerKey: text("owner_key").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    timezone: text("timezone").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: AD_ACCOUNT_STATUSES }).notNull().default("ACTIVE"),
    suspensionReason: text("suspension_reason"),
    suspendedAt: at("suspended_at"),
    suspendedBy: uuid("suspended_by").references(() => users.id, { onDelete: "set null" }),
    /** The local day its people were last told the wallet runs low (once a day at most). */
    walletLowNotifiedOn: date("wallet_low_notified_on", { mode: "string" }),
    /**
     * Signs the advertiser's server-to-server conversions (HMAC-SHA256); only its OWNERs and
     * ADMINs read it, and may replace it.
     */
    conversionSecret: text("conversion_secret")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    /** A conversion counts for the last click this many days before it (1–90). */
    conversionWindowDays: integer("conversion_window_days").notNull().default(30),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex("ad_accounts_owner_key").on(t.ownerKey),
    index("ad_accounts_user_idx").on(t.userId),
    index("ad_accounts_organization_idx").on(t.organizationId),
    check("ad_accounts_name_length", sql`char_length(${t.name}) between 1 and 100`),
    check("ad_accounts_currency_check", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("ad_accounts_conversion_window", sql`${t.conversionWindowDays} between 1 and 90`),
    check(
      "ad_accounts_owner_check",
      sql`(${t.ownerKind} = 'USER' and ${t.organizationId} is null) or (${t.ownerKind} = 'ORGANIZATION' and ${t.userId} is null)`,
    ),
  ],
);

/**
 * An uploaded creative image (ADS.md §2.3): reserved with a one-time upload address (only its
 * hash kept), then checked by content, re-encoded without metadata and stored.
 */
export const adCreativeImages = pgTable(
  "ad_creative_images",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    adAccountId: uuid("ad_account_id")
      .notNull()
      .references(() => adAccounts.id),
    uploadTokenHash: text("upload_token_hash"),
    expiresAt: at("expires_at").notNull(),
    storageKey: text("storage_key"),
    contentType: text("content_type"),
    size: integer("size"),
    width: integer("width"),
    height: integer("height"),
    createdAt: createdAt(),
  },
  (t) => [index("ad_creative_images_account_idx").on(t.adAccountId)],
);

/** A native ad: headline, text, link and an optional image, reviewed before it runs (ADS.md §3.4). */
export const adCreatives = pgTable(
  "ad_creatives",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    adAccountId: uuid("ad_account_id")
      .notNull()
      .references(() => adAccounts.id),
    name: text("name").notNull(),
    headline: text("headline").notNull(),
    body: text("body").notNull().default(""),
    destinationUrl: text("destination_url").notNull(),
    displayDomain: text("display_domain").notNull(),
    imageId: uuid("image_id").references(() => adCreativeImages.id),
    reviewStatus: text("review_status", { enum: AD_REVIEW_STATUSES }).notNull().default("PENDING_REVIEW"),
    rejectionReason: text("rejection_reason", { enum: AD_REJECTION_REASONS }),
    rejectionNote: text("rejection_note"),
    submittedAt: at("submitted_at").notNull().defaultNow(),
    reviewedAt: at("reviewed_at"),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    archivedAt: at("archived_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index("ad_creatives_account_idx").on(t.adAccountId, t.createdAt),
    // The review queue: oldest first, pending only.
    index("ad_creatives_review_queue_idx")
      .on(t.submittedAt)
      .where(sql`${t.reviewStatus} = 'PENDING_REVIEW' and ${t.archivedAt} is null`),
    check("ad_creatives_headline_length", sql`char_length(${t.headline}) between 1 and 60`),
    check("ad_creatives_body_length", sql`char_length(${t.body}) <= 150`),
    check("ad_creatives_name_length", sql`char_length(${t.name}) between 1 and 100`),
    check(
      "ad_creatives_rejection_check",
      sql`(${t.reviewStatus} = 'REJECTED') = (${t.rejectionReason} is not null)`,
    ),
  ],
);

/**
 * A filter list (ADS.md §3.5). Its rules are one jsonb array of normalised `{type, value}`, unique
 * within the list: a list is read and written whole, and serving holds every list in memory.
 */
export const adFilterLists = pgTable(
  "ad_filter_lists",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    adAccountId: uuid("ad_account_id")
      .notNull()
      .references(() => adAccounts.id),
    name: text("name").notNull(),
    mode: text("mode", { enum: AD_FILTER_MODES }).notNull().default("EXCLUDE"),
    rules: jsonb("rules").$type<{ type: AdFilterRuleType; value: string }[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index("ad_filter_lists_account_idx").on(t.adAccountId),
    check("ad_filter_lists_name_length", sql`char_length(${t.name}) between 1 and 100`),
    check("ad_filter_lists_rules_count", sql`jsonb_array_length(${t.rules}) <= 5000`),
  ],
);

/** A geo fence (ADS.md §3.6): 1–100 countries, circles and simple polygons, as one jsonb array. */
export const adGeoFences = pgTable(
  "ad_geo_fences",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    adAccountId: uuid("ad_account_id")
      .notNull()
      .references(() => adAccounts.id),
    name: text("name").notNull(),
    shapes: jsonb("shapes").$type<AdGeoShape[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index("ad_geo_fences_account_idx").on(t.adAccountId),
    check("ad_geo_fences_name_length", sql`char_length(${t.name}) between 1 and 100`),
    check("ad_geo_fences_shapes_count", sql`jsonb_array_length(${t.shapes}) between 1 and 100`),
  ],
);

/** A retargeting audience (ADS.md §3.7): 1–10 rules over Flipside page views and contributions. */
export const adAudiences = pgTable(
  "ad_audiences",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    adAccountId: uuid("ad_account_id")
      .notNull()
      .references(() => adAccounts.id),
    name: text("name").notNull(),
    membershipDays: integer("membership_days").notNull().default(30),
    rules: jsonb("rules")
      .$type<{ action: AdAudienceAction; type: AdAudienceRuleType; value: string }[]>()
      .notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index("ad_audiences_account_idx").on(t.adAccountId),
    check("ad_audiences_name_length", sql`char_length(${t.name}) between 1 and 100`),
    check("ad_audiences_days", sql`${t.membershipDays} between 1 and 180`),
    check("ad_audiences_rules_count", sql`jsonb_array_length(${t.rules}) between 1 and 10`),
  ],
);

/**
 * Who is in an audience: signed-in people who allow personalised ads, while their last qualifying
 * view or contribution is within the audience's days. Refreshed on each one, purged after.
 */
export const adAudienceMembers = pgTable(
  "ad_audience_members",
  {
    audienceId: uuid("audience_id")
      .notNull()
      .references(() => adAudiences.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "ad_audience_members_pkey", columns: [t.audienceId, t.userId] }),
    index("ad_audience_members_user_idx").on(t.userId),
  ],
);

/** A campaign (ADS.md §3.2): budget, schedule, bid and targeting; money in micros, hard caps. */
export const adCampaigns = pgTable(
  "ad_campaigns",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    adAccountId: uuid("ad_account_id")
      .notNull()
      .references(() => adAccounts.id),
    name: text("name").notNull(),
    status: text("status", { enum: AD_CAMPAIGN_STATUSES }).notNull().default("DRAFT"),
    pricingModel: text("pricing_model", { enum: AD_PRICING_MODELS }).notNull(),
    bidStrategy: text("bid_strategy", { enum: AD_BID_STRATEGIES }).notNull().default("MANUAL"),
    bidMicros: micros("bid_micros").notNull(),
    targetMicros: micros("target_micros"),
    bidCeilingMicros: micros("bid_ceiling_micros"),
    bidFloorMicros: micros("bid_floor_micros"),
    autopilotStatus: text("autopilot_status", { enum: AD_AUTOPILOT_STATUSES }).notNull().default("OFF"),
    learningEventsLeft: integer("learning_events_left").notNull().default(0),
    /** Since when the autopilot learns (its strategy or target set, or the launch). */
    autopilotSince: at("autopilot_since"),
    /** Its last run on this campaign: once per interval, whichever instance runs it. */
    autopilotRanAt: at("autopilot_ran_at"),
    totalBudgetMicros: micros("total_budget_micros").notNull(),
    dailyBudgetMicros: micros("daily_budget_micros"),
    pacing: text("pacing", { enum: AD_PACINGS }).notNull().default("EVEN"),
    startAt: at("start_at").notNull(),
    endAt: at("end_at"),
    /** ISO weekdays (Monday 1) and minutes of the day in 15-minute steps, or null for always. */
    weeklySchedule: jsonb("weekly_schedule").$type<{ day: number; fromMinute: number; toMinute: number }[]>(),
    freqCapImpressions: integer("freq_cap_impressions"),
    freqCapPeriod: text("freq_cap_period", { enum: AD_FREQUENCY_PERIODS }),
    spentMicros: micros("spent_micros").notNull().default(0),
    /** The local day (account time zone) `spent_day_micros` counts. */
    spentDay: date("spent_day", { mode: "string" }),
    spentDayMicros: micros("spent_day_micros").notNull().default(0),
    /**
     * What is left of the hold to bill (ADS.md §4.5): the hold's ledger account carries this
     * plus what is billed and not yet settled, so hold × micros-per-minor = this + unsettled.
     */
    holdRemainingMicros: micros("hold_remaining_micros").notNull().default(0),
    /** The local day the hold was last sized for: a new day releases it and takes a new one. */
    holdDay: date("hold_day", { mode: "string" }),
    /** Σ AD_SPEND of this campaign, in minor units: billed micros not yet settled = spent − this. */
    settledMinor: bigint("settled_minor", { mode: "number" }).notNull().default(0),
    launchedAt: at("launched_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index("ad_campaigns_account_idx").on(t.adAccountId, t.updatedAt),
    index("ad_campaigns_active_idx").on(t.status).where(sql`${t.status} = 'ACTIVE'`),
    // Names are unique per account among campaigns that are not archived, whatever their case.
    uniqueIndex("ad_campaigns_name_key")
      .on(t.adAccountId, sql`lower(${t.name})`)
      .where(sql`${t.status} <> 'ARCHIVED'`),
    check("ad_campaigns_name_length", sql`char_length(${t.name}) between 1 and 100`),
    check("ad_campaigns_spent_within_total", sql`${t.spentMicros} <= ${t.totalBudgetMicros}`),
    check(
      "ad_campaigns_daily_within_total",
      sql`${t.dailyBudgetMicros} is null or ${t.dailyBudgetMicros} <= ${t.totalBudgetMicros}`,
    ),
    check(
      "ad_campaigns_spent_day_within_daily",
      sql`${t.dailyBudgetMicros} is null or ${t.spentDayMicros} <= ${t.dailyBudgetMicros}`,
    ),
    check("ad_campaigns_end_after_start", sql`${t.endAt} is null or ${t.endAt} > ${t.startAt}`),
    check(
      "ad_campaigns_floor_below_ceiling",
      sql`${t.bidFloorMicros} is null or ${t.bidCeilingMicros} is null or ${t.bidFloorMicros} < ${t.bidCeilingMicros}`,
    ),
    check("ad_campaigns_hold_not_negative", sql`${t.holdRemainingMicros} >= 0`),
    check(
      "ad_campaigns_frequency",
      sql`(${t.freqCapImpressions} is null) = (${t.freqCapPeriod} is null) and (${t.freqCapImpressions} is null or ${t.freqCapImpressions} between 1 and 100)`,
    ),
  ],
);

/** The creatives a campaign shows ("ads"), at most 50. */
export const adCampaignCreatives = pgTable(
  "ad_campaign_creatives",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => adCampaigns.id, { onDelete: "cascade" }),
    creativeId: uuid("creative_id")
      .notNull()
      .references(() => adCreatives.id),
  },
  (t) => [
    primaryKey({ name: "ad_campaign_creatives_pkey", columns: [t.campaignId, t.creativeId] }),
    index("ad_campaign_creatives_creative_idx").on(t.creativeId),
  ],
);

/**
 * A campaign's targeting: filter lists, geo fences shown in or not, audiences included or
 * excluded, at most 20 of each kind, all of the campaign's account. The target is not a foreign
 * key (three tables): deleting one that a campaign uses is refused by the service (409).
 */
export const adCampaignTargets = pgTable(
  "ad_campaign_targets",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => adCampaigns.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: AD_TARGET_KINDS }).notNull(),
    targetId: uuid("target_id").notNull(),
  },
  (t) => [
    primaryKey({ name: "ad_campaign_targets_pkey", columns: [t.campaignId, t.kind, t.targetId] }),
    index("ad_campaign_targets_target_idx").on(t.targetId),
  ],
);

/** A counted event's columns (ADS.md §3.9): what the signed decision said, and whether it was billed. */
const eventColumns = () => ({
  /** The decision's id: one impression and one click per decision, whatever the replays. */
  decisionId: uuid("decision_id").primaryKey(),
  campaignId: uuid("campaign_id")
    .notNull()
    .references(() => adCampaigns.id),
  creativeId: uuid("creative_id")
    .notNull()
    .references(() => adCreatives.id),
  adAccountId: uuid("ad_account_id")
    .notNull()
    .references(() => adAccounts.id),
  siteDomain: text("site_domain").notNull(),
  sitePageId: uuid("site_page_id"),
  viewerKey: text("viewer_key").notNull(),
  country: text("country"),
  priceMicros: micros("price_micros").notNull(),
  billed: boolean("billed").notNull(),
  notBilledReason: text("not_billed_reason", { enum: AD_NOT_BILLED_REASONS }),
  at: at("at").notNull().defaultNow(),
});

/** Viewable impressions (half the ad for a continuous second), valid ones only. */
export const adImpressions = pgTable("ad_impressions", eventColumns(), (t) => [
  index("ad_impressions_campaign_idx").on(t.campaignId, t.at),
  // Reports: an account's events over a range of days.
  index("ad_impressions_account_idx").on(t.adAccountId, t.at),
  // Frequency caps: a viewer's impressions of a campaign in the last 30 days.
  index("ad_impressions_viewer_idx").on(t.viewerKey, t.at),
  check("ad_impressions_billed_check", sql`${t.billed} = (${t.notBilledReason} is null)`),
]);

/** Clicks through to the advertiser, valid ones only. */
export const adClicks = pgTable("ad_clicks", eventColumns(), (t) => [
  index("ad_clicks_campaign_idx").on(t.campaignId, t.at),
  index("ad_clicks_account_idx").on(t.adAccountId, t.at),
  check("ad_clicks_billed_check", sql`${t.billed} = (${t.notBilledReason} is null)`),
]);

/**
 * Conversions (ADS.md amendments): what the advertiser's site reported after a click, one per
 * click (a page reloaded or a pixel fired twice counts once), with the click's campaign,
 * creative, site and country for the reports.
 */
export const adConversions = pgTable(
  "ad_conversions",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    /** The click's decision: one conversion per click. */
    clickId: uuid("click_id")
      .notNull()
      .references(() => adClicks.decisionId),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => adCampaigns.id),
    creativeId: uuid("creative_id").notNull(),
    adAccountId: uuid("ad_account_id")
      .notNull()
      .references(() => adAccounts.id),
    siteDomain: text("site_domain").notNull(),
    country: text("country"),
    source: text("source", { enum: AD_CONVERSION_SOURCES }).notNull(),
    /** What it was worth to the advertiser, when they said. */
    valueMicros: micros("value_micros"),
    clickedAt: at("clicked_at").notNull(),
    at: at("at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ad_conversions_click_key").on(t.clickId),
    index("ad_conversions_account_idx").on(t.adAccountId, t.at),
    index("ad_conversions_campaign_idx").on(t.campaignId, t.at),
  ],
);

/**
 * Invalid traffic (ADS.md §4.6): kept apart, so an invalid or prefetched beacon never uses up its
 * token; never billed. A bad signature carries no ids that could be trusted.
 */
export const adInvalidEvents = pgTable(
  "ad_invalid_events",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    event: text("event", { enum: AD_EVENT_KINDS }).notNull(),
    reason: text("reason", { enum: AD_INVALID_REASONS }).notNull(),
    decisionId: uuid("decision_id"),
    campaignId: uuid("campaign_id"),
    adAccountId: uuid("ad_account_id"),
    /** The signed decision's creative, site and reader's country, so reports break it down alike. */
    creativeId: uuid("creative_id"),
    siteDomain: text("site_domain"),
    country: text("country"),
    at: at("at").notNull().defaultNow(),
  },
  (t) => [
    index("ad_invalid_events_at_idx").on(t.at),
    index("ad_invalid_events_account_idx").on(t.adAccountId, t.at),
  ],
);

/** "Hide this ad": a reader (account, or the anonymous day's key) never sees the creative again. */
export const adHidden = pgTable(
  "ad_hidden",
  {
    viewerKey: text("viewer_key").notNull(),
    creativeId: uuid("creative_id")
      .notNull()
      .references(() => adCreatives.id, { onDelete: "cascade" }),
    at: at("at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "ad_hidden_pkey", columns: [t.viewerKey, t.creativeId] })],
);

/** "Report this ad": one report per reader and creative, for the reviewers. */
export const adReports = pgTable(
  "ad_reports",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    creativeId: uuid("creative_id")
      .notNull()
      .references(() => adCreatives.id, { onDelete: "cascade" }),
    campaignId: uuid("campaign_id").references(() => adCampaigns.id, { onDelete: "set null" }),
    viewerKey: text("viewer_key").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason", { enum: AD_REPORT_REASONS }).notNull(),
    at: at("at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ad_reports_viewer_key").on(t.viewerKey, t.creativeId),
    index("ad_reports_creative_idx").on(t.creativeId, t.at),
  ],
);

/**
 * An account's monthly statement (ADS.md §3.10): what its campaigns were charged (AD_SPEND) in a
 * month of its time zone. OPEN while the month runs; issued, numbered and frozen early on the 1st.
 * The PDF is drawn from the ledger, which never changes, so it is not stored.
 */
export const adStatements = pgTable(
  "ad_statements",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    adAccountId: uuid("ad_account_id")
      .notNull()
      .references(() => adAccounts.id, { onDelete: "cascade" }),
    /** YYYY-MM in the account's time zone. */
    period: text("period").notNull(),
    status: text("status", { enum: AD_STATEMENT_STATUSES }).notNull().default("OPEN"),
    number: text("number"),
    totalMinor: bigint("total_minor", { mode: "number" }).notNull().default(0),
    currency: text("currency").notNull(),
    issuedAt: at("issued_at"),
  },
  (t) => [
    uniqueIndex("ad_statements_period_key").on(t.adAccountId, t.period),
    uniqueIndex("ad_statements_number_key").on(t.number),
    check("ad_statements_period_check", sql`${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check(
      "ad_statements_issued_check",
      sql`(${t.status} = 'ISSUED') = (${t.number} is not null and ${t.issuedAt} is not null)`,
    ),
  ],
);

/** The last statement number of each year of issue (gapless: taken in the issuing transaction). */
export const adStatementCounters = pgTable("ad_statement_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

/**
 * Page views that asked for ads, a sample of them (decision 042): what media planning replays.
 * One in ADS_REQUEST_SAMPLE_RATE requests, each row standing for `weight` of them; kept 28 days.
 * The reader is the serving key (anonymous keys rotate daily); the user only when they agreed to
 * personalised ads (audiences need it); the place as coarse as a fence needs (0.1°).
 */
export const adRequestSamples = pgTable(
  "ad_request_samples",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    at: at("at").notNull().defaultNow(),
    weight: integer("weight").notNull(),
    normalizedUrl: text("normalized_url").notNull(),
    host: text("host").notNull(),
    sitePageId: uuid("site_page_id"),
    viewerKey: text("viewer_key").notNull(),
    userId: uuid("user_id"),
    country: text("country"),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
  },
  (t) => [
    index("ad_request_samples_at_idx").on(t.at),
    check("ad_request_samples_weight_check", sql`${t.weight} > 0`),
  ],
);

/** A saved media plan (ADS.md §3.8): the forecast's input, forecast again on every read. */
export const adPlans = pgTable(
  "ad_plans",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    adAccountId: uuid("ad_account_id")
      .notNull()
      .references(() => adAccounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    input: jsonb("input").$type<AdForecastInput>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("ad_plans_account_idx").on(t.adAccountId, t.createdAt)],
);

/**
 * Every bid the autopilot set (ADS.md §3.8, decision 043), with what it measured over which
 * window and why, in the advertiser's words; and the undoing of one.
 */
export const adBidChanges = pgTable(
  "ad_bid_changes",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => adCampaigns.id, { onDelete: "cascade" }),
    at: at("at").notNull().defaultNow(),
    oldBidMicros: micros("old_bid_micros").notNull(),
    newBidMicros: micros("new_bid_micros").notNull(),
    reason: text("reason").notNull(),
    windowFrom: at("window_from").notNull(),
    windowTo: at("window_to").notNull(),
    clicks: integer("clicks").notNull(),
    impressions: integer("impressions").notNull(),
    conversions: integer("conversions").notNull().default(0),
    spendMicros: micros("spend_micros").notNull(),
    /** This change undoes that one. */
    undoes: uuid("undoes"),
    undoneAt: at("undone_at"),
  },
  (t) => [index("ad_bid_changes_campaign_idx").on(t.campaignId, t.at)],
);
