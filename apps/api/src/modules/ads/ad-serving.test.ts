import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  adsTestApp,
  BOT,
  BROWSER,
  type CampaignOptions,
  creditWallet,
  runningCampaign,
} from "../../../test/ads.ts";
import type { TestApp } from "../../../test/helper.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";
import { adCampaigns, adClicks, adImpressions, adInvalidEvents, adReports } from "../../db/schema/ads.ts";
import { ledgerAccounts } from "../../db/schema/money.ts";
import { resolveJwtSecret } from "../../lib/secret.ts";
import { adTokenKey, createAdTokens } from "./ad-tokens.ts";

/**
 * Serving, beacons and the money behind them (ADS.md §4.4–4.6): every advertiser here is its own
 * person with its own wallet, and its campaigns run only on its own domain (an INCLUDE filter),
 * so tests do not take each other's ads.
 */

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  ({ t, admin } = await adsTestApp());
});
afterAll(async () => {
  await invariants();
  await t.close();
});

const fund = (userId: string, amount: number) => creditWallet(t.app, admin, userId, amount);

const walletOf = async (userId: string) =>
  (
    await t.app.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.ownerKey, `user:${userId}`))
  )[0]?.balance ?? 0;

const advertiser = (opts: CampaignOptions) => runningCampaign(t.app, admin, opts);

const lookup = (page: string, headers: Record<string, string> = {}, size?: number) =>
  t.app.inject({
    method: "GET",
    url: `/api/v1/advertisings?searchAnd=${encodeURIComponent(`url==${page}`)}${size ? `&size=${size}` : ""}`,
    headers: { "user-agent": BROWSER, ...headers },
  });

async function adFor(page: string, headers: Record<string, string> = {}) {
  const res = await lookup(page, headers);
  expect(res.statusCode, res.body).toBe(200);
  const [ad] = res.json();
  expect(ad, "an ad").toBeDefined();
  return ad;
}

const pathOf = (url: string) => new URL(url).pathname;
const beacon = (ad: { impressionUrl: string }, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: pathOf(ad.impressionUrl),
    headers: { "user-agent": BROWSER, ...headers },
  });
const click = (
  ad: { clickUrl: string },
  headers: Record<string, string> = {},
  method: "GET" | "HEAD" = "GET",
) => t.app.inject({ method, url: pathOf(ad.clickUrl), headers: { "user-agent": BROWSER, ...headers } });

async function campaignRow(id: string) {
  const [row] = await t.app.db.select().from(adCampaigns).where(eq(adCampaigns.id, id));
  if (!row) throw new Error("no campaign");
  return row;
}
const counted = async (table: typeof adImpressions | typeof adClicks, campaign: string) => {
  const rows = await t.app.db.select().from(table).where(eq(table.campaignId, campaign));
  return { all: rows.length, billed: rows.filter((r) => r.billed).length, rows };
};
const invalid = async (campaign: string | null, reason: string) =>
  (
    await t.app.db
      .select()
      .from(adInvalidEvents)
      .where(
        and(
          eq(adInvalidEvents.reason, reason as "BOT"),
          campaign ? eq(adInvalidEvents.campaignId, campaign) : sql`true`,
        ),
      )
  ).length;

/** ADS.md §4.5's invariants over everything stored so far, as the admins' reconciliation reports them. */
async function invariants() {
  const res = await t.app.inject({ url: "/api/v1/admin/ad-reconciliation", headers: admin.headers });
  expect(res.statusCode).toBe(200);
  const report = res.json();
  expect(report.campaigns.filter((c: { ok: boolean }) => !c.ok)).toEqual([]);
  expect(report).toMatchObject({ ledgerUnbalancedTransactions: 0, ok: true });
}

describe("the lookup", () => {
  it("answers the page's ad, signed, never cached, and nothing to bots", async () => {
    const a = await advertiser({});
    const res = await lookup(a.page);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers["x-total-count"]).toBe("1");
    const [ad] = res.json();
    expect(ad).toMatchObject({
      id: a.creative,
      label: "Ad",
      advertiserName: `${a.user.displayName} ads`,
      displayDomain: "example.com",
      headline: "Fresh bread",
      body: "Baked at dawn.",
      image: null,
      why: ["SITE"],
    });
    expect(ad.clickUrl).toMatch(/\/api\/v1\/advertisings\/[\w-]+\.[\w-]+\/click$/);
    expect(Date.parse(ad.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    // Another site's page gets none of it; a bot gets nothing at all.
    expect((await lookup("https://elsewhere.example.org/")).json()).toEqual([]);
    expect((await lookup(a.page, { "user-agent": BOT })).json()).toEqual([]);
    // The decision wrote and charged nothing.
    expect((await counted(adImpressions, a.campaign)).all).toBe(0);
    expect((await campaignRow(a.campaign)).spentMicros).toBe(0);
  });

  it("refuses what is not url=={url}", async () => {
    for (const query of [
      "",
      "searchAnd=title==x",
      "searchAnd=url!=https://a.example.com",
      "searchAnd=url==not%20a%20site",
    ]) {
      const res = await t.app.inject({ method: "GET", url: `/api/v1/advertisings?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
    const big = await lookup("https://a.example.com/", {}, 4);
    expect(big.statusCode).toBe(400);
  });

  it("does not show a paused campaign, nor one without money", async () => {
    const a = await advertiser({});
    await sendAs(t.app, a.user, `/api/v1/ad-campaigns/${a.campaign}/status`, { status: "PAUSED" });
    expect((await lookup(a.page)).json()).toEqual([]);
    const broke = await advertiser({ walletMinor: 0, launch: false });
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/v1/ad-campaigns/${broke.campaign}/status`,
      headers: broke.user.headers,
      payload: { status: "ACTIVE" },
    });
    expect(refused.statusCode).toBe(422);
    expect((await lookup(broke.page)).json()).toEqual([]);
  });
});

describe("impressions", () => {
  it("counts and bills one impression per token, replayed in turn or all at once", async () => {
    const a = await advertiser({ bidMicros: 2_000_000 });
    const ad = await adFor(a.page);
    for (let i = 0; i < 3; i++) expect((await beacon(ad)).statusCode).toBe(204);
    await Promise.all(Array.from({ length: 20 }, () => beacon(ad)));
    const events = await counted(adImpressions, a.campaign);
    expect(events).toMatchObject({ all: 1, billed: 1 });
    expect(events.rows[0]).toMatchObject({
      priceMicros: 2000,
      siteDomain: a.domain,
      viewerKey: expect.stringMatching(/^a:/),
    });
    expect((await campaignRow(a.campaign)).spentMicros).toBe(2000);
    expect(await invalid(a.campaign, "DUPLICATE")).toBe(22);
    const shown = await t.app.inject({ url: `/api/v1/ad-campaigns/${a.campaign}`, headers: a.user.headers });
    expect(shown.json().stats).toEqual({
      impressions: 1,
      clicks: 0,
      billedEvents: 1,
      spentMicros: 2000,
      spentTodayMicros: 2000,
    });
  });

  it("never passes the total budget: 20 parallel impressions where 10 fit", async () => {
    // €100 CPM: €0.10 an impression; €1 total: ten.
    const a = await advertiser({ bidMicros: 100_000_000, totalMicros: 1_000_000 });
    const ads = [];
    for (let i = 0; i < 20; i++) ads.push(await adFor(a.page, { "user-agent": `${BROWSER} ${i}` }));
    await Promise.all(ads.map((ad, i) => beacon(ad, { "user-agent": `${BROWSER} ${i}` })));
    const events = await counted(adImpressions, a.campaign);
    expect(events).toMatchObject({ all: 20, billed: 10 });
    expect(events.rows.filter((r) => !r.billed).every((r) => r.notBilledReason === "BUDGET")).toBe(true);
    expect((await campaignRow(a.campaign)).spentMicros).toBe(1_000_000);
    // Spent: the campaign is off the page at once.
    expect((await lookup(a.page)).json()).toEqual([]);
    await invariants();
  });

  it("never passes the day's budget", async () => {
    const a = await advertiser({ bidMicros: 100_000_000, totalMicros: 50_000_000, dailyMicros: 1_000_000 });
    const ads = [];
    for (let i = 0; i < 20; i++) ads.push(await adFor(a.page, { "user-agent": `${BROWSER} d${i}` }));
    await Promise.all(ads.map((ad, i) => beacon(ad, { "user-agent": `${BROWSER} d${i}` })));
    expect(await counted(adImpressions, a.campaign)).toMatchObject({ all: 20, billed: 10 });
    const row = await campaignRow(a.campaign);
    expect(row.spentDayMicros).toBe(1_000_000);
    expect(row.spentMicros).toBe(1_000_000);
    // The day's reserve was €1 of the €100 wallet; the rest stayed in it.
    expect(await walletOf(a.user.id)).toBe(10_000 - 100);
    await invariants();
  });

  it("never passes the wallet: the reserve is what the wallet had, and a credit resumes serving", async () => {
    const a = await advertiser({ walletMinor: 50, bidMicros: 100_000_000, totalMicros: 10_000_000 });
    expect(await walletOf(a.user.id)).toBe(0);
    const ads = [];
    for (let i = 0; i < 8; i++) ads.push(await adFor(a.page, { "user-agent": `${BROWSER} w${i}` }));
    await Promise.all(ads.map((ad, i) => beacon(ad, { "user-agent": `${BROWSER} w${i}` })));
    expect(await counted(adImpressions, a.campaign)).toMatchObject({ all: 8, billed: 5 });
    expect((await lookup(a.page)).json()).toEqual([]);
    await fund(a.user.id, 1_000);
    // The credit's event tops the reserve up (no settlement run in between).
    await t.app.outbox.wake();
    expect((await lookup(a.page)).json()).toHaveLength(1);
    await invariants();
  });

  it("takes no beacon from bots or prefetches, and a prefetch does not use the token up", async () => {
    const a = await advertiser({});
    const ad = await adFor(a.page);
    await beacon(ad, { "user-agent": BOT });
    await beacon(ad, { "sec-purpose": "prefetch" });
    expect((await counted(adImpressions, a.campaign)).all).toBe(0);
    expect(await invalid(a.campaign, "BOT")).toBe(1);
    expect(await invalid(a.campaign, "PREFETCH")).toBe(1);
    await beacon(ad);
    expect(await counted(adImpressions, a.campaign)).toMatchObject({ all: 1, billed: 1 });
  });

  it("refuses forged and expired tokens, alike to the caller", async () => {
    const a = await advertiser({});
    const ad = await adFor(a.page);
    const [payload, mac] = pathOf(ad.impressionUrl).split("/")[4]?.split(".") ?? [];
    const forged = `${payload?.slice(0, -2)}AA.${mac}`;
    const before = await invalid(null, "BAD_SIGNATURE");
    const res = await t.app.inject({ method: "POST", url: `/api/v1/advertisings/${forged}/impression` });
    expect(res.statusCode).toBe(204);
    expect(await invalid(null, "BAD_SIGNATURE")).toBe(before + 1);
    const forgedClick = await t.app.inject({ method: "GET", url: `/api/v1/advertisings/${forged}/click` });
    expect(forgedClick.statusCode).toBe(404);
    expect(forgedClick.headers.location).toBeUndefined();
    // A token signed with our key, issued 16 minutes ago: too late for an impression.
    const tokens = createAdTokens(adTokenKey(t.app.config.ADS_TOKEN_SECRET, resolveJwtSecret(t.app.config)));
    const decision = tokens.verify(pathOf(ad.impressionUrl).split("/")[4] ?? "");
    expect(decision).not.toBeNull();
    if (!decision) return;
    const old = tokens.sign({ ...decision, decisionId: randomUUID(), issuedAt: Date.now() - 16 * 60_000 });
    await t.app.inject({
      method: "POST",
      url: `/api/v1/advertisings/${old}/impression`,
      headers: { "user-agent": BROWSER },
    });
    expect(await invalid(a.campaign, "EXPIRED")).toBe(1);
    expect((await counted(adImpressions, a.campaign)).all).toBe(0);
  });

  it("counts the advertiser's own views without charging them", async () => {
    const a = await advertiser({});
    const ad = await adFor(a.page, { ...a.user.headers });
    await t.app.inject({
      method: "POST",
      url: pathOf(ad.impressionUrl),
      headers: { ...a.user.headers, "user-agent": BROWSER },
    });
    const events = await counted(adImpressions, a.campaign);
    expect(events).toMatchObject({ all: 1, billed: 0 });
    expect(events.rows[0]).toMatchObject({ notBilledReason: "SELF", viewerKey: `u:${a.user.id}` });
    expect((await campaignRow(a.campaign)).spentMicros).toBe(0);
  });

  it("caps how often one reader sees a campaign: by account signed in, by the day's key anonymous", async () => {
    const a = await advertiser({ frequencyCap: { impressions: 2, period: "DAY" } });
    const reader = await createUser(t.app, { displayName: "Reader" });
    for (let i = 0; i < 2; i++) {
      const ad = await adFor(a.page, reader.headers);
      await t.app.inject({
        method: "POST",
        url: pathOf(ad.impressionUrl),
        headers: { "user-agent": BROWSER },
      });
    }
    expect((await lookup(a.page, reader.headers)).json()).toEqual([]);
    // Anonymous: the same address and browser are one reader; another browser is another.
    for (let i = 0; i < 2; i++) await beacon(await adFor(a.page));
    expect((await lookup(a.page)).json()).toEqual([]);
    expect((await lookup(a.page, { "user-agent": `${BROWSER} other` })).json()).toHaveLength(1);
  });
});

describe("audiences at serving", () => {
  it("keep an excluded audience's members from the ad, counting only readers who allow personalised ads", async () => {
    const n = Date.now().toString(36);
    const cycling = `https://cycling-${n}.example.com/tour`;
    const a = await advertiser({
      excludeAudience: [{ action: "VIEWED", type: "DOMAIN", value: `cycling-${n}.example.com` }],
    });
    const page = (
      await t.app.inject({ method: "POST", url: "/api/v1/site-pages/flip", payload: { url: cycling } })
    ).json();
    const member = await createUser(t.app, { displayName: "Cyclist" });
    const privateReader = await createUser(t.app, { displayName: "Private cyclist" });
    const stranger = await createUser(t.app, { displayName: "Not a cyclist" });
    await sendAs(t.app, member, "/api/account", { personalisedAds: true });
    await sendAs(t.app, stranger, "/api/account", { personalisedAds: true });
    for (const reader of [member, privateReader]) {
      const viewed = await t.app.inject({
        url: `/api/v1/site-pages/${page.id}/mine`,
        headers: reader.headers,
      });
      expect(viewed.statusCode).toBe(200);
    }
    // Membership is recorded off the page view's path: a moment later.
    await vi.waitFor(async () => expect((await lookup(a.page, member.headers)).json()).toEqual([]));
    expect((await lookup(a.page, privateReader.headers)).json()).toHaveLength(1);
    expect((await lookup(a.page, stranger.headers)).json()).toHaveLength(1);
    expect((await lookup(a.page)).json()).toHaveLength(1);
    // Consent withdrawn: what the reader read no longer counts.
    await sendAs(t.app, member, "/api/account", { personalisedAds: false });
    expect((await lookup(a.page, member.headers)).json()).toHaveLength(1);
  });
});

describe("clicks", () => {
  it("go to the stored destination only, counted and billed once", async () => {
    const a = await advertiser({ pricingModel: "CPC", bidMicros: 500_000 });
    const ad = await adFor(a.page);
    const head = await click(ad, {}, "HEAD");
    expect(head.statusCode).toBe(302);
    const first = await click(ad);
    expect(first.statusCode).toBe(302);
    // The click id rides along, for the advertiser's site to report a conversion with.
    const [stored] = (await counted(adClicks, a.campaign)).rows;
    expect(first.headers.location).toBe(`https://${a.domain}/offer?fs_click=${stored?.decisionId}`);
    await Promise.all(Array.from({ length: 10 }, () => click(ad)));
    expect(await counted(adClicks, a.campaign)).toMatchObject({ all: 1, billed: 1 });
    expect((await campaignRow(a.campaign)).spentMicros).toBe(500_000);
    // Whatever the request adds, the destination is the creative's.
    const sneaky = await t.app.inject({
      method: "GET",
      url: `${pathOf(ad.clickUrl)}?to=https://evil.example.net`,
    });
    expect(sneaky.headers.location).toBe(`https://${a.domain}/offer?fs_click=${stored?.decisionId}`);
  });

  it("are what a CPC campaign pays for; its impressions, and a CPM ad's clicks, are counted free", async () => {
    const cpc = await advertiser({ pricingModel: "CPC", bidMicros: 500_000 });
    const cpcAd = await adFor(cpc.page);
    await beacon(cpcAd);
    expect(await counted(adImpressions, cpc.campaign)).toMatchObject({
      all: 1,
      billed: 0,
      rows: [{ notBilledReason: "NOT_PRICED", priceMicros: 0 }],
    });
    expect((await campaignRow(cpc.campaign)).spentMicros).toBe(0);
    await click(cpcAd);
    expect((await campaignRow(cpc.campaign)).spentMicros).toBe(500_000);

    const cpm = await advertiser({ pricingModel: "CPM", bidMicros: 10_000_000 });
    const cpmAd = await adFor(cpm.page);
    await beacon(cpmAd);
    await click(cpmAd);
    expect(await counted(adClicks, cpm.campaign)).toMatchObject({
      all: 1,
      billed: 0,
      rows: [{ notBilledReason: "NOT_PRICED", priceMicros: 0 }],
    });
    expect((await campaignRow(cpm.campaign)).spentMicros).toBe(10_000);
    await invariants();
  });

  it("never pass the total budget: 20 parallel clicks where 2 fit", async () => {
    const a = await advertiser({ pricingModel: "CPC", bidMicros: 500_000, totalMicros: 1_000_000 });
    const ads = [];
    for (let i = 0; i < 20; i++) ads.push(await adFor(a.page, { "user-agent": `${BROWSER} c${i}` }));
    await Promise.all(ads.map((ad, i) => click(ad, { "user-agent": `${BROWSER} c${i}` })));
    expect(await counted(adClicks, a.campaign)).toMatchObject({ all: 20, billed: 2 });
    expect((await campaignRow(a.campaign)).spentMicros).toBe(1_000_000);
    await invariants();
  });
});

describe("money", () => {
  it("settles billed spend in whole cents, carries the rest, and gives the reserve back", async () => {
    // €2.50 CPM: 2,500 micros an impression; three make 7,500: no whole cent yet.
    const a = await advertiser({ bidMicros: 2_500_000, totalMicros: 10_000_000 });
    expect(await walletOf(a.user.id)).toBe(10_000 - 1_000);
    for (let i = 0; i < 3; i++)
      await beacon(await adFor(a.page, { "user-agent": `${BROWSER} s${i}` }), {
        "user-agent": `${BROWSER} s${i}`,
      });
    await t.app.ads.tend();
    expect((await campaignRow(a.campaign)).settledMinor).toBe(0);
    await beacon(await adFor(a.page, { "user-agent": `${BROWSER} s3` }), { "user-agent": `${BROWSER} s3` });
    await t.app.ads.tend();
    expect((await campaignRow(a.campaign)).settledMinor).toBe(1);
    await invariants();
    // Pause: the unspent reserve returns; the cent that backs nothing unsettled… there is none.
    await sendAs(t.app, a.user, `/api/v1/ad-campaigns/${a.campaign}/status`, { status: "PAUSED" });
    expect(await walletOf(a.user.id)).toBe(10_000 - 1);
    await invariants();
    // Resume, one more impression (2,500 micros: a quarter cent), archive: the fraction is never charged.
    await sendAs(t.app, a.user, `/api/v1/ad-campaigns/${a.campaign}/status`, { status: "ACTIVE" });
    await beacon(await adFor(a.page, { "user-agent": `${BROWSER} s4` }), { "user-agent": `${BROWSER} s4` });
    await sendAs(t.app, a.user, `/api/v1/ad-campaigns/${a.campaign}/status`, { status: "ARCHIVED" });
    const row = await campaignRow(a.campaign);
    expect(row).toMatchObject({ spentMicros: 12_500, settledMinor: 1, holdRemainingMicros: 0 });
    expect(await walletOf(a.user.id)).toBe(10_000 - 1);
    await invariants();
  });
});

describe("reconciliation", () => {
  it("is for admins only, and says when money does not add up", async () => {
    const a = await advertiser({});
    await beacon(await adFor(a.page));
    const other = await t.app.inject({ url: "/api/v1/admin/ad-reconciliation", headers: a.user.headers });
    expect(other.statusCode).toBe(404);
    await invariants();
    // A counter moved behind the ledger's back: the report names the campaign.
    await t.app.db
      .update(adCampaigns)
      .set({ spentMicros: sql`${adCampaigns.spentMicros} + 1` })
      .where(eq(adCampaigns.id, a.campaign));
    const report = (
      await t.app.inject({ url: "/api/v1/admin/ad-reconciliation", headers: admin.headers })
    ).json();
    expect(report.ok).toBe(false);
    expect(
      report.campaigns.filter((c: { ok: boolean }) => !c.ok).map((c: { campaignId: string }) => c.campaignId),
    ).toEqual([a.campaign]);
    await t.app.db
      .update(adCampaigns)
      .set({ spentMicros: sql`${adCampaigns.spentMicros} - 1` })
      .where(eq(adCampaigns.id, a.campaign));
    await invariants();
  });
});

describe("feedback", () => {
  it("hides an ad from its reader for good, and takes one report each", async () => {
    const a = await advertiser({});
    const reader = await createUser(t.app, { displayName: "Hider" });
    const ad = await adFor(a.page, reader.headers);
    const hide = await t.app.inject({
      method: "POST",
      url: pathOf(ad.feedbackUrl),
      payload: { action: "HIDE" },
    });
    expect(hide.statusCode).toBe(204);
    expect((await lookup(a.page, reader.headers)).json()).toEqual([]);
    expect((await lookup(a.page)).json()).toHaveLength(1);
    const noReason = await t.app.inject({
      method: "POST",
      url: pathOf(ad.feedbackUrl),
      payload: { action: "REPORT" },
    });
    expect(noReason.statusCode).toBe(400);
    for (let i = 0; i < 2; i++) {
      const report = await t.app.inject({
        method: "POST",
        url: pathOf(ad.feedbackUrl),
        payload: { action: "REPORT", reason: "MISLEADING" },
      });
      expect(report.statusCode).toBe(204);
    }
    const reports = await t.app.db.select().from(adReports).where(eq(adReports.creativeId, a.creative));
    expect(reports).toHaveLength(1);
  });
});
