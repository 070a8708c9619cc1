import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/helper.ts";
import { startAppWithStripe } from "../../../test/stripe-app.ts";
import type { StripeServer } from "../../../test/stripe-server.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { subscriptions } from "../../db/schema/billing.ts";
import { sites } from "../../db/schema/discussion.ts";
import { siteClaims } from "../../db/schema/websites.ts";
import { checkLedger } from "../ledger/index.ts";
import { paymentsFor } from "../payments/index.ts";
import { createBillingService } from "./billing.service.ts";

/**
 * Renewals the wallet cannot pay, paid by the card a top-up saved (docs/money.md#plans): the real
 * Stripe SDK against the local server speaking Stripe's API.
 */

let stripe: StripeServer;
let t: TestApp;
let eve: TestUser;

beforeAll(async () => {
  ({ t, stripe } = await startAppWithStripe());
  eve = await createUser(t.app, { displayName: "Eve Owner", email: "eve@example.test" });
});
afterEach(async () => {
  const check = await checkLedger(t.app.db);
  expect(check, JSON.stringify(check)).toMatchObject({ ok: true, total: 0 });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object, key?: string) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...eve.headers, ...(key ? { "idempotency-key": key } : {}) },
    ...(payload ? { payload: { ...payload } } : {}),
  });
const balance = async () => (await call("GET", "/v1/wallet")).json().balance;

/** The renewal job on a clock of the test's choosing, with the app's payments. */
const renewAt = (date: Date) =>
  createBillingService({
    db: t.app.db,
    config: t.app.config,
    now: () => date,
    cards: paymentsFor(t.app),
  }).renewDue();

describe("a saved card", () => {
  it("is saved by a top-up, shown in Billing with the portal, and pays what a renewal lacks; a declined one leaves it unpaid", async () => {
    // Eve's verified site, her billing details, and €50 topped up by card (the card is kept).
    const domain = `cards-${Date.now().toString(36)}.com`;
    const [site] = await t.app.db
      .insert(sites)
      .values({ domain, verificationStatus: "VERIFIED", ownerKind: "USER", ownerId: eve.id })
      .returning();
    if (!site) throw new Error("no site");
    const [claim] = await t.app.db
      .insert(siteClaims)
      .values({ siteId: site.id, userId: eve.id, token: randomUUID(), status: "VERIFIED" })
      .returning();
    await t.app.db.update(sites).set({ claimId: claim?.id }).where(eq(sites.id, site.id));
    expect((await call("PUT", "/v1/billing/details", { name: "Eve GmbH", country: "DE" })).statusCode).toBe(
      200,
    );

    expect((await call("GET", "/v1/billing")).json()).toMatchObject({
      portalAvailable: true,
      savedCard: null,
      savedCardKnown: true,
    });
    const started = (await call("POST", "/v1/wallet/top-ups", { amount: 5000 }, randomUUID())).json();
    await stripe.pay(started.checkoutUrl.split("/pay/")[1]);
    expect(await balance()).toBe(5000);
    const billing = (await call("GET", "/v1/billing")).json();
    expect(billing.savedCard).toEqual({
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
    });
    const portal = await call("POST", "/v1/billing/portal", { organizationId: null });
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toContain("/portal/");
    expect(decodeURIComponent(portal.json().url)).toContain("return=http://flipside.test/profile/billing");

    // Business: €29 + 19% = €34.51 from the wallet, €15.49 left.
    expect(
      (await call("POST", "/v1/billing/checkout", { domain, plan: "BUSINESS" }, randomUUID())).statusCode,
    ).toBe(201);
    expect(await balance()).toBe(1549);
    const [sub] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.siteId, site.id));
    if (!sub) throw new Error("no subscription");

    // The renewal lacks €19.02: the card pays exactly that into the wallet, and the wallet the renewal.
    const firstEnd = new Date(sub.currentPeriodEnd.getTime() + 1000);
    const events = await renewAt(firstEnd);
    expect(events.filter((e) => e.kind === "invoice")).toHaveLength(1);
    expect(stripe.intents).toHaveLength(1);
    expect(stripe.intents[0]).toMatchObject({
      amount: 1902,
      currency: "eur",
      status: "succeeded",
      description: `Top-up for the renewal of Business on ${domain}`,
    });
    expect(await balance()).toBe(0);
    const lines = (await call("GET", "/v1/wallet/transactions")).json();
    expect(lines.slice(0, 2).map((l: { kind: string; amount: number }) => [l.kind, l.amount])).toEqual([
      ["PLAN_RENEWAL", -3451],
      ["TOP_UP", 1902],
    ]);
    const [renewed] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(renewed).toMatchObject({ status: "ACTIVE", period: 1 });

    // The provider tells of the same payment again: booked once.
    const told = await stripe.deliver(stripe.event("payment_intent.succeeded", { ...stripe.intents[0] }));
    expect(told.status).toBe(200);
    expect(await balance()).toBe(0);

    // Next month the card is declined: the renewal is unpaid, and nothing is booked.
    stripe.declineCards = true;
    await renewAt(new Date((renewed?.currentPeriodEnd.getTime() ?? 0) + 1000));
    expect(stripe.intents).toHaveLength(2);
    expect(await balance()).toBe(0);
    const [unpaid] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(unpaid).toMatchObject({ status: "PAST_DUE", period: 1, failedAttempts: 1 });
  });
});
