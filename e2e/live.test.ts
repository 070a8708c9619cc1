import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./fixtures/browser.ts";
import { uniqueEmail, useJourney } from "./fixtures/journey.ts";

/**
 * Live updates in the browser (issue 13, docs/live.md#in-the-web-app): two people in two browser
 * contexts; what one does reaches the other's open page view and bell without a reload.
 */

const journey = useJourney({ NODE_ENV: "test", PAGE_FETCH_ENABLED: "false" });
const { tracked, visit, signIn, flip } = journey;
const suffix = Date.now().toString(36);

async function post<T>(path: string, token: string, body: unknown): Promise<T> {
  const res = await journey.api<T>(path, { method: "POST", token, body });
  expect(res.status, JSON.stringify(res.data)).toBeLessThan(300);
  return res.data;
}

describe("live updates", () => {
  it("shows others' comments, replies, votes and reviews as they come, and keeps the bell live", async () => {
    const ada = await journey.account("Ada Reader", { email: uniqueEmail("ada-live") });
    const ben = await journey.account("Ben Writer", { email: uniqueEmail("ben-live") });
    const address = `live-${suffix}.org/story`;
    const pageId = await flip(`https://${address}`);
    const mine = await post<{ id: string }>("/v1/site-page-comments", ada.token, {
      sitePage_id: pageId,
      body: "Ada's first thought.",
    });

    const reader = await tracked();
    const page = reader.page;
    await signIn(reader, ada);
    await visit(page, `/?url=${encodeURIComponent(address)}`);
    await expect.poll(() => page.getByTestId("header-notifications").getAttribute("data-unread")).toBe("0");
    const score = page.locator(`[data-comment-id="${mine.id}"] [data-testid="vote-score"]`).first();
    expect(await score.textContent()).toBe("0");

    // Ben, elsewhere: two comments, a reply to Ada, a vote on her comment and a review.
    await post("/v1/site-page-comments", ben.token, { sitePage_id: pageId, body: "Ben disagrees." });
    await post("/v1/site-page-comments", ben.token, { sitePage_id: pageId, body: "Ben has a source." });
    await post("/v1/site-page-comments", ben.token, {
      sitePage_id: pageId,
      body: "Ben answers Ada.",
      parent_id: mine.id,
    });
    await post("/v1/contribution-votes", ben.token, { contributionId: mine.id, vote: 1 });
    await post("/v1/site-page-reviews", ben.token, {
      sitePage_id: pageId,
      sentiment: "POSITIVE",
      title: "Holds up",
      body: "Checked every figure.",
    });

    // Counted, not pushed under the reader's eyes; the tally and the bell change in place.
    const fresh = page.getByTestId("fresh-comments");
    await expect.poll(() => fresh.textContent(), { timeout: 10_000 }).toBe("3 new comments — show");
    await expect.poll(() => score.textContent()).toBe("1");
    // The reply and the vote: two notifications.
    await expect.poll(() => page.getByTestId("header-notifications").getAttribute("data-unread")).toBe("2");
    expect(await page.getByText("Ben disagrees.").count()).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);

    await fresh.click();
    await page.getByText("Ben has a source.").waitFor();
    await page.getByText("Ben disagrees.").waitFor();
    await fresh.waitFor({ state: "detached" });

    await page.getByTestId("tab-reviews").click();
    await page.getByTestId("fresh-reviews").click();
    await page.getByText("Checked every figure.").waitFor();

    // Read in another tab: this one's bell follows.
    const notifications = await journey.api<{ id: string }[]>("/v1/notifications", { token: ada.token });
    await post("/v1/notifications/read-all", ada.token, {});
    expect(notifications.data).toHaveLength(2);
    await expect.poll(() => page.getByTestId("header-notifications").getAttribute("data-unread")).toBe("0");
    expect(reader.problems.all()).toEqual([]);
  });

  it("never tells a reader of their own writing, nor of someone they blocked", async () => {
    const cy = await journey.account("Cy Blocker", { email: uniqueEmail("cy-live") });
    const dee = await journey.account("Dee Blocked", { email: uniqueEmail("dee-live") });
    const eve = await journey.account("Eve Other", { email: uniqueEmail("eve-live") });
    await post("/v1/profile-blocks", cy.token, { blockedId: dee.id });
    const address = `live-${suffix}.org/blocks`;
    const pageId = await flip(`https://${address}`);

    const session = await tracked({ viewport: { width: 360, height: 740 } });
    const page = session.page;
    await signIn(session, cy);
    await visit(page, `/?url=${encodeURIComponent(address)}`);
    // Cy's own comment, written in this tab, shows at once and is not "new".
    await page.getByTestId("composer-body").first().fill("Cy writes here.");
    await page.getByTestId("composer-submit").first().click();
    await page.getByText("Cy writes here.").waitFor();

    await post("/v1/site-page-comments", dee.token, { sitePage_id: pageId, body: "Dee, blocked." });
    await post("/v1/site-page-comments", eve.token, { sitePage_id: pageId, body: "Eve, welcome." });
    await expect
      .poll(() => page.getByTestId("fresh-comments").textContent(), { timeout: 10_000 })
      .toBe("1 new comment — show");
    await page.getByTestId("fresh-comments").click();
    await page.getByText("Eve, welcome.").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it("brings new notifications into an open inbox", async () => {
    const fay = await journey.account("Fay Inbox", { email: uniqueEmail("fay-live") });
    const gus = await journey.account("Gus Replier", { email: uniqueEmail("gus-live") });
    const pageId = await flip(`https://live-${suffix}.org/inbox`);
    const question = await post<{ id: string }>("/v1/site-page-comments", fay.token, {
      sitePage_id: pageId,
      body: "Fay asks.",
    });
    const session = await tracked();
    const page = session.page;
    await signIn(session, fay);
    await visit(page, "/profile/notifications");
    await page.getByTestId("notifications-empty").waitFor();
    await post("/v1/site-page-comments", gus.token, {
      sitePage_id: pageId,
      body: "Gus answers.",
      parent_id: question.id,
    });
    await expect
      .poll(() => page.getByTestId("notification-link").allTextContents(), { timeout: 10_000 })
      .toEqual([expect.stringContaining("Gus Replier replied to you on")]);
    await expect.poll(() => page.getByTestId("header-notifications").getAttribute("data-unread")).toBe("1");
    expect(session.problems.all()).toEqual([]);
  });
});
