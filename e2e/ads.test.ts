import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./fixtures/browser.ts";
import { uniqueEmail, useJourney } from "./fixtures/journey.ts";

/**
 * Flipside Ads as a new advertiser meets it (issue 20, ADS.md §1.0–1.1, §1.12): the sign-in
 * prompt, an account that is not activated, setting up an account, the switcher, and a creative
 * reviewed by an admin.
 */

const ADMIN_EMAIL = uniqueEmail("ada-admin");
const STAFF_EMAIL = uniqueEmail("fay-staff");
const journey = useJourney({
  NODE_ENV: "test",
  PAGE_FETCH_ENABLED: "false",
  ADMIN_EMAILS: `${ADMIN_EMAIL},${STAFF_EMAIL}`,
  // Every journey here is a new advertiser (registration's limit is not what this file tests).
  RATE_LIMIT_REGISTER_PER_IP: "100",
  // Spend is settled when a campaign pauses; the periodic settlement would split it at random.
  ADS_SETTLE_INTERVAL_MS: "3600000",
  // Every tile one transparent pixel, inline: the geo fence map works without a network.
  MAP_TILE_URL:
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  MAP_TILE_ATTRIBUTION: "Test tiles",
});
const { tracked, visit, signIn, api } = journey;

const toastSaying = (page: Page, text: string) =>
  page.locator("[data-sonner-toast], [data-plain-toast]").filter({ hasText: text });
/** The campaigns' names once the list for the address has loaded (its skeleton gone). */
async function campaignNames(page: Page): Promise<string[]> {
  await page.getByTestId("campaigns-loading").waitFor({ state: "detached" });
  return page.getByTestId("campaign-name").allTextContents();
}
/** Dark mode as the OS asks for it, once the page has followed (its class is set by a script). */
async function darkMode(page: Page) {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.waitForFunction(() => document.documentElement.className === "dark");
}
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

let staffAccount: Promise<{ token: string }> | undefined;
/** Flipside staff, who credit wallets and review creatives (made once, on first need). */
const staff = () => {
  staffAccount ??= journey.account("Fay Staff", { email: STAFF_EMAIL });
  return staffAccount;
};
async function credit(userId: string, amount: number) {
  const res = await api("/v1/admin/wallet-credits", {
    method: "POST",
    token: (await staff()).token,
    headers: { "idempotency-key": crypto.randomUUID() },
    body: { ownerKind: "USER", ownerId: userId, amount, reason: "Welcome credit" },
  });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
}
async function approve(creativeId: string) {
  const res = await api(`/v1/admin/ad-creatives/${creativeId}/review`, {
    method: "POST",
    token: (await staff()).token,
    body: { decision: "APPROVE" },
  });
  expect(res.status, JSON.stringify(res.data)).toBe(200);
}

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
    await darkMode(page);
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
    await page.getByRole("heading", { name: /^Review queue \(\d+\)$/ }).waitFor();
    expect(
      await page
        .getByTestId("ads-admin-tabs")
        .getByRole("link", { name: /^Review queue \(\d+\)$/ })
        .getAttribute("aria-current"),
    ).toBe("page");
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

describe("campaigns", () => {
  /** An advertiser with an account, an approved creative and money in the wallet. */
  async function advertiser(name: string) {
    const person = await journey.account(name, { email: uniqueEmail(name.split(" ")[0] ?? "adv") });
    const account = await api<{ id: string }>("/v1/ad-accounts", {
      method: "POST",
      token: person.token,
      body: { name: `${name}'s Ads`, ownerKind: "USER", timezone: "Europe/Berlin" },
    });
    const creative = await api<{ id: string }>("/v1/ad-creatives", {
      method: "POST",
      token: person.token,
      body: {
        adAccountId: account.data.id,
        name: "Morning loaf",
        headline: "Bread at seven",
        destinationUrl: "https://loaf.example.com/",
      },
    });
    return { person, accountId: account.data.id, creativeId: creative.data.id };
  }

  it("builds, launches, pauses and archives campaigns, from the editor and in bulk", async () => {
    const { person, accountId, creativeId } = await advertiser("Cleo Campaigner");
    const tab = await tracked({ viewport: { width: 1280, height: 900 } });
    await signIn(tab, person);
    const { page } = tab;
    await visit(page, "/ads/campaigns");
    const empty = page.getByTestId("campaigns-empty");
    await empty.getByText("No campaigns yet").waitFor();
    await empty.getByText("Create a campaign to show your ads beside discussions.").waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);

    // The editor opens on its own address; what it cannot save is named on its field.
    await empty.getByTestId("new-campaign").click();
    await page.waitForURL(/\/ads\/campaigns\?new=1$/);
    const editor = page.getByTestId("campaign-editor");
    await editor.waitFor();
    expect(await editor.getByTestId("campaign-name-input").getAttribute("placeholder")).toBe("Spring launch");
    await editor.getByText("Per 1,000 impressions (CPM)").waitFor();
    await editor.getByText("We never spend more than this in a day (Europe/Berlin).").waitFor();
    await editor.getByText("This campaign runs once one of its creatives is approved.").waitFor();
    await editor.getByText("No forecast yet").waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await editor.getByTestId("campaign-save").click();
    await editor.getByText("Enter a name.").waitFor();
    await editor.getByTestId("campaign-name-input").fill("Autumn bread");
    await editor.getByTestId("campaign-bid").fill("0.10");
    await editor.getByTestId("campaign-total").fill("50");
    await editor.getByTestId("campaign-save").click();
    await editor.getByText("The minimum bid is €0.50.").waitFor();
    await editor.getByText("Even delivery needs a daily budget or an end date.").waitFor();
    await editor.getByTestId("campaign-bid").fill("2.50");
    await editor.getByTestId("campaign-daily").fill("10");
    await editor.getByTestId("campaign-summary").getByText("You will spend at most €50.00.").waitFor();
    await editor.getByTestId("campaign-creatives").getByText("Morning loaf").click();
    expect(await editor.getByTestId("campaign-creatives").textContent()).toContain("In review");

    // No money yet: the launch is refused and the campaign stays a saved draft.
    await editor.getByTestId("campaign-launch").click();
    await editor.getByText("Add funds to your wallet to launch this campaign.").waitFor();
    // Each running campaign reserves its day's budget (€10) from the wallet: enough for two.
    await credit(person.id, 2_000);
    await editor.getByTestId("campaign-launch").click();
    await toastSaying(page, "Campaign launched").waitFor();
    await editor.waitFor({ state: "detached" });
    const row = page.getByTestId("campaign-row").filter({ hasText: "Autumn bread" });
    expect(await row.getByTestId("campaign-delivery").textContent()).toBe("Waiting for review");
    expect(await row.textContent()).toContain("€10.00/day · €50.00 total");

    // Approved, it runs.
    await approve(creativeId);
    await page.reload();
    expect(await row.getByTestId("campaign-delivery").textContent()).toBe("Running");
    expect(await overflow(page)).toBe(0);

    // A second one, duplicated from the menu, launched from its editor's address.
    await row.getByTestId("campaign-menu").click();
    await page.getByRole("menuitem", { name: "Duplicate" }).click();
    await toastSaying(page, "Campaign duplicated").waitFor();
    const copy = page.getByTestId("campaign-row").filter({ hasText: "Autumn bread (copy)" });
    await copy.getByTestId("campaign-name").click();
    await editor.waitFor();
    await editor.getByTestId("campaign-launch").click();
    await toastSaying(page, "Campaign launched").waitFor();
    await editor.waitFor({ state: "detached" });

    // Both paused at once, then archived at once.
    await page.getByTestId("campaign-select-all").check();
    await page.getByTestId("campaign-bulk-bar").getByRole("button", { name: "Pause" }).click();
    await toastSaying(page, "2 campaigns paused").waitFor();
    await expect
      .poll(() => page.getByTestId("campaign-delivery").allTextContents())
      .toEqual(["Paused", "Paused"]);
    await page.getByTestId("campaign-select-all").check();
    await page.getByTestId("campaign-bulk-bar").getByRole("button", { name: "Archive" }).click();
    await page.getByTestId("campaign-bulk-archive-dialog").getByRole("button", { name: "Archive" }).click();
    await toastSaying(page, "2 campaigns archived").waitFor();
    await page
      .getByTestId("campaigns-filtered-empty")
      .getByText("No campaigns match these filters.")
      .waitFor();
    await page.getByRole("link", { name: "Show archived campaigns" }).click();
    await page.waitForURL(/status=ARCHIVED/);
    expect((await campaignNames(page)).sort()).toEqual(["Autumn bread", "Autumn bread (copy)"]);
    expect(await page.getByTestId("campaign-status-filter").inputValue()).toBe("ARCHIVED");

    // Search and sort are addresses too.
    await page.getByTestId("campaign-search").fill("copy");
    await page.getByTestId("campaign-search").press("Enter");
    await page.waitForURL(/q=copy/);
    expect(await campaignNames(page)).toEqual(["Autumn bread (copy)"]);
    await page.getByTestId("campaign-search").fill("nothing like this");
    await page.getByTestId("campaign-search").press("Enter");
    await page.getByText("No campaigns match these filters.").waitFor();
    await page.getByRole("link", { name: "Clear filters" }).click();
    await page.waitForURL(/\/ads\/campaigns$/);

    const left = await api<{ status: string }[]>(
      `/v1/ad-campaigns?searchAnd=adAccountId==${accountId}&sort=name,asc`,
      { token: person.token },
    );
    expect(left.data.map((c) => c.status)).toEqual(["ARCHIVED", "ARCHIVED"]);
  });

  it("lists, sorts and edits at phone width, in dark mode and by keyboard", async () => {
    const { person, accountId } = await advertiser("Pia Phone");
    for (const [name, total] of [
      ["Bagels", 30_000_000],
      ["Croissants", 90_000_000],
      ["Apple pie", 60_000_000],
    ] as const) {
      const made = await api("/v1/ad-campaigns", {
        method: "POST",
        token: person.token,
        body: {
          adAccountId: accountId,
          name,
          pricingModel: "CPC",
          bidding: { bidMicros: 500_000 },
          budget: { totalMicros: total, dailyMicros: null, pacing: "ASAP" },
          schedule: { startAt: new Date(Date.now() + 60_000).toISOString() },
        },
      });
      expect(made.status, JSON.stringify(made.data)).toBe(201);
    }
    const tab = await tracked({ viewport: { width: 1280, height: 900 } });
    await signIn(tab, person);
    const { page } = tab;
    await visit(page, "/ads/campaigns");
    await page.getByTestId("sort-budget").click();
    await page.waitForURL(/sort=budget/);
    expect(await campaignNames(page)).toEqual(["Bagels", "Apple pie", "Croissants"]);
    await page.getByTestId("sort-budget").click();
    await page.waitForURL(/sort=-budget/);
    expect(await campaignNames(page)).toEqual(["Croissants", "Apple pie", "Bagels"]);
    expect(await page.locator("th[aria-sort=descending]").textContent()).toBe("Budget");

    await page.setViewportSize({ width: 320, height: 720 });
    await darkMode(page);
    expect(await overflow(page)).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);

    // The draft is renamed by keyboard alone: its link, the name field, Enter to save.
    await page.getByTestId("campaign-name").filter({ hasText: "Bagels" }).focus();
    await page.keyboard.press("Enter");
    const editor = page.getByTestId("campaign-editor");
    await editor.waitFor();
    expect(await overflow(page)).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await editor.getByTestId("campaign-name-input").fill("Bagels on Sunday");
    await page.keyboard.press("Enter");
    await toastSaying(page, "Campaign saved").waitFor();
    await editor.waitFor({ state: "detached" });
    await page.getByTestId("campaign-name").filter({ hasText: "Bagels on Sunday" }).waitFor();

    // A draft is deleted from its menu, after saying what that means.
    await page.getByRole("button", { name: "Actions for Apple pie" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const dialog = page.getByTestId("campaign-delete-dialog");
    await dialog.getByText("Delete Apple pie?").waitFor();
    await dialog.getByText("This draft is removed. This cannot be undone.").waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await toastSaying(page, "Campaign deleted").waitFor();
    await page.getByTestId("campaign-name").filter({ hasText: "Apple pie" }).waitFor({ state: "detached" });
  });
});

describe("the creative library", () => {
  const picture = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: "#e9c46a" } })
      .png()
      .toBuffer();

  it("makes a creative with an image, shows its review, and sends an edited approved one back", async () => {
    const lea = await journey.account("Lea Library", { email: uniqueEmail("lea") });
    const account = await api<{ id: string }>("/v1/ad-accounts", {
      method: "POST",
      token: lea.token,
      body: { name: "Lea's Lamps", ownerKind: "USER", timezone: "Europe/Berlin" },
    });
    const tab = await tracked({ viewport: { width: 1280, height: 900 } });
    await signIn(tab, lea);
    const { page } = tab;
    await visit(page, "/ads/creative-lib");
    const empty = page.getByTestId("creatives-empty");
    await empty.getByText("No creatives yet").waitFor();
    await empty
      .getByText("Create the headline, text and image of your ad. We review each creative before it runs.")
      .waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);

    await page.getByTestId("new-creative").click();
    const editor = page.getByTestId("creative-editor");
    await editor.waitFor();
    await editor
      .getByText("Every creative is reviewed before it runs. Most are reviewed within one business day.")
      .waitFor();
    await editor.getByText("JPEG, PNG or WebP, at least 400 px on the short side, up to 5 MB").waitFor();
    expect(await editor.getByTestId("creative-link").getAttribute("placeholder")).toBe(
      "https://example.com/offer",
    );
    await editor.getByTestId("creative-submit").click();
    await editor.getByText("Enter a headline.").waitFor();

    await editor.getByTestId("creative-name").fill("Desk lamp, warm");
    await editor.getByTestId("creative-headline").fill("A lamp for late readers");
    await editor.getByText("23/60").waitFor();
    await editor.getByTestId("creative-body").fill("Warm light, no glare.");
    await editor.getByText("21/150").waitFor();
    await editor.getByTestId("creative-link").fill("https://lamps.example.com/desk");
    // Too small an image is refused by the server, which looked at its pixels.
    await editor
      .getByTestId("creative-image-file")
      .setInputFiles({ name: "small.png", mimeType: "image/png", buffer: await picture(300, 200) });
    await editor.getByText("The image must be at least 400 px on its short side.").waitFor();
    await editor
      .getByTestId("creative-image-file")
      .setInputFiles({ name: "lamp.png", mimeType: "image/png", buffer: await picture(800, 420) });
    await editor.getByTestId("creative-preview").locator("img").waitFor();
    expect(await editor.getByTestId("creative-preview").textContent()).toContain("lamps.example.com");
    await editor.getByTestId("creative-preview-mode").click();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await editor.getByTestId("creative-submit").click();
    await toastSaying(page, "Creative submitted for review").waitFor();
    await editor.waitFor({ state: "detached" });
    const card = page.getByTestId("creative-card").filter({ hasText: "Desk lamp, warm" });
    expect(await card.getByTestId("creative-status").textContent()).toBe("In review");
    expect(await card.textContent()).toContain("Used in 0 campaigns");
    expect(await card.getByTestId("creative-preview").locator("img").count()).toBe(1);

    // Rejected by staff: the reason and note, and a way to fix it.
    const [mine] = (
      await api<{ id: string }[]>(`/v1/ad-creatives?searchAnd=adAccountId==${account.data.id}`, {
        token: lea.token,
      })
    ).data;
    const staffToken = (await staff()).token;
    const rejected = await api(`/v1/admin/ad-creatives/${mine?.id}/review`, {
      method: "POST",
      token: staffToken,
      body: { decision: "REJECT", reason: "QUALITY", note: "The image is a plain yellow box." },
    });
    expect(rejected.status).toBe(200);
    await visit(page, "/ads/creative-lib?show=rejected");
    await card
      .getByTestId("creative-rejected")
      .getByText("Rejected: Image or text quality. The image is a plain yellow box.")
      .waitFor();
    await card.getByRole("button", { name: "Edit and resubmit" }).click();
    await editor.getByTestId("creative-remove-image").click();
    await editor.getByTestId("creative-submit").click();
    await toastSaying(page, "Creative submitted for review").waitFor();
    await page.getByTestId("creatives-filtered-empty").waitFor();
    await visit(page, "/ads/creative-lib?show=review");
    expect(await card.getByTestId("creative-preview").locator("img").count()).toBe(0);

    // Approved, an edit of what readers see sends it back, with a notice before the save.
    const approved = await api(`/v1/admin/ad-creatives/${mine?.id}/review`, {
      method: "POST",
      token: staffToken,
      body: { decision: "APPROVE" },
    });
    expect(approved.status).toBe(200);
    await visit(page, "/ads/creative-lib");
    await card.getByTestId("creative-menu").click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    expect(await editor.getByTestId("creative-rereview").count()).toBe(0);
    await editor.getByTestId("creative-headline").fill("A lamp for night owls");
    await editor
      .getByText(
        "Saving changes sends this creative back to review. It will not run until it is approved again.",
      )
      .waitFor();
    await editor.getByTestId("creative-submit").click();
    await toastSaying(page, "Creative submitted for review").waitFor();
    await card.getByTestId("creative-status").filter({ hasText: "In review" }).waitFor();

    // Archived from its menu, it moves to the Archived tab.
    await card.getByTestId("creative-menu").click();
    await page.getByRole("menuitem", { name: "Archive" }).click();
    await toastSaying(page, "Creative archived").waitFor();
    await card.waitFor({ state: "detached" });
    await page.getByTestId("creatives-show-archived").click();
    expect(await card.getByTestId("creative-status").textContent()).toBe("Archived");

    await page.setViewportSize({ width: 320, height: 720 });
    await darkMode(page);
    expect(await overflow(page)).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});

describe("filter lists", () => {
  it("types and pastes rules, names each bad line, checks an address and refuses to delete a list in use", async () => {
    const fin = await journey.account("Fin Filters", { email: uniqueEmail("fin") });
    const account = await api<{ id: string }>("/v1/ad-accounts", {
      method: "POST",
      token: fin.token,
      body: { name: "Fin's Fish", ownerKind: "USER", timezone: "UTC" },
    });
    const tab = await tracked({ viewport: { width: 1280, height: 900 } });
    await signIn(tab, fin);
    const { page } = tab;
    await visit(page, "/ads/filters");
    const empty = page.getByTestId("filters-empty");
    await empty.getByText("No filter lists yet").waitFor();
    await empty.getByText("Keep your ads off sites, addresses or keywords you choose.").waitFor();

    await page.getByTestId("new-filter").first().click();
    const editor = page.getByTestId("filter-editor");
    await editor.waitFor();
    await editor.getByText("Don't show ads on matching pages").waitFor();
    expect(await editor.getByTestId("filter-mode-EXCLUDE").isChecked()).toBe(true);
    await editor.getByTestId("filter-name").fill("No gossip");
    await editor.getByTestId("filter-add-rule").click();
    await editor.getByTestId("filter-rule-value").fill("gossip.example.com");

    // A paste with bad lines is refused whole, each line named.
    await editor.getByTestId("filter-paste-open").click();
    const paste = page.getByTestId("filter-paste");
    await paste
      .getByTestId("filter-paste-lines")
      .fill("tabloid.example.com\nnot a site\n\nrumours.example.com\nalso bad");
    await paste.getByTestId("filter-paste-add").click();
    const problems = paste.getByTestId("filter-paste-errors");
    await problems.getByText("Line 2: not a site is not a valid domain").waitFor();
    await problems.getByText("Line 5: also bad is not a valid domain").waitFor();
    await paste.getByTestId("filter-paste-lines").fill("tabloid.example.com\nrumours.example.com");
    await paste.getByTestId("filter-paste-add").click();
    await paste.waitFor({ state: "detached" });
    expect(await editor.getByTestId("filter-rule-value").count()).toBe(3);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await editor.getByTestId("filter-save").click();
    await toastSaying(page, "Filter list saved").waitFor();
    const row = page.getByTestId("filter-row").filter({ hasText: "No gossip" });
    expect(await row.textContent()).toContain("Exclude");
    expect(await row.textContent()).toContain("3 rules");
    expect(await row.textContent()).toContain("0 campaigns");

    // Saved, it answers "Check an address".
    await row.getByRole("link", { name: "No gossip" }).click();
    await editor.waitFor();
    await editor.getByTestId("filter-check-url").fill("https://www.tabloid.example.com/today");
    await editor.getByTestId("filter-check").click();
    await editor.getByText(/^Matches this list\./).waitFor();
    await editor.getByTestId("filter-check-url").fill("https://news.example.org/");
    await editor.getByTestId("filter-check").click();
    await editor.getByText("Does not match this list.").waitFor();

    // Used by a campaign, it is not deleted.
    const [filter] = (
      await api<{ id: string }[]>(`/v1/ad-filters?searchAnd=adAccountId==${account.data.id}`, {
        token: fin.token,
      })
    ).data;
    const campaign = await api("/v1/ad-campaigns", {
      method: "POST",
      token: fin.token,
      body: {
        adAccountId: account.data.id,
        name: "Fish on Fridays",
        pricingModel: "CPM",
        bidding: { bidMicros: 2_000_000 },
        budget: { totalMicros: 20_000_000, dailyMicros: null, pacing: "ASAP" },
        schedule: { startAt: new Date(Date.now() + 60_000).toISOString() },
        filterIds: [filter?.id],
      },
    });
    expect(campaign.status, JSON.stringify(campaign.data)).toBe(201);
    await editor.getByTestId("filter-delete").click();
    await page.getByTestId("filter-delete-dialog").getByRole("button", { name: "Delete" }).click();
    await toastSaying(page, "This list is used by 1 campaign. Remove it from them first.").waitFor();

    await page.getByTestId("filter-delete-dialog").waitFor({ state: "detached" });
    await page.keyboard.press("Escape");
    await editor.waitFor({ state: "detached" });
    await page.setViewportSize({ width: 320, height: 720 });
    await darkMode(page);
    expect(await overflow(page)).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});

describe("geo fences and audiences", () => {
  it("adds countries, circles and areas, each checked before it is added", async () => {
    const gus = await journey.account("Gus Geo", { email: uniqueEmail("gus") });
    await api("/v1/ad-accounts", {
      method: "POST",
      token: gus.token,
      body: { name: "Gus's Gardens", ownerKind: "USER", timezone: "Europe/Berlin" },
    });
    const tab = await tracked({ viewport: { width: 1280, height: 900 } });
    await signIn(tab, gus);
    const { page } = tab;
    await visit(page, "/ads/geo-fence");
    await page.getByTestId("geo-fences-empty").getByText("No geo fences yet").waitFor();
    // This server has no GeoIP database: it says campaigns with fences will not run.
    await page
      .getByTestId("geo-not-configured")
      .getByText("Reader locations are not set up on this server, so campaigns with geo fences will not run.")
      .waitFor();
    await page
      .getByText(
        "Places are estimated from the reader's internet address and can be off by several kilometres.",
      )
      .first()
      .waitFor();

    await page.getByTestId("new-geo-fence").first().click();
    const editor = page.getByTestId("geo-fence-editor");
    await editor.waitFor();
    await editor.getByTestId("geo-fence-name").fill("Berlin and around");
    await editor.getByTestId("geo-fence-save").click();
    await editor.getByText("Add at least one place.").waitFor();

    await editor.getByTestId("geo-country").selectOption("DE");
    await editor.getByTestId("geo-add-country").click();
    await editor.getByTestId("geo-circle-lat").fill("52.52");
    await editor.getByTestId("geo-circle-lng").fill("13.405");
    await editor.getByTestId("geo-circle-radiusKm").fill("900");
    await editor.getByTestId("geo-add-circle").click();
    await editor.getByText("The radius must be between 1 and 500 km.").waitFor();
    await editor.getByTestId("geo-circle-radiusKm").fill("25");
    await editor.getByTestId("geo-add-circle").click();
    await editor.getByTestId("geo-area-points").fill("52.6, 13.2\n52.4, 13.6\n52.6, 13.6\n52.4, 13.2");
    await editor.getByTestId("geo-add-area").click();
    await editor.getByText("The area's edges must not cross.").waitFor();
    await editor.getByTestId("geo-area-points").fill("52.6, 13.2\n52.6, 13.6\n52.4, 13.6\n52.4, 13.2");
    await editor.getByTestId("geo-add-area").click();

    // An area drawn on the map: each click is a point of it.
    const map = editor.locator("[data-testid=geo-map][data-ready=true]");
    await map.waitFor();
    await editor.getByText("Test tiles").waitFor();
    for (const [x, y] of [
      [60, 60],
      [220, 70],
      [140, 200],
    ] as const) {
      await map.click({ position: { x, y } });
    }
    expect((await editor.getByTestId("geo-area-points").inputValue()).split("\n")).toHaveLength(3);
    await editor.getByTestId("geo-add-area").click();
    expect(await editor.getByTestId("geo-place").allTextContents()).toEqual([
      "Germany",
      "25 km around 52.52, 13.405",
      "An area of 4 points",
      "An area of 3 points",
    ]);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await editor.getByTestId("geo-fence-save").click();
    await toastSaying(page, "Geo fence saved").waitFor();
    const row = page.getByTestId("geo-fence-row").filter({ hasText: "Berlin and around" });
    expect(await row.textContent()).toContain("Germany, 25 km around 52.52, 13.405 and 2 more");
    expect(await row.textContent()).toContain("0 campaigns");

    // Reopened, a place is removed and the fence saved again.
    await row.getByRole("link", { name: "Berlin and around" }).click();
    await editor.getByRole("button", { name: "Remove Germany" }).click();
    await editor.getByTestId("geo-fence-save").click();
    await editor.waitFor({ state: "detached" });
    await page
      .getByTestId("geo-fence-row")
      .filter({ hasText: "25 km around 52.52, 13.405, An area of 4 points and 1 more" })
      .waitFor();

    await page.setViewportSize({ width: 320, height: 720 });
    await darkMode(page);
    expect(await overflow(page)).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });

  it("builds an audience that says it is too small to serve until 100 people are in it", async () => {
    const rae = await journey.account("Rae Retarget", { email: uniqueEmail("rae") });
    await api("/v1/ad-accounts", {
      method: "POST",
      token: rae.token,
      body: { name: "Rae's Recipes", ownerKind: "USER", timezone: "UTC" },
    });
    const tab = await tracked({ viewport: { width: 1280, height: 900 } });
    await signIn(tab, rae);
    const { page } = tab;
    await visit(page, "/ads/retargeting");
    const empty = page.getByTestId("audiences-empty");
    await empty.getByText("No audiences yet").waitFor();
    await empty.getByText("Build audiences from the Flipside pages people read.").waitFor();

    await page.getByTestId("new-audience").first().click();
    const editor = page.getByTestId("audience-editor");
    await editor.waitFor();
    await editor
      .getByText(
        "Only signed-in readers who allow personalised ads are added. An audience serves once it has at least 100 people.",
      )
      .waitFor();
    await editor.getByTestId("audience-name").fill("Bread lovers");
    await editor.getByTestId("audience-rule-value").fill("bakery.example.com");
    await editor.getByTestId("audience-days").fill("0");
    await editor.getByTestId("audience-save").click();
    await editor.getByText("Choose between 1 and 180 days.").waitFor();
    await editor.getByTestId("audience-days").fill("45");
    await editor.getByTestId("audience-add-rule").click();
    await editor.getByTestId("audience-rule-value").nth(1).fill("not an address");
    await editor.getByLabel("Rule 2: kind").selectOption("URL_PREFIX");
    await editor.getByTestId("audience-save").click();
    await editor.getByTestId("audience-rules").getByRole("paragraph").first().waitFor();
    await editor.getByTestId("audience-rule-value").nth(1).fill("https://recipes.example.com/bread/");
    expect(await seriousAxeFindings(page)).toEqual([]);
    await editor.getByTestId("audience-save").click();
    await toastSaying(page, "Audience saved").waitFor();
    const row = page.getByTestId("audience-row").filter({ hasText: "Bread lovers" });
    const text = await row.textContent();
    expect(text).toContain("Viewed bakery.example.com and 1 more");
    expect(text).toContain("45 days");
    expect(text).toContain("Fewer than 100");
    expect(await row.getByTestId("audience-status").textContent()).toBe("Too small to serve");

    await page.setViewportSize({ width: 320, height: 720 });
    await darkMode(page);
    expect(await overflow(page)).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});

describe("an advertiser's first campaign, end to end (issue 20)", () => {
  it("sets up, makes a creative and its targeting, launches, and sees it reviewed, run, paused and archived", async () => {
    const jo = await journey.account("Jo Journey", { email: uniqueEmail("jo") });
    const tab = await tracked({ viewport: { width: 1280, height: 900 } });
    await signIn(tab, jo);
    const { page } = tab;

    // The account, by keyboard.
    await visit(page, "/ads");
    await page.getByTestId("ads-setup-name").fill("Jo's Jams");
    await page.getByTestId("ads-setup-name").press("Enter");
    await toastSaying(page, "Advertiser account created").waitFor();

    // A creative with a picture; it waits for review.
    await page.getByTestId("nav-ads-creative-lib").click();
    await page.getByTestId("new-creative").click();
    const creativeEditor = page.getByTestId("creative-editor");
    await creativeEditor.getByTestId("creative-name").fill("Strawberry jam");
    await creativeEditor.getByTestId("creative-headline").fill("Jam from this summer's berries");
    await creativeEditor.getByTestId("creative-link").fill("https://jams.example.com/strawberry");
    await creativeEditor.getByTestId("creative-image-file").setInputFiles({
      name: "jam.png",
      mimeType: "image/png",
      buffer: await sharp({ create: { width: 800, height: 420, channels: 3, background: "#d62828" } })
        .png()
        .toBuffer(),
    });
    await creativeEditor.getByTestId("creative-preview").locator("img").waitFor();
    await creativeEditor.getByTestId("creative-submit").click();
    await toastSaying(page, "Creative submitted for review").waitFor();
    const card = page.getByTestId("creative-card").filter({ hasText: "Strawberry jam" });
    expect(await card.getByTestId("creative-status").textContent()).toBe("In review");

    // A filter list, a geo fence and an audience.
    await page.getByTestId("nav-ads-filters").click();
    await page.getByTestId("new-filter").first().click();
    await page.getByTestId("filter-name").fill("No tabloids");
    await page.getByTestId("filter-add-rule").click();
    await page.getByTestId("filter-rule-value").fill("tabloid.example.com");
    await page.getByTestId("filter-save").click();
    await toastSaying(page, "Filter list saved").waitFor();
    await page.getByTestId("nav-ads-geo-fence").click();
    await page.getByTestId("new-geo-fence").first().click();
    await page.getByTestId("geo-fence-name").fill("France");
    await page.getByTestId("geo-country").selectOption("FR");
    await page.getByTestId("geo-add-country").click();
    await page.getByTestId("geo-fence-save").click();
    await toastSaying(page, "Geo fence saved").waitFor();
    await page.getByTestId("nav-ads-retargeting").click();
    await page.getByTestId("new-audience").first().click();
    await page.getByTestId("audience-name").fill("Already bought");
    await page.getByTestId("audience-rule-value").fill("https://jams.example.com/thanks");
    await page.getByLabel("Rule 1: kind").selectOption("URL_EXACT");
    await page.getByTestId("audience-save").click();
    await toastSaying(page, "Audience saved").waitFor();

    // The campaign, with all three, launched once there is money.
    await credit(jo.id, 50);
    await page.getByTestId("nav-ads-campaigns").click();
    await page.getByTestId("new-campaign").first().click();
    const editor = page.getByTestId("campaign-editor");
    await editor.getByTestId("campaign-name-input").fill("Summer jam");
    await editor.getByTestId("campaign-pricing-CPC").check();
    await editor.getByTestId("campaign-bid").fill("0.40");
    await editor.getByTestId("campaign-total").fill("40");
    await editor.getByTestId("campaign-daily").fill("5");
    await editor.getByTestId("campaign-creatives").getByText("Strawberry jam").click();
    await editor.getByTestId("campaign-filters-pick").getByText("No tabloids").click();
    await editor.getByTestId("campaign-fences-include").getByText("France").click();
    await editor.getByTestId("campaign-audiences-exclude").getByText("Already bought").click();
    await editor.getByTestId("campaign-launch").click();
    await toastSaying(page, "Campaign launched").waitFor();
    const row = page.getByTestId("campaign-row").filter({ hasText: "Summer jam" });
    await row.getByTestId("campaign-delivery").filter({ hasText: "Waiting for review" }).waitFor();

    // Approved by staff. This server places no readers (no GeoIP database), so a campaign with
    // a geo fence says so; without the fence it runs.
    const [creative] = (
      await api<{ id: string }[]>(
        `/v1/ad-creatives?searchAnd=adAccountId==${(await api<{ id: string }[]>("/v1/ad-accounts", { token: jo.token })).data[0]?.id}`,
        { token: jo.token },
      )
    ).data;
    await approve(creative?.id ?? "");
    await page.reload();
    await row.getByTestId("campaign-delivery").filter({ hasText: "Locations not set up" }).waitFor();
    await row.getByTestId("campaign-name").click();
    await editor.getByTestId("campaign-fences-include").getByText("France").click();
    await editor.getByTestId("campaign-save").click();
    await toastSaying(page, "Campaign saved").waitFor();
    await row.getByTestId("campaign-delivery").filter({ hasText: "Running" }).waitFor();

    // Paused with its switch, then archived with the bulk action.
    await row.getByTestId("campaign-status-switch").click();
    await toastSaying(page, "Campaign paused").waitFor();
    await row.getByTestId("campaign-delivery").filter({ hasText: "Paused" }).waitFor();
    await row.getByTestId("campaign-select").check();
    await page.getByTestId("campaign-bulk-bar").getByRole("button", { name: "Archive" }).click();
    await page.getByTestId("campaign-bulk-archive-dialog").getByRole("button", { name: "Archive" }).click();
    await toastSaying(page, "1 campaign archived").waitFor();
    await page.getByTestId("campaigns-filtered-empty").waitFor();
    await visit(page, "/ads/campaigns?status=ARCHIVED");
    expect(await campaignNames(page)).toEqual(["Summer jam"]);

    // Every screen at 320 px in dark mode: nothing wider than the screen, nothing axe finds serious.
    await page.setViewportSize({ width: 320, height: 720 });
    await darkMode(page);
    for (const path of [
      "/ads",
      "/ads/campaigns?status=ARCHIVED",
      "/ads/creative-lib",
      "/ads/filters",
      "/ads/geo-fence",
      "/ads/retargeting",
    ]) {
      await visit(page, path);
      expect(await overflow(page), path).toBe(0);
      expect(await seriousAxeFindings(page), path).toEqual([]);
    }
  });
});

/**
 * `owner`'s advertiser account (Tom's Bakery), €100 in the wallet, an approved creative
 * ("Sourdough, still warm") and a running CPM campaign "Warm bread" (€50, ASAP) on `domain` alone.
 */
async function runningCampaign(
  owner: { id: string; token: string },
  opts: { domain: string; bidMicros: number },
) {
  const opened = await api<{ id: string }>("/v1/ad-accounts", {
    method: "POST",
    token: owner.token,
    body: { name: "Tom's Bakery", ownerKind: "USER", timezone: "UTC" },
  });
  const adAccountId = opened.data.id;
  await credit(owner.id, 10_000);
  const creative = await api<{ id: string }>("/v1/ad-creatives", {
    method: "POST",
    token: owner.token,
    body: {
      adAccountId,
      name: "Loaf",
      headline: "Sourdough, still warm",
      body: "Baked at dawn.",
      destinationUrl: `https://${opts.domain}/offer`,
    },
  });
  await approve(creative.data.id);
  const filter = await api<{ id: string }>("/v1/ad-filters", {
    method: "POST",
    token: owner.token,
    body: { adAccountId, name: "My site", mode: "INCLUDE", rules: [{ type: "DOMAIN", value: opts.domain }] },
  });
  const campaign = await api<{ id: string }>("/v1/ad-campaigns", {
    method: "POST",
    token: owner.token,
    body: {
      adAccountId,
      name: "Warm bread",
      pricingModel: "CPM",
      bidding: { strategy: "MANUAL", bidMicros: opts.bidMicros },
      budget: { totalMicros: 50_000_000, dailyMicros: null, pacing: "ASAP" },
      schedule: { startAt: new Date().toISOString(), endAt: null, weekly: null },
      frequencyCap: null,
      creativeIds: [creative.data.id],
      filterIds: [filter.data.id],
    },
  });
  expect(campaign.status, JSON.stringify(campaign.data)).toBe(201);
  const launched = await api(`/v1/ad-campaigns/${campaign.data.id}/status`, {
    method: "POST",
    token: owner.token,
    body: { status: "ACTIVE" },
  });
  expect(launched.status).toBe(200);
  return { id: campaign.data.id, adAccountId };
}

describe("the ad on a discussion page", () => {
  it("comes after the page without moving it, counts a view after a second in view, a click once, and stays hidden once hidden", async () => {
    const tom = await journey.account("Tom Baker", { email: uniqueEmail("tom") });
    const domain = `bakery-${Date.now().toString(36)}.example.com`;
    const destination = `https://${domain}/offer`;
    const campaign = await runningCampaign(tom, { domain, bidMicros: 2_000_000 });
    const stats = async () =>
      (
        await api<{ stats: { impressions: number; clicks: number } }>(`/v1/ad-campaigns/${campaign.id}`, {
          token: tom.token,
        })
      ).data.stats;

    // A page with a discussion long enough that, on a phone, the ad (after it) starts out of view.
    const address = `${domain}/bread`;
    const pageId = await journey.flip(address);
    const reader = await journey.account("Rita Reader", { email: uniqueEmail("rita") });
    for (let i = 1; i <= 8; i++)
      await journey.comment(reader, pageId, `Comment ${i}: the crust is the best part.`);

    // Headless Chromium says so in its user agent, and bots are shown no ads: this reader's
    // browser says what a person's does.
    const tab = await tracked({
      viewport: { width: 390, height: 700 },
      userAgent:
        "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
    });
    const { page, context } = tab;
    await context.addInitScript(() => {
      const w = window as unknown as { shift: number };
      w.shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) w.shift += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    const beacons: number[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/impression")) beacons.push(Date.now());
    });
    const path = `/?${new URLSearchParams({ url: address })}`;
    await visit(page, path);
    const slot = page.getByTestId("ad-slot");
    await slot.waitFor({ state: "attached" });
    // Not in the HTML every reader shares: the server's page has no ad.
    const html = await page.evaluate(async (p) => (await fetch(p, { credentials: "omit" })).text(), path);
    expect(html).not.toContain("Sourdough, still warm");
    expect(await slot.getByTestId("ad-label").textContent()).toBe("Ad");
    const link = slot.getByTestId("ad-link");
    expect(await link.getAttribute("rel")).toBe("sponsored noopener");
    expect(await link.getAttribute("target")).toBe("_blank");
    // Below the discussion, out of view: no beacon, however long it waits there.
    const box = await slot.boundingBox();
    expect(box?.y ?? 0).toBeGreaterThan(700);
    await page.waitForTimeout(1500);
    expect(beacons).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBeLessThan(0.01);

    // In view for a second: one beacon, and only one.
    await slot.scrollIntoViewIfNeeded();
    const inView = Date.now();
    await expect.poll(() => beacons.length, { timeout: 5000 }).toBe(1);
    expect((beacons[0] ?? 0) - inView).toBeGreaterThanOrEqual(950);
    await page.mouse.wheel(0, -2000);
    await page.waitForTimeout(300);
    await slot.scrollIntoViewIfNeeded();
    await page.waitForTimeout(1500);
    expect(beacons).toHaveLength(1);
    await expect.poll(async () => (await stats()).impressions).toBe(1);

    // "Why this ad?" names the advertiser and what chose the reader.
    await slot.getByTestId("ad-menu").click();
    await page.getByRole("menuitem", { name: "Why this ad?" }).click();
    const why = slot.getByTestId("ad-why");
    await why.getByText("Ad by Tom's Bakery").waitFor();
    expect(await why.textContent()).toContain("This page matches the advertiser's choice of pages");

    // The click goes to the advertiser's page in a new tab, and counts once however often.
    await context.route(`https://${domain}/**`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Tom's Bakery</title>" }),
    );
    for (let i = 0; i < 2; i++) {
      const [popup] = await Promise.all([context.waitForEvent("page"), link.click()]);
      // The advertiser's page, with the click id to report a conversion with.
      await popup.waitForURL(
        (url) => `${url.origin}${url.pathname}` === destination && url.searchParams.has("fs_click"),
      );
      await popup.close();
    }
    await expect.poll(async () => (await stats()).clicks).toBe(1);

    // Hidden: gone at once, and not back on the next visit.
    await slot.getByTestId("ad-menu").click();
    await page.getByRole("menuitem", { name: "Hide this ad" }).click();
    await toastSaying(page, "Ad hidden.").waitFor();
    await slot.waitFor({ state: "detached" });
    const lookedUp = page.waitForResponse((r) => r.url().includes("/api/v1/advertisings?"));
    await visit(page, path);
    await lookedUp;
    await page.waitForTimeout(300);
    expect(await page.getByTestId("ad-slot").count()).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});

describe("ads billing", () => {
  it("shows the money, the spend by month with its CSV and the month's statement, on a phone and in the dark", async () => {
    const bea = await journey.account("Bea Baker", { email: uniqueEmail("bea") });
    const domain = `rolls-${Date.now().toString(36)}.example.com`;
    // €100 for a thousand views (the most a bid may be): ten cents a view, twenty views.
    const campaign = await runningCampaign(bea, { domain, bidMicros: 100_000_000 });
    const browser = {
      "user-agent":
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
    };
    for (let i = 0; i < 20; i++) {
      const ads = await api<{ impressionUrl: string }[]>(
        `/v1/advertisings?searchAnd=${encodeURIComponent(`url==https://${domain}/rolls`)}`,
        { headers: browser },
      );
      const [ad] = ads.data;
      expect(ad, "an ad").toBeDefined();
      const seen = await api(new URL(ad?.impressionUrl ?? "").pathname.replace(/^\/api/, ""), {
        method: "POST",
        headers: browser,
      });
      expect(seen.status).toBe(204);
    }
    // Paused: the views' €2 are charged and the rest of the reserve goes back.
    await api(`/v1/ad-campaigns/${campaign.id}/status`, {
      method: "POST",
      token: bea.token,
      body: { status: "PAUSED" },
    });

    const tab = await tracked({ viewport: { width: 1280, height: 900 } });
    await signIn(tab, bea);
    const { page } = tab;
    await visit(page, "/ads/billing");
    await page.getByRole("heading", { level: 1, name: "Billing" }).waitFor();
    expect(await page.getByTestId("billing-wallet").textContent()).toContain("Wallet balance€98.00");
    expect(await page.getByTestId("billing-reserved").textContent()).toContain(
      "Reserved for running campaigns€0.00",
    );
    expect(await page.getByTestId("billing-this-month").textContent()).toContain("Spent this month€2.00");
    // €98 at €2 a week (€0.29 a day): 343 days.
    const runsOut = new Date(Date.now() + 343 * 86_400_000).toLocaleDateString("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(await page.getByTestId("billing-runway").textContent()).toBe(
      `RunwayRuns out around ${runsOut}At €0.29 a day, the last 7 days' average`,
    );
    expect(await page.getByTestId("billing-add-funds").getAttribute("href")).toBe("/profile/wallet");
    // Newest first: reserved, spent (in one line, or more when the minute's settlement ran
    // between the views and the pause), the rest released.
    const rows = await page.getByTestId("billing-spend-row").allTextContents();
    expect(rows[0]).toMatch(/Warm breadReleased€48\.00$/);
    expect(rows.at(-1)).toMatch(/Warm breadReserved€50\.00$/);
    const spent = rows.slice(1, -1).map((row) => row.match(/Warm breadAd spend€(\d+\.\d\d)$/)?.[1]);
    expect(spent.length).toBeGreaterThan(0);
    expect(spent.reduce((sum, amount) => sum + Math.round(Number(amount) * 100), 0)).toBe(200);
    const statement = page.getByTestId("billing-statement-row");
    const month = new Date().toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
    expect(await statement.textContent()).toContain(`${month} (so far)Not final€2.00Download PDF`);
    const pdf = await page.evaluate(
      async (href) => {
        const res = await fetch(href);
        return { type: res.headers.get("content-type"), start: (await res.text()).slice(0, 5) };
      },
      (await statement.getByTestId("billing-statement-pdf").getAttribute("href")) ?? "",
    );
    expect(pdf).toEqual({ type: "application/pdf", start: "%PDF-" });
    await page
      .getByText("Ads are paid from your Flipside wallet. Invalid clicks and impressions are never charged.")
      .waitFor();

    // The CSV is what the table shows.
    const csv = await page.evaluate(
      async (href) => (await fetch(href)).text(),
      (await page.getByTestId("billing-csv").getAttribute("href")) ?? "",
    );
    expect(csv.split("\r\n")[0]).toBe('"Date","Campaign","Type","Amount","Currency","Transaction"');
    expect(csv.trimEnd().split("\r\n")).toHaveLength(rows.length + 1);
    expect(await seriousAxeFindings(page)).toEqual([]);

    // Another month: nothing spent then, said so; the keyboard reaches the choice.
    const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 15));
    const label = lastMonth.toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
    await page.getByLabel("Month", { exact: true }).focus();
    await page.getByLabel("Month", { exact: true }).selectOption({ label });
    await page.getByTestId("billing-spend-empty").getByText(`No spend in ${label}`).waitFor();
    expect(new URL(page.url()).searchParams.get("month")).toBe(lastMonth.toISOString().slice(0, 7));
    expect(await page.getByTestId("billing-csv").getAttribute("href")).toContain("date%3E%3D");

    // A phone, in the dark: the table is cards, nothing wider than the screen.
    await page.setViewportSize({ width: 320, height: 700 });
    await visit(page, "/ads/billing");
    await page.getByTestId("billing-spend-row").first().waitFor();
    expect(await overflow(page)).toBe(0);
    await darkMode(page);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });

  it("says there is no spend yet for a new advertiser", async () => {
    const ned = await journey.account("Ned New", { email: uniqueEmail("ned") });
    await api("/v1/ad-accounts", {
      method: "POST",
      token: ned.token,
      body: { name: "Ned's Nuts", ownerKind: "USER", timezone: "UTC" },
    });
    const tab = await tracked({ viewport: { width: 1280, height: 900 } });
    await signIn(tab, ned);
    const { page } = tab;
    await visit(page, "/ads/billing");
    const empty = page.getByTestId("billing-spend-empty");
    await empty.getByText("No spend yet").waitFor();
    await empty.getByText("Spend appears here once your ads run.").waitFor();
    expect(await page.getByTestId("billing-runway").textContent()).toContain(
      "No spend in the last 7 days to project from.",
    );
    await page.getByTestId("billing-statements-empty").waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});

describe("ads analytics", () => {
  /** `n` readers (browsers of their own) see the ad on `domain`; the first clicks it. */
  async function viewed(domain: string, n: number) {
    for (let i = 0; i < n; i++) {
      const browser = {
        "user-agent": `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 reader${i}`,
      };
      const ads = await api<{ impressionUrl: string; clickUrl: string }[]>(
        `/v1/advertisings?searchAnd=${encodeURIComponent(`url==https://${domain}/buns`)}`,
        { headers: browser },
      );
      const [ad] = ads.data;
      expect(ad, "an ad").toBeDefined();
      const path = (url: string) => new URL(url).pathname.replace(/^\/api/, "");
      await api(path(ad?.impressionUrl ?? ""), { method: "POST", headers: browser });
      // The click goes to the advertiser's site, which is not there: its redirect is enough.
      if (i === 0) {
        const clicked = await fetch(`${journey.server.url}/api${path(ad?.clickUrl ?? "")}`, {
          headers: browser,
          redirect: "manual",
        });
        expect(clicked.status).toBe(302);
      }
    }
  }

  it("shows the week's figures, a chart by day, the table with its total and its CSV, by campaign, on a phone and in the dark", async () => {
    const ann = await journey.account("Ann Analyst", { email: uniqueEmail("ann") });
    const domain = `buns-${Date.now().toString(36)}.example.com`;
    // €10 for a thousand views: a cent a view.
    const campaign = await runningCampaign(ann, { domain, bidMicros: 10_000_000 });
    await viewed(domain, 5);

    const tab = await tracked({ viewport: { width: 1280, height: 900 } });
    await signIn(tab, ann);
    const { page } = tab;
    await visit(page, "/ads/analytics");
    await page.getByRole("heading", { level: 1, name: "Analytics" }).waitFor();
    expect(await page.getByTestId("report-figure-impressions").textContent()).toMatch(/^Impressions5/);
    expect(await page.getByTestId("report-figure-clicks").textContent()).toMatch(/^Clicks1/);
    expect(await page.getByTestId("report-figure-ctr").textContent()).toMatch(/^CTR20\.00%/);
    expect(await page.getByTestId("report-figure-spendMicros").textContent()).toMatch(/^Spend€0\.05/);
    // The chart is drawn in the browser, with the two default metrics and the previous period.
    await page.getByTestId("report-chart").locator("canvas").waitFor();
    expect(await page.getByTestId("report-chart").getAttribute("aria-label")).toMatch(
      /^Impressions and Clicks per day from/,
    );
    const spendChip = page.getByTestId("report-chips").getByRole("button", { name: "Spend" });
    expect(await spendChip.getAttribute("aria-pressed")).toBe("false");
    await spendChip.click();
    expect(await spendChip.getAttribute("aria-pressed")).toBe("true");
    expect(await page.getByTestId("report-chart").getAttribute("aria-label")).toMatch(
      /^Clicks and Spend per day/,
    );

    // Seven days, today's with the views; the total; the footer.
    const rows = page.getByTestId("report-row");
    expect(await rows.count()).toBe(7);
    expect(await rows.last().textContent()).toContain("Impressions5");
    expect(await page.getByTestId("report-total").textContent()).toMatch(
      /^TotalImpressions5People reached5Clicks1CTR20\.00%Spend€0\.05/,
    );
    await page.getByText(/^Times in UTC\. Updated .+\. Invalid traffic is never charged\.$/).waitFor();

    // The CSV is the table.
    const csv = await page.evaluate(
      async (href) => (await fetch(href)).text(),
      (await page.getByTestId("report-csv").getAttribute("href")) ?? "",
    );
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      '"Day","Impressions","People reached","Clicks","CTR","Spend (EUR)","Avg. CPM (EUR)","Avg. CPC (EUR)","Conversions","Cost per conversion (EUR)","Invalid impressions","Invalid clicks"',
    );
    expect(lines).toHaveLength(9);
    expect(lines.at(-1)).toBe('"Total","5","5","1","20.00%","0.05","10.00","0.05","0","","0","0"');
    expect(await seriousAxeFindings(page)).toEqual([]);

    // By campaign, chosen with the keyboard; the campaign links to its editor.
    await page.getByLabel("Break down by").focus();
    await page.getByLabel("Break down by").selectOption("campaign");
    await page.getByRole("columnheader", { name: "Campaign" }).waitFor();
    const byCampaign = page.getByTestId("report-row");
    expect(await byCampaign.count()).toBe(1);
    expect(await byCampaign.getByRole("link", { name: "Warm bread" }).getAttribute("href")).toBe(
      `/ads/campaigns?campaign=${campaign.id}`,
    );
    expect(new URL(page.url()).searchParams.get("by")).toBe("campaign");

    // One campaign picked: the menu by keyboard; the address keeps it.
    await page.getByTestId("report-campaigns").focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitemcheckbox", { name: "Warm bread" }).click();
    await page.keyboard.press("Escape");
    await page.waitForURL((url) => url.searchParams.get("campaign") === campaign.id);
    await page.getByTestId("report-campaigns").getByText("Warm bread", { exact: true }).waitFor();

    // A custom range too long is refused, with the reason.
    await page.getByLabel("Range").selectOption("CUSTOM");
    await page.getByLabel("From", { exact: true }).waitFor();
    await page.getByLabel("From", { exact: true }).fill("2024-01-01");
    await page.getByLabel("To", { exact: true }).fill("2025-06-30");
    await page.getByTestId("report-show").click();
    await page.getByTestId("report-range-error").getByText("Choose a range of at most 366 days.").waitFor();

    // A phone, in the dark: the rows are cards, nothing wider than the screen.
    await page.setViewportSize({ width: 320, height: 700 });
    await visit(page, "/ads/analytics");
    await page.getByTestId("report-chart").locator("canvas").waitFor();
    expect(await overflow(page)).toBe(0);
    await darkMode(page);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });

  it("puts the period's figures, the money and what needs attention on the dashboard", async () => {
    const dan = await journey.account("Dan Dashboard", { email: uniqueEmail("dan") });
    const domain = `cakes-${Date.now().toString(36)}.example.com`;
    await runningCampaign(dan, { domain, bidMicros: 10_000_000 });
    await viewed(domain, 4);
    const tab = await tracked({ viewport: { width: 1280, height: 900 } });
    await signIn(tab, dan);
    const { page } = tab;
    await visit(page, "/ads");
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    const periods = page.getByTestId("dashboard-periods");
    expect(await periods.getByRole("link", { name: "Last 7 days" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(await page.getByTestId("dashboard-figure-spend").textContent()).toMatch(/^Spend€0\.04/);
    expect(await page.getByTestId("dashboard-figure-impressions").textContent()).toMatch(/^Impressions4/);
    expect(await page.getByTestId("dashboard-figure-clicks").textContent()).toMatch(/^Clicks1/);
    expect(await page.getByTestId("dashboard-figure-ctr").textContent()).toBe(
      "CTR25.00%Nothing to compare with before",
    );
    // €100 credited, €50 reserved by the campaign.
    expect(await page.getByTestId("dashboard-wallet").textContent()).toMatch(
      /^Wallet balance€50\.00Reserved for campaigns€49\.96Runs out around/,
    );
    await page.getByText("Nothing needs your attention.").waitFor();
    // Today, by keyboard: the same views, now today's.
    await periods.getByRole("link", { name: "Today" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("period") === "TODAY");
    await periods.locator('[aria-current="page"]').getByText("Today").waitFor();
    expect(await page.getByTestId("dashboard-figure-impressions").textContent()).toMatch(/^Impressions4/);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.setViewportSize({ width: 320, height: 700 });
    await visit(page, "/ads");
    expect(await overflow(page)).toBe(0);
  });

  it("says when nothing was shown in the period", async () => {
    const nia = await journey.account("Nia New", { email: uniqueEmail("nia") });
    await api("/v1/ad-accounts", {
      method: "POST",
      token: nia.token,
      body: { name: "Nia's Nougat", ownerKind: "USER", timezone: "Europe/Paris" },
    });
    const tab = await tracked({ viewport: { width: 1280, height: 900 } });
    await signIn(tab, nia);
    const { page } = tab;
    await visit(page, "/ads/analytics?range=LAST_30_DAYS");
    const empty = page.getByTestId("report-empty");
    await empty.getByText("No data for this period").waitFor();
    await empty.getByText("Your ads were not shown in this period.").waitFor();
    expect(await page.getByLabel("Range").inputValue()).toBe("LAST_30_DAYS");
    expect(await page.getByTestId("report-campaigns").textContent()).toBe("All campaigns");
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});

describe("ads admin: advertisers and invalid traffic", () => {
  it("finds an advertiser, suspends it with a reason its owner reads, credits it and reinstates it, by keyboard", async () => {
    const gus = await journey.account("Gus Grocer", { email: uniqueEmail("gus") });
    const domain = `greens-${Date.now().toString(36)}.example.com`;
    await runningCampaign(gus, { domain, bidMicros: 10_000_000 });
    const browser = {
      "user-agent":
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
    };
    const lookup = () =>
      api<unknown[]>(`/v1/advertisings?searchAnd=${encodeURIComponent(`url==https://${domain}/greens`)}`, {
        headers: browser,
      });
    expect((await lookup()).data).toHaveLength(1);
    // A bot's view, for the invalid traffic tab.
    const [ad] = (await lookup()).data as { impressionUrl: string }[];
    await api(new URL(ad?.impressionUrl ?? "").pathname.replace(/^\/api/, ""), {
      method: "POST",
      headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    });

    const tab = await tracked({ viewport: { width: 1280, height: 900 } });
    await signIn(tab, await staff());
    const { page } = tab;
    await visit(page, "/ads/admin");
    await page.getByTestId("ads-admin-tabs").getByRole("link", { name: "Advertisers" }).click();
    await page.getByLabel("Search advertisers").fill("Tom's Bakery");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("q") === "Tom's Bakery");
    const row = page.getByTestId("advertiser-row").filter({ hasText: "Gus Grocer" });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Tom's BakeryGus GrocerActive.*€0\.00.*1/);
    expect(await seriousAxeFindings(page)).toEqual([]);

    // Suspend: the reason is required, then the ad stops.
    await row.getByTestId("advertiser-suspend").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Suspend account" }).click();
    await dialog.getByText("Give a reason.").waitFor();
    await dialog.getByLabel("Reason (shown to the advertiser)").fill("Unverified health claims");
    await dialog.getByRole("button", { name: "Suspend account" }).click();
    await toastSaying(page, "Account suspended").waitFor();
    await row.getByText("Suspended", { exact: true }).waitFor();
    await row.getByText("Unverified health claims").waitFor();
    // Serving hears of it as the answer goes out: within two seconds, never later.
    await expect.poll(async () => (await lookup()).data.length, { timeout: 2000 }).toBe(0);

    // The owner reads why.
    const own = await tracked({ viewport: { width: 1280, height: 900 } });
    await signIn(own, gus);
    await visit(own.page, "/ads");
    expect(await own.page.getByTestId("ad-account-suspended").textContent()).toContain(
      "This advertiser account is suspended: Unverified health claims. Your ads are not running.",
    );

    // Credit by keyboard.
    await row.getByTestId("credit-open").focus();
    await page.keyboard.press("Enter");
    const credit = page.getByTestId("credit-form");
    await credit.getByLabel("Amount (EUR)").fill("12.50");
    await credit.getByLabel("Reason").fill("Sorry for the trouble");
    await credit.getByRole("button", { name: "Credit wallet" }).click();
    await toastSaying(page, "Wallet credited: €12.50").waitFor();

    // Reinstate: the ad is back.
    await row.getByTestId("advertiser-reinstate").click();
    await toastSaying(page, "Account reinstated").waitFor();
    await row.getByText("Active", { exact: true }).waitFor();
    await expect.poll(async () => (await lookup()).data.length, { timeout: 2000 }).toBe(1);
    // The credit is in the advertiser's spend lines.
    const [account] = (await api<{ id: string }[]>("/v1/ad-accounts", { token: gus.token })).data;
    const spend = await api<{ kind: string; amountMinor: number }[]>(
      `/v1/ad-spend?searchAnd=${encodeURIComponent(`adAccountId==${account?.id},kind==AD_CREDIT`)}`,
      { token: gus.token },
    );
    expect(spend.data).toMatchObject([{ kind: "AD_CREDIT", amountMinor: 1250 }]);

    // Invalid traffic: today's bot.
    await page.getByTestId("ads-admin-tabs").getByRole("link", { name: "Invalid traffic" }).click();
    await page.getByTestId("invalid-traffic-row").filter({ hasText: "Bot" }).first().waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.setViewportSize({ width: 320, height: 700 });
    await visit(page, "/ads/admin?tab=advertisers");
    await page.getByTestId("advertiser-row").first().waitFor();
    expect(await overflow(page)).toBe(0);
  });
});
