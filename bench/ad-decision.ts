// The ad decision in process (ADS.md amendments: p99 ≤ 5 ms with 1,000 running campaigns): the
// same pure function the server runs (apps/api/src/modules/ads/decide.ts) over a snapshot like
// a busy server's — filter lists, weekly hours, EVEN pacing, frequency caps, audiences, geo
// fences — for readers with histories, timed per lookup. Its baseline, measured in the same run,
// is the decision over 10 campaigns (this machine is shared: absolute times mean little).
//   npm run bench:ads
import { performance } from "node:perf_hooks";
import {
  decide,
  type ReaderState,
  type ServingCampaign,
  type ServingSnapshot,
} from "../apps/api/src/modules/ads/decide.ts";
import type { PageFacts } from "../apps/api/src/modules/ads/matching.ts";

const DAY = 86_400_000;
const now = Date.now();

/** A deterministic random sequence, so every run measures the same snapshot. */
function sequence(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

function campaigns(n: number): ServingCampaign[] {
  const r = sequence(42);
  return Array.from({ length: n }, (_, i) => {
    const daily = 50_000_000 + Math.floor(r() * 50) * 1_000_000;
    return {
      id: `c${i}`,
      adAccountId: `a${i % Math.max(1, Math.floor(n / 2))}`,
      advertiserName: `Advertiser ${i}`,
      timezone: ["UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo"][i % 4] ?? "UTC",
      pricingModel: i % 3 === 0 ? "CPC" : "CPM",
      bidMicros: i % 3 === 0 ? 200_000 + i * 100 : 1_000_000 + i * 1000,
      totalBudgetMicros: 10_000_000_000,
      dailyBudgetMicros: i % 2 === 0 ? daily : null,
      pacing: i % 2 === 0 ? "EVEN" : "ASAP",
      startAt: now - 10 * DAY,
      endAt: i % 5 === 0 ? now + 20 * DAY : null,
      launchedAt: now - 10 * DAY,
      weekly:
        i % 7 === 0 ? [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, fromMinute: 0, toMinute: 1440 })) : null,
      frequencyCap: i % 4 === 0 ? { impressions: 3, period: "DAY" } : null,
      spentMicros: 0,
      spentDay: null,
      spentDayMicros: 0,
      holdRemainingMicros: daily * 10,
      creatives: [1, 2, 3].map((k) => ({
        id: `cr${i}-${k}`,
        headline: `Offer ${i}`,
        body: "",
        displayDomain: "example.net",
        destinationUrl: "https://example.net/",
        image: null,
      })),
      filters:
        i % 3 === 1
          ? [
              {
                mode: "EXCLUDE" as const,
                rules: Array.from({ length: 200 }, (_, k) => ({
                  type: "DOMAIN" as const,
                  value: `blocked${k}.example.com`,
                })),
              },
            ]
          : i % 3 === 2
            ? [
                {
                  mode: "INCLUDE" as const,
                  rules: [
                    { type: "DOMAIN" as const, value: `site${i % 50}.example.org` },
                    { type: "KEYWORD" as const, value: "story" },
                  ],
                },
              ]
            : [],
      geo:
        i % 10 === 0
          ? {
              include: [
                [
                  { type: "COUNTRY" as const, country: "DE" },
                  { type: "CIRCLE" as const, lat: 52.5, lng: 13.4, radiusKm: 50 },
                ],
              ],
              exclude: [],
            }
          : { include: [], exclude: [] },
      audiences:
        i % 8 === 0
          ? { include: [`aud${i % 16}`], exclude: [], includesAny: true }
          : { include: [], exclude: [], includesAny: false },
      pctr: 0.002 + r() * 0.01,
    };
  });
}

const pages: PageFacts[] = Array.from({ length: 40 }, (_, i) => ({
  normalizedUrl: `site${i}.example.org/articles/${i}-a-story`,
  host: `site${i}.example.org`,
  title: `Story ${i}: what happened next`,
  description: "A story about things.",
  topics: ["news"],
}));

const readers: ReaderState[] = Array.from({ length: 100 }, (_, i) => ({
  audiences: new Set(i % 2 === 0 ? ["aud0", "aud8"] : []),
  hidden: new Set(i % 5 === 0 ? ["cr3-1"] : []),
  place: i % 3 === 0 ? { country: "DE", point: [52.52, 13.41] as const } : null,
  seen: new Map(Array.from({ length: 20 }, (_, k) => [`c${k * 4}`, { DAY: k % 4, WEEK: k, MONTH: k * 2 }])),
}));

function measure(snapshot: ServingSnapshot, lookups: number) {
  const times: number[] = [];
  let served = 0;
  for (let i = 0; i < lookups; i++) {
    const start = performance.now();
    const picks = decide(
      snapshot,
      pages[i % pages.length] as PageFacts,
      readers[i % readers.length] as ReaderState,
      {
        now,
        size: 3,
      },
    );
    times.push(performance.now() - start);
    served += picks.length;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), adsPerLookup: served / lookups };
}

const small = { campaigns: campaigns(10) };
const large = { campaigns: campaigns(1000) };
// Warm up the JIT on both before timing either.
measure(small, 2000);
measure(large, 500);
const base = measure(small, 20_000);
const big = measure(large, 5_000);
const ms = (n: number) => n.toFixed(3);
console.log("| scenario | p50 ms | p99 ms | p99 ratio to 10 campaigns | target | ads per lookup |");
console.log("|---|---|---|---|---|---|");
console.log(
  `| decision, 10 running campaigns (baseline) | ${ms(base.p50)} | ${ms(base.p99)} | 1 | | ${base.adsPerLookup.toFixed(2)} |`,
);
console.log(
  `| decision, 1,000 running campaigns | ${ms(big.p50)} | ${ms(big.p99)} | ${(big.p99 / base.p99).toFixed(1)} | p99 ≤ 5 ms ${big.p99 <= 5 ? "✓" : "✗"} | ${big.adsPerLookup.toFixed(2)} |`,
);
