import { randomUUID } from "node:crypto";
import { MONEY_MESSAGES } from "@flipside/contracts/money-constants";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { startAppWithStripe } from "../../../test/stripe-app.ts";
import type { StripeServer } from "../../../test/stripe-server.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { organizationMembers, organizations } from "../../db/schema/organizations.ts";
import { checkLedger, trialBalance } from "../ledger/index.ts";

let stripe: StripeServer;
let t: TestApp;
let ada: TestUser;
let ben: TestUser;
let orgId: string;

beforeAll(async () => {
  ({ t, stripe } = await startAppWithStripe());
  ada = await createUser(t.app, { displayName: "Ada Lovelace", email: "ada@example.test" });
  ben = await createUser(t.app, { displayName: "Ben" });
  const [org] = await t.app.db.insert(organizations).values({ name: "Acme", slug: "acme-pay" }).returning();
  if (!org) throw new Error("no organisation");
  orgId = org.id;
  await t.app.db.insert(organizationMembers).values([
    { organizationId: org.id, userId: ada.id, role: "OWNER" },
    { organizationId: org.id, userId: ben.id, role: "MEMBER" },
  ]);
});
afterEach(async () => {
  const check = await checkLedger(t.app.db);
  expect(check, JSON.stringify(check)).toMatchObject({ ok: true });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const topUp = (user: TestUser, body: object, key: string | null = randomUUID()) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/wallet/top-ups",
    headers: { ...user.headers, ...(key ? { "idempotency-key": key } : {}) },
    payload: { ...body },
  });
const balance = async (user: TestUser, org?: string) =>
  (
    await t.app.inject({
      method: "GET",
      url: `/api/v1/wallet${org ? `?organizationId=${org}` : ""}`,
      headers: user.headers,
    })
  ).json().balance;
const sessionOf = (checkoutUrl: string) => checkoutUrl.split("/pay/")[1] ?? "";

describe("top-ups through the provider's checkout", () => {
  it("opens a checkout, credits the wallet once when the signed webhook says it is paid", async () => {
    expect(
      (await t.app.inject({ method: "GET", url: "/api/v1/wallet", headers: ada.headers })).json().topUp,
    ).toMatchObject({
      available: true,
    });
    const res = await topUp(ada, { amount: 2500 }, "top-up-1");
    expect(res.statusCode, res.body).toBe(201);
    const started = res.json();
    expect(started).toMatchObject({ amount: 2500, currency: "EUR", status: "OPEN", settledDate: null });
    expect(started.checkoutUrl).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
    const session = stripe.sessions.get(sessionOf(started.checkoutUrl));
    expect(session).toMatchObject({
      mode: "payment",
      amount_total: 2500,
      currency: "eur",
      customer: expect.stringMatching(/^cus_test_/),
      client_reference_id: `user:${ada.id}`,
      metadata: { purpose: "TOP_UP", ownerKind: "USER", ownerId: ada.id, createdBy: ada.id },
      success_url: "http://flipside.test/profile/wallet?topUp={CHECKOUT_SESSION_ID}",
      cancel_url: "http://flipside.test/profile/wallet?topUp=cancelled",
    });

    // The same request again opens no second checkout; the same key for another amount is refused.
    const again = await topUp(ada, { amount: 2500 }, "top-up-1");
    expect(again.json()).toEqual(started);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect((await topUp(ada, { amount: 2600 }, "top-up-1")).statusCode).toBe(422);
    expect(stripe.sessions.size).toBe(1);
    expect(await balance(ada)).toBe(0);

    const delivered = await stripe.pay(sessionOf(started.checkoutUrl));
    expect(delivered?.status).toBe(200);
    expect(await delivered?.json()).toEqual({ received: true, duplicate: false });
    expect(await balance(ada)).toBe(2500);
    const [line] = (
      await t.app.inject({ method: "GET", url: "/api/v1/wallet/transactions", headers: ada.headers })
    ).json();
    expect(line).toMatchObject({
      kind: "TOP_UP",
      description: "Top-up by card",
      amount: 2500,
      balanceAfter: 2500,
    });
    const state = await t.app.inject({
      method: "GET",
      url: `/api/v1/wallet/top-ups/${sessionOf(started.checkoutUrl)}`,
      headers: ada.headers,
    });
    expect(state.json()).toMatchObject({
      id: started.id,
      status: "PAID",
      checkoutUrl: null,
      settledDate: expect.any(String),
    });
    // Only the wallet's managers see it.
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/v1/wallet/top-ups/${started.id}`,
          headers: ben.headers,
        })
      ).statusCode,
    ).toBe(404);
    const clearing = (await trialBalance(t.app.db)).find((r) => r.kind === "PROVIDER_CLEARING");
    expect(clearing?.balance).toBeLessThanOrEqual(-2500);
  });

  it("handles an event delivered twice, the same payment told twice, events out of order, and forged ones, crediting once", async () => {
    const started = (await topUp(ada, { amount: 1000, organizationId: orgId })).json();
    const sessionId = sessionOf(started.checkoutUrl);
    const session = stripe.sessions.get(sessionId) ?? {};
    expect(session.success_url).toBe(
      `http://flipside.test/profile/wallet?organizationId=${orgId}&topUp={CHECKOUT_SESSION_ID}`,
    );
    const before = await balance(ada, orgId);
    Object.assign(session, { status: "complete", payment_status: "paid" });
    const completed = stripe.event("checkout.session.completed", { ...session });

    // Forged: another secret, a changed body, or no signature at all.
    const forged = await stripe.deliver(completed, "t=1,v1=0000");
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ detail: MONEY_MESSAGES.webhookSignature });
    const unsigned = await fetch(stripe.webhookUrl ?? "", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(completed),
    });
    expect(unsigned.status).toBe(400);
    expect(await balance(ada, orgId)).toBe(before);

    // The expiry arrives first (out of order), then the payment, twice, then as a second event.
    const expired = stripe.event("checkout.session.expired", {
      ...session,
      status: "expired",
      payment_status: "unpaid",
    });
    expect((await stripe.deliver(expired)).status).toBe(200);
    const first = await stripe.deliver(completed);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const replay = await stripe.deliver(completed);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    const told = await stripe.deliver(
      stripe.event("checkout.session.async_payment_succeeded", { ...session }),
    );
    expect(await told.json()).toEqual({ received: true, duplicate: false });
    // Another expiry after the payment changes nothing.
    await stripe.deliver(stripe.event("checkout.session.expired", { ...session, status: "expired" }));
    expect(await balance(ada, orgId)).toBe(before + 1000);
    const state = await t.app.inject({
      method: "GET",
      url: `/api/v1/wallet/top-ups/${started.id}?organizationId=${orgId}`,
      headers: ada.headers,
    });
    expect(state.json().status).toBe("PAID");
  });

  it("books a payment whose webhook comes before the checkout was recorded, and never one in another currency", async () => {
    const early = {
      id: `cs_test_early_${Date.now()}`,
      object: "checkout.session",
      amount_total: 700,
      currency: "eur",
      payment_status: "paid",
      status: "complete",
      metadata: { purpose: "TOP_UP", ownerKind: "USER", ownerId: ben.id, createdBy: ben.id },
    };
    expect((await stripe.deliver(stripe.event("checkout.session.completed", early))).status).toBe(200);
    expect(await balance(ben)).toBe(700);
    const dollars = { ...early, id: `cs_test_usd_${Date.now()}`, currency: "usd" };
    expect((await stripe.deliver(stripe.event("checkout.session.completed", dollars))).status).toBe(200);
    expect(await balance(ben)).toBe(700);
  });

  it("refuses amounts outside the limits, wallets the person does not manage, and calls without a key", async () => {
    const low = await topUp(ada, { amount: 499 });
    expect(low.statusCode).toBe(422);
    expect(low.json().errors).toEqual([{ field: "amount", message: "Top up between €5.00 and €1,000.00." }]);
    expect((await topUp(ada, { amount: 100_001 })).statusCode).toBe(422);
    expect((await topUp(ben, { amount: 1000, organizationId: orgId })).statusCode).toBe(403);
    expect((await topUp(ben, { amount: 1000, organizationId: randomUUID() })).statusCode).toBe(404);
    expect((await topUp(ada, { amount: 1000 }, null)).statusCode).toBe(400);
    expect((await topUp(ada, { amount: "10" })).statusCode).toBe(400);
    // Back to a checkout only: never an address of the caller's choosing.
    for (const domain of ["evil.example/x", "//evil.example", "EVIL.example", "a?b"]) {
      expect((await topUp(ada, { amount: 1000, returnTo: { domain, plan: "PRO" } })).statusCode).toBe(400);
    }
    expect(
      (await topUp(ada, { amount: 1000, returnTo: { domain: "shop.example", plan: "FREE" } })).statusCode,
    ).toBe(400);
  });

  it("brings the person back to the checkout the money is for", async () => {
    const res = await topUp(ada, { amount: 1000, returnTo: { domain: "shop.example", plan: "BUSINESS" } });
    expect(res.statusCode, res.body).toBe(201);
    const session = stripe.sessions.get(sessionOf(res.json().checkoutUrl));
    expect(session).toMatchObject({
      success_url:
        "http://flipside.test/profile/websites/shop.example/checkout?plan=BUSINESS&topUp={CHECKOUT_SESSION_ID}",
      cancel_url: "http://flipside.test/profile/websites/shop.example/checkout?plan=BUSINESS&topUp=cancelled",
    });
  });
});

describe("without a reachable provider", () => {
  it("says payments are not configured, and answers 503 when the provider does not answer, charging nothing", async () => {
    const bare = await createTestApp({ RATE_LIMIT_ENABLED: "false" });
    try {
      const someone = await createUser(bare.app);
      const res = await bare.app.inject({
        method: "POST",
        url: "/api/v1/wallet/top-ups",
        headers: { ...someone.headers, "idempotency-key": randomUUID() },
        payload: { amount: 1000 },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(MONEY_MESSAGES.paymentsNotConfigured);
      const hook = await bare.app.inject({
        method: "POST",
        url: "/api/v1/payments/stripe/webhook",
        headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
        payload: "{}",
      });
      expect(hook.statusCode).toBe(400);
    } finally {
      await bare.close();
    }
    const away = await createTestApp({
      RATE_LIMIT_ENABLED: "false",
      STRIPE_SECRET_KEY: "sk_test_away",
      STRIPE_WEBHOOK_SECRET: "whsec_away",
      STRIPE_API_URL: "http://127.0.0.1:9",
    });
    try {
      const someone = await createUser(away.app);
      const send = () =>
        away.app.inject({
          method: "POST",
          url: "/api/v1/wallet/top-ups",
          headers: { ...someone.headers, "idempotency-key": "same" },
          payload: { amount: 1000 },
        });
      const res = await send();
      expect(res.statusCode).toBe(503);
      expect(res.json().detail).toBe(MONEY_MESSAGES.providerUnavailable);
      expect(res.headers["retry-after"]).toBe("60");
      // A failure is not the key's answer: the retry tries the provider again.
      expect((await send()).headers["idempotent-replayed"]).toBeUndefined();
    } finally {
      await away.close();
    }
  }, 60_000);
});
