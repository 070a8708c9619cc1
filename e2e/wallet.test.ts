import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./fixtures/browser.ts";
import { uniqueEmail, useJourney } from "./fixtures/journey.ts";

/**
 * The wallet (issue 15, docs/money.md) as people use it before payments are configured: the
 * page says so plainly; an admin credits a wallet with a reason; its owner sees the credit
 * explained, moves part of it to their organisation, filters the history and downloads it.
 */

const ADMIN_EMAIL = uniqueEmail("olga-admin");
const journey = useJourney({ NODE_ENV: "test", PAGE_FETCH_ENABLED: "false", ADMIN_EMAILS: ADMIN_EMAIL });
const { tracked, visit, signIn, api } = journey;

const toastSaying = (page: Page, text: string) =>
  page.locator("[data-sonner-toast], [data-plain-toast]").filter({ hasText: text });
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("the wallet", () => {
  it("is credited by an admin with a reason, explains every line, moves money to an organisation, filters and exports", async () => {
    const olga = await journey.account("Olga Operator", { email: ADMIN_EMAIL });
    const wren = await journey.account("Wren Walletson", { email: uniqueEmail("wren") });
    const org = await api<{ id: string }>("/v1/organizations", {
      method: "POST",
      token: wren.token,
      body: { name: "Wren Works", slug: `wren-works-${Date.now().toString(36)}` },
    });
    expect(org.status, JSON.stringify(org.data)).toBe(201);

    // 1. An empty wallet says what it will hold, and that top-ups are not possible here yet.
    const wrenTab = await tracked({ viewport: { width: 320, height: 720 } });
    await signIn(wrenTab, wren);
    const { page } = wrenTab;
    await visit(page, "/profile/wallet");
    expect(await page.getByTestId("wallet-balance").textContent()).toBe("€0.00");
    await page.getByText("No money has moved yet").waitFor();
    expect(await page.getByTestId("top-up-unavailable").textContent()).toContain(
      "Payments are not configured on this server",
    );
    expect(await overflow(page)).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);

    // 2. The admin finds Wren and credits €25 with a reason.
    const adminTab = await tracked();
    await signIn(adminTab, olga);
    const admin = adminTab.page;
    await visit(admin, "/admin/wallets");
    await admin.getByTestId("wallets-search").fill(wren.email);
    await admin.getByTestId("wallets-search").press("Enter");
    const row = admin.getByTestId("wallets-account").filter({ hasText: wren.email });
    await row.getByTestId("credit-open").click();
    const form = admin.getByTestId("credit-form");
    await form.getByTestId("credit-submit").click();
    await form.getByText("Enter an amount such as €25.00.").waitFor();
    await form.getByText("Say why: it is kept in the ledger and the audit log.").waitFor();
    await form.getByTestId("credit-amount").fill("25");
    await form.getByTestId("credit-reason").fill("Pilot starting balance");
    expect(await seriousAxeFindings(admin)).toEqual([]);
    await form.getByTestId("credit-submit").click();
    await toastSaying(admin, "€25.00 credited to Wren Walletson (balance €25.00)").waitFor();
    await visit(admin, "/admin/audit-log");
    await admin.getByText("Pilot starting balance").first().waitFor();

    // 3. Wren sees it, explained.
    await visit(page, "/profile/wallet");
    expect(await page.getByTestId("wallet-balance").textContent()).toBe("€25.00");
    const credit = page.getByTestId("wallet-line").first();
    expect(await credit.getAttribute("data-kind")).toBe("OPERATOR_CREDIT");
    expect(await credit.textContent()).toContain("Credit from Flipside");
    expect(await credit.getByTestId("wallet-line-amount").textContent()).toBe("+€25.00");

    // 4. Move €10.40 to the organisation, with the keyboard.
    await page.getByTestId("transfer-open").click();
    const transfer = page.getByTestId("transfer-form");
    await transfer.getByTestId("transfer-amount").fill("100");
    await transfer.getByTestId("transfer-submit").click();
    await transfer.getByText("The wallet does not hold enough for this.").waitFor();
    await transfer.getByTestId("transfer-amount").fill("10.40");
    await transfer.getByTestId("transfer-amount").press("Enter");
    await toastSaying(page, "€10.40 moved to Wren Works").waitFor();
    await page.getByTestId("wallet-balance").filter({ hasText: "€14.60" }).waitFor();
    expect(await page.getByTestId("wallet-line-amount").first().textContent()).toBe("−€10.40");

    // The admin credits the organisation's wallet too, found by its name.
    await visit(admin, "/admin/wallets");
    await admin.getByTestId("wallets-of-organizations").click();
    await admin.waitForURL(/of=organizations/);
    await admin.getByTestId("wallets-search").fill("Wren Works");
    await admin.getByTestId("wallets-search").press("Enter");
    const orgRow = admin.getByTestId("wallets-account").filter({ hasText: "Wren Works" });
    expect(await orgRow.textContent()).toContain("1 member");
    await orgRow.getByTestId("credit-open").click();
    const orgCredit = admin.getByTestId("credit-form");
    await orgCredit.getByTestId("credit-amount").fill("5");
    await orgCredit.getByTestId("credit-reason").fill("Welcome credit for the team");
    await orgCredit.getByTestId("credit-submit").click();
    await toastSaying(admin, "€5.00 credited to Wren Works (balance €15.40)").waitFor();

    await page.getByTestId("wallet-switch").selectOption({ label: "Wren Works" });
    await page.waitForURL(/organizationId=/);
    await page.getByTestId("wallet-balance").filter({ hasText: "€15.40" }).waitFor();
    expect(await page.getByTestId("wallet-line").first().textContent()).toContain("Credit from Flipside");
    expect(await page.getByTestId("wallet-line").nth(1).textContent()).toContain(
      "Transfer from Wren Walletson to Wren Works",
    );
    expect(await overflow(page)).toBe(0);

    // 5. Filters, and the CSV of what they show.
    await page.getByTestId("wallet-switch").selectOption({ label: "Your wallet" });
    await page.waitForURL((url) => !url.search.includes("organizationId"));
    // The address changes before React commits the new wallet; the filters are keyed by it and
    // would be remounted (losing a choice made in between), so wait for the render itself.
    await page.getByTestId("wallet-card").getByText("Your balance").waitFor();
    await page.getByTestId("wallet-filters").getByLabel("Money").selectOption("IN");
    await page.getByTestId("wallet-filters").getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/direction=IN/);
    await page.getByText("1 line").waitFor();
    const href = (await page.getByTestId("wallet-csv").getAttribute("href")) ?? "";
    expect(href).toContain("direction=IN");
    const csv = await page.evaluate(async (url) => (await fetch(url)).text(), href);
    const rows = csv.trimEnd().split("\r\n");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('"Credit from Flipside","Credit from Flipside","25.00","25.00","EUR"');
    await page.getByTestId("wallet-filters").getByLabel("From").fill("2020-01-01");
    await page.getByTestId("wallet-filters").getByLabel("To").fill("2020-01-31");
    await page.getByTestId("wallet-filters").getByRole("button", { name: "Filter" }).click();
    await page.getByText("No line matches these filters").waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);
    // The one failed request is the refused transfer of more than the wallet held.
    expect(wrenTab.problems.all()).toEqual([
      "Failed to load resource: the server responded with a status of 409 (Conflict)",
      expect.stringMatching(/^POST http:\/\/[^ ]+\/api\/v1\/wallet\/transfers \(409\)$/),
    ]);
  });

  it("sends anyone signed out to log in", async () => {
    const tab = await tracked();
    await visit(tab.page, "/profile/wallet");
    await tab.page.waitForURL(/\/login/);
  });
});
