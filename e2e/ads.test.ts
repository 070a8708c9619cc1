import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./fixtures/browser.ts";
import { uniqueEmail, useJourney } from "./fixtures/journey.ts";

/**
 * Flipside Ads as a new advertiser meets it (issue 20, ADS.md §1.0–1.1, §1.12): the sign-in
 * prompt, an account that is not activated, setting up an account, the switcher, and a creative
 * reviewed by an admin.
 */

const ADMIN_EMAIL = uniqueEmail("ada-admin");
const journey = useJourney({ NODE_ENV: "test", PAGE_FETCH_ENABLED: "false", ADMIN_EMAILS: ADMIN_EMAIL });
const { tracked, visit, signIn, api } = journey;

const toastSaying = (page: Page, text: string) =>
  page.locator("[data-sonner-toast], [data-plain-toast]").filter({ hasText: text });
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("the ads area's doors", () => {
  it("asks a visitor to sign in, on every screen, and opens the login dialog", async () => {
    const { page } = await tracked({ viewport: { width: 320, height: 720 } });
    for (const [path, title] of [
      ["/ads", "Dashboard"],
      ["/ads/campaigns", "Campaigns"],
      ["/ads/creative-lib", "Creative Library"],
    ] as const) {
      await visit(page, path);
      expect(await page.locator("h1").textContent()).toBe(title);
      await page.getByTestId("ads-sign-in").getByText("Sign in to advertise on Flipside").waitFor();
      expect(await page.getByTestId("ads-sign-in").textContent()).toContain(
        "Run clearly marked ads beside the discussions of the pages your audience reads. Ads are paid from your Flipside wallet and reviewed before they run.",
      );
      expect(await overflow(page)).toBe(0);
    }
    expect(await page.getByTestId("nav-ads-admin").count()).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.getByTestId("ads-log-in").click();
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.waitForURL(/\/signup$/);
    await visit(page, "/ads/admin");
    expect(await page.getByTestId("ads-admin-staff-only").textContent()).toBe(
      "This page is for Flipside staff.",
    );
  });

  it("keeps write buttons disabled until the email is confirmed", async () => {
    const dora = await journey.account("Dora Dormant", { activate: false, email: uniqueEmail("dora") });
    const tab = await tracked();
    await signIn(tab, dora);
    await visit(tab.page, "/ads");
    const setup = tab.page.getByTestId("ads-setup");
    await setup.waitFor();
    expect(await setup.getByTestId("ads-setup-submit").isDisabled()).toBe(true);
    await setup.getByText("Confirm your email to advertise.").waitFor();
  });
});

describe("setting up advertising", () => {
  it("opens an account from the dashboard, then every screen shows it", async () => {
    const amir = await journey.account("Amir Advertiser", { email: uniqueEmail("amir") });
    const org = await api<{ id: string }>("/v1/organizations", {
      method: "POST",
      token: amir.token,
      body: { name: "Amir Bakery", slug: `amir-bakery-${Date.now().toString(36)}` },
    });
    expect(org.status).toBe(201);
    const tab = await tracked({ viewport: { width: 1280, height: 900 } });
    await signIn(tab, amir);
    const { page } = tab;

    // Before an account, other screens send the way to the dashboard.
    await visit(page, "/ads/campaigns");
    const first = page.getByTestId("ads-set-up-first");
    await first.getByText("Set up advertising first").waitFor();
    expect(await first.textContent()).toContain(
      "Create your advertiser account on the dashboard to use Campaigns.",
    );
    await first.getByRole("link", { name: "Set up advertising" }).click();
    await page.waitForURL(/\/ads$/);

    const setup = page.getByTestId("ads-setup");
    await setup.getByText("Set up your advertiser account").waitFor();
    expect(await setup.getByTestId("ads-setup-name").inputValue()).toBe("Amir Advertiser");
    expect(await setup.getByTestId("ads-setup-name").getAttribute("placeholder")).toBe(
      "Your company or brand",
    );
    expect(await setup.getByTestId("ads-setup-owner").count()).toBe(2);
    await setup.getByText("Amir Bakery wallet").waitFor();
    await setup.getByText("Currency: EUR").waitFor();
    await setup.getByText("Daily budgets, schedules and reports follow this time zone.").waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);

    // An empty name is refused on leaving the field; then by keyboard alone.
    await setup.getByTestId("ads-setup-name").fill("");
    await setup.getByTestId("ads-setup-name").press("Tab");
    await setup.getByText("Enter a name.").waitFor();
    await setup.getByTestId("ads-setup-name").fill("Amir's Ads");
    await setup.getByTestId("ads-setup-name").press("Enter");
    await toastSaying(page, "Advertiser account created").waitFor();

    const switcher = page.getByTestId("ad-account-switcher");
    await switcher.waitFor();
    expect(await switcher.textContent()).toContain("Amir's Ads");
    expect(await switcher.textContent()).toContain("Personal");
    await page.getByText("No campaigns yet").waitFor();
    await page.getByText("Nothing needs your attention.").waitFor();
    expect(await page.getByTestId("dashboard-wallet").textContent()).toContain("€0.00");

    // A second account for the organisation, then back: the choice survives a reload.
    await switcher.click();
    await page.getByTestId("new-ad-account").click();
    await setup.waitFor();
    await setup.getByText("Amir Bakery wallet").click();
    await setup.getByTestId("ads-setup-name").fill("Bakery Ads");
    await setup.getByTestId("ads-setup-submit").click();
    await toastSaying(page, "Advertiser account created").waitFor();
    await page.getByTestId("ad-account-switcher").filter({ hasText: "Bakery Ads" }).waitFor();
    expect(await page.getByTestId("ad-account-switcher").textContent()).toContain("Amir Bakery");
    await page.reload();
    await page.getByTestId("ad-account-switcher").filter({ hasText: "Bakery Ads" }).waitFor();
    await page.getByTestId("ad-account-switcher").click();
    await page.getByTestId("ad-account-option").filter({ hasText: "Amir's Ads" }).click();
    await page.getByTestId("ad-account-switcher").filter({ hasText: "Amir's Ads" }).waitFor();
    await visit(page, "/ads/campaigns");
    expect(await page.getByTestId("ad-account-switcher").textContent()).toContain("Amir's Ads");

    await page.setViewportSize({ width: 320, height: 720 });
    await visit(page, "/ads");
    expect(await overflow(page)).toBe(0);
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});

describe("review by Flipside staff", () => {
  it("shows the queue oldest first to admins, approves one and rejects another with a reason", async () => {
    const ada = await journey.account("Ada Admin", { email: ADMIN_EMAIL });
    const ben = await journey.account("Ben Baker", { email: uniqueEmail("ben") });
    const account = await api<{ id: string }>("/v1/ad-accounts", {
      method: "POST",
      token: ben.token,
      body: { name: "Ben's Breads", ownerKind: "USER", timezone: "Europe/Paris" },
    });
    const creative = (headline: string) =>
      api<{ id: string }>("/v1/ad-creatives", {
        method: "POST",
        token: ben.token,
        body: {
          adAccountId: account.data.id,
          name: headline,
          headline,
          destinationUrl: "https://bread.example.com/",
        },
      });
    await creative("Sourdough every morning");
    await creative("Rye on Sundays");

    const tab = await tracked();
    await signIn(tab, ada);
    const { page } = tab;
    await visit(page, "/ads/admin");
    await page.getByText(/Review queue \(\d+\)/).waitFor();
    const items = page.getByTestId("review-item").filter({ hasText: "Ben's Breads" });
    expect(await items.count()).toBe(2);
    expect(await items.first().textContent()).toContain("Sourdough every morning");
    expect(
      await items.first().getByRole("link", { name: "https://bread.example.com/" }).getAttribute("rel"),
    ).toBe("noopener noreferrer");
    expect(await seriousAxeFindings(page)).toEqual([]);

    await items.first().getByTestId("review-approve").click();
    await toastSaying(page, "Creative approved").waitFor();
    const rye = page.getByTestId("review-item").filter({ hasText: "Rye on Sundays" });
    await page
      .getByTestId("review-item")
      .filter({ hasText: "Sourdough every morning" })
      .waitFor({ state: "detached" });
    await rye.getByTestId("review-reject").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("review-reason").selectOption("OTHER");
    await dialog.getByTestId("review-reject-submit").click();
    await dialog.getByText("Write a note to the advertiser.").waitFor();
    await dialog.getByTestId("review-note").fill("The page does not sell rye.");
    await dialog.getByTestId("review-reject-submit").click();
    await toastSaying(page, "Creative rejected").waitFor();
    await rye.waitFor({ state: "detached" });

    const seen = await api<{ reviewStatus: string; rejectionNote: string | null }[]>(
      `/v1/ad-creatives?searchAnd=adAccountId==${account.data.id}&sort=name,asc`,
      { token: ben.token },
    );
    expect(seen.data.map((c) => [c.reviewStatus, c.rejectionNote])).toEqual([
      ["REJECTED", "The page does not sell rye."],
      ["APPROVED", null],
    ]);
  });
});

describe("the reader's choice", () => {
  it("personalised ads are off until turned on in settings, and stay as chosen", async () => {
    const rita = await journey.account("Rita Reader", { email: uniqueEmail("rita") });
    const tab = await tracked();
    await signIn(tab, rita);
    const { page } = tab;
    await visit(page, "/profile/settings");
    const box = page.getByTestId("personalised-ads");
    expect(await box.isChecked()).toBe(false);
    await page.getByText("Use my reading on Flipside to personalise ads").click();
    await toastSaying(page, "Personalised ads turned on").waitFor();
    await page.reload();
    expect(await page.getByTestId("personalised-ads").isChecked()).toBe(true);
    const account = await api<{ personalisedAds: boolean }>("/account", { token: rita.token });
    expect(account.data.personalisedAds).toBe(true);
  });
});
