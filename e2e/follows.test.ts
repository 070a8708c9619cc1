import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./fixtures/browser.ts";
import { pagePath, uniqueEmail, useJourney } from "./fixtures/journey.ts";

/**
 * Follows (issue 13, docs/follows.md): follow a page, a site and a person where they are shown,
 * see their new discussion in "Following" on the front page, and manage it all on the profile.
 */

const journey = useJourney({ NODE_ENV: "test", PAGE_FETCH_ENABLED: "false" });
const { tracked, visit, signIn } = journey;

const suffix = Date.now().toString(36);
const site = `follow-${suffix}.org`;

const { flip, comment } = journey;

describe("follows", () => {
  it("follows a page, a site and a person, and shows their new discussion under Following", async () => {
    const ada = await journey.account("Ada Reader", { email: uniqueEmail("ada") });
    const ben = await journey.account("Ben Writer", { email: uniqueEmail("ben") });
    const story = await flip(`https://news.${site}/story`);
    const other = await flip(`https://${site}/other`);
    const elsewhere = await flip(`https://elsewhere-${suffix}.com/x`);

    const reader = await tracked();
    const page = reader.page;
    await signIn(reader, ada);
    // Nothing followed yet: the front page says how to start.
    await visit(page, "/");
    await page.getByTestId("feed-empty").waitFor();

    // The page: "Follow" is a toggle button, pressed once followed.
    await visit(page, pagePath(`https://news.${site}/story`));
    const followPage = page.getByTestId("follow-page");
    await expect.poll(() => followPage.isEnabled()).toBe(true);
    expect(await followPage.getAttribute("aria-pressed")).toBe("false");
    await followPage.click();
    await expect.poll(() => followPage.getAttribute("aria-pressed")).toBe("true");
    expect(await followPage.textContent()).toBe("Following");
    // Its whole site, from the header.
    await page.getByTestId("follow-site").click();
    await expect.poll(() => page.getByTestId("follow-site").getAttribute("aria-pressed")).toBe("true");
    // A person, from their public page.
    await visit(page, `/users/${ben.id}`);
    await page.getByTestId("follow-person").click();
    await expect.poll(() => page.getByTestId("follow-person").getAttribute("aria-pressed")).toBe("true");
    // A reload remembers all of it.
    await visit(page, pagePath(`https://news.${site}/story`));
    await expect.poll(() => page.getByTestId("follow-page").getAttribute("aria-pressed")).toBe("true");

    await comment(ben, story, "Ben on the followed page");
    await comment(ben, elsewhere, "Ben anywhere else");
    const cy = await journey.account("Cy Stranger", { email: uniqueEmail("cy") });
    await comment(cy, other, "Cy on another page of the followed site");
    await comment(cy, elsewhere, "Cy where Ada follows nothing");

    await visit(page, "/");
    const feed = page.getByTestId("feed-list");
    await feed.waitFor();
    expect(await feed.getByTestId("activity-item").allTextContents()).toEqual([
      expect.stringContaining("Cy on another page of the followed site"),
      expect.stringContaining("Ben anywhere else"),
      expect.stringContaining("Ben on the followed page"),
    ]);
    expect(await feed.getByTestId("activity-author").allTextContents()).toEqual([
      "Cy Stranger",
      "Ben Writer",
      "Ben Writer",
    ]);
    expect(await seriousAxeFindings(page)).toEqual([]);

    // The profile lists what Ada follows; unfollowing the person takes their words off the feed.
    await visit(page, "/profile");
    const following = page.getByTestId("following-item");
    expect(await following.evaluateAll((items) => items.map((i) => i.getAttribute("data-kind")))).toEqual([
      "PERSON",
      "SITE",
      "PAGE",
    ]);
    await following.filter({ hasText: "Ben Writer" }).getByTestId("unfollow").click();
    await expect.poll(() => following.count()).toBe(2);
    await visit(page, "/");
    await feed.waitFor();
    expect(await feed.getByTestId("activity-item").allTextContents()).toEqual([
      expect.stringContaining("Cy on another page of the followed site"),
      expect.stringContaining("Ben on the followed page"),
    ]);

    // Ben sees Ada among his followers? No longer: she unfollowed him. Cy follows him instead.
    const res = await journey.api("/v1/follows", {
      method: "POST",
      token: cy.token,
      body: { targetKind: "PERSON", targetId: ben.id },
    });
    expect(res.status).toBe(201);
    const writer = await tracked();
    await signIn(writer, ben);
    await visit(writer.page, "/profile");
    expect(await writer.page.getByTestId("follower-item").getByRole("link").allTextContents()).toEqual([
      "Cy Stranger",
    ]);
  });

  it("asks a signed-out visitor to sign in before following", async () => {
    await flip(`https://signed-out-${suffix}.com/page`);
    const visitor = await tracked();
    await visit(visitor.page, pagePath(`https://signed-out-${suffix}.com/page`));
    const follow = visitor.page.getByTestId("follow-page");
    expect(await follow.getAttribute("aria-pressed")).toBeNull();
    await follow.click();
    await visitor.page.getByRole("dialog").waitFor();
    // No feed on a signed-out front page.
    await visit(visitor.page, "/");
    await visitor.page.getByTestId("home-view").waitFor();
    expect(await visitor.page.getByTestId("following-feed").count()).toBe(0);
  });
});
