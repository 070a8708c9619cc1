import { randomBytes } from "node:crypto";
import type { UpdateAdBidding } from "@flipside/contracts/ads";
import { eq, inArray } from "drizzle-orm";
import pino from "pino";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { adCampaigns, adRequestSamples } from "./db/schema/ads.ts";
import type { Storage } from "./lib/storage.ts";
import { runAutopilot } from "./modules/ads/autopilot.ts";
import { createBiddingService } from "./modules/ads/bidding.ts";
import { recordConversion } from "./modules/ads/conversions.ts";
import type { PageFacts } from "./modules/ads/matching.ts";
import { createAdServer } from "./modules/ads/serving.ts";
import { tendCampaign } from "./modules/ads/spend.ts";
import type { Viewer } from "./plugins/auth.ts";

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const TEND_EVERY = 6 * HOUR;
/** As serving keeps them by default: one request in ten. */
const SAMPLE_RATE = 10;
const COUNTRIES: [string, number][] = [
  ["NL", 0.35],
  ["DE", 0.2],
  ["GB", 0.15],
  ["US", 0.2],
  ["BE", 0.1],
];

/** Shares of the served ads whose beacon comes from a crawler, a prefetch, or twice. */
const INVALID = { bot: 0.015, prefetch: 0.005, repeated: 0.01 };
const counts = (outcome: string) => outcome === "BILLED" || outcome === "NOT_BILLED";

/** A small seeded generator (mulberry32): the same demo on every machine. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type DemoPage = PageFacts & { sitePageId: string };

interface Request {
  at: number;
  page: DemoPage;
  viewerKey: string;
  userId: string | null;
  country: string;
}

/** How the demo's readers answer an ad they see, per campaign. */
export interface Behaviour {
  /** Share of the ads served that are seen (viewable). */
  viewable: number;
  /** Share of the impressions clicked. */
  ctr: number;
  /** Share of the clicks that convert on the advertiser's site, and what one is worth. */
  conversion: number;
  valueMicros: number | null;
  /** Its owner switched the autopilot on this many days ago, with these settings. */
  autopilot?: { daysAgo: number; as: Viewer; bidding: Omit<UpdateAdBidding, "version"> };
}

/**
 * Four weeks of ad traffic on the demo's pages, up to now. The requests are shaped like a small
 * site's (some pages read far more than others, quieter weekends, busier evenings, a month's
 * growth, readers from a few countries); one in ten is kept as serving samples them (decision
 * 042) for media planning. Every request is then served by the real ad server on a clock moved
 * through those weeks, its impressions and clicks counted and billed by serving itself, the
 * advertisers' sites reporting conversions, the reserves settled and topped up and the autopilot
 * run on its interval as the jobs do: the reports, the ledger and the autopilot's change log all
 * come from the same events. Each write is its own transaction, as serving's are.
 */
export async function seedAdTraffic(
  db: Db,
  deps: {
    config: Config;
    storage: Storage;
    now: Date;
    pages: readonly DemoPage[];
    /** Signed-in readers (the demo's people), a share of the requests. */
    userIds: readonly string[];
    /** The campaigns that ran through the four weeks, and how readers answer each. */
    running: ReadonlyMap<string, Behaviour>;
  },
): Promise<{ samples: number; impressions: number; clicks: number; conversions: number }> {
  const random = seeded(20261130);
  const requests = trafficOf(deps, random);
  const today = new Date(deps.now);
  today.setUTCHours(0, 0, 0, 0);
  const from = today.getTime() - 28 * DAY;

  const samples = requests
    .filter(() => random() * SAMPLE_RATE < 1)
    .map((r) => ({
      at: new Date(r.at),
      weight: SAMPLE_RATE,
      normalizedUrl: r.page.normalizedUrl,
      host: r.page.host,
      sitePageId: r.page.sitePageId,
      viewerKey: r.viewerKey,
      country: r.country,
    }));
  for (let i = 0; i < samples.length; i += 500)
    await db.insert(adRequestSamples).values(samples.slice(i, i + 500));

  // The running campaigns were launched four weeks ago (their reserves and autopilot with them).
  const ids = [...deps.running.keys()];
  const launched = new Date(from);
  await db
    .update(adCampaigns)
    .set({ startAt: launched, launchedAt: launched, createdAt: launched, autopilotSince: launched })
    .where(inArray(adCampaigns.id, ids));

  let clock = new Date(from);
  const server = createAdServer({
    db: db,
    storage: deps.storage,
    key: randomBytes(32),
    cacheTtlMs: Number.POSITIVE_INFINITY,
    log: pino({ level: "silent" }),
    now: () => clock,
  });
  const counted = { impressions: 0, clicks: 0, conversions: 0 };
  const conversions: { clickId: string; at: Date; valueMicros: number | null }[] = [];
  const facts = { bot: false, prefetch: false, rateLimited: async () => false };
  const autopilot = {
    intervalMs: deps.config.ADS_AUTOPILOT_INTERVAL_MS,
    learningEvents: deps.config.ADS_AUTOPILOT_LEARNING_EVENTS,
    currency: deps.config.MONEY_CURRENCY,
  };
  const bidding = createBiddingService({
    db: db,
    currency: autopilot.currency,
    learningEvents: autopilot.learningEvents,
    now: () => clock,
  });
  const switches = [...deps.running].flatMap(([id, b]) =>
    b.autopilot ? [{ id, at: deps.now.getTime() - b.autopilot.daysAgo * DAY, ...b.autopilot }] : [],
  );
  /**
   * Clicks since the autopilot was switched on, by campaign: at least what its learning counts
   * (which leaves out the advertiser's own), so a run is never left out once it could move a bid.
   */
  const learning = new Map<string, number>();
  let next = 0;
  let autopilotAt = from;
  for (let hour = from; hour < deps.now.getTime(); hour += HOUR) {
    clock = new Date(hour);
    // The settlement job (every minute in a server; here four times a day, which the reserves
    // allow: each holds its day's budget): settle what was billed, top the reserves up.
    if ((hour - from) % TEND_EVERY === 0) {
      for (const id of ids) await tendCampaign(db, id, clock);
      server.invalidate();
    }
    for (const s of switches.filter((s) => s.at >= hour && s.at < hour + HOUR)) {
      const [row] = await db
        .select({ version: adCampaigns.version })
        .from(adCampaigns)
        .where(eq(adCampaigns.id, s.id));
      await bidding.update(s.as, s.id, { ...s.bidding, version: row?.version ?? 0 });
      learning.set(s.id, 0);
      server.invalidate();
    }
    const end = Math.min(hour + HOUR, deps.now.getTime());
    for (; next < requests.length && (requests[next]?.at ?? end) < end; next++) {
      const r = requests[next];
      if (!r) break;
      while (autopilot.intervalMs > 0 && autopilotAt <= r.at) {
        // The autopilot job, on its interval. Its runs while every switched-on campaign is still
        // learning are left out: such a run only counts clicks, which the next run counts again.
        if (switches.some((s) => (learning.get(s.id) ?? 0) >= autopilot.learningEvents)) {
          clock = new Date(autopilotAt);
          if ((await runAutopilot(db, clock, autopilot)).length > 0) server.invalidate();
        }
        autopilotAt += autopilot.intervalMs;
      }
      clock = new Date(r.at);
      const reader = {
        key: r.viewerKey,
        userId: r.userId,
        personalisedAds: r.userId !== null,
        place: { country: r.country, point: null },
      };
      const [served] = await server.lookup(r.page, reader, 1);
      const behaviour = served && deps.running.get(served.pick.campaign.id);
      if (!served || !behaviour || random() >= behaviour.viewable) continue;
      clock = new Date(r.at + 1500 + Math.floor(random() * 8000));
      // Some beacons are not a person's: a crawler that runs scripts, a page only prefetched.
      // Serving keeps them apart as invalid traffic, never billed.
      const noise = random();
      if (noise < INVALID.bot + INVALID.prefetch) {
        const bot = noise < INVALID.bot;
        await server.count("IMPRESSION", served.token, { ...facts, bot, prefetch: !bot });
        continue;
      }
      const shown = await server.count("IMPRESSION", served.token, facts);
      if (!counts(shown.outcome)) continue;
      counted.impressions++;
      // A page restored from the cache sends its beacon again: counted once.
      if (random() < INVALID.repeated) await server.count("IMPRESSION", served.token, facts);
      if (random() >= behaviour.ctr) continue;
      clock = new Date(clock.getTime() + 3000 + Math.floor(random() * 60_000));
      const clicked = await server.count("CLICK", served.token, facts);
      if (!counts(clicked.outcome) || !clicked.decision) continue;
      counted.clicks++;
      if (learning.has(served.pick.campaign.id))
        learning.set(served.pick.campaign.id, (learning.get(served.pick.campaign.id) ?? 0) + 1);
      if (random() >= behaviour.conversion) continue;
      // Most buy within the hour; some come back days later.
      const after = random() < 0.7 ? 5 * 60_000 + random() * HOUR : random() * 5 * DAY;
      conversions.push({
        clickId: clicked.decision.decisionId,
        at: new Date(clock.getTime() + after),
        valueMicros: behaviour.valueMicros,
      });
    }
    // The advertisers' sites report what converted by now.
    for (const c of conversions.filter((c) => c.at.getTime() < end)) {
      const outcome = await recordConversion(db, {
        clickId: c.clickId,
        source: random() < 0.6 ? "SERVER" : "PIXEL",
        at: c.at,
        valueMicros: c.valueMicros,
      });
      if (outcome === "RECORDED") counted.conversions++;
    }
    conversions.splice(0, conversions.length, ...conversions.filter((c) => c.at.getTime() >= end));
  }
  clock = deps.now;
  for (const id of ids) await tendCampaign(db, id, clock);
  return { samples: samples.length, ...counted };
}

/** The month's requests, in time order. */
function trafficOf(
  deps: { now: Date; pages: readonly DemoPage[]; userIds: readonly string[] },
  random: () => number,
): Request[] {
  const requests: Request[] = [];
  const today = new Date(deps.now);
  today.setUTCHours(0, 0, 0, 0);
  const country = () => {
    let r = random();
    for (const [code, share] of COUNTRIES) {
      r -= share;
      if (r <= 0) return code;
    }
    return "NL";
  };
  for (let d = 28; d >= 0; d--) {
    const day = today.getTime() - d * DAY;
    const weekday = new Date(day).getUTCDay();
    const weekend = weekday === 0 || weekday === 6 ? 0.7 : 1;
    // A slow climb over the month, as a site that is found more.
    const growth = 0.85 + (0.3 * (28 - d)) / 28;
    deps.pages.forEach((page, i) => {
      // The first pages are the popular ones: about 56 requests a day down to 12.
      const base = 4 * (2 + 12 / (1 + i * 0.6));
      const n = Math.round(base * weekend * growth * (0.75 + random() * 0.5));
      for (let k = 0; k < n; k++) {
        // Busier evenings: hours 7–23, weighted towards 19–22.
        const hour = random() < 0.4 ? 19 + Math.floor(random() * 4) : 7 + Math.floor(random() * 16);
        const at = day + hour * HOUR + Math.floor(random() * HOUR);
        const signedIn = deps.userIds.length > 0 && random() < 0.15;
        const userId = signedIn ? (deps.userIds[Math.floor(random() * deps.userIds.length)] ?? null) : null;
        if (at >= deps.now.getTime()) continue;
        requests.push({
          at,
          page,
          // Anonymous keys rotate daily: a returning anonymous reader is a new key each day.
          viewerKey: userId ? `u:${userId}` : `a:demo-${d}-${Math.floor(random() * 150)}`,
          userId,
          country: country(),
        });
      }
    });
  }
  return requests.sort((a, b) => a.at - b.at);
}
