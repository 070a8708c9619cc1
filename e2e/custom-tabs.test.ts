import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./fixtures/browser.ts";
import { type Account, pagePath, pathOf, useJourney } from "./fixtures/journey.ts";

/** Custom tabs (issue 8, docs/discussion.md#custom-tabs), as a person makes and uses them. */

const journey = useJourney({ PAGE_FETCH_ENABLED: "false" });
const { tracked, visit, api, signIn } = journey;

const toastSaying = (page: Page, text: string) =>
  page.locator("[data-sonner-toast], [data-plain-toast]").filter({ hasText: text });

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const rowNames = (page: Page) => page.getByTestId("custom-tab-row-name").allTextContents();
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));

async function writeAs(account: Account, path: string, body: Record<string, unknown>) {
  const res = await api<{ id: string }>(path, { method: "POST", body, token: account.token });
  expect(res.status, JSON.stringify(res.data)).toBeLessThan(300);
  return res.data;
}

describe("the tabs page", () => {
  it("starts empty with suggestions; a tab is made, renamed, moved by keyboard and deleted", async () => {
    const account = await journey.account("Tabby");
    const tab = await tracked();
    const { page } = tab;
    await signIn(tab, account);
    await visit(page, "/profile/tabs");
    await expect(page.getByRole("heading", { level: 1, name: "Tabs" }).isVisible()).resolves.toBe(true);
    await page.getByTestId("custom-tabs-empty").getByText("No tabs yet").waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);

    // A suggestion opens the form filled in; the name is checked on leaving it.
    await page.getByRole("button", { name: "Expert reviews" }).click();
    const dialog = page.getByTestId("custom-tab-dialog");
    await dialog.getByRole("heading", { name: "New tab" }).waitFor();
    const name = dialog.getByLabel("Name");
    expect(await name.inputValue()).toBe("Expert reviews");
    expect(await dialog.getByTestId("custom-tab-sentiment-EXPERT").isChecked()).toBe(true);
    await name.fill("  ");
    await name.blur();
    await dialog.getByText("Give the tab a name").waitFor();
    await name.fill("Experts");
    // No kind at all is said under "Show" and nothing is sent. The press on the box is played
    // in the order a busy machine delivers it: the name's blur waits for the press to end
    // (lib/after-press.ts) and runs after the click, and must not undo what the click changed.
    await dialog.getByTestId("custom-tab-kind-REVIEW").evaluate((box: HTMLInputElement) => {
      const press = { bubbles: true, cancelable: true, composed: true, button: 0 };
      box.dispatchEvent(new PointerEvent("pointerdown", press));
      box.dispatchEvent(new MouseEvent("mousedown", press));
      box.focus();
      box.dispatchEvent(new PointerEvent("pointerup", press));
      box.dispatchEvent(new MouseEvent("mouseup", press));
      box.click();
    });
    expect(await dialog.getByTestId("custom-tab-kind-REVIEW").isChecked()).toBe(false);
    await dialog.getByText("Choose at least one kind of contribution").waitFor();
    expect(await dialog.getByTestId("custom-tab-sentiments").count()).toBe(0);
    await dialog.getByTestId("custom-tab-kind-REVIEW").check();
    await dialog.getByTestId("custom-tab-sentiment-EXPERT").check();
    await dialog.getByRole("button", { name: "Add tab" }).click();
    await toastSaying(page, "“Experts” is added to your tabs").waitFor();
    await expect.poll(() => rowNames(page)).toEqual(["Experts"]);

    // Two more, from "New tab"; a name used already is refused by the server under the field.
    for (const [label, kind] of [
      ["Comments only", "COMMENT"],
      ["experts", "RELATED_PAGE"],
    ] as const) {
      await page.getByTestId("custom-tab-new").click();
      await dialog.getByLabel("Name").fill(label);
      for (const k of ["COMMENT", "REVIEW", "RELATED_PAGE"]) {
        if (k !== kind) await dialog.getByTestId(`custom-tab-kind-${k}`).uncheck();
      }
      await dialog.getByRole("button", { name: "Add tab" }).click();
      if (label === "experts") {
        await dialog.getByText("You already have a tab with this name").waitFor();
        tab.problems.clear();
        await dialog.getByLabel("Name").fill("Links");
        await dialog.getByRole("button", { name: "Add tab" }).click();
      }
      await dialog.waitFor({ state: "detached" });
    }
    await expect.poll(() => rowNames(page)).toEqual(["Experts", "Comments only", "Links"]);
    expect(await page.getByTestId("custom-tabs-count").textContent()).toContain("3 of 10 tabs");

    // Moving by keyboard: the focus stays on the moved tab's button, and the order is kept.
    await page.getByRole("button", { name: "Move “Links” up" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => rowNames(page)).toEqual(["Experts", "Links", "Comments only"]);
    await expect.poll(() => focusedLabel(page)).toBe("Move “Links” up");
    await page.keyboard.press("Enter");
    await expect.poll(() => rowNames(page)).toEqual(["Links", "Experts", "Comments only"]);
    // At the top "up" is disabled: the focus goes to its twin.
    await expect.poll(() => focusedLabel(page)).toBe("Move “Links” down");
    await expect
      .poll(async () =>
        (await api<{ name: string }[]>("/v1/custom-tabs", { token: account.token })).data.map((t) => t.name),
      )
      .toEqual(["Links", "Experts", "Comments only"]);

    // Rename.
    await page.getByRole("button", { name: "Change “Experts”" }).click();
    await dialog.getByRole("heading", { name: "Change tab" }).waitFor();
    await dialog.getByLabel("Name").fill("Expert reviews");
    await dialog.getByTestId("custom-tab-min-score").fill("2");
    await dialog.getByRole("button", { name: "Save tab" }).click();
    await toastSaying(page, "“Expert reviews” is saved").waitFor();
    await expect.poll(() => rowNames(page)).toEqual(["Links", "Expert reviews", "Comments only"]);
    await page.getByTestId("custom-tab-row").nth(1).getByText("score ≥ 2").waitFor();

    // Delete, confirmed.
    await page.getByRole("button", { name: "Delete “Links”" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await toastSaying(page, "“Links” is deleted").waitFor();
    await expect.poll(() => rowNames(page)).toEqual(["Expert reviews", "Comments only"]);

    await page.reload();
    await page.getByTestId("custom-tabs-list").waitFor();
    expect(await rowNames(page)).toEqual(["Expert reviews", "Comments only"]);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });

  it("inside /profile a deeper page slides in from the right, the home from the left", async () => {
    const account = await journey.account("Slider");
    const tab = await tracked();
    await signIn(tab, account);
    const { page } = tab;
    await visit(page, "/profile");
    await page.click('[data-testid="nav-profile-tabs"]');
    await page.waitForSelector('[data-slide="left"] h1:has-text("Tabs")');
    await page.click('[data-testid="nav-profile"]');
    await page.waitForSelector('[data-slide="right"] [data-testid="profile-header"]');
  });

  it("an anonymous visitor is sent to log in", async () => {
    const { page } = await tracked();
    await visit(page, "/profile/tabs");
    expect(pathOf(page)).toBe(`/login?${new URLSearchParams({ next: "/profile/tabs" })}`);
  });
});

describe("tabs on a page view", () => {
  it("tab-plus makes a tab from the view it was opened from; the tab lists what matches on each page", async () => {
    const reader = await journey.account("Reader");
    const writer = await journey.account("Writer");
    const address = "custom-tabs.example.com/article";
    const page1 = (
      await api<{ id: string }>("/v1/site-pages/flip", { method: "POST", body: { url: address } })
    ).data;
    await writeAs(writer, "/v1/site-page-comments", { sitePage_id: page1.id, body: "A plain comment" });
    await writeAs(writer, "/v1/site-page-reviews", {
      sitePage_id: page1.id,
      sentiment: "POSITIVE",
      title: "Lovely piece",
      body: "Enjoyed it",
    });
    await writeAs(reader, "/v1/site-page-reviews", {
      sitePage_id: page1.id,
      sentiment: "NEGATIVE",
      title: "Not convinced",
      body: "Thin sources",
    });

    const tab = await tracked();
    const { page } = tab;
    await signIn(tab, reader);
    await visit(page, pagePath(address));
    await page.getByTestId("tab-reviews").click();
    await page.getByTestId("tab-tab-plus").click();
    await page.getByTestId("tab-plus-panel").getByText("Tabs of your own").waitFor();
    await page.getByTestId("tab-plus-new").click();

    // It starts from the reviews view.
    const dialog = page.getByTestId("custom-tab-dialog");
    await dialog.getByLabel("Name").waitFor();
    expect(await dialog.getByTestId("custom-tab-kind-REVIEW").isChecked()).toBe(true);
    expect(await dialog.getByTestId("custom-tab-kind-COMMENT").isChecked()).toBe(false);
    await dialog.getByLabel("Name").fill("Praise");
    await dialog.getByTestId("custom-tab-sentiment-POSITIVE").check();
    await dialog.getByRole("button", { name: "Add tab" }).click();

    // The new tab is there after the built-in ones, and open.
    const custom = page.getByTestId("tab-custom");
    await expect.poll(() => custom.getAttribute("aria-selected")).toBe("true");
    expect(await custom.textContent()).toBe("Praise");
    const items = page.getByTestId("custom-tab-item");
    await expect.poll(() => items.count()).toBe(1);
    expect(await items.first().textContent()).toContain("Lovely piece");
    expect(await page.getByTestId("custom-tab-summary").textContent()).toBe(
      "Reviews · positive reviews · newest first",
    );
    expect(await seriousAxeFindings(page)).toEqual([]);

    // Changed from the page: every review now.
    await page.getByTestId("custom-tab-panel-edit").click();
    await dialog.getByTestId("custom-tab-sentiment-POSITIVE").uncheck();
    await dialog.getByRole("button", { name: "Save tab" }).click();
    await toastSaying(page, "“Praise” is saved").waitFor();
    await expect.poll(() => items.count()).toBe(2);

    // Keyboard: the arrows reach it between My notes and tab-plus.
    await page.getByTestId("tab-my-note").focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => custom.getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => page.getByTestId("tab-tab-plus").getAttribute("aria-selected")).toBe("true");

    // On another page the same tab lists that page's contributions: none yet.
    const other = "custom-tabs.example.com/other";
    await api("/v1/site-pages/flip", { method: "POST", body: { url: other } });
    await visit(page, pagePath(other));
    await page.getByTestId("tab-custom").click();
    await page.getByTestId("custom-tab-empty").getByText("Nothing here matches this tab yet").waitFor();

    // A phone in dark mode: the built-in tabs keep their row, nothing scrolls sideways.
    const phone = await tracked({ viewport: { width: 320, height: 640 }, colorScheme: "dark" });
    await signIn(phone, reader);
    await visit(phone.page, pagePath(address));
    await phone.page.getByTestId("tab-custom").click();
    await expect.poll(() => phone.page.getByTestId("custom-tab-item").count()).toBe(2);
    expect(await sideways(phone.page)).toBe(0);
    const top = async (id: string) => (await phone.page.getByTestId(id).boundingBox())?.y ?? -1;
    expect(await top("tab-comments")).toBe(await top("tab-my-note"));
    expect(await top("tab-custom")).toBeGreaterThan(await top("tab-comments"));
    expect(await seriousAxeFindings(phone.page)).toEqual([]);
  });
});
