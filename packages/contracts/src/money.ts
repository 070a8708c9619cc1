import { z } from "zod";
import { PAID_PLAN_IDS } from "./billing-constants.ts";
import {
  CREDIT_REASON_MAX,
  LEDGER_TRANSACTION_KINDS,
  MONEY_MESSAGES,
  TOP_UP_STATUSES,
  WALLET_OWNER_KINDS,
} from "./money-constants.ts";

export { MONEY_MESSAGES };

/** An amount in the currency's smallest unit (cents for EUR): never a fraction. */
const Minor = z.number().int().describe("Minor units of the currency (cents for EUR)");
const Positive = z.number().int().positive().max(1_000_000_000_00).describe("Minor units, above zero");

export const WalletOwnerKind = z.enum(WALLET_OWNER_KINDS).meta({ id: "WalletOwnerKind" });
export const LedgerTransactionKind = z.enum(LEDGER_TRANSACTION_KINDS).meta({ id: "LedgerTransactionKind" });

export const WalletOwner = z
  .object({ kind: WalletOwnerKind, id: z.uuid(), name: z.string() })
  .meta({ id: "WalletOwner" });
export type WalletOwner = z.infer<typeof WalletOwner>;

export const Wallet = z
  .object({
    owner: WalletOwner,
    currency: z.string().length(3),
    balance: Minor,
    /** Whether the viewer may top up, move money out of and export this wallet. */
    canManage: z.boolean(),
    topUp: z.object({
      /** False while the server has no payment provider configured. */
      available: z.boolean(),
      minimum: Minor,
      maximum: Minor,
      presets: z.array(Minor),
    }),
  })
  .meta({ id: "Wallet" });
export type Wallet = z.infer<typeof Wallet>;

/** One line of a wallet's history: one ledger transaction as this wallet saw it. */
export const WalletLine = z
  .object({
    id: z.uuid(),
    kind: LedgerTransactionKind,
    description: z.string(),
    /** Received (positive) or paid (negative) by this wallet. */
    amount: Minor,
    /** The wallet's balance right after this line. */
    balanceAfter: Minor,
    createdDate: z.iso.datetime(),
    /** The transaction this one corrects, for a REVERSAL. */
    reverses: z.uuid().nullable(),
  })
  .meta({ id: "WalletLine" });
export type WalletLine = z.infer<typeof WalletLine>;

const DateOnly = z.iso.date().describe("YYYY-MM-DD (UTC)");

export const WalletLinesQuery = z.object({
  organizationId: z.uuid().optional().describe("An organisation's wallet instead of your own"),
  kind: LedgerTransactionKind.optional(),
  direction: z.enum(["IN", "OUT"]).optional().describe("Only money received, or only money paid"),
  from: DateOnly.optional(),
  to: DateOnly.optional().describe("Inclusive"),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(25),
  format: z.enum(["json", "csv"]).default("json").describe("csv: every matching line, as a file"),
});
export type WalletLinesQuery = z.infer<typeof WalletLinesQuery>;

/** Move money between your own wallet and an organisation's you manage, or between two of those. */
export const TransferRequest = z
  .strictObject({
    fromOrganizationId: z.uuid().nullable().describe("null: your own wallet"),
    toOrganizationId: z.uuid().nullable().describe("null: your own wallet"),
    amount: Positive,
  })
  .meta({ id: "TransferRequest" });
export type TransferRequest = z.infer<typeof TransferRequest>;

export const Transfer = z
  .object({ transactionId: z.uuid(), amount: Minor, from: Wallet, to: Wallet })
  .meta({ id: "Transfer" });
export type Transfer = z.infer<typeof Transfer>;

/** An operator's credit to a wallet, with the reason the ledger keeps. */
export const CreditRequest = z
  .strictObject({
    ownerKind: WalletOwnerKind,
    ownerId: z.uuid(),
    amount: Positive,
    reason: z.string().trim().min(1, MONEY_MESSAGES.creditReasonRequired).max(CREDIT_REASON_MAX),
  })
  .meta({ id: "CreditRequest" });
export type CreditRequest = z.infer<typeof CreditRequest>;

export const Credit = z
  .object({ transactionId: z.uuid(), owner: WalletOwner, amount: Minor, balance: Minor })
  .meta({ id: "Credit" });
export type Credit = z.infer<typeof Credit>;

/** Start a top-up: the answer's `checkoutUrl` is the payment provider's page to pay on. */
export const TopUpRequest = z
  .strictObject({
    organizationId: z.uuid().nullable().default(null).describe("null: your own wallet"),
    amount: Positive,
    /** Come back to this site's checkout instead of the wallet (a top-up of what a plan needs). */
    returnTo: z
      .strictObject({
        domain: z.string().regex(/^[a-z0-9.-]{1,253}$/, "A domain in lower case, in punycode."),
        plan: z.enum(PAID_PLAN_IDS),
      })
      .optional(),
  })
  .meta({ id: "TopUpRequest" });
export type TopUpRequest = z.infer<typeof TopUpRequest>;

/** A card the payment provider keeps for the wallet's owner: it pays renewals the wallet cannot. */
export const SavedCard = z
  .object({ brand: z.string(), last4: z.string(), expMonth: z.int(), expYear: z.int() })
  .meta({ id: "SavedCard" });
export type SavedCard = z.infer<typeof SavedCard>;

export const TopUp = z
  .object({
    id: z.uuid(),
    amount: Minor,
    currency: z.string().length(3),
    /** OPEN until the provider confirms the payment (PAID) or the checkout lapses (EXPIRED). */
    status: z.enum(TOP_UP_STATUSES),
    /** Where to pay, while OPEN. */
    checkoutUrl: z.url().nullable(),
    createdDate: z.iso.datetime(),
    settledDate: z.iso.datetime().nullable(),
  })
  .meta({ id: "TopUp" });
export type TopUp = z.infer<typeof TopUp>;
