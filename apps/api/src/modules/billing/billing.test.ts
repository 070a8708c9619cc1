import { randomUUID } from "node:crypto";
import { BILLING_MESSAGES } from "@flipside/contracts/billing-constants";
import { MONEY_MESSAGES } from "@flipside/contracts/money-constants";
import { ACCOUNT_ROLE } from "@flipside/contracts/roles";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { type MailCatcher, startMailCatcher } from "../../../test/mail-catcher.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { invoices, subscriptions } from "../../db/schema/billing.ts";
import { contributions, sitePages, sites } from "../../db/schema/discussion.ts";
import { organizationMembers, organizations } from "../../db/schema/organizations.ts";
import { siteClaims } from "../../db/schema/websites.ts";
import { checkLedger } from "../ledger/index.ts";
import { createBillingService } from "./billing.service.ts";
import { createBillingNotices } from "./notices.ts";
import { addMonths, prorated } from "./plans.ts";

const DAY = 24 * 60 * 60 * 1000;
const ADA_EMAIL = `ada.${randomUUID()}@example.test`;
const EVE_EMAIL = `eve.${randomUUID()}@example.test`;
let t: TestApp;
let mail: MailCatcher;
let admin: TestUser;
let ada: TestUser;
let ben: TestUser;
let eve: TestUser;
let org: { id: string };

beforeAll(async () => {
  mail = await startMailCatcher();
  t = await createTestApp({
    RATE_LIMIT_ENABLED: "false",
    PAGE_FETCH_ENABLED: "false",
    LOG_LEVEL: "error",
    SMTP_URL: mail.url,
    PLAN_PRO_PRICE_MINOR: "1000",
    PLAN_BUSINESS_PRICE_MINOR: "3000",
    TAX_RATES: "DE:19,FI:25.5",
    SELLER_NAME: "Flipside Test GmbH",
  });
  admin = await createUser(t.app, {
    displayName: "Olga Operator",
    roles: [ACCOUNT_ROLE.USER, ACCOUNT_ROLE.ADMIN],
  });
  ada = await createUser(t.app, { displayName: "Ada Lovelace", email: ADA_EMAIL });
  ben = await createUser(t.app, { displayName: "Ben Member", email: `ben.${randomUUID()}@example.test` });
  eve = await createUser(t.app, { displayName: "Eve Stranger", email: EVE_EMAIL });
  const [row] = await t.app.db
    .insert(organizations)
    .values({ name: "Acme Ltd", slug: "acme-billing" })
    .returning();
  if (!row) throw new Error("no organisation");
  org = row;
  await t.app.db.insert(organizationMembers).values([
    { organizationId: org.id, userId: ada.id, role: "ADMIN" },
    { organizationId: org.id, userId: ben.id, role: "MEMBER" },
  ]);
});
afterEach(async () => {
  const check = await checkLedger(t.app.db);
  expect(check, JSON.stringify(check)).toMatchObject({ ok: true, total: 0 });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

let n = 0;
/** A site verified as the owner's (a person's or an organisation's). */
async function verifiedSite(owner: { kind: "USER" | "ORGANIZATION"; id: string }): Promise<string> {
  n += 1;
  const domain = `shop-${n}-${Date.now().toString(36)}.com`;
  const [site] = await t.app.db
    .insert(sites)
    .values({ domain, verificationStatus: "VERIFIED", ownerKind: owner.kind, ownerId: owner.id })
    .returning();
  if (!site) throw new Error("no site");
  // A person's site carries the claim that verified it, as on /profile/websites.
  const [claim] =
    owner.kind === "USER"
      ? await t.app.db
          .insert(siteClaims)
          .values({
            siteId: site.id,
            userId: owner.id,
            token: randomUUID(),
            status: "VERIFIED",
            verifiedAt: new Date(),
          })
          .returning()
      : [];
  await t.app.db
    .update(sites)
    .set({ claimId: claim?.id ?? randomUUID() })
    .where(eq(sites.id, site.id));
  return domain;
}

const call = (
  user: TestUser | null,
  method: "GET" | "POST" | "PUT",
  url: string,
  payload?: object,
  key?: string,
) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...(user?.headers ?? {}), ...(key ? { "idempotency-key": key } : {}) },
    ...(payload ? { payload: { ...payload } } : {}),
  });
const credit = (owner: { kind: "USER" | "ORGANIZATION"; id: string }, amount: number) =>
  call(
    admin,
    "POST",
    "/v1/admin/wallet-credits",
    { ownerKind: owner.kind, ownerId: owner.id, amount, reason: "Test credit" },
    randomUUID(),
  );
const checkout = (user: TestUser, domain: string, plan: "PRO" | "BUSINESS", key = randomUUID()) =>
  call(user, "POST", "/v1/billing/checkout", { domain, plan }, key);
const details = (user: TestUser, country: string, organizationId: string | null = null) =>
  call(user, "PUT", "/v1/billing/details", {
    organizationId,
    name: "Ada Lovelace Ltd",
    address: "1 Analytical Way\nLondon",
    country,
    taxId: "DE123456789",
  });
const balance = async (user: TestUser, organizationId?: string) =>
  (await call(user, "GET", `/v1/wallet${organizationId ? `?organizationId=${organizationId}` : ""}`)).json()
    .balance;

/** The service on a clock of the test's choosing, and the mails it causes. */
function at(date: Date) {
  const service = createBillingService({ db: t.app.db, config: t.app.config, now: () => date });
  const notices = createBillingNotices({
    db: t.app.db,
    config: t.app.config,
    mailer: t.app.mailer,
    service,
    log: t.app.log,
    onSiteChanged: (siteId) => t.app.discussion.siteChanged(siteId, t.app.log),
  });
  return {
    service,
    async renew() {
      const events = await service.renewDue();
      await notices.send(events);
      await t.app.mailer.idle();
      return events;
    },
  };
}

/** Whether a mail with this subject reached the SMTP server (waits up to 5 s for it). */
async function mailed(subject: string): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (mail.mails.some((m) => m.subject === subject)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

async function subscriptionOf(domain: string) {
  const [row] = await t.app.db
    .select({ s: subscriptions })
    .from(subscriptions)
    .innerJoin(sites, eq(sites.id, subscriptions.siteId))
    .where(eq(sites.domain, domain))
    .orderBy(asc(subscriptions.createdAt));
  return row?.s ?? null;
}

describe("plans", () => {
  it("lists Free, Pro and Business with the configured monthly prices and what each gives", async () => {
    const res = await call(null, "GET", "/v1/plans");
    expect(res.statusCode).toBe(200);
    expect(
      res.json().map((p: { id: string; price: number; period: string }) => [p.id, p.price, p.period]),
    ).toEqual([
      ["FREE", 0, "MONTH"],
      ["PRO", 1000, "MONTH"],
      ["BUSINESS", 3000, "MONTH"],
    ]);
    expect(res.json()[2].benefits).toContain("Everything in Pro");
  });

  it("counts months from the anchor, on the last day of shorter months", () => {
    const jan31 = new Date("2027-01-31T10:00:00Z");
    expect(addMonths(jan31, 1).toISOString()).toBe("2027-02-28T10:00:00.000Z");
    expect(addMonths(jan31, 2).toISOString()).toBe("2027-03-31T10:00:00.000Z");
    expect(addMonths(new Date("2028-01-31T00:00:00Z"), 1).toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(addMonths(new Date("2027-12-15T00:00:00Z"), 1).toISOString()).toBe("2028-01-15T00:00:00.000Z");
    // Half the period left of a 2000 difference: 1000; exact for prices far beyond 2^53 / ms.
    const start = new Date("2027-04-01T00:00:00Z");
    const end = new Date("2027-05-01T00:00:00Z");
    expect(prorated(2000, start, end, new Date("2027-04-16T00:00:00Z"))).toBe(1000);
    expect(prorated(99_999_999, start, end, start)).toBe(99_999_999);
    expect(prorated(2000, start, end, end)).toBe(0);
  });
});

describe("buying a plan", () => {
  it("refuses without billing details or money, then pays from the wallet, issues a numbered invoice and mails it with its PDF", async () => {
    const domain = await verifiedSite({ kind: "USER", id: ada.id });
    expect((await call(ada, "POST", "/v1/billing/checkout", { domain, plan: "BUSINESS" })).statusCode).toBe(
      400,
    );
    const noDetails = await checkout(ada, domain, "BUSINESS");
    expect(noDetails.statusCode).toBe(422);
    expect(noDetails.json().detail).toBe(BILLING_MESSAGES.billingDetailsRequired);

    expect((await details(ada, "XX")).statusCode).toBe(400);
    expect((await details(ada, "DE")).statusCode).toBe(200);
    const quote = await call(ada, "GET", `/v1/billing/checkout?domain=${domain}&plan=BUSINESS`);
    expect(quote.json()).toMatchObject({
      currentPlan: "FREE",
      subtotal: 3000,
      taxRate: 1900,
      tax: 570,
      total: 3570,
      payableFromWallet: false,
    });
    const poor = await checkout(ada, domain, "BUSINESS");
    expect(poor.statusCode).toBe(409);
    expect(poor.json().detail).toBe(MONEY_MESSAGES.insufficientFunds);
    expect(await subscriptionOf(domain)).toBeNull();

    await credit({ kind: "USER", id: ada.id }, 10_000);
    const key = randomUUID();
    const bought = await checkout(ada, domain, "BUSINESS", key);
    expect(bought.statusCode).toBe(201);
    const { subscription, invoice } = bought.json();
    expect(subscription).toMatchObject({
      plan: "BUSINESS",
      status: "ACTIVE",
      cancelAtPeriodEnd: false,
      domain,
    });
    expect(Date.parse(subscription.currentPeriodEnd)).toBe(
      addMonths(new Date(subscription.currentPeriodStart), 1).getTime(),
    );
    expect(invoice).toMatchObject({
      kind: "START",
      subtotal: 3000,
      tax: 570,
      total: 3570,
      buyer: { name: "Ada Lovelace Ltd", country: "DE", taxId: "DE123456789" },
      seller: { name: "Flipside Test GmbH" },
    });
    expect(invoice.number).toMatch(new RegExp(`^FS-${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(await balance(ada)).toBe(10_000 - 3570);

    const again = await checkout(ada, domain, "BUSINESS", key);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(bought.json());
    expect(await balance(ada)).toBe(10_000 - 3570);
    expect((await checkout(ada, domain, "BUSINESS")).statusCode).toBe(409);

    const sent = await mail.next(ADA_EMAIL);
    expect(sent.subject).toBe(`Invoice ${invoice.number}: Business plan for ${domain}`);
    const pdf = sent.parsed.attachments.find((a) => a.mimeType === "application/pdf");
    expect(pdf?.filename).toBe(`${invoice.number}.pdf`);

    const file = await call(ada, "GET", `/v1/billing/invoices/${invoice.id}/pdf`);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await call(eve, "GET", `/v1/billing/invoices/${invoice.id}/pdf`)).statusCode).toBe(404);
    expect((await call(eve, "GET", `/v1/billing/invoices/${invoice.id}`)).statusCode).toBe(404);

    const claims = (await call(ada, "GET", "/v1/site-verifications")).json();
    expect(claims.find((c: { domain: string }) => c.domain === domain)?.plan).toBe("BUSINESS");

    const billing = (await call(ada, "GET", "/v1/billing")).json();
    expect(billing.subscriptions.map((s: { domain: string }) => s.domain)).toContain(domain);
    expect(billing.invoices[0].number).toBe(invoice.number);
  });

  it("is for the site's owner only: another's site and an unknown one are 404, an organisation's MEMBER 403, an unverified claim 422", async () => {
    const mine = await verifiedSite({ kind: "USER", id: ada.id });
    const orgSite = await verifiedSite({ kind: "ORGANIZATION", id: org.id });
    expect((await call(eve, "GET", `/v1/billing/checkout?domain=${mine}&plan=PRO`)).statusCode).toBe(404);
    expect((await checkout(eve, mine, "PRO")).statusCode).toBe(404);
    expect((await checkout(eve, "no-such-site.example", "PRO")).statusCode).toBe(404);
    const member = await checkout(ben, orgSite, "PRO");
    expect(member.statusCode).toBe(403);
    expect(member.json().detail).toBe(BILLING_MESSAGES.notSiteManager);
    expect((await call(eve, "GET", `/v1/billing?organizationId=${org.id}`)).statusCode).toBe(404);
    expect((await call(ben, "GET", `/v1/billing?organizationId=${org.id}`)).statusCode).toBe(403);

    n += 1;
    const pending = `pending-${n}-${Date.now().toString(36)}.com`;
    const [site] = await t.app.db.insert(sites).values({ domain: pending }).returning();
    if (!site) throw new Error("no site");
    await t.app.db.insert(siteClaims).values({ siteId: site.id, userId: eve.id, token: randomUUID() });
    const unverified = await checkout(eve, pending, "PRO");
    expect(unverified.statusCode).toBe(422);
    expect(unverified.json().detail).toBe(BILLING_MESSAGES.siteNotVerified);
  });

  it("upgrades at once for the prorated difference, downgrades at the period's end, cancels and resumes", async () => {
    const domain = await verifiedSite({ kind: "USER", id: ada.id });
    await details(ada, "FI");
    await credit({ kind: "USER", id: ada.id }, 5_000);
    const start = (await checkout(ada, domain, "PRO")).json();
    expect(start.invoice).toMatchObject({ subtotal: 1000, taxRate: 2550, tax: 255, total: 1255 });
    const sub = start.subscription;

    // Right after buying, almost the whole period is left: nearly the whole difference (unit test above for the rest).
    const upgraded = await checkout(ada, domain, "BUSINESS");
    expect(upgraded.json().invoice).toMatchObject({ kind: "UPGRADE", subtotal: 2000, tax: 510, total: 2510 });
    expect(upgraded.json().subscription).toMatchObject({
      plan: "BUSINESS",
      currentPeriodEnd: sub.currentPeriodEnd,
    });

    const down = await checkout(ada, domain, "PRO");
    expect(down.statusCode).toBe(201);
    expect(down.json()).toMatchObject({ invoice: null, subscription: { plan: "BUSINESS", nextPlan: "PRO" } });
    const keep = await checkout(ada, domain, "BUSINESS");
    expect(keep.json()).toMatchObject({ invoice: null, subscription: { plan: "BUSINESS", nextPlan: null } });

    const cancel = await call(ada, "POST", `/v1/billing/subscriptions/${sub.id}/cancel`);
    expect(cancel.json()).toMatchObject({ cancelAtPeriodEnd: true, status: "ACTIVE" });
    expect((await call(ada, "POST", `/v1/billing/subscriptions/${sub.id}/cancel`)).statusCode).toBe(409);
    expect((await call(eve, "POST", `/v1/billing/subscriptions/${sub.id}/resume`)).statusCode).toBe(404);
    expect((await call(ada, "POST", `/v1/billing/subscriptions/${sub.id}/resume`)).json()).toMatchObject({
      cancelAtPeriodEnd: false,
    });
    expect((await call(ada, "POST", `/v1/billing/subscriptions/${sub.id}/resume`)).statusCode).toBe(409);
  });
});

describe("plan features", () => {
  it("exports the site's discussion as CSV on Pro, without deleted or moderated words, and not on Free", async () => {
    const domain = await verifiedSite({ kind: "USER", id: ada.id });
    const [site] = await t.app.db.select().from(sites).where(eq(sites.domain, domain));
    if (!site) throw new Error("no site");
    const [page] = await t.app.db
      .insert(sitePages)
      .values({
        siteId: site.id,
        rawUrl: `https://${domain}/a`,
        normalizedUrl: `https://${domain}/a`,
        displayUrl: `${domain}/a`,
        title: "Pricing",
      })
      .returning();
    if (!page) throw new Error("no page");
    await t.app.db.insert(contributions).values([
      { kind: "COMMENT", sitePageId: page.id, authorId: eve.id, body: 'Too **expensive**, says "Eve"' },
      { kind: "COMMENT", sitePageId: page.id, authorId: eve.id, body: '=HYPERLINK("http://evil")' },
      { kind: "COMMENT", sitePageId: page.id, authorId: eve.id, body: "gone", deleted: true },
      {
        kind: "COMMENT",
        sitePageId: page.id,
        authorId: eve.id,
        body: "hidden",
        deleted: true,
        moderation: "HIDDEN",
      },
    ]);
    const url = `/v1/site-verifications/${domain}/discussion.csv`;

    const free = await call(ada, "GET", url);
    expect(free.statusCode).toBe(403);
    expect(free.json().detail).toBe(
      BILLING_MESSAGES.featureNeedsPlan("The export of the site's discussion", "Pro or Business"),
    );
    expect((await call(eve, "GET", url)).statusCode).toBe(404);
    expect((await call(null, "GET", url)).statusCode).toBe(401);

    await details(ada, "DE");
    await credit({ kind: "USER", id: ada.id }, 2_000);
    expect((await checkout(ada, domain, "PRO")).statusCode).toBe(201);
    const csv = await call(ada, "GET", url);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toMatch(
      new RegExp(`^attachment; filename="${domain}-discussion-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    const rows = csv.body.trimEnd().split("\r\n");
    expect(rows[0]).toBe(
      '"Date (UTC)","Type","Page","Page title","Author","Official","Sentiment","Review title","Text","Upvotes","Downvotes","Link"',
    );
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain(
      `"Comment","https://${domain}/a","Pricing","Eve Stranger","no","","","Too expensive, says ""Eve""","0","0"`,
    );
    // A formula is written as text, never run by a spreadsheet.
    expect(rows[2]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv.body).not.toContain("gone");
    expect(csv.body).not.toContain("hidden");
  });
});

describe("the Business notice", () => {
  it("is pinned on every page of a Business site by its owner, and leaves the pages with the plan", async () => {
    const domain = await verifiedSite({ kind: "USER", id: ada.id });
    const url = `/v1/site-verifications/${domain}/notice`;
    /** What a reader of a page of the site is shown, waiting for a change to reach the page cache. */
    const shown = async (want: string | null) => {
      let notice: { body: string } | null = null;
      for (let i = 0; i < 50; i++) {
        const page = await call(null, "POST", "/v1/site-pages/flip", { url: `https://${domain}/pricing` });
        expect(page.statusCode).toBe(200);
        notice = page.json().site.notice;
        if ((notice?.body ?? null) === want) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return notice?.body ?? null;
    };
    expect(await shown(null)).toBeNull();

    await details(ada, "DE");
    await credit({ kind: "USER", id: ada.id }, 10_000);
    expect((await checkout(ada, domain, "PRO")).statusCode).toBe(201);
    const onPro = await call(ada, "PUT", url, { body: "We answer within a day." });
    expect(onPro.statusCode).toBe(403);
    expect(onPro.json().detail).toBe(
      BILLING_MESSAGES.featureNeedsPlan("A notice pinned on the site's pages", "Business"),
    );

    expect((await checkout(ada, domain, "BUSINESS")).statusCode).toBe(201);
    expect((await call(eve, "PUT", url, { body: "Not mine" })).statusCode).toBe(404);
    expect((await call(ada, "PUT", url, { body: "x".repeat(501) })).statusCode).toBe(400);
    expect((await call(ada, "PUT", url, { body: "bad\u0000" })).statusCode).toBe(400);
    const saved = await call(ada, "PUT", url, { body: "  We answer within a day.\nCall us: 030 1234  " });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().notice.body).toBe("We answer within a day.\nCall us: 030 1234");
    expect(await shown("We answer within a day.\nCall us: 030 1234")).toBe(
      "We answer within a day.\nCall us: 030 1234",
    );
    expect((await call(ada, "GET", `/v1/site-verifications/${domain}`)).json().notice.body).toBe(
      "We answer within a day.\nCall us: 030 1234",
    );

    // The plan ends: the notice leaves the pages, and is kept for when the plan returns.
    const sub = await subscriptionOf(domain);
    if (!sub) throw new Error("no subscription");
    await call(ada, "POST", `/v1/billing/subscriptions/${sub.id}/cancel`);
    await at(new Date(sub.currentPeriodEnd.getTime() + 1000)).renew();
    expect(await shown(null)).toBeNull();
    expect((await call(ada, "GET", `/v1/site-verifications/${domain}`)).json()).toMatchObject({
      plan: "FREE",
      notice: { body: "We answer within a day.\nCall us: 030 1234" },
    });
    expect((await call(ada, "PUT", url, { body: "" })).statusCode).toBe(403);
  });
});

describe("renewals", () => {
  it("renew once per period from the wallet, with the plan chosen for the next period", async () => {
    const domain = await verifiedSite({ kind: "USER", id: ada.id });
    await details(ada, "DE");
    await credit({ kind: "USER", id: ada.id }, 10_000);
    const { subscription } = (await checkout(ada, domain, "BUSINESS")).json();
    await checkout(ada, domain, "PRO");
    /** What Ada's renewal invoices came to so far (other tests renew her other sites too). */
    const renewedSoFar = async () =>
      (
        await t.app.db
          .select({ total: invoices.total })
          .from(invoices)
          .where(and(eq(invoices.payerKey, `user:${ada.id}`), eq(invoices.kind, "RENEWAL")))
      ).reduce((sum, r) => sum + r.total, 0);
    const before = await balance(ada);
    const billedBefore = await renewedSoFar();

    const due = new Date(Date.parse(subscription.currentPeriodEnd) + 60_000);
    // Two instances' runs at the same moment: one renewal.
    await Promise.all([at(due).renew(), at(due).renew()]);
    await at(due).renew();
    // Ada's other sites renewed too: the wallet paid exactly their renewal invoices.
    expect(await balance(ada)).toBe(before - ((await renewedSoFar()) - billedBefore));
    const renewed = await subscriptionOf(domain);
    expect(renewed).toMatchObject({ plan: "PRO", nextPlan: null, period: 1, status: "ACTIVE" });
    expect(renewed?.currentPeriodStart.toISOString()).toBe(subscription.currentPeriodEnd);
    const rows = await t.app.db.select().from(invoices).where(eq(invoices.subscriptionId, subscription.id));
    rows.sort((x, y) => x.period - y.period);
    expect(rows.map((r) => [r.kind, r.period, r.total])).toEqual([
      ["START", 0, 3570],
      ["RENEWAL", 1, 1190],
    ]);
    const renewal = rows[1];
    expect(await mailed(`Invoice ${renewal?.number}: Pro plan for ${domain}`)).toBe(true);
  });

  it("with an empty wallet: past due with a mail, tried again, ended unpaid after the grace period", async () => {
    const domain = await verifiedSite({ kind: "ORGANIZATION", id: org.id });
    await details(ada, "DE", org.id);
    await credit({ kind: "ORGANIZATION", id: org.id }, 1190);
    const bought = await checkout(ada, domain, "PRO");
    expect(bought.statusCode).toBe(201);
    expect(await balance(ada, org.id)).toBe(0);
    const periodEnd = Date.parse(bought.json().subscription.currentPeriodEnd);

    await at(new Date(periodEnd + 60_000)).renew();
    const pastDue = await subscriptionOf(domain);
    expect(pastDue).toMatchObject({ status: "PAST_DUE", failedAttempts: 1, plan: "PRO" });
    expect(pastDue?.graceUntil?.getTime()).toBe(periodEnd + 7 * DAY);
    expect(await mailed(`Your Pro plan for ${domain} could not be renewed`)).toBe(true);
    expect((await checkout(ada, domain, "BUSINESS")).json().detail).toBe(BILLING_MESSAGES.pastDue);

    // A day later, still nothing: tried, no second mail.
    await at(new Date(periodEnd + DAY + 120_000)).renew();
    expect(await subscriptionOf(domain)).toMatchObject({ status: "PAST_DUE", failedAttempts: 2 });

    await at(new Date(periodEnd + 7 * DAY + 60_000)).renew();
    const ended = await subscriptionOf(domain);
    expect(ended).toMatchObject({ status: "ENDED", endReason: "UNPAID" });
    expect(await mailed(`The Pro plan for ${domain} has ended`)).toBe(true);
    const [site] = await t.app.db.select().from(sites).where(eq(sites.domain, domain));
    expect(await at(new Date()).service.planOfSite(site?.id ?? "")).toBe("FREE");
    expect(await balance(ada, org.id)).toBe(0);
  });

  it("a late payment within the grace period renews the period it was due for", async () => {
    const domain = await verifiedSite({ kind: "USER", id: eve.id });
    await details(eve, "FR");
    await credit({ kind: "USER", id: eve.id }, 1000);
    const { subscription } = (await checkout(eve, domain, "PRO")).json();
    const periodEnd = Date.parse(subscription.currentPeriodEnd);
    await at(new Date(periodEnd + 60_000)).renew();
    expect(await subscriptionOf(domain)).toMatchObject({ status: "PAST_DUE" });
    await credit({ kind: "USER", id: eve.id }, 1000);
    await at(new Date(periodEnd + DAY + 120_000)).renew();
    const renewed = await subscriptionOf(domain);
    expect(renewed).toMatchObject({ status: "ACTIVE", period: 1, graceUntil: null, failedAttempts: 0 });
    expect(renewed?.currentPeriodStart.getTime()).toBe(periodEnd);
  });

  it("ends a canceled plan at the period's end, and one whose site is no longer the payer's", async () => {
    const canceled = await verifiedSite({ kind: "USER", id: ada.id });
    const lost = await verifiedSite({ kind: "USER", id: ada.id });
    await details(ada, "DE");
    await credit({ kind: "USER", id: ada.id }, 5_000);
    const a = (await checkout(ada, canceled, "PRO")).json().subscription;
    (await checkout(ada, lost, "PRO")).json();
    await call(ada, "POST", `/v1/billing/subscriptions/${a.id}/cancel`);
    await t.app.db
      .update(sites)
      .set({ verificationStatus: "PENDING", ownerKind: null, ownerId: null })
      .where(eq(sites.domain, lost));
    const before = await balance(ada);
    await at(new Date(Date.parse(a.currentPeriodEnd) + 120_000)).renew();
    expect(await subscriptionOf(canceled)).toMatchObject({ status: "ENDED", endReason: "CANCELED" });
    expect((await subscriptionOf(lost))?.endReason).toBe("SITE_LOST");
    expect(await balance(ada)).toBe(before);
  });

  it("numbers invoices without gaps, refusals taking no number", async () => {
    const rows = await t.app.db.select({ year: invoices.year, sequence: invoices.sequence }).from(invoices);
    const byYear = new Map<number, number[]>();
    for (const r of rows) byYear.set(r.year, [...(byYear.get(r.year) ?? []), r.sequence]);
    expect(byYear.size).toBeGreaterThan(0);
    for (const sequences of byYear.values()) {
      expect(sequences.sort((x, y) => x - y)).toEqual(sequences.map((_, i) => i + 1));
    }
  });
});
