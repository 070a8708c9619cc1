import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./fixtures/browser.ts";
import { pagePath, pathOf, uniqueEmail, useJourney } from "./fixtures/journey.ts";

/**
 * Discovery (issue 13, docs/discovery.md): trending reorders as people take part, popular ranks a
 * window chosen by tabs that are links, both narrow to a site, and the home page shows what trends.
 */

const journey = useJourney({ NODE_ENV: "test", PAGE_FETCH_ENABLED: "false" });
const { tracked, visit, signIn } = journey;

const suffix = Date.now().toString(36);
const alpha = `alpha-${suffix}.org`;
const beta = `beta-${suffix}.net`;

const { flip, comment } = journey;

/** The domains of the ranked cards, top first (re-read until the ranking has caught up). */
const rankedDomains = (page: Page) =>
  page.getByTestId("ranked-pages").getByTestId("page-card-domain").allInnerTexts();

async function rankingAfterReload(page: Page, path: string) {
  await visit(page, path);
  return (await page.getByTestId("ranked-pages").count()) === 0 ? [] : rankedDomains(page);
}

describe("discovery", () => {
  it("trending reorders as people take part, narrows to a site, and shows on the home page", async () => {
    const una = await journey.account("Una Early", { email: uniqueEmail("una") });
    const vic = await journey.account("Vic Later", { email: uniqueEmail("vic") });
    const a = await flip(`https://${alpha}/story`);
    const b = await flip(`https://www.${beta}/story`);
    await comment(una, a, "First thoughts");
    await comment(vic, a, "Agreed");
    await comment(una, b, "Hm");

    const reader = await tracked();
    await expect
      .poll(() => rankingAfterReload(reader.page, "/trending"), { timeout: 10_000 })
      .toEqual([alpha, beta]);
    expect(await reader.page.getByTestId("page-card-rank").allTextContents()).toEqual([
      "Number 1",
      "Number 2",
    ]);
    expect(await seriousAxeFindings(reader.page)).toEqual([]);

    // Vic comments on the other page from its page view, and Una once more: it moves up.
    const writer = await tracked();
    await signIn(writer, vic);
    await visit(writer.page, pagePath(`https://www.${beta}/story`));
    const composer = writer.page.getByTestId("comment-composer");
    await composer.getByTestId("composer-body").fill("This one matters more");
    await composer.getByTestId("composer-submit").click();
    await writer.page.getByTestId("comment").filter({ hasText: "This one matters more" }).waitFor();
    await comment(una, b, "It does");
    await expect
      .poll(() => rankingAfterReload(reader.page, "/trending"), { timeout: 10_000 })
      .toEqual([beta, alpha]);

    // Narrowed to a site by any of its addresses: only its pages, with a way back to all.
    await reader.page.getByTestId("ranking-site").fill(`https://news.${alpha}/anything`);
    await reader.page.getByTestId("ranking-site").press("Enter");
    await reader.page.waitForURL(/site=/);
    await reader.page.getByTestId("ranking-filters").getByText(`On https://news.${alpha}/anything`).waitFor();
    await expect.poll(() => rankedDomains(reader.page)).toEqual([alpha]);
    await reader.page.getByRole("link", { name: "Show every site" }).click();
    await reader.page.waitForURL((url) => url.pathname === "/trending" && url.search === "");
    await expect.poll(() => rankedDomains(reader.page)).toEqual([beta, alpha]);

    // The home page leads with what trends.
    await visit(reader.page, "/");
    const home = reader.page.getByTestId("home-trending");
    await home.waitFor();
    expect((await home.getByTestId("page-card-domain").allInnerTexts())[0]).toBe(beta);
    await reader.page.getByTestId("home-trending-all").click();
    await reader.page.waitForURL((url) => url.pathname === "/trending");
    expect(reader.problems.all()).toEqual([]);
    expect(writer.problems.all()).toEqual([]);
  });

  it("popular ranks a window chosen by tabs that are links, on a phone too", async () => {
    const wren = await journey.account("Wren Counter", { email: uniqueEmail("wren") });
    const c = await flip(`https://${alpha}/popular`);
    await comment(wren, c, "Counted");
    const reviewed = await journey.api("/v1/site-page-reviews", {
      method: "POST",
      token: wren.token,
      body: { sitePage_id: c, sentiment: "POSITIVE", title: "Solid", body: "Well sourced" },
    });
    expect(reviewed.status).toBe(201);

    const phone = await tracked({ viewport: { width: 375, height: 740 } });
    await visit(phone.page, `/popular?site=${alpha}`);
    expect(await phone.page.title()).toBe("Top pages · Flipside");
    // A week unless another window is chosen.
    expect(await phone.page.getByTestId("popular-window-week").getAttribute("aria-current")).toBe("page");
    const card = phone.page
      .getByTestId("ranked-pages")
      .getByTestId("page-card")
      .filter({ hasText: "/popular" });
    expect(await card.getByTestId("page-card-activity").innerText()).toBe(
      "2 comments, reviews and votes this week",
    );
    expect(await card.getByTestId("page-card-sentiment").innerText()).toContain("1 positive");

    await phone.page.getByTestId("popular-window-day").click();
    await phone.page.waitForURL((url) => url.searchParams.get("window") === "day");
    expect(pathOf(phone.page)).toBe(`/popular?window=day&site=${alpha}`);
    // The address changes as the navigation ends; the new list renders just after.
    await expect
      .poll(() => phone.page.getByTestId("popular-window-day").getAttribute("aria-current"))
      .toBe("page");
    await expect
      .poll(() => card.getByTestId("page-card-activity").innerText())
      .toBe("2 comments, reviews and votes today");
    // No sideways scrolling at phone width.
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousAxeFindings(phone.page)).toEqual([]);

    // A site nobody discussed lists nothing, and says so.
    await visit(phone.page, `/popular?window=all&site=nobody-${suffix}.org`);
    await phone.page.getByTestId("ranking-empty").getByText("Nothing here yet").waitFor();
    expect(phone.problems.all()).toEqual([]);
  });
});
