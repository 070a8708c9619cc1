import { validate, version } from "uuid";
import { describe, expect, it } from "vitest";
import { decide, pacingTarget, type ReaderState, type ServingCampaign } from "./decide.ts";
import { localTime } from "./delivery.ts";
import { anyMatches, type PageFacts } from "./matching.ts";
import { decisionId } from "./serving.ts";

/** The serving decision (ADS.md §4.4) on its own: eligibility, ranking, pacing's bounds. */

const NOON = Date.parse("2026-11-30T12:00:00Z");
const page: PageFacts = {
  normalizedUrl: "news.example.com/a",
  host: "news.example.com",
  title: "Bikes and bread",
};
const reader: ReaderState = { audiences: new Set(), hidden: new Set(), seen: new Map(), place: null };

function campaign(over: Partial<ServingCampaign> = {}): ServingCampaign {
  return {
    id: "c1",
    adAccountId: "a1",
    advertiserName: "Bakery",
    timezone: "UTC",
    pricingModel: "CPM",
    bidMicros: 2_000_000,
    totalBudgetMicros: 100_000_000,
    dailyBudgetMicros: null,
    pacing: "ASAP",
    startAt: NOON - 86_400_000 * 3,
    endAt: null,
    launchedAt: NOON - 86_400_000 * 3,
    weekly: null,
    frequencyCap: null,
    spentMicros: 0,
    spentDay: null,
    spentDayMicros: 0,
    holdRemainingMicros: 10_000_000,
    creatives: [
      {
        id: "k1",
        headline: "Bread",
        body: "",
        displayDomain: "example.net",
        destinationUrl: "https://example.net",
        image: null,
      },
    ],
    filters: [],
    geo: { include: [], exclude: [] },
    audiences: { include: [], exclude: [], includesAny: false },
    pctr: 0.002,
    ...over,
  };
}

const ids = (campaigns: ServingCampaign[], r: ReaderState = reader, random = () => 0.5) =>
  decide({ campaigns }, page, r, { now: NOON, size: 3, random }).map((p) => p.campaign.id);

describe("eligibility", () => {
  it("needs money for one more event in the total, the day and the reserve", () => {
    expect(ids([campaign({ spentMicros: 100_000_000 - 1999 })])).toEqual([]);
    expect(ids([campaign({ spentMicros: 100_000_000 - 2000 })])).toEqual(["c1"]);
    expect(
      ids([campaign({ dailyBudgetMicros: 10_000_000, spentDay: "2026-11-30", spentDayMicros: 9_999_000 })]),
    ).toEqual([]);
    // Yesterday's spend does not count against today.
    expect(
      ids([campaign({ dailyBudgetMicros: 10_000_000, spentDay: "2026-11-29", spentDayMicros: 10_000_000 })]),
    ).toEqual(["c1"]);
    expect(ids([campaign({ holdRemainingMicros: 1999 })])).toEqual([]);
  });

  it("follows dates, weekly hours in the advertiser's zone, filters, audiences, caps and hidden ads", () => {
    expect(ids([campaign({ startAt: NOON + 1 })])).toEqual([]);
    expect(ids([campaign({ endAt: NOON })])).toEqual([]);
    // Monday 30 November, 12:00 UTC is 21:00 in Tokyo.
    const evenings = [{ day: 1, fromMinute: 20 * 60, toMinute: 22 * 60 }];
    expect(ids([campaign({ weekly: evenings, timezone: "Asia/Tokyo" })])).toEqual(["c1"]);
    expect(ids([campaign({ weekly: evenings })])).toEqual([]);
    const only = (value: string) => [
      { mode: "INCLUDE" as const, rules: [{ type: "DOMAIN" as const, value }] },
    ];
    expect(ids([campaign({ filters: only("example.com") })])).toEqual(["c1"]);
    expect(ids([campaign({ filters: only("other.example") })])).toEqual([]);
    expect(
      ids([campaign({ filters: [{ mode: "EXCLUDE", rules: [{ type: "KEYWORD", value: "bikes" }] }] })]),
    ).toEqual([]);
    const audience = { include: ["au1"], exclude: [], includesAny: true };
    expect(ids([campaign({ audiences: audience })])).toEqual([]);
    expect(ids([campaign({ audiences: audience })], { ...reader, audiences: new Set(["au1"]) })).toEqual([
      "c1",
    ]);
    // An audience too small to serve is not in `include`, yet still narrows: nobody is shown.
    expect(
      ids([campaign({ audiences: { include: [], exclude: [], includesAny: true } })], {
        ...reader,
        audiences: new Set(["au1"]),
      }),
    ).toEqual([]);
    const capped = campaign({ frequencyCap: { impressions: 2, period: "WEEK" } });
    expect(ids([capped], { ...reader, seen: new Map([["c1", { DAY: 0, WEEK: 2, MONTH: 2 }]]) })).toEqual([]);
    expect(ids([capped], { ...reader, seen: new Map([["c1", { DAY: 0, WEEK: 1, MONTH: 5 }]]) })).toEqual([
      "c1",
    ]);
    expect(ids([campaign()], { ...reader, hidden: new Set(["k1"]) })).toEqual([]);
  });

  it("runs fenced campaigns only for readers placed inside (fail closed)", () => {
    const fenced = campaign({ geo: { include: [[{ type: "COUNTRY", country: "DE" }]], exclude: [] } });
    expect(ids([fenced])).toEqual([]);
    expect(ids([fenced], { ...reader, place: { country: "DE", point: null } })).toEqual(["c1"]);
    expect(ids([fenced], { ...reader, place: { country: "FR", point: null } })).toEqual([]);
    const circle = campaign({
      geo: { include: [[{ type: "CIRCLE", lat: 52.52, lng: 13.4, radiusKm: 10 }]], exclude: [] },
    });
    expect(ids([circle], { ...reader, place: { country: "DE", point: [52.5, 13.45] } })).toEqual(["c1"]);
    expect(ids([circle], { ...reader, place: { country: "DE", point: [48.1, 11.6] } })).toEqual([]);
  });
});

describe("ranking", () => {
  it("orders by eCPM, one ad per advertiser", () => {
    const cpm = campaign({ id: "cpm", adAccountId: "a1", bidMicros: 3_000_000 });
    // €2 a click at a 0.2% click rate is worth €4 a thousand views.
    const cpc = campaign({
      id: "cpc",
      adAccountId: "a2",
      pricingModel: "CPC",
      bidMicros: 2_000_000,
      pctr: 0.002,
    });
    const same = campaign({ id: "same", adAccountId: "a1", bidMicros: 2_500_000 });
    expect(ids([cpm, cpc, same])).toEqual(["cpc", "cpm"]);
  });
});

describe("EVEN pacing", () => {
  const even = (spentDayMicros: number) =>
    campaign({ pacing: "EVEN", dailyBudgetMicros: 10_000_000, spentDay: "2026-11-30", spentDayMicros });
  const local = localTime(new Date(NOON), "UTC");

  it("aims at the share of the day gone by", () => {
    expect(pacingTarget(even(0), NOON, local)).toBeCloseTo((10_000_000 * 721) / 1440, 0);
  });

  it("never runs more than the slack ahead of the curve, and always runs well behind it", () => {
    // At noon the curve is ~€5.01; the slack is max(2% of €10, one price) = €0.20.
    const target = pacingTarget(even(0), NOON, local);
    for (const random of [() => 0, () => 0.5, () => 0.999]) {
      expect(ids([even(Math.floor(target + 200_001))], reader, random)).toEqual([]);
      expect(ids([even(Math.floor(target - 200_001))], reader, random)).toEqual(["c1"]);
    }
    // Between the two, fewer lookups pass the closer spend comes to the curve.
    const passes = (spent: number) =>
      Array.from({ length: 100 }, (_, i) => ids([even(spent)], reader, () => i / 100).length).reduce(
        (a, b) => a + b,
        0,
      );
    expect(passes(Math.floor(target - 100_000))).toBeGreaterThan(passes(Math.floor(target + 100_000)));
  });
});

describe("a filter list's rules, compiled", () => {
  it("match a site and everything under it, exact addresses, prefixes and keywords", () => {
    const rules = [
      { type: "DOMAIN" as const, value: "example.com" },
      { type: "URL_EXACT" as const, value: "other.org/a" },
      { type: "URL_PREFIX" as const, value: "third.net/news/" },
    ];
    expect(anyMatches(rules, page)).toBe(true);
    expect(anyMatches(rules, { normalizedUrl: "example.community/x", host: "example.community" })).toBe(
      false,
    );
    expect(anyMatches(rules, { normalizedUrl: "other.org/a", host: "other.org" })).toBe(true);
    expect(anyMatches(rules, { normalizedUrl: "other.org/ab", host: "other.org" })).toBe(false);
    expect(anyMatches(rules, { normalizedUrl: "third.net/news/1", host: "third.net" })).toBe(true);
  });
});

describe("decision ids", () => {
  it("are UUIDv7s in the order of their time", () => {
    const ids = [1_700_000_000_000, 1_700_000_000_001, 1_800_000_000_000].map(decisionId);
    for (const id of ids) {
      expect(validate(id)).toBe(true);
      expect(version(id)).toBe(7);
    }
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 1000 }, () => decisionId(1)))).toHaveProperty("size", 1000);
  });
});
