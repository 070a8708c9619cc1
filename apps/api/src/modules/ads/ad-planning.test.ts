import { randomUUID } from "node:crypto";
import type { AdForecast, AdForecastRequest, AdPlan } from "@flipside/contracts/ads";
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Advertiser,
  adsTestApp,
  BROWSER,
  organizationAdAccount,
  runningCampaign,
} from "../../../test/ads.ts";
import type { TestApp } from "../../../test/helper.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";
import { adCampaigns, adPlans, adRequestSamples } from "../../db/schema/ads.ts";
import { ledgerTransactions } from "../../db/schema/money.ts";

/**
 * Media planning (ADS.md §1.7, §2.3 Planning; decision 042): forecasts replay the sampled page
 * views of the last 28 days, never write, keep their bands, shrink with narrower targeting and
 * lose page views to campaigns that bid more; plans are kept and become drafts.
 */

let t: TestApp;
let admin: TestUser;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  ({ t, admin } = await adsTestApp({ ADS_REQUEST_SAMPLE_RATE: "1" }));
});
afterAll(() => t.close());

/** `perDay` sampled views (each standing for 10) of `host` at noon UTC of each of the last 28 days. */
async function history(host: string, perDay: number, readers = 40) {
  const rows: (typeof adRequestSamples.$inferInsert)[] = [];
  const noon = new Date();
  noon.setUTCHours(12, 0, 0, 0);
  for (let d = 1; d <= 28; d++) {
    for (let i = 0; i < perDay; i++) {
      rows.push({
        at: new Date(noon.getTime() - d * DAY_MS),
        weight: 10,
        normalizedUrl: `${host}/page/${i % 5}`,
        host,
        viewerKey: `a:${host}:${(d * perDay + i) % readers}`,
      });
    }
  }
  await t.app.db.insert(adRequestSamples).values(rows);
}

/** Tomorrow at 00:00 UTC: a week from there is seven whole days. */
const tomorrow = () => {
  const day = new Date(Date.now() + DAY_MS);
  day.setUTCHours(0, 0, 0, 0);
  return day.getTime();
};

const planned = (a: { account: string }, filterIds: string[], over: Partial<AdForecastRequest> = {}) => ({
  adAccountId: a.account,
  pricingModel: "CPM" as const,
  bidMicros: 2_000_000,
  budget: { totalMicros: 1_000_000_000, dailyMicros: null },
  schedule: {
    startAt: new Date(tomorrow()).toISOString(),
    endAt: new Date(tomorrow() + 7 * DAY_MS).toISOString(),
  },
  filterIds,
  ...over,
});

async function forecastOf(
  as: TestUser,
  body: ReturnType<typeof planned> & { campaignId?: string },
): Promise<AdForecast> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/ad-forecasts",
    headers: as.headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const only = async (user: TestUser, account: string, domains: string[]) =>
  (
    await sendAs(t.app, user, "/api/v1/ad-filters", {
      adAccountId: account,
      name: `Only ${domains.join(" ")}`,
      mode: "INCLUDE",
      rules: domains.map((value) => ({ type: "DOMAIN", value })),
    })
  ).id as string;

it("is only a warning without 7 days of history", async () => {
  const early = await createUser(t.app, { displayName: "Early" });
  const account = (
    await sendAs(t.app, early, "/api/v1/ad-accounts", { name: "Early", ownerKind: "USER", timezone: "UTC" })
  ).id;
  const f = await forecastOf(early, planned({ account }, []));
  expect(f.warnings).toEqual(["NOT_ENOUGH_HISTORY"]);
  expect(f.basedOnDays).toBe(0);
  expect(f.impressions).toEqual({ low: 0, high: 0 });
  expect(f.daily).toHaveLength(7);
});

describe("a forecast", () => {
  let planner: TestUser;
  let account: string;
  let rival: Advertiser;
  let quiet: string;
  let one: string;
  let both: string;

  beforeAll(async () => {
    planner = await createUser(t.app, { displayName: "Planner" });
    account = (
      await sendAs(t.app, planner, "/api/v1/ad-accounts", {
        name: "Plans",
        ownerKind: "USER",
        timezone: "UTC",
      })
    ).id;
    // A rival bidding €2 CPM on its own site; a quiet site nobody else targets.
    rival = await runningCampaign(t.app, admin, { bidMicros: 2_000_000 });
    quiet = `quiet-${randomUUID().slice(0, 8)}.example.org`;
    await history(rival.domain, 20);
    await history(quiet, 10);
    one = await only(planner, account, [quiet]);
    both = await only(planner, account, [quiet, rival.domain]);
  });

  it("replays the 28 days through the targeting and keeps its bands", async () => {
    const f = await forecastOf(planner, planned({ account }, [one]));
    expect(f.basedOnDays).toBe(28);
    expect(f.warnings).toEqual([]);
    // 10 samples of weight 10 a day on the quiet site, 28 days.
    expect(f.availableImpressions).toBe(2800);
    // A week: the band holds 7 days of 100 views (each weekday saw exactly that).
    expect(f.impressions).toEqual({ low: 700, high: 700 });
    expect(f.daily).toHaveLength(7);
    const daily = f.daily.reduce((n, d) => n + d.impressions, 0);
    expect(daily).toBeGreaterThanOrEqual(f.impressions.low);
    expect(daily).toBeLessThanOrEqual(f.impressions.high);
    // €2 CPM: 2,000 micros an impression.
    expect(f.spendMicros).toEqual({ low: 1_400_000, high: 1_400_000 });
    expect(f.reach.low).toBeGreaterThan(0);
    expect(f.reach.low).toBeLessThanOrEqual(f.reach.high);
    expect(f.reach.high).toBeLessThanOrEqual(f.impressions.high);
    expect(f.clicks.low).toBeLessThanOrEqual(f.clicks.high);
  });

  it("cuts impressions and spend by the budgets", async () => {
    // At €3 CPM (3,000 micros an impression) €0.50 a day buys 166, €1 in all 333.
    const f = await forecastOf(
      planner,
      planned({ account }, [both], {
        budget: { totalMicros: 1_000_000, dailyMicros: 500_000 },
        bidMicros: 3_000_000,
      }),
    );
    expect(f.spendMicros.high).toBeLessThanOrEqual(1_000_000);
    for (const day of f.daily) expect(day.spendMicros).toBeLessThanOrEqual(500_000);
    expect(f.impressions.high).toBe(333);
  });

  it("shrinks with narrower targeting and loses the pages a higher bid takes", async () => {
    const narrow = await forecastOf(planner, planned({ account }, [one], { bidMicros: 3_000_000 }));
    const wide = await forecastOf(planner, planned({ account }, [both], { bidMicros: 3_000_000 }));
    expect(wide.availableImpressions).toBe(2800 + 5600);
    expect(narrow.impressions.high).toBeLessThan(wide.impressions.high);
    expect(wide.impressions.high).toBe(7 * 300);
    // At €1 CPM the rival's €2 takes its site: only the quiet site is left.
    const outbid = await forecastOf(planner, planned({ account }, [both], { bidMicros: 1_000_000 }));
    expect(outbid.availableImpressions).toBe(2800 + 5600);
    expect(outbid.impressions.high).toBe(7 * 100);
  });

  it("shows a bid landscape that never falls as the bid rises", async () => {
    const f = await forecastOf(planner, planned({ account }, [both], { bidMicros: 2_000_000 }));
    expect(f.bidLandscape.map((l) => l.bidMicros)).toEqual([
      1_000_000, 1_500_000, 2_000_000, 3_000_000, 4_000_000,
    ]);
    // A tie with the rival's €2 loses (the rival was there first); above it, its site too.
    expect(f.bidLandscape.map((l) => l.impressions)).toEqual([700, 700, 700, 2100, 2100]);
    for (let i = 1; i < f.bidLandscape.length; i++) {
      const [before, after] = [f.bidLandscape[i - 1], f.bidLandscape[i]];
      expect(after?.impressions).toBeGreaterThanOrEqual(before?.impressions ?? 0);
      expect(after?.spendMicros).toBeGreaterThanOrEqual(before?.spendMicros ?? 0);
    }
  });

  it("leaves the campaign being edited out of its rivals", async () => {
    const own = await only(rival.user, rival.account, [rival.domain]);
    const body = planned({ account: rival.account }, [own], { bidMicros: 2_000_000 });
    // At its own bid, the account's running campaign holds the place: nothing is left.
    expect((await forecastOf(rival.user, body)).impressions.high).toBe(0);
    const editing = await forecastOf(rival.user, { ...body, campaignId: rival.campaign });
    expect(editing.impressions.high).toBe(7 * 200);
  });

  it("never writes", async () => {
    const counts = () =>
      Promise.all([
        t.app.db.select({ n: count() }).from(adCampaigns).where(eq(adCampaigns.adAccountId, account)),
        t.app.db.select({ n: count() }).from(adPlans).where(eq(adPlans.adAccountId, account)),
        t.app.db
          .select({ n: count() })
          .from(adRequestSamples)
          .where(inArray(adRequestSamples.host, [quiet, rival.domain])),
        t.app.db.select({ n: count() }).from(ledgerTransactions),
      ]);
    const before = await counts();
    await forecastOf(planner, planned({ account }, [both]));
    expect(await counts()).toEqual(before);
  });

  it("warns rather than guesses", async () => {
    const fence = (
      await sendAs(t.app, planner, "/api/v1/ad-geo-fences", {
        adAccountId: account,
        name: "Home",
        shapes: [{ type: "COUNTRY", country: "NL" }],
      })
    ).id;
    // No GeoIP database here: nobody can be placed, so a fenced campaign is shown to nobody.
    const fenced = await forecastOf(
      planner,
      planned({ account }, [one], { geoFences: { include: [fence], exclude: [] } }),
    );
    expect(fenced.warnings).toContain("GEO_NOT_CONFIGURED");
    expect(fenced.impressions.high).toBe(0);
    const audience = (
      await sendAs(t.app, planner, "/api/v1/ad-audiences", {
        adAccountId: account,
        name: "Readers",
        rules: [{ type: "DOMAIN", value: quiet, action: "VIEWED" }],
      })
    ).id;
    const small = await forecastOf(
      planner,
      planned({ account }, [one], { audiences: { include: [audience], exclude: [] } }),
    );
    expect(small.warnings).toEqual(["AUDIENCE_TOO_SMALL"]);
    expect(small.impressions.high).toBe(0);
  });

  it("refuses what is not the account's, and bad schedules", async () => {
    const other = await createUser(t.app, { displayName: "Other" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/ad-forecasts",
      headers: other.headers,
      payload: planned({ account }, []),
    });
    expect(res.statusCode).toBe(404);
    const foreign = await t.app.inject({
      method: "POST",
      url: "/api/v1/ad-forecasts",
      headers: planner.headers,
      payload: planned({ account }, [randomUUID()]),
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual([{ field: "filterIds.0", message: "Unknown filter list." }]);
    const backwards = await t.app.inject({
      method: "POST",
      url: "/api/v1/ad-forecasts",
      headers: planner.headers,
      payload: planned({ account }, [], {
        schedule: { startAt: new Date(tomorrow()).toISOString(), endAt: new Date().toISOString() },
      }),
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual([
      { field: "schedule.endAt", message: "The end must be after the start." },
    ]);
  });
});

describe("the request sample", () => {
  it("keeps what a forecast needs of each ad request, and no more", async () => {
    const host = `sampled-${randomUUID().slice(0, 8)}.example.net`;
    const reader = await createUser(t.app, { displayName: "Reader" });
    await t.app.inject({
      url: `/api/v1/advertisings?searchAnd=${encodeURIComponent(`url==https://${host}/a`)}`,
      headers: { ...reader.headers, "user-agent": BROWSER },
    });
    await t.app.ads.requests.flush();
    const rows = await t.app.db.select().from(adRequestSamples).where(eq(adRequestSamples.host, host));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      normalizedUrl: `${host}/a`,
      viewerKey: `u:${reader.id}`,
      weight: 1,
      // Not agreed to personalised ads: the user is not kept.
      userId: null,
    });
  });
});

describe("saved plans", () => {
  let owner: TestUser;
  let member: TestUser;
  let account: string;
  let filter: string;

  beforeAll(async () => {
    owner = await createUser(t.app, { displayName: "Plan owner" });
    member = await createUser(t.app, { displayName: "Plan member" });
    account = await organizationAdAccount(t.app, owner, member, `plans-${randomUUID().slice(0, 8)}`);
    filter = await only(owner, account, [`planned-${randomUUID().slice(0, 8)}.example.org`]);
  });

  const input = () => {
    const { adAccountId: _, ...rest } = planned({ account }, [filter], {
      budget: { totalMicros: 50_000_000, dailyMicros: 5_000_000 },
    });
    return rest;
  };

  it("are saved with their forecast, listed, made into a draft and deleted", async () => {
    const saved = await t.app.inject({
      method: "POST",
      url: "/api/v1/ad-plans",
      headers: owner.headers,
      payload: { adAccountId: account, name: "Spring push", input: input() },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const plan: AdPlan = saved.json();
    expect(plan.name).toBe("Spring push");
    expect(plan.forecast.daily).toHaveLength(7);

    // A MEMBER reads, but does not save.
    const listed = await t.app.inject({
      url: `/api/v1/ad-plans?adAccountId=${account}`,
      headers: member.headers,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((p: AdPlan) => p.id)).toEqual([plan.id]);
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/v1/ad-plans",
      headers: member.headers,
      payload: { adAccountId: account, name: "Mine", input: input() },
    });
    expect(refused.statusCode).toBe(403);

    const made = await t.app.inject({
      method: "POST",
      url: `/api/v1/ad-plans/${plan.id}/campaign`,
      headers: owner.headers,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      name: "Spring push",
      status: "DRAFT",
      pricingModel: "CPM",
      bidding: { strategy: "MANUAL", bidMicros: 2_000_000 },
      budget: { totalMicros: 50_000_000, dailyMicros: 5_000_000, pacing: "EVEN" },
      filterIds: [filter],
      creativeIds: [],
    });

    const stranger = await createUser(t.app, { displayName: "Stranger" });
    const hidden = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/ad-plans/${plan.id}`,
      headers: stranger.headers,
    });
    expect(hidden.statusCode).toBe(404);
    const gone = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/ad-plans/${plan.id}`,
      headers: owner.headers,
    });
    expect(gone.statusCode).toBe(204);
    const after = await t.app.db
      .select()
      .from(adPlans)
      .where(and(eq(adPlans.adAccountId, account)));
    expect(after).toEqual([]);
  });

  it("still list when a filter they name was deleted since", async () => {
    const gone = await only(owner, account, [`gone-${randomUUID().slice(0, 8)}.example.org`]);
    const { adAccountId: _, ...kept } = planned({ account }, [gone]);
    await sendAs(t.app, owner, "/api/v1/ad-plans", {
      adAccountId: account,
      name: "Before the cut",
      input: kept,
    });
    await sendAs(t.app, owner, `/api/v1/ad-filters/${gone}`, {}, "DELETE");
    const listed = await t.app.inject({
      url: `/api/v1/ad-plans?adAccountId=${account}`,
      headers: owner.headers,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().map((p: AdPlan) => p.name)).toEqual(["Before the cut"]);
  });
});
