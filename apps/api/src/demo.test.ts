import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/helper.ts";
import { users } from "./db/schema/accounts.ts";
import { adAccounts, adCampaigns } from "./db/schema/ads.ts";
import { customTabs } from "./db/schema/custom-tabs.ts";
import { sites } from "./db/schema/discussion.ts";
import { seedDemo } from "./demo.ts";
import { DEMO_PASSWORD, demoEmail } from "./demo-accounts.ts";
import { verifyPassword } from "./lib/passwords.ts";
import { reconcile } from "./modules/ads/reconciliation.ts";
import { checkLedger } from "./modules/ledger/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PAGE_FETCH_ENABLED: "false" });
});
afterAll(() => t.close());

/** A GET of the API as one of the demo's people, answering the body. */
async function as(who: "tom" | "maya") {
  const login = await t.app.inject({
    method: "POST",
    url: "/api/authenticate",
    payload: { username: demoEmail(who), password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${login.json().id_token}` };
  const get = (url: string) => t.app.inject({ url, headers }).then((r) => r.json());
  return Object.assign(get, { headers });
}

async function counts() {
  const { rows } = (await t.app.db.execute(sql`select
      (select count(*)::int from users) as users,
      (select count(*)::int from site_pages) as pages,
      (select count(*)::int from contributions) as contributions,
      (select count(*)::int from votes) as votes,
      (select count(*)::int from notes) as notes,
      (select count(*)::int from custom_tabs) as tabs`)) as unknown as { rows: Record<string, number>[] };
  return rows[0];
}

describe("npm run demo", () => {
  // The demo serves a month of ads (decision 044): half a minute alone, more beside other files.
  it("fills a living sample once; a second run changes nothing", { timeout: 180_000 }, async () => {
    const lines: string[] = [];
    expect(await seedDemo(t.app.db, t.app.config, (l) => lines.push(l))).toEqual({ created: true });
    const after = await counts();
    expect(after).toMatchObject({ users: 6, notes: 6, tabs: 3 });
    expect(after?.pages).toBeGreaterThanOrEqual(12);
    expect(after?.contributions).toBeGreaterThan(30);
    expect(after?.votes).toBeGreaterThan(20);

    expect(await seedDemo(t.app.db, t.app.config, (l) => lines.push(l))).toEqual({ created: false });
    expect(await counts()).toEqual(after);
    expect(lines.at(-1)).toContain("already there");

    const [maya] = await t.app.db
      .select()
      .from(users)
      .where(sql`${users.email} = ${demoEmail("maya")}`);
    expect(maya?.activated).toBe(true);
    // Wallets with history, on a ledger that adds up.
    const signedIn = await t.app.inject({
      method: "POST",
      url: "/api/authenticate",
      payload: { username: demoEmail("maya"), password: DEMO_PASSWORD },
    });
    const wallet = await t.app.inject({
      url: "/api/v1/wallet/transactions",
      headers: { authorization: `Bearer ${signedIn.json().id_token}` },
    });
    expect(wallet.json().map((l: { kind: string; amount: number }) => [l.kind, l.amount])).toEqual([
      ["TRANSFER", -2500],
      ["OPERATOR_CREDIT", 1500],
      ["OPERATOR_CREDIT", 6000],
    ]);
    // Tom's site is on Business, paid from his wallet with an invoice; its notice is on its pages.
    const tom = await t.app.inject({
      method: "POST",
      url: "/api/authenticate",
      payload: { username: demoEmail("tom"), password: DEMO_PASSWORD },
    });
    const billing = (
      await t.app.inject({
        url: "/api/v1/billing",
        headers: { authorization: `Bearer ${tom.json().id_token}` },
      })
    ).json();
    expect(billing.subscriptions).toMatchObject([
      { domain: "slowcoffee.blog", plan: "BUSINESS", status: "ACTIVE" },
    ]);
    expect(billing.invoices).toMatchObject([{ kind: "START", subtotal: 2900, taxRate: 2100, total: 3509 }]);
    // Tom's ad campaigns reserve from the same wallet, and what they spent was settled from the
    // reserve (ADS.md §4.5): what left his wallet is held or spent, to the cent.
    const coffeeCampaigns = new Set(
      (
        await t.app.db
          .select({ id: adCampaigns.id })
          .from(adCampaigns)
          .innerJoin(adAccounts, eq(adAccounts.id, adCampaigns.adAccountId))
          .where(eq(adAccounts.name, "Slow Coffee"))
      ).map((c) => c.id),
    );
    const reconciled = await reconcile(t.app.db);
    expect(reconciled.ok).toBe(true);
    const ads = reconciled.campaigns.filter((c) => coffeeCampaigns.has(c.campaignId));
    const held = ads.reduce((sum, c) => sum + c.holdMinor, 0);
    const spent = ads.reduce((sum, c) => sum + c.settledMinor, 0);
    expect(held).toBeGreaterThan(0);
    expect(spent).toBeGreaterThan(0);
    expect(billing.walletBalance).toBe(20000 - 3509 - held - spent);
    const coffeePage = (
      await t.app.inject(`/api/v1/site-pages?searchAnd=${encodeURIComponent("domain==slowcoffee.blog")}`)
    ).json()[0];
    expect(coffeePage.site.notice.body).toContain("brew guides");
    expect(await checkLedger(t.app.db)).toMatchObject({ ok: true });
    expect(await verifyPassword(maya?.passwordHash ?? "", DEMO_PASSWORD)).toBe(true);

    // The API serves it: reviews of each sentiment, threads, related pages, an official answer.
    const page = (
      await t.app.inject(
        `/api/v1/site-pages?searchAnd=${encodeURIComponent("normalizedUrl==en.wikipedia.org/wiki/Octopus")}`,
      )
    ).json()[0];
    expect(page).toMatchObject({ title: "Octopus - Wikipedia", up: 3 });
    const summary = (await t.app.inject(`/api/v1/site-page-reviews/summary?sitePage_id=${page.id}`)).json();
    expect(summary.total).toBe(2);
    const thread = (
      await t.app.inject(`/api/v1/site-page-comments?searchAnd=sitePage_id==${page.id},COMMENT&sort=top,desc`)
    ).json();
    expect(thread[0]).toMatchObject({ up: 4, replySize: 2 });
    const related = await t.app.inject(`/api/v1/site-page-related-pages?searchAnd=sitePage_id==${page.id}`);
    expect(related.headers["x-total-count"]).toBe("1");
    const coffee = (
      await t.app.inject(
        `/api/v1/site-pages?searchAnd=${encodeURIComponent("normalizedUrl==slowcoffee.blog/pour-over-guide")}`,
      )
    ).json()[0];
    const replies = (
      await t.app.inject(`/api/v1/site-page-comments?searchAnd=sitePage_id==${coffee.id},REPLY`)
    ).json();
    const [coffeeSite] = await t.app.db.select().from(sites).where(eq(sites.id, coffee.site.id));
    expect(coffeeSite).toMatchObject({ verificationStatus: "VERIFIED", claimId: expect.any(String) });
    expect(replies[0].claimUuid).toBe(coffeeSite?.claimId);

    // Profiles: a drawn picture (served, both sizes) or initials, a markdown bio, public notes.
    const profile = (await t.app.inject(`/api/v1/profiles/${maya?.id}`)).json();
    expect(profile.imageUrl).toMatch(/-256\.webp$/);
    expect((await t.app.inject(profile.imageUrl)).statusCode).toBe(200);
    expect((await t.app.inject(profile.imageUrl.replace("-256.", "-64."))).statusCode).toBe(200);
    expect(profile.bioHtml).toContain("<strong>Octopus</strong>");
    expect(profile.stats.comments).toBeGreaterThan(0);
    const [lucas] = await t.app.db
      .select()
      .from(users)
      .where(sql`${users.email} = ${demoEmail("lucas")}`);
    expect((await t.app.inject(`/api/v1/profiles/${lucas?.id}`)).json().imageUrl).toBeNull();
    const publicNotes = await t.app.inject(`/api/v1/profiles/${maya?.id}/notes`);
    expect(publicNotes.json().map((n: { title: string }) => n.title)).toEqual(["Shopping list"]);

    // Maya's tabs, in order; "Expert reviews" finds the expert review on the octopus page.
    const tabs = await t.app.db
      .select({ id: customTabs.id, name: customTabs.name })
      .from(customTabs)
      .where(sql`${customTabs.ownerId} = ${maya?.id}`)
      .orderBy(customTabs.position);
    expect(tabs.map((x) => x.name)).toEqual(["Expert reviews", "Top comments"]);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/authenticate",
      payload: { username: demoEmail("maya"), password: DEMO_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const shown = await t.app.inject({
      url: `/api/v1/custom-tabs/${tabs[0]?.id}/contributions`,
      query: { sitePage_id: page.id },
      headers: { authorization: `Bearer ${login.json().id_token}` },
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().map((c: { review: { sentiment: string } }) => c.review.sentiment)).toEqual([
      "EXPERT",
    ]);

    // Her websites: a claim waiting for its proof, never checked.
    const websites = await t.app.inject({
      url: "/api/v1/site-verifications",
      headers: { authorization: `Bearer ${login.json().id_token}` },
    });
    expect(websites.json()).toMatchObject([
      { domain: "greenhouse-notes.net", status: "PENDING", lastCheck: null, counts: { pages: 1 } },
    ]);

    // Her organisation: three members; its notes are read by Sofia (a member), not by Lucas.
    const mine = await t.app.inject({
      url: "/api/v1/organizations",
      headers: { authorization: `Bearer ${login.json().id_token}` },
    });
    expect(mine.json()).toMatchObject([{ name: "Greenhouse Growers", role: "OWNER", memberCount: 3 }]);
    const tokenOf = async (who: "sofia" | "lucas") =>
      (
        await t.app.inject({
          method: "POST",
          url: "/api/authenticate",
          payload: { username: demoEmail(who), password: DEMO_PASSWORD },
        })
      ).json().id_token;
    const notesOf = async (who: "sofia" | "lucas") =>
      (
        await t.app.inject({
          url: "/api/v1/notes?searchAnd=visibility==ORGANIZATION",
          headers: { authorization: `Bearer ${await tokenOf(who)}` },
        })
      )
        .json()
        .map((n: { title: string }) => n.title)
        .sort();
    expect(await notesOf("sofia")).toEqual(["Seed order", "Try this in bed 3"]);
    expect(await notesOf("lucas")).toEqual([]);
  });

  it("brings the ads area alive: two advertisers, campaigns in every status, creatives in every review", async () => {
    await seedDemo(t.app.db, t.app.config, () => {});
    const tom = await as("tom");
    const [coffee] = await tom("/api/v1/ad-accounts");
    expect(coffee).toMatchObject({ name: "Slow Coffee", ownerKind: "USER", status: "ACTIVE" });
    const campaigns = await tom(`/api/v1/ad-campaigns?searchAnd=adAccountId==${coffee.id}&sort=name,asc`);
    expect(
      campaigns.map((c: { name: string; status: string; delivery: { label: string } }) => [
        c.name,
        c.status,
        c.delivery.label,
      ]),
    ).toEqual([
      ["Beans for readers", "PAUSED", "Paused"],
      ["Beans, all month", "ACTIVE", expect.stringMatching(/^(Running|Daily budget reached)$/)],
      ["Brewing course, autumn", "ACTIVE", expect.stringMatching(/^(Scheduled|Waiting for review)$/)],
      ["Christmas gift boxes", "ACTIVE", "Scheduled"],
      ["Espresso machines", "DRAFT", "Draft"],
      ["Miracle coffee", "ACTIVE", expect.stringMatching(/^(Scheduled|No approved ads)$/)],
      ["Summer cold brew", "ARCHIVED", "Archived"],
    ]);
    const creatives = await tom(`/api/v1/ad-creatives?searchAnd=adAccountId==${coffee.id}&sort=name,asc`);
    expect(
      creatives.map(
        (c: { name: string; reviewStatus: string; archivedAt: string | null; image: unknown }) => [
          c.name,
          c.reviewStatus,
          c.archivedAt !== null,
          c.image !== null,
        ],
      ),
    ).toEqual([
      ["Beans of the month", "APPROVED", false, true],
      ["Brewing course", "PENDING_REVIEW", false, false],
      ["Miracle claim", "REJECTED", false, false],
      ["Summer cold brew", "APPROVED", true, false],
    ]);
    const maya = await as("maya");
    const [growers] = await maya("/api/v1/ad-accounts");
    expect(growers).toMatchObject({
      name: "Greenhouse Growers Ads",
      ownerKind: "ORGANIZATION",
      viewerRole: "OWNER",
    });
    expect(
      (await maya(`/api/v1/ad-campaigns?searchAnd=adAccountId==${growers.id}`)).map(
        (c: { status: string }) => c.status,
      ),
    ).toEqual(["ACTIVE"]);
  });

  it("gives media planning four weeks of page views to forecast from", async () => {
    await seedDemo(t.app.db, t.app.config, () => {});
    const tom = await as("tom");
    const { headers } = tom;
    const [coffee] = await tom("/api/v1/ad-accounts");
    const start = new Date(Date.now() + 86_400_000);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/ad-forecasts",
      headers,
      payload: {
        adAccountId: coffee.id,
        pricingModel: "CPM",
        // Above what "Beans, all month" is worth a thousand views (€0.30 a click × its click rate).
        bidMicros: 10_000_000,
        budget: { totalMicros: 100_000_000, dailyMicros: null },
        schedule: {
          startAt: start.toISOString(),
          endAt: new Date(start.getTime() + 7 * 86_400_000).toISOString(),
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const forecast = res.json();
    expect(forecast.basedOnDays).toBe(28);
    expect(forecast.warnings).toEqual([]);
    // Quieter weekends and a month's growth: a band, not a point.
    expect(forecast.impressions.low).toBeGreaterThan(0);
    expect(forecast.impressions.high).toBeGreaterThan(forecast.impressions.low);
  });

  it("runs four weeks of ads: served, counted, billed, converted and steered by the autopilot", async () => {
    await seedDemo(t.app.db, t.app.config, () => {});
    const get = await as("tom");
    const [coffee] = await get("/api/v1/ad-accounts");
    const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
    const report = await get(
      `/api/v1/ad-reports?adAccountId=${coffee.id}&from=${day(30)}&to=${day(0)}&groupBy=day`,
    );
    // Every day of the four weeks has its readers, clicks and spend.
    const active = report.rows.filter((r: { impressions: number }) => r.impressions > 0);
    expect(active.length).toBeGreaterThanOrEqual(28);
    expect(report.totals.clicks).toBeGreaterThan(40);
    expect(report.totals.conversions).toBeGreaterThan(0);
    // Crawlers' and prefetches' beacons, kept apart and never charged.
    expect(report.totals.invalidImpressions).toBeGreaterThan(0);
    // What the report says was spent is what the campaigns were charged, to the micro.
    const campaigns = await get(`/api/v1/ad-campaigns?searchAnd=adAccountId==${coffee.id}`);
    const charged = campaigns.reduce(
      (sum: number, c: { stats: { spentMicros: number } }) => sum + c.stats.spentMicros,
      0,
    );
    expect(charged).toBeGreaterThan(0);
    expect(report.totals.spendMicros).toBe(charged);
    expect((await reconcile(t.app.db)).ok).toBe(true);

    // The autopilot learnt from Tom's clicks, then found the €0.30 a click it aims at.
    const beans = campaigns.find((c: { name: string }) => c.name === "Beans, all month");
    expect(await get(`/api/v1/ad-campaigns/${beans.id}/bidding`)).toMatchObject({
      strategy: "TARGET_CPC",
      targetMicros: 300_000,
      status: "ACTIVE",
      bidMicros: 300_000,
    });
    const changes = await get(`/api/v1/ad-campaigns/${beans.id}/bidding/changes`);
    expect(changes.length).toBeGreaterThan(0);
    expect(changes[0]).toMatchObject({ newBidMicros: 300_000 });
    expect(changes.at(-1)).toMatchObject({ oldBidMicros: 400_000 });
  });
});
