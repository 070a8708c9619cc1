import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Advertiser,
  adsTestApp,
  BROWSER,
  type CampaignOptions,
  organizationAdAccount,
  runningCampaign,
} from "../../../test/ads.ts";
import type { TestApp } from "../../../test/helper.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { adStatements } from "../../db/schema/ads.ts";
import { issueDueStatements } from "./billing.ts";

/** Ads billing (ADS.md §1.10, §2.3 Billing): the figures, the spend lines, monthly statements. */

let t: TestApp;
let admin: TestUser;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  ({ t, admin } = await adsTestApp());
});
afterAll(async () => {
  // ADS.md §4.5's invariants over all the money moved here.
  const res = await t.app.inject({ url: "/api/v1/admin/ad-reconciliation", headers: admin.headers });
  expect(res.json()).toMatchObject({ ledgerUnbalancedTransactions: 0, ok: true });
  await t.close();
});

// A cent an impression (€10 CPM) from a €10 total, out of a €100 wallet.
const advertiser = (opts: CampaignOptions = {}) =>
  runningCampaign(t.app, admin, { bidMicros: 10_000_000, totalMicros: 10_000_000, ...opts });

const get = (who: TestUser, url: string) => t.app.inject({ url, headers: who.headers });

/** `n` impressions, each from another browser, then the settlement. */
async function impressions(a: Advertiser, n: number, tag: string) {
  for (let i = 0; i < n; i++) {
    const headers = { "user-agent": `${BROWSER} ${tag}${i}` };
    const res = await t.app.inject({
      url: `/api/v1/advertisings?searchAnd=${encodeURIComponent(`url==${a.page}`)}`,
      headers,
    });
    const [ad] = res.json();
    expect(ad, "an ad").toBeDefined();
    const seen = await t.app.inject({ method: "POST", url: new URL(ad.impressionUrl).pathname, headers });
    expect(seen.statusCode).toBe(204);
  }
  await t.app.ads.tend();
}

const spendOf = (a: Advertiser, filters = "", who = a.user) =>
  get(who, `/api/v1/ad-spend?searchAnd=${encodeURIComponent(`adAccountId==${a.account}${filters}`)}`);

describe("billing", () => {
  it("shows the wallet, the reserve, this month's spend and when the money runs out", async () => {
    const a = await advertiser();
    const before = (await get(a.user, `/api/v1/ad-accounts/${a.account}/billing`)).json();
    expect(before).toEqual({
      currency: "EUR",
      walletBalanceMinor: 9_000,
      reservedMicros: 10_000_000,
      spentThisMonthMicros: 0,
      averageDailySpendMicros: 0,
      runsOutOn: null,
    });
    await impressions(a, 7, "b");
    const after = (await get(a.user, `/api/v1/ad-accounts/${a.account}/billing`)).json();
    expect(after).toMatchObject({
      walletBalanceMinor: 9_000,
      reservedMicros: 10_000_000 - 70_000,
      spentThisMonthMicros: 70_000,
      // 7 cents over the last 7 days: a cent a day.
      averageDailySpendMicros: 10_000,
    });
    // €90 in the wallet and €9.93 reserved at a cent a day: 9,993 days from today (UTC account).
    const expected = new Date(Date.now() + 9_993 * DAY_MS).toISOString().slice(0, 10);
    expect(after.runsOutOn).toBe(expected);

    const stranger = await createUser(t.app, { displayName: "Stranger" });
    expect((await get(stranger, `/api/v1/ad-accounts/${a.account}/billing`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/ad-accounts/${a.account}/billing` })).statusCode).toBe(401);
  });

  it("keeps an organisation's wallet from its members, who still see the spend", async () => {
    const owner = await createUser(t.app, { displayName: "Olga Owner" });
    const member = await createUser(t.app, { displayName: "Mo Member" });
    const account = await organizationAdAccount(t.app, owner, member, "billing-org");
    const billing = (who: TestUser) => get(who, `/api/v1/ad-accounts/${account}/billing`);
    expect((await billing(owner)).json()).toMatchObject({ walletBalanceMinor: 0, reservedMicros: 0 });
    expect((await billing(member)).json()).toMatchObject({ walletBalanceMinor: null, runsOutOn: null });
    const spend = await get(
      member,
      `/api/v1/ad-spend?searchAnd=${encodeURIComponent(`adAccountId==${account}`)}`,
    );
    expect(spend.statusCode).toBe(200);
  });

  it("lists what was reserved, charged and given back, filtered, and as CSV", async () => {
    const a = await advertiser();
    await impressions(a, 3, "s");
    const lines = (await spendOf(a)).json();
    expect(lines.map((l: { kind: string; amountMinor: number }) => [l.kind, l.amountMinor])).toEqual([
      ["AD_SPEND", 3],
      ["AD_HOLD", 1_000],
    ]);
    expect(lines[0]).toMatchObject({ campaignId: a.campaign, campaignName: "Bread week", currency: "EUR" });
    const today = new Date().toISOString().slice(0, 10);
    expect(lines[0].date).toBe(today);
    expect((await spendOf(a, ",kind==AD_HOLD")).json()).toHaveLength(1);
    expect((await spendOf(a, `,campaignId==${a.campaign},date>=${today}`)).json()).toHaveLength(2);
    const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
    expect((await spendOf(a, `,date<=${yesterday}`)).json()).toEqual([]);

    await t.app.inject({
      method: "POST",
      url: `/api/v1/ad-campaigns/${a.campaign}/status`,
      headers: a.user.headers,
      payload: { status: "PAUSED" },
    });
    const afterPause = (await spendOf(a)).json();
    expect(afterPause[0]).toMatchObject({ kind: "AD_RELEASE", amountMinor: 1_000 - 3 });

    const csv = await get(
      a.user,
      `/api/v1/ad-spend?format=csv&searchAnd=${encodeURIComponent(`adAccountId==${a.account}`)}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const rows = csv.body.trimEnd().split("\r\n");
    expect(rows[0]).toBe('"Date","Campaign","Type","Amount","Currency","Transaction"');
    // Oldest first: the same lines as the list, reversed.
    expect(rows.slice(1)).toEqual(
      [...afterPause]
        .reverse()
        .map(
          (l: { date: string; kind: string; amountMinor: number; ledgerTransactionId: string }) =>
            `"${l.date}","Bread week","${{ AD_HOLD: "Reserved", AD_SPEND: "Ad spend", AD_RELEASE: "Released" }[l.kind]}","${(l.amountMinor / 100).toFixed(2)}","EUR","${l.ledgerTransactionId}"`,
        ),
    );
  });

  it("lists the admins' ad credits, which belong to no campaign", async () => {
    const a = await advertiser();
    const other = await advertiser();
    const credited = await t.app.inject({
      method: "POST",
      url: `/api/v1/admin/ad-accounts/${a.account}/credits`,
      headers: { ...admin.headers, "idempotency-key": randomUUID() },
      payload: { amountMinor: 2_500, reason: "Launch offer" },
    });
    expect(credited.statusCode, credited.body).toBe(201);
    const [credit, ...rest] = (await spendOf(a)).json();
    expect(credit).toMatchObject({
      kind: "AD_CREDIT",
      amountMinor: 2_500,
      campaignId: null,
      campaignName: null,
      ledgerTransactionId: credited.json().transactionId,
    });
    expect(rest.map((l: { kind: string }) => l.kind)).toEqual(["AD_HOLD"]);
    expect((await spendOf(a, ",kind==AD_CREDIT")).json()).toHaveLength(1);
    // A campaign filter keeps campaigns' lines only; another account never sees the credit.
    expect((await spendOf(a, `,campaignId==${a.campaign}`)).json()).toHaveLength(1);
    expect((await spendOf(other, ",kind==AD_CREDIT")).json()).toEqual([]);
    const csv = await get(
      a.user,
      `/api/v1/ad-spend?format=csv&searchAnd=${encodeURIComponent(`adAccountId==${a.account},kind==AD_CREDIT`)}`,
    );
    expect(csv.body.trimEnd().split("\r\n")[1]).toMatch(/^"[\d-]+","","Credit","25\.00","EUR","/);
  });

  it("refuses a list without its account, another's account and unknown filters", async () => {
    const a = await advertiser({ launch: false });
    expect((await get(a.user, "/api/v1/ad-spend")).statusCode).toBe(400);
    expect((await spendOf(a, ",amount==3")).statusCode).toBe(400);
    expect((await spendOf(a, ",date>=yesterday")).statusCode).toBe(400);
    const stranger = await createUser(t.app, { displayName: "Nosy" });
    expect((await spendOf(a, "", stranger)).statusCode).toBe(404);
    expect((await spendOf(a)).json()).toEqual([]);
    expect((await spendOf(a, ",kind==AD_CREDIT")).json()).toEqual([]);
    expect(
      (
        await get(
          a.user,
          `/api/v1/ad-statements?searchAnd=${encodeURIComponent(`adAccountId==${a.account}`)}`,
        )
      ).json(),
    ).toEqual([]);
  });

  it("dates lines in the account's time zone", async () => {
    // 25 hours apart: at any moment at least one of them is not on UTC's date.
    for (const timezone of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
      const a = await advertiser({ timezone });
      await impressions(a, 2, "z");
      const [line] = (await spendOf(a, ",kind==AD_SPEND")).json();
      const local = new Intl.DateTimeFormat("en-CA", { timeZone: timezone }).format(new Date(line.at));
      expect(line.date).toBe(local);
      const before = new Date(Date.parse(`${local}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
      expect((await spendOf(a, `,kind==AD_SPEND,date>=${local}`)).json()).toHaveLength(1);
      expect((await spendOf(a, `,kind==AD_SPEND,date<=${before}`)).json()).toEqual([]);
      const [statement] = (
        await get(
          a.user,
          `/api/v1/ad-statements?searchAnd=${encodeURIComponent(`adAccountId==${a.account}`)}`,
        )
      ).json();
      expect(statement.period).toBe(local.slice(0, 7));
    }
  });
});

describe("monthly statements", () => {
  it("keep the running month open, then issue it once, frozen, with gapless numbers", async () => {
    const a = await advertiser();
    await impressions(a, 4, "m");
    const list = () =>
      get(a.user, `/api/v1/ad-statements?searchAnd=${encodeURIComponent(`adAccountId==${a.account}`)}`);
    const thisMonth = new Date().toISOString().slice(0, 7);
    const [open] = (await list()).json();
    expect(open).toMatchObject({
      period: thisMonth,
      periodType: "MONTH",
      status: "OPEN",
      number: null,
      totalMinor: 4,
      issuedAt: null,
    });
    const pdf = await get(a.user, `/api/v1/ad-statements/${open.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.headers["content-disposition"]).toContain("(not final)");

    // Two months on (an hour after a 1st is enough), every month with charges is issued, once,
    // however many instances ask at once, with numbers that leave no gap.
    const others = [await advertiser(), await advertiser()];
    for (const [i, other] of others.entries()) await impressions(other, i + 1, `o${i}`);
    const later = new Date(Date.now() + 62 * DAY_MS);
    await Promise.all(Array.from({ length: 4 }, () => issueDueStatements(t.app.db, later)));
    const [issued] = (await list()).json();
    expect(issued).toMatchObject({ id: open.id, period: thisMonth, status: "ISSUED", totalMinor: 4 });
    const year = later.toISOString().slice(0, 4);
    const numbers = (await t.app.db.select().from(adStatements).where(eq(adStatements.status, "ISSUED")))
      .map((s) => s.number ?? "")
      .sort();
    expect(numbers.length).toBeGreaterThanOrEqual(3);
    expect(numbers).toEqual(numbers.map((_, i) => `ADS-${year}-${String(i + 1).padStart(6, "0")}`));
    // Frozen: more charges and more runs change nothing of it.
    await impressions(a, 1, "late");
    await issueDueStatements(t.app.db, later);
    expect((await list()).json()[0]).toEqual(issued);
    const file = await get(a.user, `/api/v1/ad-statements/${issued.id}/pdf`);
    expect(file.headers["content-disposition"]).toBe(`inline; filename="${issued.number}.pdf"`);
    const stranger = await createUser(t.app, { displayName: "Peeker" });
    expect((await get(stranger, `/api/v1/ad-statements/${issued.id}/pdf`)).statusCode).toBe(404);
    expect(
      (await get(a.user, "/api/v1/ad-statements/01900000-0000-7000-8000-000000000000/pdf")).statusCode,
    ).toBe(404);
  });
});
