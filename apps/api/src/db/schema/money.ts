import {
  LEDGER_ACCOUNT_KINDS,
  LEDGER_TRANSACTION_KINDS,
  TOP_UP_STATUSES,
} from "@flipside/contracts/money-constants";
import { sql } from "drizzle-orm";
import {
  bigint,
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
import { organizations } from "./organizations.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
/** Minor units: JavaScript numbers are exact up to 2^53, far beyond any balance. */
export const minor = (name: string) => bigint(name, { mode: "number" });

/**
 * One account of the ledger (decision 033, docs/money.md): a person's or an organisation's wallet,
 * or one side of the platform's books. Never deleted: a deleted owner leaves its wallet without
 * an owner, and the money in the books.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    kind: text("kind", { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    /** "user:<id>", "organization:<id>" for wallets, the kind for the platform's accounts. */
    ownerKey: text("owner_key").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    currency: text("currency").notNull(),
    /** The sum of the account's entries, written with them; `checkLedger` compares, `rebuild` recomputes. */
    balance: minor("balance").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ledger_accounts_owner_key").on(t.ownerKey, t.currency),
    check("ledger_accounts_currency_check", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("ledger_accounts_wallet_not_negative", sql`${t.kind} <> 'WALLET' or ${t.balance} >= 0`),
  ],
);

/**
 * One movement of money: two or more entries summing to zero (checked at commit by a trigger,
 * migration 0028). Neither transactions nor entries are ever updated or deleted.
 */
export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    kind: text("kind", { enum: LEDGER_TRANSACTION_KINDS }).notNull(),
    currency: text("currency").notNull(),
    /** What the wallet history says, e.g. "Top-up by card", "Pro plan, March 2027". */
    description: text("description").notNull(),
    /** An operator's reason for a credit or a correction. */
    memo: text("memo").notNull().default(""),
    /** The outside thing this settles (a checkout session, an invoice): unique per kind. */
    reference: text("reference"),
    /** The transaction a REVERSAL undoes; at most one reversal each. */
    reversesId: uuid("reverses_id"),
    /** Who made it happen; no foreign key, as the row must outlive its author unchanged. */
    actorId: uuid("actor_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ledger_transactions_reference_key")
      .on(t.kind, t.reference)
      .where(sql`${t.reference} is not null`),
    uniqueIndex("ledger_transactions_reverses_key").on(t.reversesId).where(sql`${t.reversesId} is not null`),
  ],
);

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: "restrict" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: "restrict" }),
    /** Received (positive) or given (negative) by the account. */
    amount: minor("amount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("ledger_entries_amount_check", sql`${t.amount} <> 0`),
    // An account's history, newest first, with running balances.
    index("ledger_entries_account_idx").on(t.accountId, t.id),
    index("ledger_entries_transaction_idx").on(t.transactionId),
  ],
);

/**
 * A money-moving call's key and its answer (lib/idempotency.ts), kept a day: a retry with the same
 * key and body answers the first result, another body a 422.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** The caller: keys are per person, so one person's key cannot collide with another's. */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** SHA-256 of the method, the route and the body. */
    fingerprint: text("fingerprint").notNull(),
    status: integer("status").notNull(),
    body: jsonb("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "idempotency_keys_pkey", columns: [t.userId, t.key] }),
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);

/** The payment provider's customer of a wallet's owner, made at their first checkout. */
export const paymentCustomers = pgTable("payment_customers", {
  /** "user:<id>" or "organization:<id>", as the wallet's `owner_key`. */
  ownerKey: text("owner_key").primaryKey(),
  customerId: text("customer_id").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * A top-up on its way through the provider's checkout. The wallet is credited by the webhook
 * (ledger reference: the session id), once, whatever order or how often events arrive.
 */
export const topUps = pgTable(
  "top_ups",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    sessionId: text("session_id").notNull().unique(),
    /** The provider's page to pay on, while OPEN. */
    checkoutUrl: text("checkout_url"),
    ownerKey: text("owner_key").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    amount: minor("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: TOP_UP_STATUSES }).notNull().default("OPEN"),
    /** Who started it. */
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    transactionId: uuid("transaction_id").references(() => ledgerTransactions.id),
    createdAt: createdAt(),
    settledAt: timestamp("settled_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("top_ups_owner_idx").on(t.ownerKey, t.createdAt)],
);

/** Every provider event handled, by its id: a webhook delivered again is answered and skipped. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
