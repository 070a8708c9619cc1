import { AD_ACCOUNT_STATUSES, AD_OWNER_KINDS } from "@flipside/contracts/ads-constants";
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
