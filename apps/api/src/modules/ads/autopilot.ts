import {
  AD_AUTOPILOT,
  AD_CAMPAIGN_LIMITS,
  type AdAutopilotStatus,
  type AdBidStrategy,
  type AdPricingModel,
  formatMicros,
  microsPerMinor,
  AD_AUTOPILOT_REASONS as R,
} from "@flipside/contracts/ads-constants";
import { and, count, eq, gte, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  adAccounts,
  adBidChanges,
  adCampaigns,
  adClicks,
  adConversions,
  adImpressions,
} from "../../db/schema/ads.ts";
import { pctrOf } from "./decide.ts";
import { localTime, priceOf } from "./delivery.ts";

/**
 * The bidding autopilot (ADS.md §1.9, §4.3, §5; decision 043). `nextBid` is the rule, pure: from
 * what was measured to the next bid, at most 20% from the last and within the advertiser's
 * floor and ceiling, with the sentence that explains it. `runAutopilot` applies it to each
 * campaign once per interval, whichever instance's job runs, and logs every change.
 */

const HOUR_MS = 3_600_000;

export interface BidState {
  strategy: AdBidStrategy;
  pricingModel: AdPricingModel;
  bidMicros: number;
  targetMicros: number | null;
  bidFloorMicros: number | null;
  bidCeilingMicros: number | null;
  dailyBudgetMicros: number | null;
  currency: string;
  /** The campaign's predicted click rate (serving's, with its prior). */
  pctr: number;
}

export interface Measured {
  from: Date;
  to: Date;
  impressions: number;
  clicks: number;
  conversions: number;
  spendMicros: number;
  /** Spend of today and the two days before, in the account's days; and how much of today is gone. */
  recentDays: number[];
  dayGone: number;
}

export interface BidStep {
  bidMicros: number;
  status: AdAutopilotStatus;
  /** Why the bid moved; null when it did not. */
  reason: string | null;
}

/** The bid the strategy wants, before the step and the guardrails, and the sentence for it. */
function wanted(s: BidState, m: Measured): { bid: number; reason: string } | null {
  const money = (micros: number) => formatMicros(micros, s.currency);
  const target = s.targetMicros;
  switch (s.strategy) {
    case "MANUAL":
      return null;
    case "TARGET_CPC": {
      if (target === null) return null;
      if (m.clicks >= AD_AUTOPILOT.minClicks && m.spendMicros > 0) {
        const cpc = m.spendMicros / m.clicks;
        // Realized cost per click against the target: the bid scales by their ratio.
        const bid = (s.bidMicros * target) / cpc;
        return {
          bid,
          reason: (cpc > target ? R.cpcAbove : R.cpcBelow)(money(Math.round(cpc)), money(target)),
        };
      }
      // Too few clicks to measure: what the click rate says the target is worth.
      return {
        bid: s.pricingModel === "CPM" ? target * s.pctr * 1000 : target,
        reason: R.noClicks(money(target)),
      };
    }
    case "TARGET_CPA": {
      if (target === null) return null;
      if (m.conversions > 0) {
        const cpa = m.spendMicros / m.conversions;
        const bid = (s.bidMicros * target) / cpa;
        return {
          bid,
          reason: (cpa > target ? R.cpaAbove : R.cpaBelow)(money(Math.round(cpa)), money(target)),
        };
      }
      if (m.spendMicros > target)
        return {
          bid: s.bidMicros * (1 - AD_AUTOPILOT.maxStep),
          reason: R.noConversions(money(m.spendMicros), money(target)),
        };
      return null;
    }
    case "MAXIMIZE_CLICKS": {
      const daily = s.dailyBudgetMicros;
      if (daily === null) return null;
      const today = m.recentDays[0] ?? 0;
      if (today >= daily && m.dayGone < 0.9)
        return { bid: s.bidMicros * 0.9, reason: R.overBudget(money(daily)) };
      const hours = Math.max(1, (m.to.getTime() - m.from.getTime()) / HOUR_MS);
      if ((m.spendMicros * 24) / hours < 0.8 * daily)
        return {
          bid: s.bidMicros * (1 + AD_AUTOPILOT.maxStep),
          reason: R.underBudget(money(m.spendMicros), money(daily)),
        };
      return null;
    }
  }
}

export function nextBid(s: BidState, m: Measured): BidStep {
  const L = AD_CAMPAIGN_LIMITS;
  const [minBid, maxBid] =
    s.pricingModel === "CPM" ? [L.minCpmMicros, L.maxCpmMicros] : [L.minCpcMicros, L.maxCpcMicros];
  const floor = Math.max(minBid, s.bidFloorMicros ?? minBid);
  const ceiling = Math.min(maxBid, s.bidCeilingMicros ?? maxBid);
  const want = wanted(s, m);
  const budgetBound =
    s.dailyBudgetMicros !== null &&
    m.recentDays.filter((spent) => spent >= (s.dailyBudgetMicros ?? 0) - priceOf(s)).length >= 2;
  const statusFor = (bid: number): AdAutopilotStatus =>
    want && want.bid > ceiling && bid >= ceiling
      ? "LIMITED_BY_CEILING"
      : budgetBound
        ? "LIMITED_BY_BUDGET"
        : "ACTIVE";
  if (!want) return { bidMicros: s.bidMicros, status: statusFor(s.bidMicros), reason: null };
  const step = Math.min(
    s.bidMicros * (1 + AD_AUTOPILOT.maxStep),
    Math.max(s.bidMicros * (1 - AD_AUTOPILOT.maxStep), want.bid),
  );
  const cent = microsPerMinor(s.currency);
  // Whole cents, rounded towards the current bid so a step never passes 20%.
  const rounded = step >= s.bidMicros ? Math.floor(step / cent) * cent : Math.ceil(step / cent) * cent;
  const bid = Math.min(ceiling, Math.max(floor, rounded));
  if (bid === s.bidMicros) return { bidMicros: bid, status: statusFor(bid), reason: null };
  return { bidMicros: bid, status: statusFor(bid), reason: want.reason };
}

const notOwn = (table: typeof adImpressions | typeof adClicks) =>
  or(isNull(table.notBilledReason), ne(table.notBilledReason, "SELF"));

/** What a campaign's events say over a window, and its spend of its last three local days. */
async function measure(db: Db, campaignId: string, timezone: string, from: Date, to: Date) {
  type Events = typeof adImpressions | typeof adClicks;
  const billed = (table: Events) =>
    sql<number>`coalesce(sum(${table.priceMicros}) filter (where ${table.billed}), 0)::bigint`.mapWith(
      Number,
    );
  // The advertiser's own views and clicks are free and say nothing of the market: a CPC
  // campaign clicked by its owner would seem to buy clicks for less than its bid.
  const within = (table: Events) =>
    db
      .select({ n: count(), spend: billed(table) })
      .from(table)
      .where(and(eq(table.campaignId, campaignId), gte(table.at, from), lt(table.at, to), notOwn(table)))
      .then(([row]) => ({ n: row?.n ?? 0, spend: row?.spend ?? 0 }));
  // Billed spend by the account's day over the last three days (grouped by position: the zone
  // is a parameter, so the select's expression and a GROUP BY copy of it would differ).
  const byDay = (table: Events) =>
    db
      .select({
        day: sql<string>`to_char(${table.at} at time zone ${timezone}, 'YYYY-MM-DD')`,
        spend: billed(table),
      })
      .from(table)
      .where(and(eq(table.campaignId, campaignId), gte(table.at, new Date(to.getTime() - 3 * 24 * HOUR_MS))))
      .groupBy(sql`1`);
  const [shown, clicked, [converted], shownDays, clickedDays] = await Promise.all([
    within(adImpressions),
    within(adClicks),
    db
      .select({ n: count() })
      .from(adConversions)
      .where(
        and(eq(adConversions.campaignId, campaignId), gte(adConversions.at, from), lt(adConversions.at, to)),
      ),
    byDay(adImpressions),
    byDay(adClicks),
  ]);
  const spentOn = new Map<string, number>();
  for (const row of [...shownDays, ...clickedDays])
    spentOn.set(row.day, (spentOn.get(row.day) ?? 0) + row.spend);
  const today = localTime(to, timezone);
  const recentDays = [0, 1, 2].map(
    (back) => spentOn.get(localTime(new Date(to.getTime() - back * 24 * HOUR_MS), timezone).date) ?? 0,
  );
  return {
    from,
    to,
    impressions: shown.n,
    clicks: clicked.n,
    conversions: converted?.n ?? 0,
    spendMicros: shown.spend + clicked.spend,
    recentDays,
    dayGone: today.minute / 1440,
  };
}

/** Events the learning phase counts since `since`: others' clicks, or conversions for TARGET_CPA. */
async function learned(db: Db, campaignId: string, strategy: AdBidStrategy, since: Date): Promise<number> {
  const [row] =
    strategy === "TARGET_CPA"
      ? await db
          .select({ n: count() })
          .from(adConversions)
          .where(and(eq(adConversions.campaignId, campaignId), gte(adConversions.at, since)))
      : await db
          .select({ n: count() })
          .from(adClicks)
          .where(and(eq(adClicks.campaignId, campaignId), gte(adClicks.at, since), notOwn(adClicks)));
  return row?.n ?? 0;
}

/**
 * One run over every running campaign with an autopilot (or one just switched off) not run
 * within the last interval: each in its own transaction, its row locked (another instance's
 * run skips it). Answers the campaigns whose bid moved.
 */
export async function runAutopilot(
  db: Db,
  now: Date,
  opts: { intervalMs: number; learningEvents: number; currency: string },
): Promise<string[]> {
  // Not before most of an interval has passed (a run that started late does not run twice).
  const due = new Date(now.getTime() - opts.intervalMs * 0.9);
  const candidates = await db
    .select({ id: adCampaigns.id })
    .from(adCampaigns)
    .innerJoin(adAccounts, eq(adAccounts.id, adCampaigns.adAccountId))
    .where(
      and(
        eq(adCampaigns.status, "ACTIVE"),
        eq(adAccounts.status, "ACTIVE"),
        or(ne(adCampaigns.bidStrategy, "MANUAL"), ne(adCampaigns.autopilotStatus, "OFF")),
        or(isNull(adCampaigns.autopilotRanAt), lt(adCampaigns.autopilotRanAt, due)),
      ),
    );
  const moved: string[] = [];
  for (const { id } of candidates) {
    const changed = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ campaign: adCampaigns, timezone: adAccounts.timezone })
        .from(adCampaigns)
        .innerJoin(adAccounts, eq(adAccounts.id, adCampaigns.adAccountId))
        .where(
          and(
            eq(adCampaigns.id, id),
            or(isNull(adCampaigns.autopilotRanAt), lt(adCampaigns.autopilotRanAt, due)),
          ),
        )
        .for("update", { of: adCampaigns, skipLocked: true });
      if (!row) return false;
      const c = row.campaign;
      if (c.bidStrategy === "MANUAL") {
        await tx
          .update(adCampaigns)
          .set({ autopilotStatus: "OFF", learningEventsLeft: 0, autopilotRanAt: now })
          .where(eq(adCampaigns.id, c.id));
        return false;
      }
      // Switched on in the editor of a running campaign: it starts learning now.
      const since = c.autopilotSince ?? now;
      const left = Math.max(0, opts.learningEvents - (await learned(tx, c.id, c.bidStrategy, since)));
      if (left > 0) {
        await tx
          .update(adCampaigns)
          .set({
            autopilotStatus: "LEARNING",
            learningEventsLeft: left,
            autopilotSince: since,
            autopilotRanAt: now,
          })
          .where(eq(adCampaigns.id, c.id));
        return false;
      }
      const hours =
        c.bidStrategy === "TARGET_CPA" ? AD_AUTOPILOT.cpaWindowHours : AD_AUTOPILOT.cpcWindowHours;
      const from = new Date(now.getTime() - hours * HOUR_MS);
      const m = await measure(tx, c.id, row.timezone, from, now);
      const since14 = new Date(now.getTime() - 14 * 24 * HOUR_MS);
      const counted = (table: typeof adImpressions | typeof adClicks) =>
        tx
          .select({ n: count() })
          .from(table)
          .where(and(eq(table.campaignId, c.id), gte(table.at, since14)))
          .then(([r]) => r?.n ?? 0);
      const pctr = pctrOf(await counted(adImpressions), await counted(adClicks));
      const step = nextBid(
        {
          strategy: c.bidStrategy,
          pricingModel: c.pricingModel,
          bidMicros: c.bidMicros,
          targetMicros: c.targetMicros,
          bidFloorMicros: c.bidFloorMicros,
          bidCeilingMicros: c.bidCeilingMicros,
          dailyBudgetMicros: c.dailyBudgetMicros,
          currency: opts.currency,
          pctr,
        },
        m,
      );
      await tx
        .update(adCampaigns)
        .set({
          autopilotStatus: step.status,
          learningEventsLeft: 0,
          autopilotSince: since,
          autopilotRanAt: now,
          ...(step.reason
            ? { bidMicros: step.bidMicros, updatedAt: now, version: sql`${adCampaigns.version} + 1` }
            : {}),
        })
        .where(eq(adCampaigns.id, c.id));
      if (!step.reason) return false;
      await tx.insert(adBidChanges).values({
        campaignId: c.id,
        at: now,
        oldBidMicros: c.bidMicros,
        newBidMicros: step.bidMicros,
        reason: step.reason,
        windowFrom: m.from,
        windowTo: m.to,
        clicks: m.clicks,
        impressions: m.impressions,
        conversions: m.conversions,
        spendMicros: m.spendMicros,
      });
      return true;
    });
    if (changed) moved.push(id);
  }
  return moved;
}
