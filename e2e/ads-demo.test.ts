import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousAxeFindings, withoutCancelledDataReports } from "./fixtures/browser.ts";
import { DEMO_PASSWORD, demoEmail, useJourney } from "./fixtures/journey.ts";

/**
 * The ads screens that need history (issue 22), on `npm run demo`'s four weeks of traffic, as
 * the demo's advertiser Tom meets them: media planning first.
 */

const journey = useJourney({ PAGE_FETCH_ENABLED: "false" }, { demo: true });
const { tracked, visit, signIn, api } = journey;

const toastSaying = (page: Page, text: string) =>
  page.locator("[data-sonner-toast], [data-plain-toast]").filter({ hasText: text });
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 320, height: 720 };

/** A tab signed in as the demo's advertiser Tom, on `path`. */
async function tomAt(path: string, viewport = DESKTOP) {
  const login = await api<{ id_token: string }>("/authenticate", {
    method: "POST",
    body: { username: demoEmail("tom"), password: DEMO_PASSWORD, rememberMe: false },
  });
  expect(login.status).toBe(200);
  const tab = await tracked({ viewport });
  await signIn(tab, { token: login.data.id_token });
  await visit(tab.page, path);
  return tab;
}

describe("media planning on the demo's history", () => {
  it("forecasts by keyboard, saves a plan, makes it a draft campaign and deletes it", async () => {
    const tab = await tomAt("/ads/media-planning");
    const { page } = tab;
    expect(await page.locator("h1").textContent()).toBe("Media Planning");
    await page.getByTestId("saved-plans-empty").getByText("No saved plans yet").waitFor();

    // Typed and sent from the keyboard: Enter in a field forecasts.
    await page.getByTestId("planning-total").fill("100");
    await page.getByTestId("planning-daily").fill("10");
    // Above what Tom's own "Beans, all month" is worth a thousand views (€0.30 a click × its
    // click rate): a bid below it would win nothing it does not already win.
    await page.getByTestId("planning-bid").fill("10");
    await page.getByTestId("planning-bid").press("Enter");
    const impressions = page.getByTestId("forecast-impressions");
    await impressions.waitFor();
    // Four weeks of quieter weekends and busier weekdays: a band.
    expect(await impressions.textContent()).toMatch(/^Impressions\d[\d,]*–\d[\d,]*$/);
    for (const card of ["reach", "clicks", "spend", "average"])
      await page.getByTestId(`forecast-${card}`).waitFor();
    expect(await page.getByTestId("forecast-spend").textContent()).toMatch(/^Spend€[\d.,]+–€[\d.,]+$/);
    expect(await page.getByTestId("forecast-footnote").textContent()).toBe(
      "Based on the last 28 days of Flipside traffic. Actual delivery varies.",
    );
    await page.getByRole("heading", { name: "Per day" }).waitFor();
    expect(await page.getByTestId("forecast-daily").locator("li").count()).toBeGreaterThanOrEqual(28);
    const landscape = page.getByTestId("forecast-landscape").locator("tbody tr");
    expect(await landscape.count()).toBe(5);
    expect(await landscape.nth(2).getAttribute("aria-current")).toBe("true");
    const shown = (await landscape.evaluateAll((rows) =>
      rows.map((row) => Number((row.children[1]?.textContent ?? "").replaceAll(",", ""))),
    )) as number[];
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    expect(await seriousAxeFindings(page)).toEqual([]);

    // Saved, with its name.
    await page.getByTestId("plan-open-save").click();
    await page.getByTestId("plan-name").fill("Autumn beans");
    await page.getByTestId("plan-save").click();
    await toastSaying(page, "Plan saved").waitFor();
    const plan = page.getByTestId("saved-plan").filter({ hasText: "Autumn beans" });
    await plan.waitFor();
    expect(await plan.textContent()).toMatch(/impressions ·/);

    // A draft campaign from it, opened in the campaign editor.
    await plan.getByTestId("plan-campaign").click();
    await toastSaying(page, "Draft campaign created").waitFor();
    await page.waitForURL(/\/ads\/campaigns\?campaign=/);
    await page.getByTestId("campaign-editor").getByText("Autumn beans").first().waitFor();
    expect(await page.getByTestId("campaign-total").inputValue()).toBe("100.00");
    // The editor forecasts the campaign as it stands.
    await expect
      .poll(() => page.getByTestId("campaign-forecast").textContent(), { timeout: 5000 })
      .toMatch(/^About \d[\d,]*–\d[\d,]* impressions a day$/);

    // And gone again.
    await visit(page, "/ads/media-planning");
    await page
      .getByTestId("saved-plan")
      .filter({ hasText: "Autumn beans" })
      .getByTestId("plan-delete")
      .click();
    await page.getByTestId("plan-delete-confirm").click();
    await toastSaying(page, "Plan deleted").waitFor();
    await page.getByTestId("saved-plans-empty").waitFor();
    // Chromium's occasional report of a revalidation's data request as cancelled (see the helper).
    expect(withoutCancelledDataReports(tab.problems.all(), "/ads/media-planning", "/ads/campaigns")).toEqual(
      [],
    );
  });

  it("fits a 320 px screen, forecast and all", async () => {
    const tab = await tomAt("/ads/media-planning", PHONE);
    const { page } = tab;
    await page.getByTestId("planning-total").fill("50");
    await page.getByTestId("planning-bid").fill("10");
    await page.getByTestId("planning-forecast").click();
    await page.getByTestId("forecast-impressions").waitFor();
    expect(await page.getByTestId("forecast-impressions").textContent()).not.toBe("Impressions0");
    expect(await overflow(page)).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});

describe("the bidding autopilot on the demo's campaigns", () => {
  it("shows four weeks of steering: learnt, the bid moved with its reasons, the latest undone", async () => {
    const tab = await tomAt("/ads/bidding-autopilot");
    const { page } = tab;
    const row = page.getByTestId("autopilot-row").filter({ hasText: "Beans, all month" });
    expect(await row.getByTestId("autopilot-status").textContent()).toBe("Active");
    expect(await row.textContent()).toContain("Target cost per click");
    expect(await row.textContent()).toContain("€0.30");
    await row.getByTestId("autopilot-campaign").click();
    await page.getByTestId("autopilot-editor").getByText("Beans, all month").waitFor();
    expect(await page.getByTestId("autopilot-now").textContent()).toBe("Bid now €0.30 per click · Active");

    // Newest first, each with what it measured and why, in Tom's words.
    const changes = page.getByTestId("autopilot-change");
    expect(await changes.count()).toBeGreaterThan(0);
    const latest = changes.first();
    const [, before] = (await latest.textContent())?.match(/(€\d+\.\d\d) → €0\.30/) ?? [];
    expect(before).toBeDefined();
    expect(await latest.textContent()).toContain("€0.30 target");
    expect(await latest.textContent()).toMatch(
      /\d+ impressions, \d+ clicks, \d+ conversions, €\d+\.\d\d spent/,
    );
    expect(await changes.last().textContent()).toContain("€0.40 → ");
    expect(await seriousAxeFindings(page)).toEqual([]);

    // Undone from the keyboard: the bid it replaced is back, and the log says so.
    await latest.getByTestId("autopilot-undo").focus();
    await page.keyboard.press("Enter");
    await toastSaying(page, "Change undone").waitFor();
    await expect
      .poll(() => page.getByTestId("autopilot-now").textContent())
      .toBe(`Bid now ${before} per click · Active`);
    expect(await changes.first().textContent()).toMatch(/^.*€0\.30 → .*You undid the change of /);
    expect(await changes.nth(1).textContent()).toContain("undone");
    expect(withoutCancelledDataReports(tab.problems.all(), "/ads/bidding-autopilot")).toEqual([]);
  });

  it("turns on for a campaign with its guardrails, explains itself, and turns off, by keyboard", async () => {
    const tab = await tomAt("/ads/bidding-autopilot");
    const { page } = tab;
    expect(await page.locator("h1").textContent()).toBe("Bidding Autopilot");
    const row = page.getByTestId("autopilot-row").filter({ hasText: "Christmas gift boxes" });
    expect(await row.getByTestId("autopilot-status").textContent()).toBe("Off");
    expect(await row.textContent()).toContain("Manual bid");
    await row.getByTestId("autopilot-campaign").click();
    await page.waitForURL(/campaign=/);
    const editor = page.getByTestId("autopilot-editor");
    await editor.getByText("Christmas gift boxes").waitFor();
    await page
      .getByTestId("autopilot-no-changes")
      .getByText("Autopilot has not changed this bid yet.")
      .waitFor();

    // Chosen and typed from the keyboard; a floor above the ceiling is named on its field.
    await page.getByTestId("autopilot-strategy").selectOption("TARGET_CPC");
    await editor
      .getByText(
        "Autopilot changes your bid at most every 15 minutes and by at most 20% each time. It learns from the first 50 clicks before it moves.",
      )
      .waitFor();
    await page.getByTestId("autopilot-target").fill("0.30");
    await page.getByTestId("autopilot-ceiling").fill("0.50");
    await page.getByTestId("autopilot-floor").fill("0.60");
    await page.getByTestId("autopilot-floor").press("Enter");
    await editor.getByText("The lowest bid must be below the highest bid.").waitFor();
    await page.getByTestId("autopilot-floor").fill("0.20");
    await page.getByTestId("autopilot-floor").press("Enter");
    await toastSaying(page, "Autopilot on").waitFor();
    await expect.poll(() => row.getByTestId("autopilot-status").textContent()).toBe("Learning");
    expect(await row.textContent()).toContain("Target cost per click");
    expect(await page.getByTestId("autopilot-now").textContent()).toMatch(/Learning \(50 to go\)$/);
    expect(await seriousAxeFindings(page)).toEqual([]);

    // A cost per conversion target instead: saved as settings.
    await page.getByTestId("autopilot-strategy").selectOption("TARGET_CPA");
    await page.getByTestId("autopilot-target").fill("5");
    await page.getByTestId("autopilot-save").click();
    await toastSaying(page, "Autopilot settings saved").waitFor();
    await expect.poll(() => row.textContent()).toContain("Target cost per conversion");

    await page.getByTestId("autopilot-off").click();
    await toastSaying(page, "Autopilot off").waitFor();
    await expect.poll(() => row.getByTestId("autopilot-status").textContent()).toBe("Off");
    // The one refusal: the floor above the ceiling.
    expect(withoutCancelledDataReports(tab.problems.all(), "/ads/bidding-autopilot")).toEqual([
      "Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)",
      expect.stringMatching(/PUT http:\/\/[^ ]+\/api\/v1\/ad-campaigns\/[^ ]+\/bidding \(422\)$/),
    ]);
  });

  it("fits a 320 px screen", async () => {
    const tab = await tomAt("/ads/bidding-autopilot", PHONE);
    const { page } = tab;
    await page.getByTestId("autopilot-editor").waitFor();
    expect(await overflow(page)).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});

describe("analytics and the dashboard on four weeks of the demo's ads", () => {
  it("shows the figures against the week before, a chart of every day, the table and its breakdowns", async () => {
    const tab = await tomAt("/ads/analytics");
    const { page } = tab;
    await page.getByRole("heading", { level: 1, name: "Analytics" }).waitFor();
    // Last week, against the week before: both had readers.
    for (const [metric, label] of [
      ["impressions", "Impressions"],
      ["clicks", "Clicks"],
      ["spendMicros", "Spend"],
    ]) {
      const figure = (await page.getByTestId(`report-figure-${metric}`).textContent()) ?? "";
      expect(figure).toMatch(new RegExp(`^${label}(€)?[1-9][\\d,.]*`));
      expect(figure).toMatch(/[+−-]?\d+(\.\d)?% vs previous period$|^.*0% vs previous period$/);
    }
    await page.getByTestId("report-chart").locator("canvas").waitFor();
    const days = page.getByTestId("report-row");
    expect(await days.count()).toBe(7);
    // Every day before today had readers (today's may not have begun yet).
    for (const day of (await days.allTextContents()).slice(0, -1)) expect(day).toMatch(/Impressions[1-9]/);

    // The month: conversions too, and the campaigns that made it (Maya's are not Tom's to see).
    await visit(page, "/ads/analytics?range=LAST_30_DAYS&by=campaign");
    await page.getByRole("columnheader", { name: "Campaign" }).waitFor();
    const campaigns = page.getByTestId("report-row");
    expect(await campaigns.allTextContents()).toEqual([expect.stringMatching(/^Beans, all month/)]);
    const total = await page.getByTestId("report-total").textContent();
    expect(total).toMatch(/Conversions[1-9]/);
    // Crawlers' beacons, in their own column, never in what was charged.
    expect(total).toMatch(/Invalid impressions[1-9]/);
    expect(await seriousAxeFindings(page)).toEqual([]);

    // A phone, in the dark.
    await page.setViewportSize({ width: 320, height: 700 });
    await visit(page, "/ads/analytics");
    await page.getByTestId("report-chart").locator("canvas").waitFor();
    expect(await overflow(page)).toBe(0);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.waitForFunction(() => document.documentElement.className === "dark");
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(withoutCancelledDataReports(tab.problems.all(), "/ads/analytics")).toEqual([]);
  });

  it("puts the week's spend, the reserve and when the wallet runs out on the dashboard", async () => {
    const tab = await tomAt("/ads");
    const { page } = tab;
    expect(await page.getByTestId("dashboard-figure-spend").textContent()).toMatch(/^Spend€[1-9]/);
    expect(await page.getByTestId("dashboard-figure-impressions").textContent()).toMatch(/^Impressions[1-9]/);
    expect(await page.getByTestId("dashboard-figure-clicks").textContent()).toMatch(/^Clicks[1-9]/);
    // What Tom spends a day, against what his wallet holds: a day it runs out.
    expect(await page.getByTestId("dashboard-runs-out").textContent()).not.toBe("—");
    expect(await page.getByTestId("dashboard-wallet").textContent()).toMatch(/Reserved for campaigns€[1-9]/);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.setViewportSize({ width: 320, height: 700 });
    await visit(page, "/ads");
    await page.getByTestId("dashboard-figure-spend").waitFor();
    expect(await overflow(page)).toBe(0);
    expect(withoutCancelledDataReports(tab.problems.all(), "/ads")).toEqual([]);
  });
});

describe("conversion settings on the analytics screen", () => {
  it("shows the pixel and the signed call, keeps the secret hidden until asked, replaces it and sets the window", async () => {
    const tab = await tomAt("/ads/analytics", PHONE);
    const { page } = tab;
    const card = page.getByTestId("conversion-settings");
    await card.getByRole("heading", { name: "Conversions" }).waitFor();
    expect(await page.getByTestId("conversion-pixel").textContent()).toMatch(
      /^<img src="http:\/\/[^"]+\/api\/v1\/ad-conversions\/pixel\.gif\?click=\{fs_click\}" width="1" height="1" alt="">$/,
    );
    expect(await page.getByTestId("conversion-endpoint").textContent()).toMatch(/\/api\/v1\/ad-conversions$/);
    expect(await page.getByTestId("conversion-secret").textContent()).toBe("•".repeat(24));
    await page.getByTestId("conversion-secret-show").click();
    const first = (await page.getByTestId("conversion-secret").textContent()) ?? "";
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    await page.getByTestId("conversion-secret-replace").click();
    await page.getByTestId("conversion-secret-confirm").click();
    await toastSaying(page, "Secret replaced").waitFor();
    const second = (await page.getByTestId("conversion-secret").textContent()) ?? "";
    expect(second).toMatch(/^[0-9a-f]{64}$/);
    expect(second).not.toBe(first);

    await page.getByTestId("conversion-window").fill("0");
    await page.getByTestId("conversion-window").press("Enter");
    await card.getByText("Choose from 1 to 90 days.").waitFor();
    await page.getByTestId("conversion-window").fill("7");
    await page.getByTestId("conversion-window").press("Enter");
    await toastSaying(page, "Conversion window saved").waitFor();
    await visit(page, "/ads/analytics");
    expect(await page.getByTestId("conversion-window").inputValue()).toBe("7");
    expect(await overflow(page)).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(tab.problems.all()).toEqual([]);
  });
});
