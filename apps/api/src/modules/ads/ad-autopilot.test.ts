import { randomUUID } from "node:crypto";
import type { AdBidChange, AdBidding } from "@flipside/contracts/ads";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Advertiser,
  adsTestApp,
  BROWSER,
  organizationAdAccount,
  runningCampaign,
} from "../../../test/ads.ts";
import type { TestApp } from "../../../test/helper.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { adCampaigns } from "../../db/schema/ads.ts";
import { runAutopilot } from "./autopilot.ts";

/**
 * The bidding autopilot through the API (ADS.md §1.9, §2.3; decision 043): settings with the
 * campaign's rules, a learning phase, a run that moves the bid within its guardrails once per
 * interval and says why, undo, off.
 */

let t: TestApp;
let admin: TestUser;
const INTERVAL = 900_000;

beforeAll(async () => {
  ({ t, admin } = await adsTestApp({ ADS_AUTOPILOT_INTERVAL_MS: "0", ADS_AUTOPILOT_LEARNING_EVENTS: "3" }));
});
afterAll(() => t.close());

const pathOf = (url: string) => new URL(url).pathname;
const run = (at = new Date()) =>
  runAutopilot(t.app.db, at, { intervalMs: INTERVAL, learningEvents: 3, currency: "EUR" });

/** A reader (anonymous, or signed in with `as`) sees the ad on `page` (and clicks it). */
async function seen(page: string, reader: string, click: boolean, as: Record<string, string> = {}) {
  const headers = { ...as, "user-agent": `${BROWSER} ${reader}` };
  const res = await t.app.inject({
    url: `/api/v1/advertisings?searchAnd=${encodeURIComponent(`url==${page}`)}`,
    headers,
  });
  const [ad] = res.json();
  expect(ad, res.body).toBeDefined();
  await t.app.inject({ method: "POST", url: pathOf(ad.impressionUrl), headers });
  if (click) await t.app.inject({ url: pathOf(ad.clickUrl), headers });
}

const bidding = async (a: Advertiser, as = a.user): Promise<AdBidding> => {
  const res = await t.app.inject({ url: `/api/v1/ad-campaigns/${a.campaign}/bidding`, headers: as.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const setBidding = (a: Advertiser, body: Record<string, unknown>, as = a.user) =>
  t.app.inject({
    method: "PUT",
    url: `/api/v1/ad-campaigns/${a.campaign}/bidding`,
    headers: as.headers,
    payload: body,
  });
const changesOf = async (a: Advertiser): Promise<AdBidChange[]> =>
  (
    await t.app.inject({ url: `/api/v1/ad-campaigns/${a.campaign}/bidding/changes`, headers: a.user.headers })
  ).json();

describe("a campaign's autopilot", () => {
  let a: Advertiser;

  beforeAll(async () => {
    // €2 CPM, a generous wallet and budget.
    a = await runningCampaign(t.app, admin, {
      bidMicros: 2_000_000,
      walletMinor: 50_000,
      totalMicros: 200_000_000,
    });
  });

  it("is off for a manual bid, and refuses settings the campaign rules refuse", async () => {
    const manual = await bidding(a);
    expect(manual).toMatchObject({
      strategy: "MANUAL",
      status: "OFF",
      bidMicros: 2_000_000,
      lastChangeAt: null,
    });
    const floorAbove = await setBidding(a, {
      strategy: "TARGET_CPC",
      targetMicros: 500_000,
      bidFloorMicros: 3_000_000,
      bidCeilingMicros: 3_000_000,
      version: manual.version,
    });
    expect(floorAbove.statusCode).toBe(422);
    expect(floorAbove.json().errors).toEqual([
      { field: "bidFloorMicros", message: "The lowest bid must be below the highest bid." },
    ]);
    const target = await setBidding(a, {
      strategy: "TARGET_CPC",
      targetMicros: 10_000,
      version: manual.version,
    });
    expect(target.json().errors).toEqual([
      { field: "targetMicros", message: "The target must be between €0.05 and €50.00." },
    ]);
    const daily = await setBidding(a, { strategy: "MAXIMIZE_CLICKS", version: manual.version });
    expect(daily.json().errors).toEqual([
      { field: "strategy", message: "Most clicks for my budget needs a daily budget." },
    ]);
    const stale = await setBidding(a, { strategy: "MANUAL", version: manual.version + 5 });
    expect(stale.statusCode).toBe(409);
    const stranger = await createUser(t.app, { displayName: "Stranger" });
    expect(
      (await t.app.inject({ url: `/api/v1/ad-campaigns/${a.campaign}/bidding`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
  });

  it("learns, then moves the bid within its guardrails once an interval, saying why", async () => {
    const before = await bidding(a);
    const on = await setBidding(a, {
      strategy: "TARGET_CPC",
      targetMicros: 500_000,
      bidFloorMicros: 1_000_000,
      bidCeilingMicros: 2_200_000,
      version: before.version,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ status: "LEARNING", learningEventsLeft: 3, targetMicros: 500_000 });

    // Two clicks: still learning, the bid where it was.
    for (let i = 0; i < 10; i++) await seen(a.page, `r${i}`, i < 2);
    expect(await run()).toEqual([]);
    expect(await bidding(a)).toMatchObject({
      status: "LEARNING",
      learningEventsLeft: 1,
      bidMicros: 2_000_000,
    });

    // The advertiser's own look and click are free and teach it nothing.
    await seen(a.page, "owner", true, a.user.headers);
    expect(await run()).toEqual([]);
    expect(await bidding(a)).toMatchObject({ status: "LEARNING", learningEventsLeft: 1 });

    // The third: learnt. Ten impressions at €2 CPM (€0.02) for three clicks: under a cent a click,
    // far below the €0.50 target, so it bids more — 10% up to its €2.20 ceiling, not 20%.
    await seen(a.page, "r10", true);
    const later = new Date(Date.now() + INTERVAL);
    expect(await run(later)).toEqual([a.campaign]);
    const moved = await bidding(a);
    expect(moved).toMatchObject({
      status: "LIMITED_BY_CEILING",
      bidMicros: 2_200_000,
      learningEventsLeft: 0,
    });
    const [change] = await changesOf(a);
    expect(change).toMatchObject({
      oldBidMicros: 2_000_000,
      newBidMicros: 2_200_000,
      clicks: 3,
      impressions: 11,
    });
    expect(change?.reason).toBe(
      "Cost per click was €0.01 over the last 6 hours, below your €0.50 target: bidding more for more clicks.",
    );
    // Not again within the interval, whichever instance asks.
    expect(await Promise.all([run(later), run(new Date(later.getTime() + 60_000))])).toEqual([[], []]);
    // Serving bids the new price at once.
    const [row] = await t.app.db.select().from(adCampaigns).where(eq(adCampaigns.id, a.campaign));
    expect(row?.bidMicros).toBe(2_200_000);
  });

  it("undoes its latest change, once, and turns off", async () => {
    const [change] = await changesOf(a);
    if (!change) throw new Error("no change to undo");
    const undo = () =>
      t.app.inject({
        method: "POST",
        url: `/api/v1/ad-campaigns/${a.campaign}/bidding/changes/${change.id}/undo`,
        headers: a.user.headers,
      });
    const undone = await undo();
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().bidMicros).toBe(2_000_000);
    const log = await changesOf(a);
    expect(log[0]).toMatchObject({ oldBidMicros: 2_200_000, newBidMicros: 2_000_000, undoneAt: null });
    expect(log[0]?.reason).toMatch(/^You undid the change of \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
    expect(log[1]?.undoneAt).not.toBeNull();
    expect((await undo()).statusCode).toBe(409);
    const unknown = await t.app.inject({
      method: "POST",
      url: `/api/v1/ad-campaigns/${a.campaign}/bidding/changes/${randomUUID()}/undo`,
      headers: a.user.headers,
    });
    expect(unknown.statusCode).toBe(404);

    const current = await bidding(a);
    const off = await setBidding(a, { strategy: "MANUAL", version: current.version });
    expect(off.json()).toMatchObject({
      strategy: "MANUAL",
      status: "OFF",
      bidMicros: 2_000_000,
      bidCeilingMicros: null,
    });
  });

  it("is set by an organisation's OWNER, read by its MEMBER", async () => {
    const owner = await createUser(t.app, { displayName: "Org owner" });
    const member = await createUser(t.app, { displayName: "Org member" });
    const account = await organizationAdAccount(t.app, owner, member, `ap-${randomUUID().slice(0, 8)}`);
    const draft = await t.app.inject({
      method: "POST",
      url: "/api/v1/ad-campaigns",
      headers: owner.headers,
      payload: {
        adAccountId: account,
        name: "Org campaign",
        pricingModel: "CPC",
        bidding: { strategy: "MANUAL", bidMicros: 500_000 },
        budget: { totalMicros: 10_000_000, dailyMicros: 1_000_000, pacing: "EVEN" },
        schedule: { startAt: new Date(Date.now() + 60_000).toISOString() },
      },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const org = { user: member, campaign: draft.json().id } as Advertiser;
    const read = await bidding(org);
    expect(read.strategy).toBe("MANUAL");
    const refused = await setBidding(org, { strategy: "MAXIMIZE_CLICKS", version: read.version });
    expect(refused.statusCode).toBe(403);
    const allowed = await setBidding(org, { strategy: "MAXIMIZE_CLICKS", version: read.version }, owner);
    expect(allowed.statusCode, allowed.body).toBe(200);
    // Not launched yet: it learns from the launch on.
    expect(allowed.json()).toMatchObject({ strategy: "MAXIMIZE_CLICKS", status: "LEARNING" });
  });
});
