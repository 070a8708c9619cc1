import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { startStripeServer } from "../apps/api/test/stripe-server.ts";
import { seriousAxeFindings } from "./fixtures/browser.ts";
import { uniqueEmail, useJourney } from "./fixtures/journey.ts";

/**
 * Paying (issue 15, docs/money.md#paying) with the official Stripe SDK against a local server
 * speaking Stripe's API: the person tops up through the hosted checkout, which sends the signed
 * webhook; the wallet grows once the provider confirms.
 */

const stripe = await startStripeServer();
afterAll(() => stripe.close());

const journey = useJourney({
  NODE_ENV: "test",
  PAGE_FETCH_ENABLED: "false",
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_API_URL: stripe.url,
});
const { tracked, visit, signIn } = journey;

const balance = (page: Page, text: string) =>
  page.getByTestId("wallet-balance").filter({ hasText: text }).waitFor();

describe("topping up a wallet", () => {
  it("pays €25 through the checkout; the wallet shows it once the provider confirms; a cancelled checkout charges nothing", async () => {
    stripe.webhookUrl = `${journey.server.url}/api/v1/payments/stripe/webhook`;
    const tia = await journey.account("Tia Topup", { email: uniqueEmail("tia") });
    const tab = await tracked({ viewport: { width: 360, height: 800 } });
    await signIn(tab, tia);
    const { page } = tab;

    await visit(page, "/profile/wallet");
    await balance(page, "€0.00");
    const form = page.getByTestId("top-up-form");
    expect(await form.getByTestId("top-up-preset").allTextContents()).toEqual([
      "€10.00",
      "€25.00",
      "€50.00",
      "€100.00",
    ]);
    expect(await form.getByTestId("top-up-submit").textContent()).toBe("Top up €25.00");
    await form.getByTestId("top-up-custom").fill("2");
    await form.getByTestId("top-up-submit").click();
    await form.getByText("Choose an amount from €5.00 to €1,000.00.").waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);

    // Cancel at the provider: back with nothing charged.
    await form.getByTestId("top-up-custom").fill("");
    await form.getByTestId("top-up-submit").click();
    await page.waitForURL(`${stripe.url}/pay/**`);
    await page.getByTestId("stripe-cancel").click();
    await page.waitForURL(/\/profile\/wallet\?topUp=cancelled$/);
    await page.waitForSelector("html[data-hydrated]");
    await page.getByText("Top-up cancelled. Nothing was charged.").waitFor();
    await balance(page, "€0.00");

    // Pay: the provider confirms by its signed webhook, the page waits for it and shows the money.
    await page.getByTestId("top-up-form").getByTestId("top-up-submit").click();
    await page.waitForURL(`${stripe.url}/pay/**`);
    expect(await page.getByRole("heading").textContent()).toBe("Pay €25.00");
    await page.getByTestId("stripe-pay").click();
    await page.waitForURL(/\/profile\/wallet\?topUp=cs_test_/);
    await page.waitForSelector("html[data-hydrated]");
    await page.getByText("€25.00 added to the wallet.").waitFor();
    await balance(page, "€25.00");
    const line = page.getByTestId("wallet-line").first();
    expect(await line.getAttribute("data-kind")).toBe("TOP_UP");
    expect(await line.textContent()).toContain("Top-up by card");
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);

    // A provider slower than the person: the page says it waits, then shows the money.
    stripe.webhookDelayMs = 1500;
    await page.getByTestId("top-up-form").getByTestId("top-up-preset").first().click();
    await page.getByTestId("top-up-form").getByTestId("top-up-submit").click();
    await page.waitForURL(`${stripe.url}/pay/**`);
    await page.getByTestId("stripe-pay").click();
    await page.waitForURL(/\/profile\/wallet\?topUp=cs_test_/);
    await page.getByText("Waiting for the payment provider to confirm your payment…").waitFor();
    await page.getByText("€10.00 added to the wallet.").waitFor();
    await balance(page, "€35.00");
    stripe.webhookDelayMs = 0;
    expect(tab.problems.all()).toEqual([]);
  });
});
