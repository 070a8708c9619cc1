import type { AdForecast, AdForecastInput } from "@flipside/contracts/ads";
import { AD_PLANNING_LIMITS, type AdForecastWarning } from "@flipside/contracts/ads-constants";
import { ecpmOf, ineligible, type LocalTime, type ReaderState, type ServingCampaign } from "./decide.ts";
import { localTime } from "./delivery.ts";
import type { PageFacts, Rule } from "./matching.ts";

/**
 * The forecast (ADS.md §5 Forecasting, decision 042), pure: the sampled page views of the last 28
 * days replayed through a planned campaign's targeting, against the campaigns running now (each
 * as if its budget, schedule and pacing let it everywhere its targeting does: what higher-ranked
 * campaigns could take), then projected onto the planned days by weekday and cut by the budgets.
 * The band is the spread between the weekdays' quietest and busiest replayed day.
 */

const DAY_MS = 86_400_000;

export interface ReplaySample {
  at: number;
  weight: number;
  page: PageFacts;
  viewerKey: string;
  audiences: ReadonlySet<string>;
  place: ReaderState["place"];
}

export interface History {
  samples: readonly ReplaySample[];
  /** When the oldest kept sample was taken (ms), or null without any. */
  since: number | null;
}

export interface PlannedTargeting {
  filters: readonly { mode: "INCLUDE" | "EXCLUDE"; rules: readonly Rule[] }[];
  geo: ServingCampaign["geo"];
  audiences: ServingCampaign["audiences"];
  /** Included audiences too small to serve. */
  audienceTooSmall: boolean;
}

/** A campaign free of money and time: it goes wherever its targeting lets it. */
function unbounded(c: ServingCampaign): ServingCampaign {
  return {
    ...c,
    startAt: 0,
    endAt: null,
    weekly: null,
    pacing: "ASAP",
    frequencyCap: null,
    totalBudgetMicros: Number.MAX_SAFE_INTEGER,
    dailyBudgetMicros: null,
    spentMicros: 0,
    spentDay: null,
    spentDayMicros: 0,
    holdRemainingMicros: Number.MAX_SAFE_INTEGER,
  };
}

const NO_HIDES: ReadonlySet<string> = new Set();
const NOT_SEEN: ReaderState["seen"] = new Map();

/** What a planned campaign must beat on each page view its targeting matches. */
interface Match {
  day: string;
  viewerKey: string;
  weight: number;
  /** The eCPM to beat (rivals of other advertisers filling the slots, or its own account's best). */
  toBeat: number;
}

export function forecast(opts: {
  history: History;
  rivals: readonly ServingCampaign[];
  adAccountId: string;
  timezone: string;
  input: AdForecastInput;
  targeting: PlannedTargeting;
  /** The account's predicted click rate (its last 14 days with the prior). */
  pctr: number;
  geoConfigured: boolean;
  now: Date;
  slots?: number;
}): AdForecast {
  const { input, timezone, pctr } = opts;
  const slots = opts.slots ?? 1;
  const now = opts.now.getTime();
  const warnings: AdForecastWarning[] = [];
  const fenced = input.geoFences.include.length > 0 || input.geoFences.exclude.length > 0;
  if (fenced && !opts.geoConfigured) warnings.push("GEO_NOT_CONFIGURED");
  if (opts.targeting.audienceTooSmall) warnings.push("AUDIENCE_TOO_SMALL");

  const today = localTime(opts.now, timezone).date;
  // The replayed days: whole local days before today since the oldest sample's (at most 28).
  const since = opts.history.since === null ? null : localTime(new Date(opts.history.since), timezone).date;
  const historyDays: string[] = [];
  for (let i = AD_PLANNING_LIMITS.historyDays; i >= 1; i--) {
    const day = localTime(new Date(now - i * DAY_MS), timezone).date;
    if (since !== null && day >= since && day < today && !historyDays.includes(day)) historyDays.push(day);
  }
  const basedOnDays = historyDays.length;
  const dayIndex = new Map(historyDays.map((day, i) => [day, i]));
  const replayed = new Set(historyDays);

  const start = Date.parse(input.schedule.startAt);
  const end = input.schedule.endAt
    ? Date.parse(input.schedule.endAt)
    : start + AD_PLANNING_LIMITS.openEndedDays * DAY_MS;
  const planned = plannedDays(start, end, timezone);
  const empty = (): AdForecast => ({
    impressions: { low: 0, high: 0 },
    reach: { low: 0, high: 0 },
    clicks: { low: 0, high: 0 },
    spendMicros: { low: 0, high: 0 },
    availableImpressions: 0,
    daily: planned.map((p) => ({ date: p.date, impressions: 0, spendMicros: 0 })),
    bidLandscape: landscapeBids(input.bidMicros).map((bidMicros) => ({
      bidMicros,
      impressions: 0,
      spendMicros: 0,
    })),
    basedOnDays,
    warnings,
  });
  if (basedOnDays < AD_PLANNING_LIMITS.minHistoryDays) {
    warnings.unshift("NOT_ENOUGH_HISTORY");
    return empty();
  }

  const candidate: ServingCampaign = unbounded({
    id: "planned",
    adAccountId: opts.adAccountId,
    advertiserName: "",
    timezone,
    pricingModel: input.pricingModel,
    bidMicros: input.bidMicros,
    totalBudgetMicros: 0,
    dailyBudgetMicros: null,
    pacing: "ASAP",
    startAt: 0,
    endAt: null,
    launchedAt: null,
    weekly: null,
    frequencyCap: null,
    spentMicros: 0,
    spentDay: null,
    spentDayMicros: 0,
    holdRemainingMicros: 0,
    creatives: [],
    filters: opts.targeting.filters,
    geo: opts.targeting.geo,
    audiences: opts.targeting.audiences,
    pctr,
  });
  const rivals = opts.rivals.map(unbounded);
  const zones = new Map<string, LocalTime>();
  const matches: Match[] = [];
  let available = 0;
  for (const sample of opts.history.samples) {
    const reader: ReaderState = {
      audiences: sample.audiences,
      hidden: NO_HIDES,
      place: sample.place,
      seen: NOT_SEEN,
    };
    zones.clear();
    const localNow = (zone: string) => {
      let local = zones.get(zone);
      if (!local) {
        local = localTime(new Date(sample.at), zone);
        zones.set(zone, local);
      }
      return local;
    };
    const day = localNow(timezone).date;
    if (!replayed.has(day)) continue;
    if (ineligible(candidate, sample.at, sample.page, reader, Math.random, localNow) !== null) continue;
    available += sample.weight;
    // The best bid of each other advertiser here, and of this account's own running campaigns
    // (serving shows one ad per advertiser: its own better campaign takes the place first).
    let own = 0;
    const best = new Map<string, number>();
    for (const rival of rivals) {
      if (ineligible(rival, sample.at, sample.page, reader, Math.random, localNow) !== null) continue;
      const ecpm = ecpmOf(rival);
      if (rival.adAccountId === opts.adAccountId) own = Math.max(own, ecpm);
      else best.set(rival.adAccountId, Math.max(best.get(rival.adAccountId) ?? 0, ecpm));
    }
    const others = [...best.values()].sort((a, b) => b - a);
    const slotPrice = others.length >= slots ? (others[slots - 1] ?? 0) : 0;
    matches.push({
      day,
      viewerKey: sample.viewerKey,
      weight: sample.weight,
      toBeat: Math.max(own, slotPrice),
    });
  }

  /** Per replayed day, what a bid wins (frequency cap applied), and the people it reaches. */
  const replay = (bidMicros: number) => {
    const ecpm = ecpmOf({ pricingModel: input.pricingModel, bidMicros, pctr });
    const won = matches.filter((m) => ecpm > m.toBeat);
    const perDay = new Map<string, number>();
    const cap = input.frequencyCap;
    if (cap) {
      // Impressions per person per period, at most the cap. The sampled days stand for the period
      // (a week: 7 replayed days; a month: all of them).
      const bucketOf = (m: Match) => {
        if (cap.period === "DAY") return `${m.viewerKey}|${m.day}`;
        if (cap.period === "WEEK") return `${m.viewerKey}|${Math.floor((dayIndex.get(m.day) ?? 0) / 7)}`;
        return m.viewerKey;
      };
      const used = new Map<string, number>();
      for (const m of won) {
        const key = bucketOf(m);
        const room = cap.impressions - (used.get(key) ?? 0);
        const n = Math.min(room, m.weight);
        if (n <= 0) continue;
        used.set(key, (used.get(key) ?? 0) + n);
        perDay.set(m.day, (perDay.get(m.day) ?? 0) + n);
      }
    } else for (const m of won) perDay.set(m.day, (perDay.get(m.day) ?? 0) + m.weight);
    const people = new Set(won.map((m) => m.viewerKey)).size;
    const meanWeight = won.length ? won.reduce((n, m) => n + m.weight, 0) / won.length : 1;
    return { perDay, people, meanWeight };
  };

  /** The replayed days' impressions by ISO weekday, to project each planned day from its own. */
  const byWeekday = (perDay: Map<string, number>) => {
    const values = new Map<number, number[]>();
    for (const day of historyDays) {
      const weekday = isoWeekday(day);
      const list = values.get(weekday) ?? [];
      list.push(perDay.get(day) ?? 0);
      values.set(weekday, list);
    }
    return (weekday: number) => {
      const list = values.get(weekday) ?? [...values.values()].flat();
      const mean = list.reduce((a, b) => a + b, 0) / Math.max(1, list.length);
      return { low: Math.min(...list), mid: mean, high: Math.max(...list) };
    };
  };

  const costOf = (bidMicros: number) => (input.pricingModel === "CPM" ? bidMicros / 1000 : bidMicros * pctr);
  const cost = costOf(input.bidMicros);
  const { perDay, people, meanWeight } = replay(input.bidMicros);
  const project = byWeekday(perDay);
  /** Impressions over the planned days, cut by the daily and total budgets. */
  const withinBudget = (pick: "low" | "mid" | "high") => {
    let spent = 0;
    return planned.map((p) => {
      let n = Math.floor(project(p.weekday)[pick] * p.share);
      if (cost > 0) {
        if (input.budget.dailyMicros !== null) n = Math.min(n, Math.floor(input.budget.dailyMicros / cost));
        n = Math.max(0, Math.min(n, Math.floor((input.budget.totalMicros - spent) / cost)));
      }
      spent += n * cost;
      return n;
    });
  };
  const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
  const low = sum(withinBudget("low"));
  const mid = withinBudget("mid");
  const high = sum(withinBudget("high"));
  const uncapped = sum(planned.map((p) => Math.floor(project(p.weekday).high * p.share)));
  // People: those the replay reached, over the planned share of the replayed days, thinned by
  // the budget's cut; at most one person per impression.
  const share = Math.min(1, sum(planned.map((p) => p.share)) / basedOnDays);
  const kept = uncapped > 0 ? high / uncapped : 0;
  const reachLow = Math.min(low, Math.round(people * share * kept));
  const reachHigh = Math.max(reachLow, Math.min(high, Math.round(people * meanWeight * share * kept)));
  const money = (n: number) => Math.round(n * cost);
  return {
    impressions: { low, high },
    reach: { low: reachLow, high: reachHigh },
    clicks: { low: Math.floor(low * pctr), high: Math.floor(high * pctr) },
    spendMicros: { low: money(low), high: money(high) },
    availableImpressions: available,
    daily: planned.map((p, i) => ({
      date: p.date,
      impressions: mid[i] ?? 0,
      spendMicros: money(mid[i] ?? 0),
    })),
    // Before budget limits (as bid simulators show): a higher bid wins every page view a lower one
    // did and pays more for each, so neither column ever falls as the bid rises.
    bidLandscape: landscapeBids(input.bidMicros).map((bidMicros) => {
      const projected = byWeekday(replay(bidMicros).perDay);
      const impressions = sum(planned.map((p) => Math.floor(projected(p.weekday).mid * p.share)));
      return { bidMicros, impressions, spendMicros: Math.round(impressions * costOf(bidMicros)) };
    }),
    basedOnDays,
    warnings,
  };
}

/** Five bids around the planned one, in whole cents. */
function landscapeBids(bidMicros: number): number[] {
  return AD_PLANNING_LIMITS.landscape.map((m) =>
    Math.max(10_000, Math.round((bidMicros * m) / 10_000) * 10_000),
  );
}

/** The planned local days, each with its weekday and the share of it inside the schedule. */
function plannedDays(start: number, end: number, timezone: string) {
  const days: { date: string; weekday: number; share: number }[] = [];
  const limit = Math.min(end, start + AD_PLANNING_LIMITS.maxDays * DAY_MS);
  // Walk in hours, so days of 23 or 25 hours and odd offsets land on the right local dates.
  const hours = new Map<string, number>();
  for (let t = start; t < limit; t += 3_600_000) {
    const date = localTime(new Date(t), timezone).date;
    hours.set(date, (hours.get(date) ?? 0) + Math.min(3_600_000, limit - t) / 3_600_000);
  }
  for (const [date, n] of hours) days.push({ date, weekday: isoWeekday(date), share: Math.min(1, n / 24) });
  return days;
}

function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}
