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

async function tomToken(): Promise<string> {
  const login = await api<{ id_token: string }>("/authenticate", {
    method: "POST",
    body: { username: demoEmail("tom"), password: DEMO_PASSWORD, rememberMe: false },
  });
  expect(login.status).toBe(200);
  return login.data.id_token;
}

describe("media planning on the demo's history", () => {
  it("forecasts by keyboard, saves a plan, makes it a draft campaign and deletes it", async () => {
    const tab = await tracked({ viewport: { width: 1280, height: 900 } });
    const { page } = tab;
    await signIn(tab, { token: await tomToken() });
    await visit(page, "/ads/media-planning");
    expect(await page.locator("h1").textContent()).toBe("Media Planning");
    await page.getByTestId("saved-plans-empty").getByText("No saved plans yet").waitFor();

    // Typed and sent from the keyboard: Enter in a field forecasts.
    await page.getByTestId("planning-total").fill("100");
    await page.getByTestId("planning-daily").fill("10");
    await page.getByTestId("planning-bid").fill("3");
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
    const tab = await tracked({ viewport: { width: 320, height: 720 } });
    const { page } = tab;
    await signIn(tab, { token: await tomToken() });
    await visit(page, "/ads/media-planning");
    await page.getByTestId("planning-total").fill("50");
    // Above the demo's other advertiser (€1.50 CPM), which takes every page at a tie.
    await page.getByTestId("planning-bid").fill("2");
    await page.getByTestId("planning-forecast").click();
    await page.getByTestId("forecast-impressions").waitFor();
    expect(await page.getByTestId("forecast-impressions").textContent()).not.toBe("Impressions0");
    expect(await overflow(page)).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});

describe("the bidding autopilot on the demo's campaigns", () => {
  it("turns on for a campaign with its guardrails, explains itself, and turns off, by keyboard", async () => {
    const tab = await tracked({ viewport: { width: 1280, height: 900 } });
    const { page } = tab;
    await signIn(tab, { token: await tomToken() });
    await visit(page, "/ads/bidding-autopilot");
    expect(await page.locator("h1").textContent()).toBe("Bidding Autopilot");
    const row = page.getByTestId("autopilot-row").filter({ hasText: "Beans, all month" });
    expect(await row.getByTestId("autopilot-status").textContent()).toBe("Off");
    expect(await row.textContent()).toContain("Manual bid");
    await row.getByTestId("autopilot-campaign").click();
    await page.waitForURL(/campaign=/);
    const editor = page.getByTestId("autopilot-editor");
    await editor.getByText("Beans, all month").waitFor();
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
    const tab = await tracked({ viewport: { width: 320, height: 720 } });
    const { page } = tab;
    await signIn(tab, { token: await tomToken() });
    await visit(page, "/ads/bidding-autopilot");
    await page.getByTestId("autopilot-editor").waitFor();
    expect(await overflow(page)).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});

describe("conversion settings on the analytics screen", () => {
  it("shows the pixel and the signed call, keeps the secret hidden until asked, replaces it and sets the window", async () => {
    const tab = await tracked({ viewport: { width: 320, height: 720 } });
    const { page } = tab;
    await signIn(tab, { token: await tomToken() });
    await visit(page, "/ads/analytics");
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
