import { distanceKm, insidePolygon, type LatLng } from "@flipside/contracts/ad-geo";
import { AD_SERVING } from "@flipside/contracts/ad-slot";
import type { AdGeoShape } from "@flipside/contracts/ads";
import {
  AD_TARGETING_LIMITS,
  type AdFilterMode,
  type AdFrequencyPeriod,
  type AdPacing,
  type AdPricingModel,
  type AdWhyReason,
} from "@flipside/contracts/ads-constants";
import { localTime, priceOf } from "./delivery.ts";
import { anyMatches, type PageFacts, type Rule } from "./matching.ts";

/**
 * The serving decision (ADS.md §4.4, decision 038): pure and in memory, so it stays within a
 * few milliseconds with a thousand running campaigns. Everything it reads was loaded before —
 * the running campaigns (`ServingSnapshot`) and what is known of this reader (`ReaderState`).
 */

export interface ServingCreative {
  id: string;
  headline: string;
  body: string;
  displayDomain: string;
  destinationUrl: string;
  image: { url: string; width: number; height: number } | null;
}

export interface ServingCampaign {
  id: string;
  adAccountId: string;
  advertiserName: string;
  timezone: string;
  pricingModel: AdPricingModel;
  bidMicros: number;
  totalBudgetMicros: number;
  dailyBudgetMicros: number | null;
  pacing: AdPacing;
  startAt: number;
  endAt: number | null;
  launchedAt: number | null;
  weekly: readonly { day: number; fromMinute: number; toMinute: number }[] | null;
  frequencyCap: { impressions: number; period: AdFrequencyPeriod } | null;
  /** Money, kept current by this instance's billing and refreshed from the database. */
  spentMicros: number;
  spentDay: string | null;
  spentDayMicros: number;
  holdRemainingMicros: number;
  /** Approved, not archived; a campaign without any is not in the snapshot. */
  creatives: readonly ServingCreative[];
  filters: readonly { mode: AdFilterMode; rules: readonly Rule[] }[];
  /** Geo fences shown in and not: a campaign with any runs only for readers it can place. */
  geo: { include: readonly AdGeoShape[][]; exclude: readonly AdGeoShape[][] };
  /** Included audiences that have enough members to serve; and the excluded ones. */
  audiences: { include: readonly string[]; exclude: readonly string[]; includesAny: boolean };
  /** pCTR over the last 14 days with its prior (ADS.md §4.4). */
  pctr: number;
}

export interface ServingSnapshot {
  campaigns: readonly ServingCampaign[];
}

export interface ReaderPlace {
  country: string | null;
  point: LatLng | null;
}

/** Whether a place is in a fence: its country, or its point in a circle or polygon (ADS.md §5). */
export function inFence(place: ReaderPlace, shapes: readonly AdGeoShape[]): boolean {
  return shapes.some((shape) => {
    if (shape.type === "COUNTRY") return place.country === shape.country;
    if (!place.point) return false;
    if (shape.type === "CIRCLE") return distanceKm(place.point, [shape.lat, shape.lng]) <= shape.radiusKm;
    return insidePolygon(place.point, shape.points);
  });
}

export interface ReaderState {
  /** Audiences the reader is in (signed in and consenting only; otherwise empty). */
  audiences: ReadonlySet<string>;
  /** Creatives the reader hid. */
  hidden: ReadonlySet<string>;
  /** Where the reader is, from their address (GEOIP_DB), or null. */
  place: ReaderPlace | null;
  /** Impressions of each campaign this reader saw, per rolling window. */
  seen: ReadonlyMap<string, { DAY: number; WEEK: number; MONTH: number }>;
}

export interface AdPick {
  campaign: ServingCampaign;
  creative: ServingCreative;
  priceMicros: number;
  ecpmMicros: number;
  why: AdWhyReason[];
}

const DAY_MS = 86_400_000;

/** Minutes of `weekly` on ISO weekday `day` between two minutes of that day (all of it when null). */
function scheduledMinutes(
  weekly: ServingCampaign["weekly"],
  day: number,
  fromMinute: number,
  toMinute: number,
): number {
  if (!weekly) return Math.max(0, toMinute - fromMinute);
  let total = 0;
  for (const w of weekly) {
    if (w.day !== day) continue;
    total += Math.max(0, Math.min(w.toMinute, toMinute) - Math.max(w.fromMinute, fromMinute));
  }
  return total;
}

/**
 * How much of today's budget an EVEN campaign may have spent by now (ADS.md §4.4): the day's
 * budget (or what is left of the total over the days left) times the share of today's scheduled
 * time already gone, counted from local midnight or the launch, whichever is later.
 */
export type LocalTime = ReturnType<typeof localTime>;

export function pacingTarget(c: ServingCampaign, now: number, local: LocalTime): number {
  let daily = c.dailyBudgetMicros;
  if (daily === null) {
    if (c.endAt === null) return Number.POSITIVE_INFINITY;
    const daysLeft = Math.max(1, Math.ceil((c.endAt - now) / DAY_MS));
    const spentBeforeToday = c.spentMicros - (c.spentDay === local.date ? c.spentDayMicros : 0);
    daily = (c.totalBudgetMicros - spentBeforeToday) / daysLeft;
  }
  // Counted from the launch when that was today, else from local midnight.
  const launched =
    c.launchedAt !== null && now - c.launchedAt < DAY_MS
      ? localTime(new Date(c.launchedAt), c.timezone)
      : null;
  const from = launched?.date === local.date ? launched.minute : 0;
  const whole = scheduledMinutes(c.weekly, local.day, from, 1440);
  if (whole === 0) return daily;
  return (daily * scheduledMinutes(c.weekly, local.day, from, local.minute + 1)) / whole;
}

/** Why a campaign is not for this page and reader now, or null when it is eligible. */
export function ineligible(
  c: ServingCampaign,
  now: number,
  page: PageFacts,
  reader: ReaderState,
  random: () => number,
  localNow: (timezone: string) => LocalTime,
): string | null {
  if (c.startAt > now) return "SCHEDULED";
  if (c.endAt !== null && c.endAt <= now) return "ENDED";
  const local = localNow(c.timezone);
  if (
    c.weekly &&
    !c.weekly.some((w) => w.day === local.day && w.fromMinute <= local.minute && local.minute < w.toMinute)
  )
    return "OUTSIDE_SCHEDULE";
  const price = priceOf(c);
  const spentToday = c.spentDay === local.date ? c.spentDayMicros : 0;
  if (c.spentMicros + price > c.totalBudgetMicros) return "BUDGET_SPENT";
  if (c.dailyBudgetMicros !== null && spentToday + price > c.dailyBudgetMicros) return "DAILY_BUDGET_REACHED";
  if (c.holdRemainingMicros < price) return "NO_FUNDS";
  if (c.pacing === "EVEN") {
    const target = pacingTarget(c, now, local);
    const slack = Math.max(0.02 * (c.dailyBudgetMicros ?? target), price);
    // The guard: never further ahead of the curve than the slack. Below it, the controller lets
    // fewer requests through the closer spend comes to the curve (a proportional pass-through).
    if (spentToday > target + slack) return "PACING";
    const ahead = spentToday - (target - slack);
    if (ahead > 0 && random() > Math.max(0.1, 1 - ahead / (2 * slack))) return "PACING";
  }
  for (const list of c.filters) {
    const matched = anyMatches(list.rules, page);
    if (list.mode === "EXCLUDE" ? matched : !matched) return "FILTERED";
  }
  if (c.geo.include.length > 0 || c.geo.exclude.length > 0) {
    // Fail closed: a reader who cannot be placed sees no fenced campaign.
    const place = reader.place;
    if (!place) return "GEO_UNAVAILABLE";
    if (c.geo.include.length > 0 && !c.geo.include.some((fence) => inFence(place, fence))) return "PLACE";
    if (c.geo.exclude.some((fence) => inFence(place, fence))) return "PLACE";
  }
  if (c.audiences.includesAny && !c.audiences.include.some((id) => reader.audiences.has(id)))
    return "AUDIENCE";
  if (c.audiences.exclude.some((id) => reader.audiences.has(id))) return "AUDIENCE";
  if (c.frequencyCap) {
    const seen = reader.seen.get(c.id);
    if (seen && seen[c.frequencyCap.period] >= c.frequencyCap.impressions) return "FREQUENCY";
  }
  return null;
}

/** eCPM in micros: a CPM bid as it is, a CPC bid times the predicted click rate times 1,000. */
export const ecpmOf = (c: Pick<ServingCampaign, "pricingModel" | "bidMicros" | "pctr">) =>
  c.pricingModel === "CPM" ? c.bidMicros : c.bidMicros * c.pctr * 1000;

/**
 * Up to `size` ads for a page and reader: eligible campaigns by eCPM (ties at random), one per
 * advertiser account, each with one of its creatives the reader did not hide, at random.
 */
export function decide(
  snapshot: ServingSnapshot,
  page: PageFacts,
  reader: ReaderState,
  opts: { now: number; size: number; random?: () => number },
): AdPick[] {
  const random = opts.random ?? Math.random;
  // The clock in each advertiser's zone, read once per zone per decision (Intl is the slow part).
  const zones = new Map<string, LocalTime>();
  const localNow = (timezone: string) => {
    let local = zones.get(timezone);
    if (!local) {
      local = localTime(new Date(opts.now), timezone);
      zones.set(timezone, local);
    }
    return local;
  };
  const scored: { campaign: ServingCampaign; ecpm: number; tie: number }[] = [];
  for (const campaign of snapshot.campaigns) {
    if (ineligible(campaign, opts.now, page, reader, random, localNow) !== null) continue;
    if (campaign.creatives.every((c) => reader.hidden.has(c.id))) continue;
    scored.push({ campaign, ecpm: ecpmOf(campaign), tie: random() });
  }
  scored.sort((a, b) => b.ecpm - a.ecpm || a.tie - b.tie);
  const picks: AdPick[] = [];
  const advertisers = new Set<string>();
  for (const { campaign, ecpm } of scored) {
    if (picks.length >= opts.size) break;
    if (advertisers.has(campaign.adAccountId)) continue;
    const visible = campaign.creatives.filter((c) => !reader.hidden.has(c.id));
    const creative = visible[Math.floor(random() * visible.length)];
    if (!creative) continue;
    advertisers.add(campaign.adAccountId);
    picks.push({
      campaign,
      creative,
      priceMicros: priceOf(campaign),
      ecpmMicros: ecpm,
      why: whyOf(campaign),
    });
  }
  return picks;
}

/** The targeting that chose the reader ("Why this ad?"); everyone when none narrowed it. */
function whyOf(c: ServingCampaign): AdWhyReason[] {
  const why: AdWhyReason[] = [];
  if (c.filters.some((f) => f.mode === "INCLUDE")) why.push("SITE");
  if (c.geo.include.length > 0) why.push("PLACE");
  if (c.audiences.includesAny) why.push("AUDIENCE");
  return why.length > 0 ? why : ["EVERYONE"];
}

/** pCTR with its prior: (clicks + 1) ÷ (impressions + 500). */
export const pctrOf = (impressions: number, clicks: number) =>
  (clicks + AD_SERVING.pctrPriorClicks) / (impressions + AD_SERVING.pctrPriorImpressions);

/** Whether an included audience may serve at all (enough members). */
export const servableAudience = (members: number) => members >= AD_TARGETING_LIMITS.audienceMinSize;
