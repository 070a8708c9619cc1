import {
  AD_ACCOUNT_STATUSES,
  AD_OWNER_KINDS,
  AD_REJECTION_REASONS,
  AD_REVIEW_STATUSES,
} from "@flipside/contracts/ads-constants";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { v7 as uuidv7 } from "uuid";
import { users } from "./accounts.ts";
import { organizations } from "./organizations.ts";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => at("created_at").notNull().defaultNow();
const updatedAt = () => at("updated_at").notNull().defaultNow();
/** Optimistic concurrency: every PUT names the version it read; a mismatch is a 409 (ADS.md §2.2). */
const version = () => integer("version").notNull().default(0);

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
