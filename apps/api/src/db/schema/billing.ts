import {
  INVOICE_KINDS,
  PAID_PLAN_IDS,
  SUBSCRIPTION_END_REASONS,
  SUBSCRIPTION_STATUSES,
} from "@flipside/contracts/billing-constants";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
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
import { sites } from "./discussion.ts";
import { ledgerTransactions, minor } from "./money.ts";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Who invoices are made out to, per wallet owner ("user:<id>", "organization:<id>"). */
export const billingDetails = pgTable("billing_details", {
  ownerKey: text("owner_key").primaryKey(),
  name: text("name").notNull(),
  address: text("address").notNull().default(""),
  country: text("country").notNull(),
  taxId: text("tax_id").notNull().default(""),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

/**
 * A website's paid plan (docs/money.md#plans), paid month by month from its owner's wallet. At most
 * one that has not ENDED per site. The period is counted from `anchor_at`, so a plan started on
 * the 31st renews on the last day of shorter months and on the 31st again after them.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    siteId: uuid("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    plan: text("plan", { enum: PAID_PLAN_IDS }).notNull(),
    /** A downgrade waiting for the period's end. */
    nextPlan: text("next_plan", { enum: PAID_PLAN_IDS }),
    /** Whose wallet pays: the site's owner when it was bought (wallet owner key). */
    payerKey: text("payer_key").notNull(),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull().default("ACTIVE"),
    anchorAt: at("anchor_at").notNull(),
    /** Months since the anchor at the current period's start (0 for the first). */
    period: integer("period").notNull().default(0),
    currentPeriodStart: at("current_period_start").notNull(),
    currentPeriodEnd: at("current_period_end").notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** PAST_DUE: when the plan ends unless a renewal succeeds first. */
    graceUntil: at("grace_until"),
    /** When the renewal is tried (again). */
    nextAttemptAt: at("next_attempt_at"),
    /** Renewal tries that failed in the current period. */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    endedAt: at("ended_at"),
    endReason: text("end_reason", { enum: SUBSCRIPTION_END_REASONS }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscriptions_one_live_per_site").on(t.siteId).where(sql`${t.status} <> 'ENDED'`),
    index("subscriptions_payer_idx").on(t.payerKey, t.createdAt),
    index("subscriptions_due_idx").on(t.nextAttemptAt).where(sql`${t.status} <> 'ENDED'`),
  ],
);

/**
 * An invoice, issued when it is paid. Numbers are gapless per year (`invoice_counters`, taken in
 * the same transaction); buyer and seller are copied as they were. Never updated.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    number: text("number").notNull().unique(),
    kind: text("kind", { enum: INVOICE_KINDS }).notNull(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "restrict" }),
    payerKey: text("payer_key").notNull(),
    domain: text("domain").notNull(),
    plan: text("plan", { enum: PAID_PLAN_IDS }).notNull(),
    /** The subscription's period this pays for (a renewal: once per period). */
    period: integer("period").notNull(),
    periodStart: at("period_start").notNull(),
    periodEnd: at("period_end").notNull(),
    lines: jsonb("lines").$type<{ description: string; amount: number }[]>().notNull(),
    subtotal: minor("subtotal").notNull(),
    taxRate: integer("tax_rate").notNull(),
    tax: minor("tax").notNull(),
    total: minor("total").notNull(),
    currency: text("currency").notNull(),
    buyer: jsonb("buyer")
      .$type<{ name: string; address: string; country: string; taxId: string }>()
      .notNull(),
    seller: jsonb("seller").$type<{ name: string; address: string; taxId: string }>().notNull(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => ledgerTransactions.id),
    issuedAt: at("issued_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invoices_year_sequence_key").on(t.year, t.sequence),
    // A period is billed once: one START or RENEWAL each (upgrades may be several).
    uniqueIndex("invoices_once_per_period").on(t.subscriptionId, t.period).where(sql`${t.kind} <> 'UPGRADE'`),
    index("invoices_payer_idx").on(t.payerKey, t.issuedAt),
    check("invoices_total_check", sql`${t.total} = ${t.subtotal} + ${t.tax}`),
  ],
);

/** The last invoice number of each year; taken with the invoice, so a rollback gives it back. */
export const invoiceCounters = pgTable(
  "invoice_counters",
  { year: integer("year").notNull(), last: integer("last").notNull() },
  (t) => [primaryKey({ name: "invoice_counters_pkey", columns: [t.year] })],
);
