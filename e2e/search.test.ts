import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./fixtures/browser.ts";
import { pathOf, uniqueEmail, useJourney } from "./fixtures/journey.ts";

/**
 * Search (issue 13, docs/search.md): words find pages by their discussion and their address, with
 * what matched marked; a typo still finds them; the box suggests pages while typing and is a
 * combobox the keyboard drives; an address typed is still flipped.
 */

const journey = useJourney({ NODE_ENV: "test", PAGE_FETCH_ENABLED: "false" });
const { tracked, visit } = journey;

const suffix = Date.now().toString(36);
const site = `lighthouse-keepers-${suffix}.org`;
const address = `https://${site}/winter-storms`;

describe("search", () => {
  it("finds a page by what was said on it and by its address, typos too, with the words marked", async () => {
    const ida = await journey.account("Ida Keeper", { email: uniqueEmail("ida") });
    const flipped = await journey.api<{ id: string }>("/v1/site-pages/flip", {
      method: "POST",
      body: { url: address },
    });
    const said = await journey.api("/v1/site-page-comments", {
      method: "POST",
      token: ida.token,
      body: { sitePage_id: flipped.data.id, body: "The foghorn schedule changed after the **great storm**." },
    });
    expect(said.status).toBe(201);

    const { page, problems } = await tracked();
    await visit(page, "/");
    await page.getByTestId("search-input").fill("foghorn schedule");
    await page.getByTestId("search-input").press("Enter");
    await page.waitForURL((url) => url.pathname === "/search");
    expect(pathOf(page)).toBe("/search?q=foghorn+schedule");
    await expect.poll(() => page.title()).toBe("Pages matching “foghorn schedule” · Flipside");
    expect(await page.getByTestId("search-heading").innerText()).toBe("1 page matches “foghorn schedule”");
    const result = page.getByTestId("search-result");
    expect(await result.getByTestId("search-result-snippet").innerText()).toContain(
      "From a comment: The foghorn schedule changed after the great storm",
    );
    expect(await result.locator("mark").allInnerTexts()).toEqual(["foghorn", "schedule"]);
    // The box keeps the words, to refine them.
    expect(await page.getByTestId("search-input").inputValue()).toBe("foghorn schedule");
    expect(await seriousAxeFindings(page)).toEqual([]);

    // A typo of the address's words still finds it.
    await visit(page, `/search?q=${encodeURIComponent("lighthuse keepers")}`);
    expect(await page.getByTestId("search-result").getByText(site, { exact: true }).count()).toBe(1);

    // Nothing matching says so, and an old `/?q=` link lands on the results.
    await visit(page, "/?q=zzyzx-unmatched");
    expect(pathOf(page)).toBe("/search?q=zzyzx-unmatched");
    await page.getByTestId("search-empty").getByText("No page matches").waitFor();

    // The result leads to the page.
    await visit(page, "/search?q=foghorn");
    await page.getByTestId("search-result-title").click();
    await page.waitForURL((url) => url.searchParams.get("url") !== null);
    await page.getByTestId("comment").filter({ hasText: "The foghorn schedule" }).waitFor();
    expect(problems.all()).toEqual([]);
  });

  it("suggests pages while typing: arrows choose, Enter opens, Escape closes", async () => {
    const { page, problems } = await tracked({ viewport: { width: 375, height: 740 } });
    await visit(page, "/");
    const box = page.getByTestId("search-input");
    expect(await box.getAttribute("role")).toBe("combobox");
    expect(await box.getAttribute("aria-expanded")).toBe("false");
    await box.click();
    await box.pressSequentially("winter-sto", { delay: 20 });
    const list = page.getByRole("listbox", { name: "Suggested pages" });
    await list.waitFor();
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    const option = list.getByRole("option").filter({ hasText: site });
    await option.waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);

    await box.press("Escape");
    await list.waitFor({ state: "hidden" });
    expect(await box.getAttribute("aria-expanded")).toBe("false");

    await box.press("ArrowDown");
    await list.waitFor();
    const activeId = await box.getAttribute("aria-activedescendant");
    expect(activeId).toBeTruthy();
    expect(await page.locator(`[id="${activeId}"]`).getAttribute("aria-selected")).toBe("true");
    expect(await page.locator(`[id="${activeId}"]`).innerText()).toContain(site);
    await box.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("url") === `${site}/winter-storms`);
    expect(problems.all()).toEqual([]);
  });
});
