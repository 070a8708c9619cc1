import { type AdNotBilledReason, microsPerMinor } from "@flipside/contracts/ads-constants";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adAccounts, adCampaigns, adClicks, adImpressions } from "../../db/schema/ads.ts";
import { adHoldAccount, platformAccount, postTransaction, walletAccount } from "../ledger/index.ts";
import { record } from "../outbox/index.ts";
import type { AdDecision } from "./ad-tokens.ts";
import { localTime, priceOf } from "./delivery.ts";

/**
 * Ads' money (ADS.md §4.5, decision 038): a running campaign reserves money from its owner's
 * wallet (AD_HOLD), each counted event is billed against that reserve by one conditional
 * statement that can never pass the total budget, the day's budget or the reserve, and what is
 * billed is settled into the ledger in whole minor units (AD_SPEND), the remainder under one
 * minor unit carried. What is not spent returns to the wallet (AD_RELEASE).
 *
 * Kept true at every commit: hold account balance × micros-per-minor
 *   = hold_remaining_micros + (spent_micros − settled_minor × micros-per-minor).
 * Every function here takes a campaign row locked FOR UPDATE by the caller's transaction.
 */

export type CampaignRow = typeof adCampaigns.$inferSelect;
type AccountRow = typeof adAccounts.$inferSelect;

/** Whose wallet pays an advertiser account (null once its owner is deleted). */
export function walletOwner(account: AccountRow) {
  const id = account.ownerKind === "USER" ? account.userId : account.organizationId;
  return id ? { kind: account.ownerKind, id } : null;
}

async function lockCampaign(tx: Db, id: string): Promise<CampaignRow | undefined> {
  return (await tx.select().from(adCampaigns).where(eq(adCampaigns.id, id)).for("update"))[0];
}

async function updated(tx: Db, id: string, set: Partial<typeof adCampaigns.$inferInsert>) {
  const [row] = await tx.update(adCampaigns).set(set).where(eq(adCampaigns.id, id)).returning();
  if (!row) throw new Error(`campaign ${id} vanished while locked`);
  return row;
}

/** Moves what is billed and not yet settled, in whole minor units, from the hold to revenue. */
export async function settle(tx: Db, campaign: CampaignRow, account: AccountRow): Promise<CampaignRow> {
  const m = microsPerMinor(account.currency);
  const minor = Math.floor((campaign.spentMicros - campaign.settledMinor * m) / m);
  if (minor <= 0) return campaign;
  const [hold, revenue] = await Promise.all([
    adHoldAccount(tx, campaign.id, account.currency),
    platformAccount(tx, "AD_REVENUE", account.currency),
  ]);
  await postTransaction(tx, {
    kind: "AD_SPEND",
    currency: account.currency,
    description: `Ad spend: ${campaign.name}`,
    reference: `${campaign.id}:${campaign.settledMinor + minor}`,
    postings: [
      { accountId: hold.id, amount: -minor },
      { accountId: revenue.id, amount: minor },
    ],
  });
  return updated(tx, campaign.id, { settledMinor: campaign.settledMinor + minor });
}

/**
 * Settles, then returns the unspent reserve to the wallet. A campaign that may run again keeps
 * the one minor unit (at most) that backs its unsettled remainder, so no fraction is ever lost
 * or charged twice; a final release (archive, close) returns everything: the last fraction of a
 * minor unit is never charged.
 */
export async function releaseHold(
  tx: Db,
  campaign: CampaignRow,
  account: AccountRow,
  final: boolean,
): Promise<CampaignRow> {
  const settled = await settle(tx, campaign, account);
  const m = microsPerMinor(account.currency);
  const hold = await adHoldAccount(tx, settled.id, account.currency);
  const minor = final ? hold.balance : Math.floor(settled.holdRemainingMicros / m);
  const remaining = final ? 0 : settled.holdRemainingMicros - minor * m;
  const owner = walletOwner(account);
  if (minor > 0 && owner) {
    const wallet = await walletAccount(tx, owner, account.currency);
    await postTransaction(tx, {
      kind: "AD_RELEASE",
      currency: account.currency,
      description: `Released from ads: ${settled.name}`,
      postings: [
        { accountId: hold.id, amount: -minor },
        { accountId: wallet.id, amount: minor },
      ],
    });
  }
  if (remaining === settled.holdRemainingMicros) return settled;
  return updated(tx, settled.id, { holdRemainingMicros: remaining });
}

/**
 * Tops the reserve up to what the campaign may still spend today (its day's budget left, or its
 * total left without one), as far as the wallet allows, in whole minor units.
 */
export async function refillHold(
  tx: Db,
  campaign: CampaignRow,
  account: AccountRow,
  now: Date,
): Promise<CampaignRow> {
  const owner = walletOwner(account);
  if (!owner || account.status !== "ACTIVE" || campaign.status !== "ACTIVE") return campaign;
  const m = microsPerMinor(account.currency);
  const today = localTime(now, account.timezone).date;
  const spentToday = campaign.spentDay === today ? campaign.spentDayMicros : 0;
  const totalLeft = campaign.totalBudgetMicros - campaign.spentMicros;
  const dayLeft =
    campaign.dailyBudgetMicros === null
      ? totalLeft
      : Math.min(campaign.dailyBudgetMicros - spentToday, totalLeft);
  const wanted = Math.ceil((dayLeft - campaign.holdRemainingMicros) / m);
  if (wanted <= 0) {
    return campaign.holdDay === today ? campaign : updated(tx, campaign.id, { holdDay: today });
  }
  const wallet = await walletAccount(tx, owner, account.currency);
  const minor = Math.min(wanted, wallet.balance);
  if (minor <= 0) return campaign;
  const hold = await adHoldAccount(tx, campaign.id, account.currency);
  await postTransaction(tx, {
    kind: "AD_HOLD",
    currency: account.currency,
    description: `Reserved for ads: ${campaign.name}`,
    postings: [
      { accountId: wallet.id, amount: -minor },
      { accountId: hold.id, amount: minor },
    ],
  });
  return updated(tx, campaign.id, {
    holdRemainingMicros: campaign.holdRemainingMicros + minor * m,
    holdDay: today,
  });
}

/** A signed decision (what the event row records of it) with what the beacon adds. */
export interface BillableEvent extends Omit<AdDecision, "issuedAt"> {
  /** The viewer is a member of the advertiser's account: counted, never charged. */
  self: boolean;
  /** The advertiser's local date now: the day whose budget the event counts against. */
  today: string;
  /** When it was counted (serving's clock). */
  at: Date;
}

export type BillResult =
  | { outcome: "DUPLICATE" }
  | { outcome: "BILLED"; campaign: Pick<CampaignRow, MoneyField> }
  | { outcome: "NOT_BILLED"; reason: AdNotBilledReason };

type MoneyField = "id" | "spentMicros" | "spentDay" | "spentDayMicros" | "holdRemainingMicros";

/**
 * Counts one event at most once per decision and bills it when it fits (ADS.md §4.5): the row
 * goes in first (a second one is a DUPLICATE, whatever the race), then one conditional update
 * takes the price from the campaign's counters only if the total budget, the day's budget and
 * the reserve all still hold it. That update's row lock orders parallel events on every
 * instance, so no cap is ever passed, not by one event.
 */
export async function billEvent(db: Db, kind: "IMPRESSION" | "CLICK", e: BillableEvent): Promise<BillResult> {
  const table = kind === "IMPRESSION" ? adImpressions : adClicks;
  // A CPM campaign pays for its impressions and a CPC campaign for its clicks; the other kind
  // is counted for the reports, at no price.
  const priced = (kind === "IMPRESSION") === (e.pricingModel === "CPM");
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(table)
      .values({
        decisionId: e.decisionId,
        campaignId: e.campaignId,
        creativeId: e.creativeId,
        adAccountId: e.adAccountId,
        siteDomain: e.siteDomain,
        sitePageId: e.sitePageId,
        viewerKey: e.viewerKey,
        country: e.country,
        priceMicros: priced ? e.priceMicros : 0,
        billed: false,
        notBilledReason: e.self ? "SELF" : priced ? "BUDGET" : "NOT_PRICED",
        at: e.at,
      })
      .onConflictDoNothing()
      .returning({ decisionId: table.decisionId });
    if (!inserted) return { outcome: "DUPLICATE" };
    if (e.self) return { outcome: "NOT_BILLED", reason: "SELF" };
    if (!priced) return { outcome: "NOT_BILLED", reason: "NOT_PRICED" };
    const p = e.priceMicros;
    const sameDay = sql`${adCampaigns.spentDay} = ${e.today}::date`;
    const [charged] = await tx
      .update(adCampaigns)
      .set({
        spentMicros: sql`${adCampaigns.spentMicros} + ${p}`,
        spentDayMicros: sql`case when ${sameDay} then ${adCampaigns.spentDayMicros} + ${p} else ${p} end`,
        spentDay: e.today,
        holdRemainingMicros: sql`${adCampaigns.holdRemainingMicros} - ${p}`,
      })
      .where(
        and(
          eq(adCampaigns.id, e.campaignId),
          sql`${adCampaigns.spentMicros} + ${p} <= ${adCampaigns.totalBudgetMicros}`,
          sql`(${adCampaigns.dailyBudgetMicros} is null or (case when ${sameDay} then ${adCampaigns.spentDayMicros} else 0 end) + ${p} <= ${adCampaigns.dailyBudgetMicros})`,
          sql`${adCampaigns.holdRemainingMicros} >= ${p}`,
        ),
      )
      .returning({
        id: adCampaigns.id,
        spentMicros: adCampaigns.spentMicros,
        spentDay: adCampaigns.spentDay,
        spentDayMicros: adCampaigns.spentDayMicros,
        holdRemainingMicros: adCampaigns.holdRemainingMicros,
        name: adCampaigns.name,
        totalBudgetMicros: adCampaigns.totalBudgetMicros,
      });
    if (!charged) return { outcome: "NOT_BILLED", reason: "BUDGET" };
    const { name, totalBudgetMicros, ...money } = charged;
    // The charge that leaves too little for another event spends the budget: its owners hear once.
    if (money.spentMicros + p > totalBudgetMicros) {
      await record(tx, "ads.notice", {
        event: "BUDGET_SPENT",
        adAccountId: e.adAccountId,
        objectId: e.campaignId,
        objectName: name,
        detail: "",
      });
    }
    await tx
      .update(table)
      .set({ billed: true, notBilledReason: null })
      .where(eq(table.decisionId, e.decisionId));
    return { outcome: "BILLED", campaign: money };
  });
}

/**
 * A running campaign's periodic money work (every ADS_SETTLE_INTERVAL_MS, and after a wallet
 * credit): settle what was billed; give back the reserve of a campaign that ended or spent its
 * budget; otherwise top the reserve up for the new day or when it can no longer pay one event.
 */
export async function tendCampaign(db: Db, campaignId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, campaignId);
    if (campaign?.status !== "ACTIVE") return;
    const [account] = await tx.select().from(adAccounts).where(eq(adAccounts.id, campaign.adAccountId));
    if (!account) return;
    const settled = await settle(tx, campaign, account);
    const price = priceOf(settled);
    const over =
      (settled.endAt !== null && settled.endAt <= now) ||
      settled.totalBudgetMicros - settled.spentMicros < price ||
      account.status !== "ACTIVE";
    if (over) {
      await releaseHold(tx, settled, account, false);
      return;
    }
    const today = localTime(now, account.timezone).date;
    if (settled.holdDay !== today || settled.holdRemainingMicros < price)
      await refillHold(tx, settled, account, now);
  });
}

/** Every running campaign's money work, one campaign per transaction. */
export async function tendCampaigns(db: Db, now: Date): Promise<number> {
  const running = await db
    .select({ id: adCampaigns.id })
    .from(adCampaigns)
    .where(eq(adCampaigns.status, "ACTIVE"));
  for (const { id } of running) await tendCampaign(db, id, now);
  return running.length;
}

/**
 * The running campaigns a wallet pays for, tended now (a credit came in): answers whether there
 * were any.
 */
export async function tendCampaignsPaidBy(
  db: Db,
  wallet: { userId: string | null; organizationId: string | null; currency: string },
  now: Date,
): Promise<boolean> {
  const owner = wallet.userId
    ? and(eq(adAccounts.ownerKind, "USER"), eq(adAccounts.userId, wallet.userId))
    : wallet.organizationId
      ? and(eq(adAccounts.ownerKind, "ORGANIZATION"), eq(adAccounts.organizationId, wallet.organizationId))
      : null;
  if (!owner) return false;
  const running = await db
    .select({ id: adCampaigns.id })
    .from(adCampaigns)
    .innerJoin(adAccounts, eq(adAccounts.id, adCampaigns.adAccountId))
    .where(and(owner, eq(adCampaigns.status, "ACTIVE"), eq(adAccounts.currency, wallet.currency)));
  // One transaction per campaign, as settlement does: a campaign's lock, then the ledger's.
  for (const { id } of running) await tendCampaign(db, id, now);
  return running.length > 0;
}
