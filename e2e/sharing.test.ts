import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./fixtures/browser.ts";
import { pagePath, uniqueEmail, useJourney } from "./fixtures/journey.ts";

/**
 * Sharing (issue 11, docs/sharing.md): a comment shared by mail arrives with its short link;
 * `/s/{code}` opens the page view with that comment first and highlighted; reviews and related
 * pages are shared the same way, and open on their own tab; a public note opens its author's
 * page with the note first; the page's own Share button gives its link; `/share` (the system share sheet's target) flips what it was given.
 */

const journey = useJourney({ NODE_ENV: "test", PAGE_FETCH_ENABLED: "false" });
const { tracked, visit, signIn } = journey;

const toastSaying = (page: Page, text: string) =>
  page.locator("[data-sonner-toast], [data-plain-toast]").filter({ hasText: text });

/** The share dialog's link, once it is made: a full address ending in `/s/{code}`. */
async function shareLink(dialog: Locator): Promise<string> {
  await expect.poll(() => dialog.getByTestId("share-link").inputValue()).toMatch(/\/s\/[0-9A-Za-z]{10}$/);
  return dialog.getByTestId("share-link").inputValue();
}

/** Mails the open share dialog's link to a new address; the mail it got, and the link's path in it. */
async function mailTheShare(page: Page, dialog: Locator) {
  const friend = uniqueEmail("friend");
  await dialog.getByTestId("share-to").fill(friend);
  await dialog.getByTestId("share-send").click();
  await toastSaying(page, "Sent. We mailed the link to the addresses you gave.").waitFor();
  await dialog.waitFor({ state: "detached" });
  const mail = await journey.mail.next(friend);
  const mailed = new URL(/(http\S+\/s\/[0-9A-Za-z]{10})/.exec(mail.text)?.[1] ?? "").pathname;
  return { mail, mailed };
}

/** A 400 the page view answers for a refused address is what the test asked for. */
const withoutExpected400 = (problems: string[]) =>
  problems.filter((p) => !p.includes("status of 400") && !p.endsWith("(400)"));

describe("sharing", () => {
  it("a comment shared by mail arrives with its link; the link opens the page on that comment, highlighted", async () => {
    const { api } = journey;
    const sam = await journey.account("Sam Sharer", { email: uniqueEmail("sam") });
    const ola = await journey.account("Ola Author", { email: uniqueEmail("ola") });
    const address = `https://www.shared-${Date.now().toString(36)}.org/story`;
    const flipped = await api<{ id: string }>("/v1/site-pages/flip", {
      method: "POST",
      body: { url: address },
    });
    const said = await api<{ id: string }>("/v1/site-page-comments", {
      method: "POST",
      token: ola.token,
      body: { sitePage_id: flipped.data.id, body: "The second table has the numbers backwards." },
    });
    // Enough newer comments that the shared one is not the first in the list.
    for (let i = 0; i < 3; i++) {
      await api("/v1/site-page-comments", {
        method: "POST",
        token: ola.token,
        body: { sitePage_id: flipped.data.id, body: `Later thought ${i + 1}` },
      });
    }

    const samTab = await tracked();
    await signIn(samTab, sam);
    const { page } = samTab;
    await visit(page, pagePath(address));
    const comment = page.locator(`[data-comment-id="${said.data.id}"]`);
    await comment.getByTestId("comment-more").click();
    await page.getByTestId("comment-share").click();
    const dialog = page.getByRole("dialog", { name: "Share this comment" });
    const link = await shareLink(dialog);
    expect(await seriousAxeFindings(page)).toEqual([]);
    const friend = uniqueEmail("friend");
    await dialog.getByTestId("share-to").fill(`${friend}, not-an-address`);
    await dialog.getByTestId("share-send").click();
    await dialog.getByRole("alert").waitFor();
    await dialog.getByTestId("share-to").fill(friend);
    await dialog.getByTestId("share-message").fill("Is this right?");
    await dialog.getByTestId("share-send").click();
    await toastSaying(page, "Sent. We mailed the link to the addresses you gave.").waitFor();
    await dialog.waitFor({ state: "detached" });

    const mail = await journey.mail.next(friend);
    expect(mail.subject).toBe("Sam Sharer shared a comment with you on Flipside");
    expect(mail.text).toContain("“The second table has the numbers backwards.”");
    expect(mail.text).toContain("Their message: Is this right?");
    const mailed = /(http\S+\/s\/[0-9A-Za-z]{10})/.exec(mail.text)?.[1] ?? "";
    expect(new URL(mailed).pathname).toBe(new URL(link).pathname);

    // The friend has no account: the link opens the page on the comment.
    const friendTab = await tracked({ viewport: { width: 375, height: 740 } });
    await visit(friendTab.page, new URL(mailed).pathname);
    expect(new URL(friendTab.page.url()).searchParams.get("comment")).toBe(said.data.id);
    const shared = friendTab.page.getByTestId("shared-contribution");
    await shared.waitFor();
    const highlighted = shared.locator("[data-shared-target]");
    expect(await highlighted.locator("[data-comment-id]").getAttribute("data-comment-id")).toBe(said.data.id);
    expect(await highlighted.innerText()).toContain("The second table has the numbers backwards.");
    await expect.poll(() => highlighted.isVisible()).toBe(true);
    expect(await seriousAxeFindings(friendTab.page)).toEqual([]);

    const unknown = await friendTab.page.goto(`${journey.server.url}/s/ZZZZZZZZZZ`);
    expect(unknown?.status()).toBe(404);
    for (const tab of [samTab]) expect(tab.problems.all()).toEqual([]);
    expect(friendTab.problems.all().filter((p) => !p.includes("404"))).toEqual([]);
  });

  it("a review and a related page each have Share; their links open the page on their tab, them first", async () => {
    const { api } = journey;
    const sam = await journey.account("Sam Sharer", { email: uniqueEmail("sam") });
    const ola = await journey.account("Ola Author", { email: uniqueEmail("ola") });
    const stamp = Date.now().toString(36);
    const address = `https://www.reviewed-${stamp}.org/report`;
    const flipped = await api<{ id: string }>("/v1/site-pages/flip", {
      method: "POST",
      body: { url: address },
    });
    const review = await api<{ id: string }>("/v1/site-page-reviews", {
      method: "POST",
      token: ola.token,
      body: {
        sitePage_id: flipped.data.id,
        sentiment: "NEGATIVE",
        title: "The survey was too small",
        body: "Forty people cannot stand for a country.",
      },
    });
    const link = await api<{ id: string }>("/v1/site-page-related-pages", {
      method: "POST",
      token: ola.token,
      body: {
        sitePage_id: flipped.data.id,
        url: `https://www.answer-${stamp}.org/reply`,
        reason: "The authors answer the criticism here.",
      },
    });

    const samTab = await tracked();
    await signIn(samTab, sam);
    const { page } = samTab;
    await visit(page, pagePath(address));
    await page.getByTestId("tab-reviews").click();
    const row = page.locator(`[data-review-id="${review.data.id}"]`);
    await row.getByRole("button", { name: "Share this review" }).click();
    const dialog = page.getByRole("dialog", { name: "Share this review" });
    await shareLink(dialog);
    const { mail, mailed } = await mailTheShare(page, dialog);
    expect(mail.subject).toBe("Sam Sharer shared a review with you on Flipside");
    expect(mail.text).toContain("“The survey was too small”");

    await page.getByTestId("tab-related-page").click();
    await page
      .locator(`[data-related-id="${link.data.id}"]`)
      .getByRole("button", { name: "Share this related page" })
      .click();
    const relatedLink = new URL(
      await shareLink(page.getByRole("dialog", { name: "Share this related page" })),
    ).pathname;
    await page.keyboard.press("Escape");

    // A friend without an account, on a phone: the review's link opens the reviews tab on it.
    const friendTab = await tracked({ viewport: { width: 375, height: 740 } });
    const friendPage = friendTab.page;
    await visit(friendPage, mailed);
    expect(new URL(friendPage.url()).searchParams.get("review")).toBe(review.data.id);
    expect(await friendPage.getByTestId("tab-reviews").getAttribute("aria-selected")).toBe("true");
    const sharedReview = friendPage.getByTestId("shared-contribution");
    await sharedReview.waitFor();
    expect(await sharedReview.getByRole("heading", { level: 2 }).innerText()).toBe(
      "A review shared with you",
    );
    const target = sharedReview.locator("[data-shared-target]");
    expect(await target.locator("[data-review-id]").getAttribute("data-review-id")).toBe(review.data.id);
    expect(await target.innerText()).toContain("Forty people cannot stand for a country.");
    await expect.poll(() => target.isVisible()).toBe(true);
    expect(await seriousAxeFindings(friendPage)).toEqual([]);

    // The related page's link opens the related tab on it.
    await visit(friendPage, relatedLink);
    expect(new URL(friendPage.url()).searchParams.get("related")).toBe(link.data.id);
    expect(await friendPage.getByTestId("tab-related-page").getAttribute("aria-selected")).toBe("true");
    const sharedLink = friendPage.getByTestId("shared-contribution");
    await sharedLink.waitFor();
    expect(await sharedLink.getByRole("heading", { level: 2 }).innerText()).toBe(
      "A related page shared with you",
    );
    expect(
      await sharedLink.locator("[data-shared-target] [data-related-id]").getAttribute("data-related-id"),
    ).toBe(link.data.id);
    expect(await sharedLink.innerText()).toContain("The authors answer the criticism here.");

    // An id that is not on this page shows nothing shared, and the page opens on its comments.
    await visit(friendPage, `/?url=${encodeURIComponent(address)}&review=${link.data.id}`);
    await friendPage.getByTestId("page-header").waitFor();
    expect(await friendPage.getByTestId("shared-contribution").count()).toBe(0);
    expect(await friendPage.getByTestId("tab-comments").getAttribute("aria-selected")).toBe("true");
    for (const tab of [samTab, friendTab]) expect(tab.problems.all()).toEqual([]);
  });

  it("a public note has Share on its author's page; its link opens that page with the note first, while it stays public", async () => {
    const { api } = journey;
    const sam = await journey.account("Sam Sharer", { email: uniqueEmail("sam") });
    const ola = await journey.account("Ola Noter", { email: uniqueEmail("ola") });
    const flipped = await api<{ id: string }>("/v1/site-pages/flip", {
      method: "POST",
      body: { url: `https://www.noted-${Date.now().toString(36)}.org/essay` },
    });
    const note = (title: string, body: string, visibility = "PUBLIC") =>
      api<{ id: string }>("/v1/notes", {
        method: "POST",
        token: ola.token,
        body: { sitePage_id: flipped.data.id, title, body, visibility },
      });
    // The oldest is past the first page of public notes her page lists.
    const oldest = await note("The first draft", "Written before the corrections.");
    for (let i = 1; i <= 5; i++) await note(`Aside ${i}`, `Aside number ${i}.`);
    const shared = await note("Check the footnotes", "Footnote 12 cites a retracted study.");
    await note("Just for me", "Private thoughts.", "PRIVATE");

    const samTab = await tracked();
    await signIn(samTab, sam);
    const { page } = samTab;
    await visit(page, `/users/${ola.id}`);
    const card = page.locator(`#note-${shared.data.id}`);
    await card.getByRole("button", { name: "Share the note “Check the footnotes”" }).click();
    const dialog = page.getByRole("dialog", { name: "Share this note" });
    await shareLink(dialog);
    expect(await seriousAxeFindings(page)).toEqual([]);
    const { mail, mailed } = await mailTheShare(page, dialog);
    expect(mail.subject).toBe("Sam Sharer shared a note with you on Flipside");
    expect(mail.text).toContain("shared a public note by Ola Noter");
    expect(mail.text).toContain("“Footnote 12 cites a retracted study.”");

    // A friend without an account, on a phone: the note first, highlighted, and not twice.
    const friendTab = await tracked({ viewport: { width: 375, height: 740 } });
    const friendPage = friendTab.page;
    await visit(friendPage, mailed);
    expect(new URL(friendPage.url()).pathname).toBe(`/users/${ola.id}`);
    expect(new URL(friendPage.url()).searchParams.get("note")).toBe(shared.data.id);
    const section = friendPage.getByTestId("shared-note");
    expect(await section.getByRole("heading", { level: 2 }).innerText()).toBe("A note shared with you");
    expect(await section.innerText()).toContain("Footnote 12 cites a retracted study.");
    await expect.poll(() => section.isVisible()).toBe(true);
    expect(await friendPage.locator(`#note-${shared.data.id}`).count()).toBe(1);
    expect(await seriousAxeFindings(friendPage)).toEqual([]);
    // Report and Block go under a short name on a phone rather than break it over lines.
    expect((await friendPage.getByTestId("profile-name").boundingBox())?.height).toBeLessThan(40);

    // A note past the first page still comes first by its link.
    expect(await friendPage.locator(`#note-${oldest.data.id}`).count()).toBe(0);
    const code = await api<{ path: string }>(`/v1/share-codes?noteId=${oldest.data.id}`);
    await visit(friendPage, code.data.path);
    expect(await friendPage.getByTestId("shared-note").innerText()).toContain(
      "Written before the corrections.",
    );

    // Made private, it is no longer shown by its link; the page still opens.
    const made = await api(`/v1/notes/${shared.data.id}`, {
      method: "PUT",
      token: ola.token,
      body: { visibility: "PRIVATE" },
    });
    expect(made.status).toBe(200);
    await visit(friendPage, mailed);
    await friendPage.getByTestId("public-profile").waitFor();
    expect(await friendPage.getByTestId("shared-note").count()).toBe(0);
    expect(await friendPage.locator(`#note-${shared.data.id}`).count()).toBe(0);
    for (const tab of [samTab, friendTab]) expect(tab.problems.all()).toEqual([]);
  });

  it("the page's Share button gives the page's link; /share flips what the share sheet sent", async () => {
    const address = `https://www.sheet-${Date.now().toString(36)}.org/article`;
    const tab = await tracked();
    const { page } = tab;
    await visit(
      page,
      `/share?title=${encodeURIComponent("An article")}&text=${encodeURIComponent(`Read this ${address}.`)}`,
    );
    await page.getByTestId("page-header").waitFor();
    expect(new URL(page.url()).searchParams.get("url")).toBe(address);
    const pageId = await page.getByTestId("page-header").getAttribute("data-page-id");

    await page.getByTestId("page-share").click();
    const dialog = page.getByRole("dialog", { name: "Share this page" });
    const link = await shareLink(dialog);
    // Signed out, the mail part asks to log in first.
    expect(await dialog.innerText()).toContain("to send it by mail.");
    await page.keyboard.press("Escape");
    await visit(page, new URL(link).pathname);
    expect(await page.getByTestId("page-header").getAttribute("data-page-id")).toBe(pageId);
    expect(await page.getByTestId("shared-contribution").count()).toBe(0);

    await page.goto(`${journey.server.url}/share?text=${encodeURIComponent("nothing to flip")}`);
    await page.waitForURL((url) => url.pathname === "/" && url.search === "");
    await toastSaying(page, "nothing to flip is not a valid domain").waitFor();
    expect(withoutExpected400(tab.problems.all())).toEqual([]);

    const manifest = await page.request.get(`${journey.server.url}/manifest.webmanifest`);
    expect(manifest.status()).toBe(200);
    expect((await manifest.json()).share_target).toEqual({
      action: "/share",
      method: "GET",
      params: { title: "title", text: "text", url: "url" },
    });
  });
});
