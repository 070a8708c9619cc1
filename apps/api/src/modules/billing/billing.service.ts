import type {
  Billing,
  BillingDetails,
  BillingDetailsRequest,
  CheckoutQuote,
  CheckoutResult,
  Invoice,
  Subscription,
} from "@flipside/contracts/billing";
import {
  BILLING_MESSAGES,
  type InvoiceKind,
  type PaidPlanId,
  PLAN_NAMES,
  PLAN_RANK,
  type PlanId,
  taxOn,
} from "@flipside/contracts/billing-constants";
import type { SavedCard, WalletOwner } from "@flipside/contracts/money";
import { and, asc, desc, eq, gte, inArray, lte, ne, or, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { billingDetails, invoiceCounters, invoices, subscriptions } from "../../db/schema/billing.ts";
import { sites } from "../../db/schema/discussion.ts";
import { organizationMembers, organizations } from "../../db/schema/organizations.ts";
import { siteClaims } from "../../db/schema/websites.ts";
import { AppError, conflict, notFound, validationFailed } from "../../lib/errors.ts";
import type { Viewer } from "../../plugins/auth.ts";
import {
  findWallet,
  platformAccount,
  postTransaction,
  walletAccount,
  walletOwnerKey,
} from "../ledger/index.ts";
import { MANAGERS, requireRole } from "../organizations/index.ts";
import { ownerFor } from "../wallet/index.ts";
import { claimTarget } from "../websites/index.ts";
import { addMonths, monthOf, plansOf, priceOf, prorated, taxRateOf } from "./plans.ts";

type SubscriptionRow = typeof subscriptions.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;
type SiteRow = typeof sites.$inferSelect;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Renewals handled per run; the rest wait for the next (a minute later by default). */
const RENEWALS_PER_RUN = 50;
/** Subscriptions that ended this long ago still show on the billing page. */
const ENDED_SHOWN_MS = 365 * DAY_MS;

const iso = (d: Date | null) => d?.toISOString() ?? null;
const dateOnly = (d: Date) => d.toISOString().slice(0, 10);

/** What the service tells mails about (sent by the caller once the change is committed). */
export type BillingEvent =
  | { kind: "invoice"; invoiceId: string }
  | { kind: "renewal-failed"; subscriptionId: string }
  | { kind: "ended"; subscriptionId: string };

export interface BillingDeps {
  db: Db;
  config: Config;
  /** The clock; tests move it instead of waiting a month. */
  now?: () => Date;
  /**
   * The payer's saved card (the payments module's top-ups): a renewal the wallet cannot pay is
   * charged to it first. Without it, or without a card, the renewal waits for the wallet.
   */
  cards?: {
    /** Whether payments are configured (the provider's portal can be opened). */
    configured(): boolean;
    savedCard(owner: {
      kind: "USER" | "ORGANIZATION";
      id: string;
    }): Promise<{ known: boolean; card: SavedCard | null }>;
    chargeSavedCard(
      owner: { kind: "USER" | "ORGANIZATION"; id: string },
      amount: number,
      key: string,
      description: string,
    ): Promise<"paid" | "declined" | "no-card" | "unavailable">;
  };
}

/** What a renewal lacks, to be charged to the payer's saved card outside the transaction. */
interface Shortfall {
  owner: { kind: "USER" | "ORGANIZATION"; id: string };
  amount: number;
  key: string;
  description: string;
}

function ownerRefOf(key: string): { kind: "USER" | "ORGANIZATION"; id: string } {
  const [kind, id = ""] = key.split(":");
  return { kind: kind === "organization" ? "ORGANIZATION" : "USER", id };
}

/** Plans of verified websites, paid month by month from their owner's wallet (docs/money.md#plans). */
export function createBillingService(deps: BillingDeps) {
  const { db, config } = deps;
  const now = deps.now ?? (() => new Date());
  const currency = config.MONEY_CURRENCY;

  /** Names of wallet owners by key, for many subscriptions at once. */
  async function payers(db: Db, keys: string[]): Promise<Map<string, WalletOwner>> {
    const refs = [...new Set(keys)].map(ownerRefOf);
    const userIds = refs.filter((r) => r.kind === "USER").map((r) => r.id);
    const orgIds = refs.filter((r) => r.kind === "ORGANIZATION").map((r) => r.id);
    const found = new Map<string, WalletOwner>();
    if (userIds.length) {
      for (const u of await db
        .select({ id: users.id, name: users.displayName })
        .from(users)
        .where(inArray(users.id, userIds)))
        found.set(walletOwnerKey({ kind: "USER", id: u.id }), { kind: "USER", id: u.id, name: u.name });
    }
    if (orgIds.length) {
      for (const o of await db
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(inArray(organizations.id, orgIds)))
        found.set(walletOwnerKey({ kind: "ORGANIZATION", id: o.id }), {
          kind: "ORGANIZATION",
          id: o.id,
          name: o.name,
        });
    }
    for (const ref of refs) {
      const key = walletOwnerKey(ref);
      if (!found.has(key)) found.set(key, { ...ref, name: "Deleted account" });
    }
    return found;
  }

  function presentSubscription(
    row: SubscriptionRow,
    domain: string,
    payer: WalletOwner,
    canManage: boolean,
  ): Subscription {
    return {
      id: row.id,
      domain,
      plan: row.plan,
      nextPlan: row.nextPlan,
      status: row.status,
      price: priceOf(config, row.nextPlan ?? row.plan),
      currency,
      payer,
      currentPeriodStart: row.currentPeriodStart.toISOString(),
      currentPeriodEnd: row.currentPeriodEnd.toISOString(),
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      graceUntil: iso(row.graceUntil),
      endedDate: iso(row.endedAt),
      endReason: row.endReason,
      canManage,
    };
  }

  function presentInvoice(row: InvoiceRow): Invoice {
    return {
      id: row.id,
      number: row.number,
      kind: row.kind,
      issuedDate: row.issuedAt.toISOString(),
      domain: row.domain,
      plan: row.plan,
      periodStart: row.periodStart.toISOString(),
      periodEnd: row.periodEnd.toISOString(),
      lines: row.lines,
      subtotal: row.subtotal,
      taxRate: row.taxRate,
      tax: row.tax,
      total: row.total,
      currency: row.currency,
      buyer: row.buyer,
      seller: row.seller,
      pdfUrl: `/api/v1/billing/invoices/${row.id}/pdf`,
    };
  }

  async function detailsOf(tx: Db, ownerKey: string): Promise<BillingDetails | null> {
    const [row] = await tx.select().from(billingDetails).where(eq(billingDetails.ownerKey, ownerKey));
    return row ? { name: row.name, address: row.address, country: row.country, taxId: row.taxId } : null;
  }

  /**
   * The site the viewer may change the plan of, with whose wallet pays: a verified site that is
   * theirs, or their organisation's when they are one of its OWNERs or ADMINs (a MEMBER: 403).
   * Anyone else's site is a 404, as is an unknown one; the viewer's own unverified claim a 422.
   */
  async function managedSite(
    tx: Db,
    viewer: Viewer,
    domain: string,
    opts: { lock?: boolean } = {},
  ): Promise<{ site: SiteRow; payer: WalletOwner }> {
    const target = claimTarget(domain);
    if (!target.ok) throw notFound(BILLING_MESSAGES.noSubscription);
    const query = tx.select().from(sites).where(eq(sites.domain, target.domain));
    const [site] = opts.lock ? await query.for("update") : await query;
    if (!site) throw notFound("There is no such website among yours.");
    if (site.verificationStatus === "VERIFIED" && site.ownerKind === "USER" && site.ownerId === viewer.id) {
      return { site, payer: { kind: "USER", id: viewer.id, name: viewer.displayName } };
    }
    if (site.verificationStatus === "VERIFIED" && site.ownerKind === "ORGANIZATION" && site.ownerId) {
      const { organization } = await requireRole(tx, site.ownerId, viewer.id, MANAGERS, {
        message: BILLING_MESSAGES.notSiteManager,
      });
      return { site, payer: { kind: "ORGANIZATION", id: organization.id, name: organization.name } };
    }
    const [claim] = await tx
      .select({ id: siteClaims.id })
      .from(siteClaims)
      .where(and(eq(siteClaims.siteId, site.id), eq(siteClaims.userId, viewer.id)));
    if (claim)
      throw validationFailed(
        [{ field: "domain", message: BILLING_MESSAGES.siteNotVerified }],
        BILLING_MESSAGES.siteNotVerified,
      );
    throw notFound("There is no such website among yours.");
  }

  async function liveSubscription(tx: Db, siteId: string, lock = false): Promise<SubscriptionRow | null> {
    const query = tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.siteId, siteId), ne(subscriptions.status, "ENDED")));
    const [row] = lock ? await query.for("update") : await query;
    return row ?? null;
  }

  interface Charge {
    kind: InvoiceKind | null;
    lines: { description: string; amount: number }[];
    subtotal: number;
    effective: Date;
    periodStart: Date;
    periodEnd: Date;
  }

  /** What choosing `plan` for the site costs now (a first month, an upgrade's rest, or nothing). */
  function chargeFor(site: SiteRow, live: SubscriptionRow | null, plan: PaidPlanId, at: Date): Charge {
    const name = `${PLAN_NAMES[plan]} plan for ${site.domain}`;
    if (!live) {
      const end = addMonths(at, 1);
      const price = priceOf(config, plan);
      return {
        kind: "START",
        lines: [{ description: `${name}, ${dateOnly(at)} to ${dateOnly(end)}`, amount: price }],
        subtotal: price,
        effective: at,
        periodStart: at,
        periodEnd: end,
      };
    }
    const none = (effective: Date): Charge => ({
      kind: null,
      lines: [],
      subtotal: 0,
      effective,
      periodStart: live.currentPeriodStart,
      periodEnd: live.currentPeriodEnd,
    });
    if (live.status === "PAST_DUE") throw conflict(BILLING_MESSAGES.pastDue);
    // Keeping the current plan after asking for a downgrade: the downgrade is called off.
    if (live.plan === plan) {
      if (live.nextPlan) return none(at);
      throw conflict(BILLING_MESSAGES.alreadySubscribed);
    }
    if (PLAN_RANK[plan] < PLAN_RANK[live.plan]) return none(live.currentPeriodEnd);
    const difference = priceOf(config, plan) - priceOf(config, live.plan);
    const amount = prorated(difference, live.currentPeriodStart, live.currentPeriodEnd, at);
    return {
      kind: "UPGRADE",
      lines: [
        {
          description: `${name}, upgrade from ${PLAN_NAMES[live.plan]} for ${dateOnly(at)} to ${dateOnly(live.currentPeriodEnd)} (prorated)`,
          amount,
        },
      ],
      subtotal: amount,
      effective: at,
      periodStart: at,
      periodEnd: live.currentPeriodEnd,
    };
  }

  /** The tax on `subtotal` by the buyer's country (none without billing details), and the total. */
  function taxed(subtotal: number, details: BillingDetails | null) {
    const taxRate = details ? taxRateOf(config, details.country) : 0;
    const tax = taxOn(subtotal, taxRate);
    return { taxRate, tax, total: subtotal + tax };
  }

  async function quoteIn(tx: Db, viewer: Viewer, domain: string, plan: PaidPlanId, lock: boolean) {
    const { site, payer } = await managedSite(tx, viewer, domain, { lock });
    const live = await liveSubscription(tx, site.id, lock);
    const at = now();
    const charge = chargeFor(site, live, plan, at);
    const details = await detailsOf(tx, walletOwnerKey(payer));
    const wallet = await findWallet(tx, payer, currency);
    return { site, payer, live, at, charge, details, ...taxed(charge.subtotal, details), wallet };
  }

  /** Takes the next invoice number of the year; a rollback gives it back (gapless). */
  async function nextNumber(tx: Db, year: number): Promise<{ sequence: number; number: string }> {
    const [row] = await tx
      .insert(invoiceCounters)
      .values({ year, last: 1 })
      .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
      .returning({ last: invoiceCounters.last });
    if (!row) throw new Error("invoice counter not written");
    return {
      sequence: row.last,
      number: `${config.INVOICE_PREFIX}-${year}-${String(row.last).padStart(6, "0")}`,
    };
  }

  /**
   * Pays `total` from the payer's wallet into revenue and taxes payable and issues the invoice,
   * in the caller's transaction. A wallet without enough refuses with a 409 before writing anything.
   */
  async function payAndInvoice(
    tx: Db,
    input: {
      subscription: SubscriptionRow;
      domain: string;
      plan: PaidPlanId;
      payer: WalletOwner;
      kind: InvoiceKind;
      period: number;
      periodStart: Date;
      periodEnd: Date;
      lines: { description: string; amount: number }[];
      subtotal: number;
      details: BillingDetails | null;
      actorId: string | null;
      at: Date;
    },
  ): Promise<InvoiceRow> {
    const { taxRate, tax, total } = taxed(input.subtotal, input.details);
    const wallet = await walletAccount(tx, input.payer, currency);
    const revenue = await platformAccount(tx, "REVENUE", currency);
    const taxes = await platformAccount(tx, "TAXES_PAYABLE", currency);
    const invoiceId = uuidv7();
    const transaction = await postTransaction(tx, {
      kind: input.kind === "RENEWAL" ? "PLAN_RENEWAL" : "PLAN_PAYMENT",
      currency,
      description: `${PLAN_NAMES[input.plan]} plan, ${input.domain}, ${
        input.kind === "UPGRADE" ? "upgrade" : monthOf(input.periodStart)
      }`,
      reference: `invoice:${invoiceId}`,
      actorId: input.actorId,
      postings: [
        { accountId: wallet.id, amount: -total },
        { accountId: revenue.id, amount: input.subtotal },
        { accountId: taxes.id, amount: tax },
      ],
    });
    const year = input.at.getUTCFullYear();
    const { sequence, number } = await nextNumber(tx, year);
    const [invoice] = await tx
      .insert(invoices)
      .values({
        id: invoiceId,
        year,
        sequence,
        number,
        kind: input.kind,
        subscriptionId: input.subscription.id,
        payerKey: walletOwnerKey(input.payer),
        domain: input.domain,
        plan: input.plan,
        period: input.period,
        periodStart: input.periodStart,
        periodEnd: input.periodEnd,
        lines: input.lines,
        subtotal: input.subtotal,
        taxRate,
        tax,
        total,
        currency,
        buyer: input.details ?? { name: input.payer.name, address: "", country: "", taxId: "" },
        seller: { name: config.SELLER_NAME, address: config.SELLER_ADDRESS, taxId: config.SELLER_TAX_ID },
        transactionId: transaction.id,
        issuedAt: input.at,
      })
      .returning();
    if (!invoice) throw new Error("invoice not written");
    return invoice;
  }

  /** Whether the viewer manages the wallet owner `key` (theirs, or an organisation's they manage). */
  async function manages(tx: Db, viewer: Viewer, key: string): Promise<boolean> {
    const ref = ownerRefOf(key);
    if (ref.kind === "USER") return ref.id === viewer.id;
    const [member] = await tx
      .select({ role: organizationMembers.role })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, ref.id), eq(organizationMembers.userId, viewer.id)));
    return Boolean(member && MANAGERS.includes(member.role));
  }

  async function subscriptionForViewer(tx: Db, viewer: Viewer, id: string, lock: boolean) {
    const query = tx
      .select({ subscription: subscriptions, domain: sites.domain })
      .from(subscriptions)
      .innerJoin(sites, eq(sites.id, subscriptions.siteId))
      .where(eq(subscriptions.id, id));
    const [row] = lock ? await query.for("update", { of: subscriptions }) : await query;
    if (!row || !(await manages(tx, viewer, row.subscription.payerKey))) {
      throw notFound(BILLING_MESSAGES.noSubscription);
    }
    return row;
  }

  async function presentOne(db: Db, row: SubscriptionRow, domain: string): Promise<Subscription> {
    const payer = (await payers(db, [row.payerKey])).get(row.payerKey);
    if (!payer) throw new Error("payer not found");
    return presentSubscription(row, domain, payer, true);
  }

  /**
   * The renewal of one subscription that is due, in its own transaction (see `renewDue`). With
   * `askCard`, a wallet that is short changes nothing and answers what is missing, for the caller
   * to charge to the saved card.
   */
  async function renewOne(id: string, events: BillingEvent[], askCard: boolean): Promise<Shortfall | null> {
    return db.transaction(async (tx): Promise<Shortfall | null> => {
      const at = now();
      const [sub] = await tx
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.id, id),
            ne(subscriptions.status, "ENDED"),
            lte(subscriptions.nextAttemptAt, at),
          ),
        )
        .for("update", { skipLocked: true });
      // Another instance has it, or it was renewed or changed since it was listed.
      if (!sub) return null;
      const end = async (reason: "CANCELED" | "UNPAID" | "SITE_LOST", endedAt: Date) => {
        await tx
          .update(subscriptions)
          .set({ status: "ENDED", endedAt, endReason: reason, nextAttemptAt: null, graceUntil: null })
          .where(eq(subscriptions.id, sub.id));
        events.push({ kind: "ended", subscriptionId: sub.id });
        return null;
      };
      if (sub.cancelAtPeriodEnd) return end("CANCELED", sub.currentPeriodEnd);
      const [site] = await tx.select().from(sites).where(eq(sites.id, sub.siteId));
      const payerRef = ownerRefOf(sub.payerKey);
      if (
        site?.verificationStatus !== "VERIFIED" ||
        site.ownerKind !== payerRef.kind ||
        site.ownerId !== payerRef.id
      ) {
        return end("SITE_LOST", at);
      }
      const payer = (await payers(tx, [sub.payerKey])).get(sub.payerKey);
      if (!payer) throw new Error("payer not found");
      const plan = sub.nextPlan ?? sub.plan;
      const period = sub.period + 1;
      const periodStart = sub.currentPeriodEnd;
      const periodEnd = addMonths(sub.anchorAt, period + 1);
      const price = priceOf(config, plan);
      const details = await detailsOf(tx, sub.payerKey);
      try {
        const invoice = await payAndInvoice(tx, {
          subscription: sub,
          domain: site.domain,
          plan,
          payer,
          kind: "RENEWAL",
          period,
          periodStart,
          periodEnd,
          lines: [
            {
              description: `${PLAN_NAMES[plan]} plan for ${site.domain}, ${dateOnly(periodStart)} to ${dateOnly(periodEnd)}`,
              amount: price,
            },
          ],
          subtotal: price,
          details,
          actorId: null,
          at,
        });
        await tx
          .update(subscriptions)
          .set({
            plan,
            nextPlan: null,
            period,
            currentPeriodStart: periodStart,
            currentPeriodEnd: periodEnd,
            status: "ACTIVE",
            graceUntil: null,
            failedAttempts: 0,
            nextAttemptAt: periodEnd,
          })
          .where(eq(subscriptions.id, sub.id));
        events.push({ kind: "invoice", invoiceId: invoice.id });
        return null;
      } catch (err) {
        // Only a wallet without enough is a failed renewal; anything else is a fault to retry.
        if (!(err instanceof AppError) || err.status !== 409) throw err;
        if (askCard) {
          const { total } = taxed(price, details);
          const balance = (await findWallet(tx, payer, currency))?.balance ?? 0;
          return {
            owner: payerRef,
            // A card payment below the smallest top-up costs more in fees than it is worth.
            amount: Math.max(total - balance, config.TOP_UP_MIN_MINOR),
            // One charge per attempt: a retry of this attempt is answered, not charged again.
            key: `renewal-${sub.id}-${period}-${sub.failedAttempts}`,
            description: `Top-up for the renewal of ${PLAN_NAMES[plan]} on ${site.domain}`,
          };
        }
        const graceUntil =
          sub.graceUntil ?? new Date(sub.currentPeriodEnd.getTime() + config.BILLING_GRACE_DAYS * DAY_MS);
        if (at >= graceUntil) return end("UNPAID", at);
        const retry = new Date(at.getTime() + config.BILLING_RETRY_HOURS * HOUR_MS);
        await tx
          .update(subscriptions)
          .set({
            status: "PAST_DUE",
            graceUntil,
            failedAttempts: sub.failedAttempts + 1,
            nextAttemptAt: retry < graceUntil ? retry : graceUntil,
          })
          .where(eq(subscriptions.id, sub.id));
        if (sub.failedAttempts === 0) events.push({ kind: "renewal-failed", subscriptionId: sub.id });
        return null;
      }
    });
  }

  return {
    plans: () => plansOf(config),

    /** The plan a site is on now: its live subscription's (a PAST_DUE one holds), or FREE. */
    async planOfSite(siteId: string): Promise<PlanId> {
      const live = await liveSubscription(db, siteId);
      return live?.plan ?? "FREE";
    },

    async quote(viewer: Viewer, domain: string, plan: PaidPlanId): Promise<CheckoutQuote> {
      const q = await quoteIn(db, viewer, domain, plan, false);
      const planView = plansOf(config).find((p) => p.id === plan);
      if (!planView) throw new Error(`plan ${plan} missing from the catalogue`);
      return {
        domain: q.site.domain,
        plan: planView,
        currentPlan: q.live?.plan ?? "FREE",
        subscription: q.live ? presentSubscription(q.live, q.site.domain, q.payer, true) : null,
        payer: q.payer,
        walletBalance: q.wallet?.balance ?? 0,
        lines: q.charge.lines,
        subtotal: q.charge.subtotal,
        taxRate: q.taxRate,
        tax: q.tax,
        total: q.total,
        currency,
        effectiveDate: q.charge.effective.toISOString(),
        details: q.details,
        payableFromWallet: (q.wallet?.balance ?? 0) >= q.total,
      };
    },

    /**
     * Buys or changes a site's plan in the caller's transaction (with its Idempotency-Key): a new
     * plan pays its first month, an upgrade the prorated rest of the period, both from the wallet
     * (409 without enough, nothing changed); a downgrade waits for the period's end.
     */
    async checkout(
      tx: Db,
      viewer: Viewer,
      domain: string,
      plan: PaidPlanId,
    ): Promise<{ result: CheckoutResult; events: BillingEvent[] }> {
      const q = await quoteIn(tx, viewer, domain, plan, true);
      if (q.charge.kind && !q.details) {
        throw validationFailed(
          [{ field: "details", message: BILLING_MESSAGES.billingDetailsRequired }],
          BILLING_MESSAGES.billingDetailsRequired,
        );
      }
      let sub = q.live;
      let invoice: InvoiceRow | null = null;
      if (!sub) {
        const [made] = await tx
          .insert(subscriptions)
          .values({
            siteId: q.site.id,
            plan,
            payerKey: walletOwnerKey(q.payer),
            anchorAt: q.at,
            currentPeriodStart: q.charge.periodStart,
            currentPeriodEnd: q.charge.periodEnd,
            nextAttemptAt: q.charge.periodEnd,
            createdBy: viewer.id,
          })
          .returning();
        if (!made) throw new Error("subscription not written");
        sub = made;
      } else if (q.charge.kind === "UPGRADE") {
        const [changed] = await tx
          .update(subscriptions)
          .set({ plan, nextPlan: null })
          .where(eq(subscriptions.id, sub.id))
          .returning();
        if (!changed) throw new Error("subscription vanished while locked");
        sub = changed;
      } else {
        // A downgrade (from the period's end) or calling one off; nothing is charged.
        const [changed] = await tx
          .update(subscriptions)
          .set({ nextPlan: plan === sub.plan ? null : plan })
          .where(eq(subscriptions.id, sub.id))
          .returning();
        if (!changed) throw new Error("subscription vanished while locked");
        sub = changed;
      }
      if (q.charge.kind && q.charge.subtotal > 0) {
        invoice = await payAndInvoice(tx, {
          subscription: sub,
          domain: q.site.domain,
          plan,
          payer: q.payer,
          kind: q.charge.kind,
          period: sub.period,
          periodStart: q.charge.periodStart,
          periodEnd: q.charge.periodEnd,
          lines: q.charge.lines,
          subtotal: q.charge.subtotal,
          details: q.details,
          actorId: viewer.id,
          at: q.at,
        });
      }
      return {
        result: {
          subscription: presentSubscription(sub, q.site.domain, q.payer, true),
          invoice: invoice ? presentInvoice(invoice) : null,
        },
        events: invoice ? [{ kind: "invoice", invoiceId: invoice.id }] : [],
      };
    },

    /** Sets the plan to end with the period (a PAST_DUE one ends now: its period is over). */
    async cancel(
      viewer: Viewer,
      id: string,
    ): Promise<{ subscription: Subscription; events: BillingEvent[] }> {
      return db.transaction(async (tx) => {
        const { subscription: sub, domain } = await subscriptionForViewer(tx, viewer, id, true);
        if (sub.status === "ENDED") throw conflict(BILLING_MESSAGES.ended);
        if (sub.cancelAtPeriodEnd) throw conflict(BILLING_MESSAGES.alreadyCanceled);
        const at = now();
        const set =
          sub.status === "PAST_DUE"
            ? {
                status: "ENDED" as const,
                endedAt: at,
                endReason: "CANCELED" as const,
                nextAttemptAt: null,
                graceUntil: null,
              }
            : { cancelAtPeriodEnd: true, nextPlan: null };
        const [changed] = await tx
          .update(subscriptions)
          .set(set)
          .where(eq(subscriptions.id, sub.id))
          .returning();
        if (!changed) throw new Error("subscription vanished while locked");
        const events: BillingEvent[] =
          changed.status === "ENDED" ? [{ kind: "ended", subscriptionId: changed.id }] : [];
        return { subscription: await presentOne(tx, changed, domain), events };
      });
    },

    /** Calls off a cancellation before the period ends. */
    async resume(viewer: Viewer, id: string): Promise<Subscription> {
      return db.transaction(async (tx) => {
        const { subscription: sub, domain } = await subscriptionForViewer(tx, viewer, id, true);
        if (sub.status === "ENDED") throw conflict(BILLING_MESSAGES.ended);
        if (!sub.cancelAtPeriodEnd) throw conflict(BILLING_MESSAGES.notCanceled);
        const [changed] = await tx
          .update(subscriptions)
          .set({ cancelAtPeriodEnd: false })
          .where(eq(subscriptions.id, sub.id))
          .returning();
        if (!changed) throw new Error("subscription vanished while locked");
        return presentOne(tx, changed, domain);
      });
    },

    async overview(viewer: Viewer, organizationId: string | null | undefined): Promise<Billing> {
      const owner = await ownerFor(db, viewer, organizationId);
      const key = walletOwnerKey(owner);
      const since = new Date(now().getTime() - ENDED_SHOWN_MS);
      const rows = await db
        .select({ subscription: subscriptions, domain: sites.domain })
        .from(subscriptions)
        .innerJoin(sites, eq(sites.id, subscriptions.siteId))
        .where(
          and(
            eq(subscriptions.payerKey, key),
            or(ne(subscriptions.status, "ENDED"), gte(subscriptions.endedAt, since)),
          ),
        )
        .orderBy(asc(sql`${subscriptions.status} = 'ENDED'`), asc(sites.domain));
      const invoiceRows = await db
        .select()
        .from(invoices)
        .where(eq(invoices.payerKey, key))
        .orderBy(desc(invoices.issuedAt), desc(invoices.sequence))
        .limit(100);
      const wallet = await findWallet(db, owner, currency);
      const saved = deps.cards ? await deps.cards.savedCard(owner) : { known: true, card: null };
      return {
        owner,
        details: await detailsOf(db, key),
        subscriptions: rows.map((r) => presentSubscription(r.subscription, r.domain, owner, true)),
        invoices: invoiceRows.map(presentInvoice),
        walletBalance: wallet?.balance ?? 0,
        currency,
        portalAvailable: deps.cards?.configured() ?? false,
        savedCard: saved.card,
        savedCardKnown: saved.known,
      };
    },

    async saveDetails(viewer: Viewer, body: BillingDetailsRequest): Promise<BillingDetails> {
      const owner = await ownerFor(db, viewer, body.organizationId);
      const values = { name: body.name, address: body.address, country: body.country, taxId: body.taxId };
      await db
        .insert(billingDetails)
        .values({ ownerKey: walletOwnerKey(owner), ...values })
        .onConflictDoUpdate({ target: billingDetails.ownerKey, set: { ...values, updatedAt: new Date() } });
      return values;
    },

    /** One invoice the viewer may see (theirs, or an organisation's they manage); else 404. */
    async invoice(viewer: Viewer, id: string): Promise<Invoice> {
      const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
      if (!row || !(await manages(db, viewer, row.payerKey)))
        throw notFound(BILLING_MESSAGES.invoiceNotFound);
      return presentInvoice(row);
    },

    async invoiceById(id: string): Promise<Invoice | null> {
      const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
      return row ? presentInvoice(row) : null;
    },

    async subscriptionOfInvoice(invoiceId: string): Promise<Subscription | null> {
      const [row] = await db
        .select({ subscription: subscriptions, domain: sites.domain })
        .from(invoices)
        .innerJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
        .innerJoin(sites, eq(sites.id, subscriptions.siteId))
        .where(eq(invoices.id, invoiceId));
      return row ? presentOne(db, row.subscription, row.domain) : null;
    },

    /** The site whose plan an event may have changed (its pages show the plan's notice). */
    async siteOf(event: BillingEvent): Promise<string | null> {
      const [row] =
        event.kind === "invoice"
          ? await db
              .select({ siteId: subscriptions.siteId })
              .from(invoices)
              .innerJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
              .where(eq(invoices.id, event.invoiceId))
          : await db
              .select({ siteId: subscriptions.siteId })
              .from(subscriptions)
              .where(eq(subscriptions.id, event.subscriptionId));
      return row?.siteId ?? null;
    },

    async subscriptionById(id: string): Promise<Subscription | null> {
      const [row] = await db
        .select({ subscription: subscriptions, domain: sites.domain })
        .from(subscriptions)
        .innerJoin(sites, eq(sites.id, subscriptions.siteId))
        .where(eq(subscriptions.id, id));
      return row ? presentOne(db, row.subscription, row.domain) : null;
    },

    /**
     * Renews every subscription that is due, each in its own transaction under a row lock that
     * other instances skip; the invoice's unique (subscription, period) and the ledger's reference
     * make a second renewal of one period impossible even so. Answers what to mail.
     */
    async renewDue(): Promise<BillingEvent[]> {
      const due = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(ne(subscriptions.status, "ENDED"), lte(subscriptions.nextAttemptAt, now())))
        .orderBy(asc(subscriptions.nextAttemptAt))
        .limit(RENEWALS_PER_RUN);
      const events: BillingEvent[] = [];
      for (const { id } of due) {
        const short = await renewOne(id, events, deps.cards !== undefined);
        if (!short || !deps.cards) continue;
        // Outside any transaction: the card is charged over the network. Paid, the wallet now holds
        // the renewal; declined or without a card, the renewal fails as it would have.
        await deps.cards.chargeSavedCard(short.owner, short.amount, short.key, short.description);
        await renewOne(id, events, false);
      }
      return events;
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
