import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./fixtures/browser.ts";
import { pagePath, uniqueEmail, useJourney } from "./fixtures/journey.ts";

/**
 * Topics (issue 11, docs/topics.md): suggest a topic for a page's site from the page view; it shows
 * under the title there and on the site's other pages, and its topic page lists the site's pages.
 */

const journey = useJourney({ NODE_ENV: "test", PAGE_FETCH_ENABLED: "false" });
const { tracked, visit, signIn } = journey;

const toastSaying = (page: Page, text: string) =>
  page.locator("[data-sonner-toast], [data-plain-toast]").filter({ hasText: text });

describe("topics", () => {
  it("a topic suggested from the page view shows on the site's pages and lists them on its topic page", async () => {
    const tia = await journey.account("Tia Tagger", { email: uniqueEmail("tia") });
    const site = `roses-${Date.now().toString(36)}.org`;
    const address = `https://${site}/pruning`;
    const tab = await tracked();
    const { page } = tab;
    await signIn(tab, tia);
    await visit(page, pagePath(address));
    expect(await page.getByTestId("page-topics").count()).toBe(0);

    await page.getByTestId("suggest-topic").click();
    const dialog = page.getByRole("dialog", { name: `Suggest a topic for ${site}` });
    await dialog.getByTestId("topic-groups").waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await dialog.getByTestId("topic-search").fill("garden");
    expect(await dialog.getByTestId("topic-option").allInnerTexts()).toEqual(["Shopping", "Home and garden"]);
    await dialog.locator('[data-testid="topic-option"][data-slug="home-and-garden"]').first().click();
    await toastSaying(page, `Home and garden suggested for ${site}`).waitFor();
    await expect
      .poll(() => dialog.getByTestId("site-topics").getByTestId("topic-option").allInnerTexts())
      .toEqual(["Home and garden\n1"]);
    await dialog.getByRole("button", { name: "Done" }).click();
    expect(await page.getByTestId("page-topic").allInnerTexts()).toEqual(["Home and garden"]);

    // Another page of the site shows it too, to anyone.
    const other = await tracked({ viewport: { width: 375, height: 740 } });
    await visit(other.page, pagePath(`https://${site}/planting`));
    expect(await other.page.getByTestId("page-topic").allInnerTexts()).toEqual(["Home and garden"]);
    await other.page.getByTestId("page-topic").click();
    await other.page.waitForURL(/\/topics\/home-and-garden$/);
    await other.page.getByRole("heading", { name: "Home and garden", level: 1 }).waitFor();
    const cards = other.page.getByTestId("topic-pages").getByTestId("page-card");
    expect(await cards.count()).toBeGreaterThanOrEqual(2);
    expect((await cards.allInnerTexts()).join("\n")).toContain(site);
    expect(await other.page.getByTestId("page-card-topics").first().innerText()).toContain("Home and garden");
    expect(await seriousAxeFindings(other.page)).toEqual([]);
    // The parent topic lists the pages of its subtopics.
    await other.page.getByRole("link", { name: "Shopping" }).click();
    await other.page.waitForURL(/\/topics\/shopping$/);
    expect(await other.page.getByTestId("topic-pages").innerText()).toContain(site);

    // Search results show the site's topics too.
    await visit(other.page, `/search?q=${encodeURIComponent(site)}`);
    expect(await other.page.getByTestId("page-card-topics").first().innerText()).toContain("Home and garden");

    const unknown = await other.page.goto(`${journey.server.url}/topics/no-such-topic`);
    expect(unknown?.status()).toBe(404);
    expect(tab.problems.all()).toEqual([]);
    expect(other.problems.all().filter((p) => !p.includes("404"))).toEqual([]);
  });
});
