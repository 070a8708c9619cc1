import { randomUUID } from "node:crypto";
import { formatDay } from "@flipside/contracts/ads-constants";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Advertiser, BOT, BROWSER, organizationAdAccount, runningCampaign } from "../../../test/ads.ts";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { auditLog } from "../../db/schema/admin.ts";
import { adAccounts } from "../../db/schema/ads.ts";
import { ledgerAccounts, ledgerTransactions } from "../../db/schema/money.ts";
import { noticeLowWallets } from "./wallet-low.ts";

/**
 * Flipside staff and advertisers (ADS.md §1.12): the list, suspension that stops delivery at
 * once, reinstatement, idempotent ad credits, invalid traffic; nobody else learns they exist.
 */

let t: TestApp;
let admin: TestUser;
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({
    PAGE_FETCH_ENABLED: "false",
    RATE_LIMIT_ENABLED: "false",
    // Serving would keep its campaigns a minute: only the invalidation can make a change prompt.
    ADS_CACHE_TTL_MS: "60000",
    ADS_SETTLE_INTERVAL_MS: "0",
  });
  admin = await createUser(t.app, { displayName: "Admin", roles: ["ROLE_USER", "ROLE_ADMIN"] });
});
afterAll(() => t.close());

const lookup = (page: string, ua = BROWSER) =>
  t.app.inject({
    url: `/api/v1/advertisings?searchAnd=${encodeURIComponent(`url==${page}`)}`,
    headers: { "user-agent": ua },
  });
const adsOn = async (page: string) => (await lookup(page)).json().length as number;
const as = (
  user: TestUser,
  method: "GET" | "POST" | "DELETE",
  url: string,
  payload?: unknown,
  headers = {},
) => t.app.inject({ method, url, headers: { ...user.headers, ...headers }, payload: payload as object });
const walletOf = async (userId: string) =>
  (
    await t.app.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.ownerKey, `user:${userId}`))
  )[0]?.balance ?? 0;

describe("suspension", () => {
  let a: Advertiser;
  beforeAll(async () => {
    a = await runningCampaign(t.app, admin, {});
  });

  it("stops delivery within two seconds and reinstating starts it again", async () => {
    expect(await adsOn(a.page)).toBe(1);
    const started = Date.now();
    const suspended = await as(admin, "POST", `/api/v1/admin/ad-accounts/${a.account}/suspension`, {
      reason: "Ads for a product we do not allow",
    });
    expect(suspended.statusCode, suspended.body).toBe(204);
    await vi.waitFor(async () => expect(await adsOn(a.page)).toBe(0), { timeout: 2000, interval: 50 });
    expect(Date.now() - started).toBeLessThan(2000);
    // The advertiser sees why, and cannot launch anything meanwhile.
    const accounts = (await as(a.user, "GET", "/api/v1/ad-accounts")).json();
    expect(accounts[0]).toMatchObject({
      status: "SUSPENDED",
      suspensionReason: "Ads for a product we do not allow",
    });
    const again = await as(admin, "POST", `/api/v1/admin/ad-accounts/${a.account}/suspension`, {
      reason: "x",
    });
    expect(again.statusCode).toBe(409);
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, a.account), eq(auditLog.action, "ads.account.suspend")));
    expect(audit).toHaveLength(1);

    const reinstated = await as(admin, "DELETE", `/api/v1/admin/ad-accounts/${a.account}/suspension`);
    expect(reinstated.statusCode).toBe(204);
    await vi.waitFor(async () => expect(await adsOn(a.page)).toBe(1), { timeout: 2000, interval: 50 });
    expect((await as(admin, "DELETE", `/api/v1/admin/ad-accounts/${a.account}/suspension`)).statusCode).toBe(
      409,
    );
  });

  it("needs a reason", async () => {
    const res = await as(admin, "POST", `/api/v1/admin/ad-accounts/${a.account}/suspension`, { reason: " " });
    expect(res.statusCode).toBe(400);
    expect(await adsOn(a.page)).toBe(1);
  });
});

describe("the advertisers list", () => {
  it("finds advertisers by name and status with their 30 days' spend and campaigns", async () => {
    const a = await runningCampaign(t.app, admin, { bidMicros: 10_000_000 });
    const [ad] = (await lookup(a.page)).json();
    await t.app.inject({
      method: "POST",
      url: new URL(ad.impressionUrl).pathname,
      headers: { "user-agent": BROWSER },
    });
    const name = `${a.user.displayName} ads`;
    const res = await as(
      admin,
      "GET",
      `/api/v1/admin/ad-accounts?searchAnd=${encodeURIComponent(`name||${name}`)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      {
        id: a.account,
        name,
        ownerKind: "USER",
        ownerName: a.user.displayName,
        status: "ACTIVE",
        suspensionReason: null,
        suspendedAt: null,
        currency: "EUR",
        spend30DaysMicros: 10_000,
        campaigns: 1,
        createdAt: expect.any(String),
      },
    ]);
    const suspended = await as(admin, "GET", "/api/v1/admin/ad-accounts?searchAnd=status==SUSPENDED");
    expect(suspended.json().every((x: { status: string }) => x.status === "SUSPENDED")).toBe(true);
    expect((await as(admin, "GET", "/api/v1/admin/ad-accounts?searchAnd=status==GONE")).statusCode).toBe(400);
  });
});

describe("ad credits", () => {
  it("credit the paying wallet once per key, and resume a campaign out of funds", async () => {
    // A cent in the wallet: one view at €10 a thousand and it is out of funds.
    const a = await runningCampaign(t.app, admin, {
      walletMinor: 1,
      bidMicros: 10_000_000,
      totalMicros: 10_000_000,
    });
    const [ad] = (await lookup(a.page)).json();
    await t.app.inject({
      method: "POST",
      url: new URL(ad.impressionUrl).pathname,
      headers: { "user-agent": BROWSER },
    });
    await vi.waitFor(async () => expect(await adsOn(a.page)).toBe(0), { timeout: 2000 });
    const key = randomUUID();
    const credit = (amountMinor: number) =>
      as(
        admin,
        "POST",
        `/api/v1/admin/ad-accounts/${a.account}/credits`,
        { amountMinor, reason: "Sorry for the outage" },
        { "idempotency-key": key },
      );
    const first = await credit(500);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      adAccountId: a.account,
      amountMinor: 500,
      currency: "EUR",
      walletBalanceMinor: 500,
    });
    const replay = await credit(500);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect((await credit(700)).statusCode).toBe(422);
    const credits = await t.app.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.kind, "AD_CREDIT"));
    expect(credits.filter((c) => c.reference?.startsWith(`ads:${a.account}:`))).toHaveLength(1);
    // The campaign took its reserve from the credit and serves again.
    await vi.waitFor(async () => expect(await adsOn(a.page)).toBe(1), { timeout: 3000, interval: 100 });
    expect(await walletOf(a.user.id)).toBeLessThan(500);
    expect(
      (
        await as(admin, "POST", `/api/v1/admin/ad-accounts/${a.account}/credits`, {
          amountMinor: 5,
          reason: "x",
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe("invalid traffic", () => {
  it("counts refused beacons by day and reason", async () => {
    const a = await runningCampaign(t.app, admin, {});
    const [ad] = (await lookup(a.page)).json();
    const path = new URL(ad.impressionUrl).pathname;
    await t.app.inject({ method: "POST", url: path, headers: { "user-agent": BOT } });
    await t.app.inject({
      method: "POST",
      url: path.replace(/advertisings\/[^/]+\//, "advertisings/forged-token/"),
      headers: { "user-agent": BROWSER },
    });
    const res = await as(admin, "GET", `/api/v1/admin/ad-invalid-traffic?from=${today()}&to=${today()}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows.find((r: { reason: string }) => r.reason === "BOT")).toMatchObject({
      day: today(),
      impressions: expect.any(Number),
      clicks: 0,
    });
    expect(rows.find((r: { reason: string }) => r.reason === "BOT").impressions).toBeGreaterThanOrEqual(1);
    expect(
      rows.find((r: { reason: string }) => r.reason === "BAD_SIGNATURE")?.impressions,
    ).toBeGreaterThanOrEqual(1);
    expect(
      (await as(admin, "GET", "/api/v1/admin/ad-invalid-traffic?from=2025-01-01&to=2026-06-01")).statusCode,
    ).toBe(400);
  });
});

describe("anyone who is not staff", () => {
  it("gets 404 from every advertiser call, and nothing changes", async () => {
    const a = await runningCampaign(t.app, admin, {});
    const calls: [TestUser, "GET" | "POST" | "DELETE", string, unknown?][] = [
      [a.user, "GET", "/api/v1/admin/ad-accounts"],
      [a.user, "POST", `/api/v1/admin/ad-accounts/${a.account}/suspension`, { reason: "mine" }],
      [a.user, "DELETE", `/api/v1/admin/ad-accounts/${a.account}/suspension`],
      [
        a.user,
        "POST",
        `/api/v1/admin/ad-accounts/${a.account}/credits`,
        { amountMinor: 100, reason: "mine" },
      ],
      [a.user, "GET", `/api/v1/admin/ad-invalid-traffic?from=${today()}&to=${today()}`],
    ];
    for (const [user, method, url, body] of calls) {
      expect((await as(user, method, url, body, { "idempotency-key": randomUUID() })).statusCode, url).toBe(
        404,
      );
    }
    const anonymous = await t.app.inject({ url: "/api/v1/admin/ad-accounts" });
    expect(anonymous.statusCode).toBe(404);
    expect(await adsOn(a.page)).toBe(1);
  });
});

describe("advertisers' notifications", () => {
  /** The person's ads notifications, once the outbox has handled what is pending (it polls each second). */
  const adsNotices = async (user: TestUser) => {
    await t.app.outbox.wake();
    return (await as(user, "GET", "/api/v1/notifications?size=50"))
      .json()
      .filter((n: { kind: string }) => n.kind === "ADS")
      .map((n: { message: string; link: string }) => ({ message: n.message, link: n.link }));
  };

  it("tell the owner of reviews, a spent budget and a suspension, through the outbox", async () => {
    // Two clicks at 50 cents spend €1.
    const a = await runningCampaign(t.app, admin, {
      pricingModel: "CPC",
      bidMicros: 500_000,
      totalMicros: 1_000_000,
    });
    await vi.waitFor(async () =>
      expect(await adsNotices(a.user)).toContainEqual({
        message: "Your ad “Bread” was approved and can run",
        link: "/ads/creative-lib",
      }),
    );
    for (const reader of ["one", "two"]) {
      const [ad] = (await lookup(a.page, `${BROWSER} ${reader}`)).json();
      await t.app.inject({
        url: new URL(ad.clickUrl).pathname,
        headers: { "user-agent": `${BROWSER} ${reader}` },
      });
    }
    await vi.waitFor(async () =>
      expect(await adsNotices(a.user)).toContainEqual({
        message: "Your campaign “Bread week” has spent its budget and stopped",
        link: `/ads/campaigns?campaign=${a.campaign}`,
      }),
    );
    const creative = (
      await as(a.user, "POST", "/api/v1/ad-creatives", {
        adAccountId: a.account,
        name: "Miracle loaf",
        headline: "Cures everything",
        body: "",
        destinationUrl: `https://${a.domain}/miracle`,
      })
    ).json().id;
    await as(admin, "POST", `/api/v1/admin/ad-creatives/${creative}/review`, {
      decision: "REJECT",
      reason: "MISLEADING",
    });
    await as(admin, "POST", `/api/v1/admin/ad-accounts/${a.account}/suspension`, { reason: "Health claims" });
    await vi.waitFor(async () => {
      const notices = await adsNotices(a.user);
      expect(notices).toContainEqual({
        message: "Your ad “Miracle loaf” was rejected: Misleading or false claims",
        link: "/ads/creative-lib?show=rejected",
      });
      expect(notices).toContainEqual({
        message: `Your advertiser account “${a.user.displayName} ads” was suspended: Health claims`,
        link: "/ads",
      });
    });
    // The budget was spent once: one notice, however many views were refused after it.
    expect(
      (await adsNotices(a.user)).filter((n: { message: string }) => n.message.includes("spent")),
    ).toHaveLength(1);
  });

  it("say once a day when a wallet is about to run out", async () => {
    // €1 in the wallet, all of it reserved; nine views at 10 cents leave a day's spend at most.
    const a = await runningCampaign(t.app, admin, {
      walletMinor: 100,
      bidMicros: 100_000_000,
      totalMicros: 1_000_000,
    });
    for (let i = 0; i < 9; i++) {
      const [ad] = (await lookup(a.page, `${BROWSER} w${i}`)).json();
      await t.app.inject({
        method: "POST",
        url: new URL(ad.impressionUrl).pathname,
        headers: { "user-agent": `${BROWSER} w${i}` },
      });
    }
    const now = new Date();
    expect(await noticeLowWallets(t.app.db, now)).toBeGreaterThanOrEqual(1);
    // Already told today: not again, whoever runs the job.
    const again = await Promise.all([noticeLowWallets(t.app.db, now), noticeLowWallets(t.app.db, now)]);
    const [account] = await t.app.db.select().from(adAccounts).where(eq(adAccounts.id, a.account));
    expect(account?.walletLowNotifiedOn).toBe(today());
    expect(again).toEqual([0, 0]);
    await vi.waitFor(async () =>
      expect(await adsNotices(a.user)).toContainEqual({
        message: `The wallet paying for “${a.user.displayName} ads” runs out around ${formatDay(today())}: add funds to keep your ads running`,
        link: "/ads/billing",
      }),
    );
  });

  it("reach an organisation's owners and admins, not its members", async () => {
    const owner = await createUser(t.app, { displayName: "Olga Owner" });
    const member = await createUser(t.app, { displayName: "Mo Member" });
    const account = await organizationAdAccount(t.app, owner, member, `org-${randomUUID().slice(0, 8)}`);
    const creative = (
      await as(owner, "POST", "/api/v1/ad-creatives", {
        adAccountId: account,
        name: "Org ad",
        headline: "Together",
        body: "",
        destinationUrl: "https://org.example.com/",
      })
    ).json().id;
    await as(admin, "POST", `/api/v1/admin/ad-creatives/${creative}/review`, { decision: "APPROVE" });
    await vi.waitFor(async () =>
      expect(await adsNotices(owner)).toEqual([
        { message: "Your ad “Org ad” was approved and can run", link: "/ads/creative-lib" },
      ]),
    );
    expect(await adsNotices(member)).toEqual([]);
  });
});
