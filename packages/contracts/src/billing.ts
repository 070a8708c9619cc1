import { z } from "zod";
import {
  BILLING_ADDRESS_MAX,
  BILLING_MESSAGES,
  BILLING_NAME_MAX,
  COUNTRY_CODES,
  INVOICE_KINDS,
  PAID_PLAN_IDS,
  PLAN_IDS,
  SUBSCRIPTION_END_REASONS,
  SUBSCRIPTION_STATUSES,
  TAX_ID_MAX,
} from "./billing-constants.ts";
import { SavedCard, WalletOwner } from "./money.ts";

export { BILLING_MESSAGES };

const Minor = z.number().int().describe("Minor units of the currency (cents for EUR)");
const Currency = z.string().length(3);

export const PlanId = z.enum(PLAN_IDS).meta({ id: "PlanId" });
export const PaidPlanId = z.enum(PAID_PLAN_IDS).meta({ id: "PaidPlanId" });

export const Plan = z
  .object({
    id: PlanId,
    name: z.string(),
    /** Per website per month, before tax. */
    price: Minor,
    currency: Currency,
    period: z.literal("MONTH"),
    benefits: z.array(z.string()),
  })
  .meta({ id: "Plan" });
export type Plan = z.infer<typeof Plan>;

export const Country = z.enum(COUNTRY_CODES, { error: BILLING_MESSAGES.countryUnknown });

/** Who an invoice is made out to: a person's or an organisation's billing details. */
export const BillingDetails = z
  .object({
    name: z.string().trim().min(1).max(BILLING_NAME_MAX),
    address: z.string().trim().max(BILLING_ADDRESS_MAX).default(""),
    country: Country,
    taxId: z.string().trim().max(TAX_ID_MAX).default(""),
  })
  .meta({ id: "BillingDetails" });
export type BillingDetails = z.infer<typeof BillingDetails>;

export const BillingDetailsRequest = z
  .strictObject({
    organizationId: z.uuid().nullable().default(null).describe("null: your own"),
    ...BillingDetails.shape,
  })
  .meta({ id: "BillingDetailsRequest" });
export type BillingDetailsRequest = z.infer<typeof BillingDetailsRequest>;

export const Subscription = z
  .object({
    id: z.uuid(),
    domain: z.string(),
    plan: PaidPlanId,
    /** The plan it becomes at the period's end (a downgrade), if any. */
    nextPlan: PaidPlanId.nullable(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    /** Before tax, per month. */
    price: Minor,
    currency: Currency,
    payer: WalletOwner,
    currentPeriodStart: z.iso.datetime(),
    currentPeriodEnd: z.iso.datetime(),
    /** Set to end when the period does (canceled, can be resumed until then). */
    cancelAtPeriodEnd: z.boolean(),
    /** PAST_DUE: the plan holds until then while the renewal is tried again. */
    graceUntil: z.iso.datetime().nullable(),
    endedDate: z.iso.datetime().nullable(),
    endReason: z.enum(SUBSCRIPTION_END_REASONS).nullable(),
    /** Whether the viewer may change, cancel or resume it. */
    canManage: z.boolean(),
  })
  .meta({ id: "Subscription" });
export type Subscription = z.infer<typeof Subscription>;

export const InvoiceLine = z.object({ description: z.string(), amount: Minor });

export const Invoice = z
  .object({
    id: z.uuid(),
    /** Gapless per year: FS-2026-000001. */
    number: z.string(),
    kind: z.enum(INVOICE_KINDS),
    issuedDate: z.iso.datetime(),
    domain: z.string(),
    plan: PaidPlanId,
    periodStart: z.iso.datetime(),
    periodEnd: z.iso.datetime(),
    lines: z.array(InvoiceLine),
    subtotal: Minor,
    /** Basis points: 1900 is 19%. */
    taxRate: z.number().int().min(0).max(10_000),
    tax: Minor,
    total: Minor,
    currency: Currency,
    buyer: BillingDetails,
    seller: z.object({ name: z.string(), address: z.string(), taxId: z.string() }),
    /** The PDF to download. */
    pdfUrl: z.string(),
  })
  .meta({ id: "Invoice" });
export type Invoice = z.infer<typeof Invoice>;

/** What buying or changing a site's plan costs now, before confirming. */
export const CheckoutQuote = z
  .object({
    domain: z.string(),
    plan: Plan,
    /** The site's plan now. */
    currentPlan: PlanId,
    subscription: Subscription.nullable(),
    payer: WalletOwner,
    walletBalance: Minor,
    /** What is charged now: a new plan's first month, or the prorated difference of an upgrade; 0 for a downgrade. */
    lines: z.array(InvoiceLine),
    subtotal: Minor,
    taxRate: z.number().int(),
    tax: Minor,
    total: Minor,
    currency: Currency,
    /** A downgrade takes effect then, with nothing charged now. */
    effectiveDate: z.iso.datetime(),
    details: BillingDetails.nullable(),
    /** The wallet holds the total: checkout pays from it. */
    payableFromWallet: z.boolean(),
  })
  .meta({ id: "CheckoutQuote" });
export type CheckoutQuote = z.infer<typeof CheckoutQuote>;

export const CheckoutRequest = z
  .strictObject({ domain: z.string().min(1).max(253), plan: PaidPlanId })
  .meta({ id: "CheckoutRequest" });
export type CheckoutRequest = z.infer<typeof CheckoutRequest>;

export const CheckoutResult = z
  .object({ subscription: Subscription, invoice: Invoice.nullable() })
  .meta({ id: "CheckoutResult" });
export type CheckoutResult = z.infer<typeof CheckoutResult>;

/** A person's or an organisation's billing: details, the sites' plans, invoices. */
export const Billing = z
  .object({
    owner: WalletOwner,
    details: BillingDetails.nullable(),
    subscriptions: z.array(Subscription),
    invoices: z.array(Invoice),
    walletBalance: Minor,
    currency: Currency,
    /** Whether the payment provider's portal (cards on file) can be opened. */
    portalAvailable: z.boolean(),
    /** The card that pays renewals the wallet cannot (saved by a top-up or in the portal). */
    savedCard: SavedCard.nullable(),
    /** False when the provider could not be asked: `savedCard` null then means "not known". */
    savedCardKnown: z.boolean(),
  })
  .meta({ id: "Billing" });
export type Billing = z.infer<typeof Billing>;

export const PortalRequest = z
  .strictObject({ organizationId: z.uuid().nullable().default(null).describe("null: your own") })
  .meta({ id: "PortalRequest" });

export const PortalSession = z.object({ url: z.url() }).meta({ id: "PortalSession" });
