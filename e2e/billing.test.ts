import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { startDnsServer } from "../apps/api/test/site-servers.ts";
import { startStripeServer } from "../apps/api/test/stripe-server.ts";
import { seriousAxeFindings, withoutCancelledDataReports } from "./fixtures/browser.ts";
import { type Account, pagePath, uniqueEmail, useJourney } from "./fixtures/journey.ts";
import { renderPdf } from "./fixtures/pdf.ts";

/**
 * Plans (issue 15, docs/money.md#plans) as an owner buys one: a site verified by DNS, the plans
 * page, the checkout asking for billing details and topping the wallet up by the provider's
 * checkout (the real Stripe SDK against a local server speaking its API), the invoice, and
 * cancelling and resuming in Billing.
 */

const stripe = await startStripeServer();
const dns = await startDnsServer();
afterAll(async () => {
  dns.close();
  await stripe.close();
});

const journey = useJourney({
  NODE_ENV: "test",
  PAGE_FETCH_ENABLED: "false",
  DNS_SERVERS: dns.address,
  DNS_TIMEOUT_MS: "2000",
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_API_URL: stripe.url,
});
const { tracked, visit, signIn, api } = journey;

const toastSaying = (page: Page, text: string) =>
  page.locator("[data-sonner-toast], [data-plain-toast]").filter({ hasText: text });
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A site verified by its DNS TXT record, as its owner would. */
async function verifiedSite(owner: Account): Promise<string> {
  const domain = `shop-${Date.now().toString(36)}.com`;
  dns.pointAtLoopback(domain);
  const claim = await api<{ id: string; token: string }>("/v1/site-verifications", {
    method: "POST",
    body: { address: domain },
    token: owner.token,
  });
  dns.setTxt(domain, [`flipside-verification=${claim.data.token}`]);
  const checked = await api<{ status: string }>(`/v1/site-verifications/${claim.data.id}/check`, {
    method: "POST",
    body: { method: "DNS_TXT" },
    token: owner.token,
  });
  expect(checked.data.status).toBe("VERIFIED");
  return domain;
}

describe("plans", () => {
  it("says what each plan costs and gives, and asks a visitor to log in to choose one", async () => {
    const { page } = await tracked({ viewport: { width: 360, height: 800 } });
    await visit(page, "/plans");
    expect(await page.title()).toContain("Plans");
    const cards = page.getByTestId("plan-card");
    expect(await cards.count()).toBe(3);
    expect(await page.getByTestId("plan-price").allTextContents()).toEqual(["€0.00", "€9.00", "€29.00"]);
    const business = cards.filter({ hasText: "Business" });
    expect(await business.textContent()).toContain("Everything in Pro");
    expect(await business.getByRole("link", { name: "Log in to choose Business" }).getAttribute("href")).toBe(
      "/login?next=%2Fplans",
    );
    expect(await overflow(page)).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });

  it("an owner buys Business for a verified site, topping up the wallet on the way, and cancels and resumes it", async () => {
    stripe.webhookUrl = `${journey.server.url}/api/v1/payments/stripe/webhook`;
    const bo = await journey.account("Bo Business", { email: uniqueEmail("bo") });
    const domain = await verifiedSite(bo);
    const tab = await tracked({ viewport: { width: 390, height: 844 } });
    await signIn(tab, bo);
    const { page } = tab;

    // 1. The plans page knows the site and its plan.
    await visit(page, "/plans");
    expect(await page.getByTestId("plans-site").inputValue()).toBe(domain);
    expect(await page.locator('[data-plan="FREE"]').getAttribute("aria-current")).toBe("true");
    await page.locator('[data-plan="BUSINESS"]').getByRole("link", { name: "Upgrade to Business" }).click();
    await page.waitForURL(`**/profile/websites/${domain}/checkout?plan=BUSINESS`);
    await page.waitForSelector("html[data-hydrated]");

    // 2. Billing details first: they go on the invoice and set the VAT.
    await page.getByText("Add your billing details (name and country) before buying a plan").waitFor();
    expect(await page.getByTestId("checkout-top-up").isDisabled()).toBe(true);
    await page.getByTestId("billing-details-save").click();
    await page.getByText("Enter the name to put on invoices.").waitFor();
    await page.getByTestId("billing-name").fill("Bo's Shop GmbH");
    await page.getByTestId("billing-address").fill("Hauptstraße 1\n10115 Berlin");
    await page.getByTestId("billing-country").selectOption("DE");
    await page.getByTestId("billing-tax-id").fill("DE123456789");
    await page.getByTestId("billing-details-save").click();
    await toastSaying(page, "Billing details saved").waitFor();
    await page.getByTestId("quote-total").filter({ hasText: "€34.51" }).waitFor();
    expect(await page.getByTestId("quote-summary").textContent()).toContain("VAT 19%");
    expect(await page.getByTestId("billing-details").textContent()).toContain("Germany");
    expect(await overflow(page)).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);

    // 3. The wallet is empty: top up what is missing at the provider, and come back here.
    expect(await page.getByTestId("checkout-short").textContent()).toContain("The wallet is €34.51 short.");
    await page.getByTestId("checkout-top-up").click();
    await page.waitForURL(`${stripe.url}/pay/**`);
    expect(await page.getByRole("heading").textContent()).toBe("Pay €34.51");
    await page.getByTestId("stripe-pay").click();
    await page.waitForURL(
      new RegExp(
        `/profile/websites/${domain.replaceAll(".", "\\.")}/checkout\\?plan=BUSINESS&topUp=cs_test_`,
      ),
    );
    await page.waitForSelector("html[data-hydrated]");
    await page.getByText("€34.51 added to the wallet.").waitFor();
    await page.getByTestId("checkout-pay").filter({ hasText: "Pay €34.51" }).click();
    const done = page.getByTestId("checkout-done");
    await done.waitFor();
    expect(await done.textContent()).toContain(`Business is active on ${domain}`);
    const number = (await done.textContent())?.match(/Invoice (FS-\d{4}-\d{6})/)?.[1];
    expect(number).toBeTruthy();

    // 4. The invoice is mailed with its PDF.
    const mail = await journey.mail.next(bo.email);
    expect(mail.subject).toBe(`Invoice ${number}: Business plan for ${domain}`);

    // 5. The site's page and the websites list say Business.
    await visit(page, `/profile/websites/${domain}`);
    expect(await page.getByTestId("website-plan").textContent()).toContain("On the Business plan");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("website-export").click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^${domain.replaceAll(".", "\\.")}-discussion-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
    );
    // Business pins a notice above the discussion of every page of the site, for every reader.
    await page.getByTestId("notice-body").fill("Questions about an order? We answer within a day.");
    await page.getByTestId("notice-save").click();
    await toastSaying(page, "Notice pinned on every page of the site").waitFor();
    const reader = await tracked();
    await visit(reader.page, pagePath(`https://${domain}/shipping`));
    const notice = reader.page.getByTestId("site-notice");
    expect(await notice.textContent()).toContain(`From the owner of ${domain}`);
    expect(await notice.textContent()).toContain("Questions about an order? We answer within a day.");
    expect(await seriousAxeFindings(reader.page)).toEqual([]);
    await visit(page, "/profile/websites");
    expect(await page.getByTestId("website-plan-badge").textContent()).toBe("Business");

    // 6. Billing: the plan, its invoice with the PDF, cancel and resume.
    await visit(page, "/profile/billing");
    const row = page.getByTestId("subscription").filter({ hasText: domain });
    expect(await row.getByTestId("subscription-state").textContent()).toBe("Active");
    const invoice = page.getByTestId("invoice").first();
    expect(await invoice.getAttribute("data-number")).toBe(number);
    expect(await invoice.textContent()).toContain("€34.51");
    const pdfHref = await invoice.getByTestId("invoice-pdf").getAttribute("href");
    const pdf = await page.request.get(`${journey.server.url}${pdfHref}`);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    // The invoice as a person sees it: drawn, one page, with everything an invoice must say.
    const drawn = await renderPdf(journey.browser, await pdf.body());
    if (process.env.E2E_ARTIFACTS) await writeFile(join(process.env.E2E_ARTIFACTS, "invoice.png"), drawn.png);
    expect(drawn.pages).toBe(1);
    expect(drawn.inked).toBeGreaterThan(0.005);
    expect(drawn.inked).toBeLessThan(0.3);
    for (const words of [
      number ?? "",
      "Bo's Shop GmbH",
      "Hauptstraße 1",
      "Germany",
      "DE123456789",
      `Business plan for ${domain}`,
      "19%",
      "€5.51",
      "€34.51",
    ]) {
      expect(drawn.text).toContain(words);
    }
    expect(await page.getByTestId("billing-wallet-balance").textContent()).toBe("€0.00");
    // The card used for the top-up pays what a renewal lacks; the provider's portal changes it.
    expect(await page.getByTestId("saved-card").textContent()).toContain("Visa •••• 4242");
    await page.getByTestId("saved-card-manage").click();
    await page.waitForURL(`${stripe.url}/portal/**`);
    await page.getByTestId("stripe-portal-return").click();
    await page.waitForURL(/\/profile\/billing$/);
    await page.waitForSelector("html[data-hydrated]");
    expect(await overflow(page)).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);

    await row.getByTestId("subscription-cancel").click();
    await page.getByTestId("subscription-cancel-confirm").click();
    await toastSaying(page, `Business on ${domain} ends`).waitFor();
    await row.getByTestId("subscription-state").filter({ hasText: "Ends" }).waitFor();
    expect(await row.getByTestId("subscription-line").textContent()).toContain("nothing more is charged");
    await row.getByTestId("subscription-resume").click();
    await toastSaying(page, `Business on ${domain} renews again`).waitFor();
    await row.getByTestId("subscription-state").filter({ hasText: "Active" }).waitFor();
    // Each change reads Billing again; Chromium may call that read cancelled once it has arrived.
    expect(withoutCancelledDataReports(tab.problems.all(), "/profile/billing")).toEqual([]);
  });
});
