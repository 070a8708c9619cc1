import { randomUUID } from "node:crypto";
import type { AdReport, AdReportMetrics } from "@flipside/contracts/ads";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Advertiser,
  adsTestApp,
  anotherCampaign,
  BOT,
  BROWSER,
  runningCampaign,
} from "../../../test/ads.ts";
import type { TestApp } from "../../../test/helper.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { adCampaigns, adClicks, adConversions, adImpressions, adInvalidEvents } from "../../db/schema/ads.ts";
import { conversionSignature } from "./conversions.ts";

/**
 * Reports (ADS.md §2.3 Reports): they add up to what the beacons counted and billed, to the
 * micro; CSV and JSON say the same; days are the account's.
 */

let t: TestApp;
let admin: TestUser;
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  ({ t, admin } = await adsTestApp());
});
afterAll(() => t.close());

const pathOf = (url: string) => new URL(url).pathname;

/** One reader (a browser of its own) looks at `page` and sees its ad: the ad. */
async function seen(page: string, reader: string, opts: { click?: boolean } = {}) {
  const ua = `${BROWSER} ${reader}`;
  const res = await t.app.inject({
    url: `/api/v1/advertisings?searchAnd=${encodeURIComponent(`url==${page}`)}`,
    headers: { "user-agent": ua },
  });
  const [ad] = res.json();
  expect(ad, res.body).toBeDefined();
  await t.app.inject({ method: "POST", url: pathOf(ad.impressionUrl), headers: { "user-agent": ua } });
  if (opts.click) await t.app.inject({ url: pathOf(ad.clickUrl), headers: { "user-agent": ua } });
  return ad;
}

const report = (a: Advertiser, params: Record<string, string | string[]>, as = a.user) => {
  const search = new URLSearchParams({ adAccountId: a.account });
  for (const [k, v] of Object.entries(params)) for (const one of [v].flat()) search.append(k, one);
  return t.app.inject({ url: `/api/v1/ad-reports?${search}`, headers: as.headers });
};
async function reportOf(a: Advertiser, params: Record<string, string | string[]>): Promise<AdReport> {
  const res = await report(a, params);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const sumOf = (rows: AdReportMetrics[], metric: keyof AdReportMetrics) =>
  rows.reduce((total, r) => total + Number(r[metric] ?? 0), 0);

/** The CSV's cells (every cell quoted, rows CRLF-separated). */
const csvRows = (body: string) =>
  body
    .trimEnd()
    .split("\r\n")
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => (m[1] ?? "").replaceAll('""', '"')));

describe("an account's report", () => {
  let a: Advertiser;
  let cpc: { campaign: string; page: string };

  beforeAll(async () => {
    // €2 CPM (2,000 micros an impression) and a €0.50 CPC campaign of one account.
    a = await runningCampaign(t.app, admin, { bidMicros: 2_000_000, totalMicros: 10_000_000 });
    cpc = await anotherCampaign(t.app, a, { name: "Clicks", pricingModel: "CPC", bidMicros: 500_000 });
    for (let i = 0; i < 5; i++) await seen(a.page, `r${i}`, { click: i === 0 });
    // The same reader twice: two impressions, one person reached.
    await seen(a.page, "r1");
    for (let i = 0; i < 3; i++) await seen(cpc.page, `c${i}`, { click: i < 2 });
    // Invalid: a bot's beacon, and a replayed one.
    const res = await t.app.inject({
      url: `/api/v1/advertisings?searchAnd=${encodeURIComponent(`url==${a.page}`)}`,
      headers: { "user-agent": `${BROWSER} later-replaced` },
    });
    const [ad] = res.json();
    await t.app.inject({ method: "POST", url: pathOf(ad.impressionUrl), headers: { "user-agent": BOT } });
    const replayed = await seen(a.page, "r9");
    await t.app.inject({
      method: "POST",
      url: pathOf(replayed.impressionUrl),
      headers: { "user-agent": `${BROWSER} r9` },
    });
  });

  it("adds up to the events counted and billed and to the campaigns' counters", async () => {
    const r = await reportOf(a, { from: today(), to: today(), groupBy: "campaign" });
    const campaigns = await t.app.db.select().from(adCampaigns).where(eq(adCampaigns.adAccountId, a.account));
    const spent = campaigns.reduce((total, c) => total + c.spentMicros, 0);
    // 6 + 1 CPM impressions at 2,000 micros, 2 CPC clicks at 500,000; a CPM click and CPC
    // impressions are counted free.
    expect(spent).toBe(7 * 2_000 + 2 * 500_000);
    expect(r.totals).toMatchObject({
      impressions: 10,
      reach: 9,
      clicks: 3,
      spendMicros: spent,
      invalidImpressions: 2,
      invalidClicks: 0,
      ctr: 0.3,
      cpmMicros: Math.round((spent * 1000) / 10),
      cpcMicros: Math.round(spent / 3),
    });
    const [first, second] = r.rows;
    expect(first).toMatchObject({ key: cpc.campaign, label: "Clicks", impressions: 3, clicks: 2 });
    expect(second).toMatchObject({ key: a.campaign, label: "Bread week", impressions: 7, clicks: 1 });
    for (const c of campaigns)
      expect(r.rows.find((row) => row.key === c.id)?.spendMicros).toBe(c.spentMicros);
    // The stored events say the same.
    const [impressions, clicks, invalid] = await Promise.all([
      t.app.db.select().from(adImpressions).where(eq(adImpressions.adAccountId, a.account)),
      t.app.db.select().from(adClicks).where(eq(adClicks.adAccountId, a.account)),
      t.app.db.select().from(adInvalidEvents).where(eq(adInvalidEvents.adAccountId, a.account)),
    ]);
    expect(impressions).toHaveLength(r.totals.impressions);
    expect(clicks).toHaveLength(r.totals.clicks);
    expect(invalid.map((e) => e.reason).sort()).toEqual(["BOT", "DUPLICATE"]);
    const billed = [...impressions, ...clicks].filter((e) => e.billed);
    expect(
      sumOf(
        billed.map((e) => ({ ...r.totals, spendMicros: e.priceMicros })),
        "spendMicros",
      ),
    ).toBe(spent);
  });

  it("breaks down by day, creative, site and country with the same totals", async () => {
    for (const groupBy of ["day", "campaign", "creative", "site", "country"]) {
      const r = await reportOf(a, { from: today(), to: today(), groupBy });
      for (const metric of ["impressions", "clicks", "spendMicros", "invalidImpressions"] as const) {
        expect(sumOf(r.rows, metric), `${groupBy} ${metric}`).toBe(r.totals[metric]);
      }
    }
    const sites = await reportOf(a, { from: today(), to: today(), groupBy: "site" });
    expect(sites.rows.map((row) => row.key).sort()).toEqual([a.domain, new URL(cpc.page).hostname].sort());
    const countries = await reportOf(a, { from: today(), to: today(), groupBy: "country" });
    // No GeoIP database here: nobody is placed.
    expect(countries.rows).toMatchObject([{ key: "", label: "Unknown", impressions: 10 }]);
    // Every day of the range is a row, even a quiet one; the previous period is as long.
    const week = await reportOf(a, { from: "2026-01-01", to: "2026-01-07", groupBy: "day" });
    expect(week.rows.map((row) => row.key)).toEqual([1, 2, 3, 4, 5, 6, 7].map((d) => `2026-01-0${d}`));
    expect(week.totals.impressions).toBe(0);
    expect(week.previous).toMatchObject({ from: "2025-12-25", to: "2025-12-31", impressions: 0 });
  });

  it("keeps only the chosen campaigns", async () => {
    const one = await reportOf(a, { from: today(), to: today(), campaignId: cpc.campaign });
    expect(one.totals).toMatchObject({ impressions: 3, clicks: 2, spendMicros: 1_000_000 });
    const same = await reportOf(a, {
      from: today(),
      to: today(),
      searchAnd: `campaignId==${cpc.campaign}`,
    });
    expect(same.totals).toEqual(one.totals);
    const both = await reportOf(a, { from: today(), to: today(), campaignId: [cpc.campaign, a.campaign] });
    expect(both.totals.impressions).toBe(10);
    // A campaign of another account adds nothing.
    const other = await runningCampaign(t.app, admin, {});
    await seen(other.page, "x");
    const foreign = await reportOf(a, { from: today(), to: today(), campaignId: other.campaign });
    expect(foreign.totals.impressions).toBe(0);
  });

  it("exports exactly the table as CSV", async () => {
    for (const groupBy of ["campaign", "day"]) {
      const json = await reportOf(a, { from: today(), to: today(), groupBy });
      const res = await report(a, { from: today(), to: today(), groupBy, format: "csv" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(res.headers["content-disposition"]).toContain(`flipside-ads-${groupBy}-`);
      const [header, ...lines] = csvRows(res.body);
      expect(header).toEqual([
        groupBy === "day" ? "Day" : "Campaign",
        "Impressions",
        "People reached",
        "Clicks",
        "CTR",
        "Spend (EUR)",
        "Avg. CPM (EUR)",
        "Avg. CPC (EUR)",
        "Conversions",
        "Cost per conversion (EUR)",
        "Invalid impressions",
        "Invalid clicks",
      ]);
      const money = (micros: number | null) => (micros === null ? "" : micros / 1_000_000);
      const asCells = (label: string, m: AdReportMetrics) => [
        label,
        m.impressions,
        m.reach,
        m.clicks,
        `${(m.ctr * 100).toFixed(2)}%`,
        money(m.spendMicros),
        money(m.cpmMicros),
        money(m.cpcMicros),
        m.conversions,
        money(m.costPerConversionMicros),
        m.invalidImpressions,
        m.invalidClicks,
      ];
      const parsed = lines.map((cells) =>
        cells.map((cell, i) => (i === 0 || i === 4 || cell === "" ? cell : Number(cell))),
      );
      expect(parsed).toEqual([
        ...json.rows.map((row) => asCells(row.label, row)),
        asCells("Total", json.totals),
      ]);
    }
  });

  it("refuses what it cannot answer and what is not the viewer's", async () => {
    const tooLong = await report(a, { from: "2025-01-01", to: "2026-01-02" });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().detail).toBe("Choose a range of at most 366 days.");
    expect((await report(a, { from: "2025-01-01", to: "2026-01-01" })).statusCode).toBe(200);
    const reversed = await report(a, { from: "2026-01-02", to: "2026-01-01" });
    expect(reversed.statusCode).toBe(400);
    expect((await report(a, { from: "2026-02-30", to: "2026-03-01" })).statusCode).toBe(400);
    expect((await report(a, { from: today(), to: today(), groupBy: "hour" })).statusCode).toBe(400);
    const stranger = await createUser(t.app, { displayName: "Stranger" });
    expect((await report(a, { from: today(), to: today() }, stranger)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      url: `/api/v1/ad-reports?adAccountId=${a.account}&from=${today()}&to=${today()}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("days of the account's time zone", () => {
  it("count an event on the local day, which is not UTC's", async () => {
    // Kiritimati is UTC+14: 11:00 UTC on the 10th is 01:00 on the 11th there.
    const a = await runningCampaign(t.app, admin, { timezone: "Pacific/Kiritimati" });
    const event = (at: string, price: number) => ({
      decisionId: randomUUID(),
      campaignId: a.campaign,
      creativeId: a.creative,
      adAccountId: a.account,
      siteDomain: a.domain,
      viewerKey: `a:${randomUUID()}`,
      priceMicros: price,
      billed: true,
      at: new Date(at),
    });
    await t.app.db
      .insert(adImpressions)
      .values([event("2026-03-10T09:59:59Z", 1_000), event("2026-03-10T10:00:00Z", 3_000)]);
    const day10 = await reportOf(a, { from: "2026-03-10", to: "2026-03-10" });
    const day11 = await reportOf(a, { from: "2026-03-11", to: "2026-03-11" });
    expect(day10.timezone).toBe("Pacific/Kiritimati");
    expect(day10.totals).toMatchObject({ impressions: 1, spendMicros: 1_000 });
    expect(day11.totals).toMatchObject({ impressions: 1, spendMicros: 3_000 });
    expect(day11.previous).toMatchObject({ from: "2026-03-10", impressions: 1, spendMicros: 1_000 });
    const both = await reportOf(a, { from: "2026-03-10", to: "2026-03-11", groupBy: "day" });
    expect(both.rows.map((r) => [r.key, r.impressions])).toEqual([
      ["2026-03-10", 1],
      ["2026-03-11", 1],
    ]);
  });
});

describe("the dashboard's summary", () => {
  const summary = (a: Advertiser, period?: string, as = a.user) =>
    t.app.inject({
      url: `/api/v1/ad-accounts/${a.account}/summary${period ? `?period=${period}` : ""}`,
      headers: as.headers,
    });

  it("has the period's figures, the previous period's and the money, as the report and billing say", async () => {
    const a = await runningCampaign(t.app, admin, { bidMicros: 10_000_000, totalMicros: 10_000_000 });
    for (let i = 0; i < 3; i++) await seen(a.page, `s${i}`, { click: i === 0 });
    const res = await summary(a, "TODAY");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      period: "TODAY",
      from: today(),
      to: today(),
      currency: "EUR",
      spendMicros: 30_000,
      impressions: 3,
      clicks: 1,
      previous: { spendMicros: 0, impressions: 0, clicks: 0, ctr: 0 },
      // €100 credited, €10 reserved for the campaign, 3 cents of it billed.
      walletBalanceMinor: 9_000,
      reservedMicros: 10_000_000 - 30_000,
      alerts: [],
    });
    expect(body.ctr).toBeCloseTo(1 / 3);
    const week = (await summary(a)).json();
    expect(week).toMatchObject({ period: "LAST_7_DAYS", impressions: 3, spendMicros: 30_000 });
    const report = await reportOf(a, { from: week.from, to: week.to });
    expect(report.totals).toMatchObject({ impressions: week.impressions, spendMicros: week.spendMicros });
    expect((await summary(a, "YEAR")).statusCode).toBe(400);
    const stranger = await createUser(t.app, { displayName: "Nosy" });
    expect((await summary(a, "TODAY", stranger)).statusCode).toBe(404);
  });

  it("names what needs attention: no funds, a low wallet, a rejected creative", async () => {
    // One cent in the wallet: one view at €10 a thousand uses it up.
    const a = await runningCampaign(t.app, admin, {
      walletMinor: 1,
      bidMicros: 10_000_000,
      totalMicros: 10_000_000,
    });
    await seen(a.page, "only");
    const rejected = (
      await t.app.inject({
        method: "POST",
        url: "/api/v1/ad-creatives",
        headers: a.user.headers,
        payload: {
          adAccountId: a.account,
          name: "Too good",
          headline: "Bread that cures all",
          body: "",
          destinationUrl: `https://${a.domain}/cure`,
        },
      })
    ).json().id;
    const review = await t.app.inject({
      method: "POST",
      url: `/api/v1/admin/ad-creatives/${rejected}/review`,
      headers: admin.headers,
      payload: { decision: "REJECT", reason: "MISLEADING" },
    });
    expect(review.statusCode, review.body).toBe(200);
    const body = (await summary(a)).json();
    expect(body.alerts).toEqual(
      expect.arrayContaining([
        {
          kind: "NO_FUNDS",
          objectType: "CAMPAIGN",
          objectId: a.campaign,
          name: "Bread week",
          detail: "Bread week: Add funds to run",
        },
        {
          kind: "CREATIVE_REJECTED",
          objectType: "CREATIVE",
          objectId: rejected,
          name: "Too good",
          detail: "Too good was rejected: Misleading or false claims",
        },
        expect.objectContaining({ kind: "WALLET_LOW", objectType: "WALLET", objectId: a.account }),
      ]),
    );
    expect(body.alerts).toHaveLength(3);
  });
});

describe("conversions", () => {
  const totalsOf = async (a: Advertiser) =>
    (await reportOf(a, { from: today(), to: today(), groupBy: "campaign" })).totals;

  it("count one per click, signed by the advertiser's server or by a pixel, within the window", async () => {
    const a = await runningCampaign(t.app, admin, { pricingModel: "CPC", bidMicros: 500_000 });
    const clickOf = async (reader: string) => {
      const ad = await seen(a.page, reader);
      const res = await t.app.inject({
        url: pathOf(ad.clickUrl),
        headers: { "user-agent": `${BROWSER} ${reader}` },
      });
      return new URL(res.headers.location ?? "").searchParams.get("fs_click") ?? "";
    };
    const [first, second] = [await clickOf("k1"), await clickOf("k2")];
    const settings = (
      await t.app.inject({
        url: `/api/v1/ad-accounts/${a.account}/conversion-settings`,
        headers: a.user.headers,
      })
    ).json();
    expect(settings).toMatchObject({
      windowDays: 30,
      clickParam: "fs_click",
      secret: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const report = (body: Record<string, unknown>) =>
      t.app.inject({ method: "POST", url: "/api/v1/ad-conversions", payload: body });
    const occurredAt = new Date().toISOString();
    const signed = (clickId: string, secret = settings.secret, valueMicros?: number) => ({
      clickId,
      occurredAt,
      ...(valueMicros === undefined ? {} : { valueMicros }),
      signature: conversionSignature(secret, clickId, occurredAt, valueMicros),
    });
    expect((await report(signed(first, "0".repeat(64)))).statusCode).toBe(401);
    expect(
      (await report({ ...signed(first, settings.secret, 25_000_000), valueMicros: 99 })).statusCode,
    ).toBe(401);
    const counted = await report(signed(first, settings.secret, 25_000_000));
    expect(counted.statusCode, counted.body).toBe(201);
    expect((await report(signed(first, settings.secret, 25_000_000))).statusCode).toBe(200);
    expect((await report(signed(randomUUID()))).statusCode).toBe(404);
    // The pixel: always a GIF, whatever it is given.
    const pixel = await t.app.inject({ url: `/api/v1/ad-conversions/pixel.gif?click=${second}&value=9.90` });
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers["content-type"]).toBe("image/gif");
    expect((await t.app.inject({ url: "/api/v1/ad-conversions/pixel.gif?click=nonsense" })).statusCode).toBe(
      200,
    );
    await t.app.inject({ url: `/api/v1/ad-conversions/pixel.gif?click=${second}` });
    const totals = await totalsOf(a);
    expect(totals).toMatchObject({
      clicks: 2,
      conversions: 2,
      spendMicros: 1_000_000,
      costPerConversionMicros: 500_000,
    });
    const stored = await t.app.db
      .select()
      .from(adConversions)
      .where(eq(adConversions.adAccountId, a.account));
    expect(stored.map((c) => [c.source, c.valueMicros]).sort()).toEqual([
      ["PIXEL", 9_900_000],
      ["SERVER", 25_000_000],
    ]);
  });

  it("refuse a click older than the window, and a stranger's settings", async () => {
    const a = await runningCampaign(t.app, admin, { pricingModel: "CPC", bidMicros: 500_000 });
    const ad = await seen(a.page, "late");
    const res = await t.app.inject({
      url: pathOf(ad.clickUrl),
      headers: { "user-agent": `${BROWSER} late` },
    });
    const clickId = new URL(res.headers.location ?? "").searchParams.get("fs_click") ?? "";
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/v1/ad-accounts/${a.account}/conversion-settings`,
      headers: a.user.headers,
      payload: { windowDays: 1 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const { secret } = put.json();
    // Two days after the click: outside a day's window.
    const occurredAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const late = await t.app.inject({
      method: "POST",
      url: "/api/v1/ad-conversions",
      payload: { clickId, occurredAt, signature: conversionSignature(secret, clickId, occurredAt) },
    });
    expect(late.statusCode).toBe(422);
    expect(
      (
        await t.app.inject({
          method: "PUT",
          url: `/api/v1/ad-accounts/${a.account}/conversion-settings`,
          headers: a.user.headers,
          payload: { windowDays: 91 },
        })
      ).statusCode,
    ).toBe(400);
    const stranger = await createUser(t.app, { displayName: "Snoop" });
    const snoop = await t.app.inject({
      url: `/api/v1/ad-accounts/${a.account}/conversion-settings`,
      headers: stranger.headers,
    });
    expect(snoop.statusCode).toBe(404);
    // A new secret: the old one no longer signs.
    const rotated = (
      await t.app.inject({
        method: "POST",
        url: `/api/v1/ad-accounts/${a.account}/conversion-settings/secret`,
        headers: a.user.headers,
      })
    ).json();
    expect(rotated.secret).not.toBe(secret);
    const now = new Date().toISOString();
    const withOld = await t.app.inject({
      method: "POST",
      url: "/api/v1/ad-conversions",
      payload: { clickId, occurredAt: now, signature: conversionSignature(secret, clickId, now) },
    });
    expect(withOld.statusCode).toBe(401);
  });
});
