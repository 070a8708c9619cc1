import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ONE_PIXEL_PNG } from "./fixtures/browser.ts";
import { type Account, PASSWORD, pagePath, pathOf, useJourney } from "./fixtures/journey.ts";

/**
 * The discussion journey of issue 4: flip an address → comment → reply → vote → review → link a
 * related page → write, pin and open a note → reload and see it all server-rendered. Also: a
 * failed flip, an XSS payload, attachments, keyboard tabs and a 320 px screen. One server, one
 * mailbox, one browser (fixtures/journey.ts).
 */

const journey = useJourney({ PAGE_FETCH_ENABLED: "false" });
const { tracked, visit, api, signIn } = journey;

/** Addresses on real public suffixes; the server does not fetch them (PAGE_FETCH_ENABLED=false). */
const ARTICLE = "flipside-journey.com/article";
const RELATED = "flipside-related.org/next";

/** The page view's own tabs (composers have Write / Preview tabs of their own). */
const pageTabs = (page: Page) => page.getByRole("tablist", { name: "Page tabs" }).getByRole("tab");

/** Picks an order from the comments' sort menu and waits for the menu to close. */
async function chooseSort(page: Page, sort: "newest" | "oldest" | "top"): Promise<void> {
  await page.getByTestId("comment-sort").click();
  await page.getByTestId(`comment-sort-${sort}`).click();
  await page.getByRole("menu").waitFor({ state: "detached" });
}

/** The text of the first comment of the list. */
const firstCommentText = (page: Page) =>
  page.evaluate(() =>
    document.querySelector('[data-testid="comment-list"] [data-testid="comment-body"]')?.textContent?.trim(),
  );

interface FlippedPage {
  id: string;
  normalizedUrl: string;
}

/** Opens (creating when new) the page of an address through the API, as a flip does. */
const flip = (address: string) =>
  api<FlippedPage>("/v1/site-pages/flip", { method: "POST", body: { url: address, back: false } });

/** The server's HTML of a path, as a reload would get it (cookie included). */
async function serverHtml(path: string, cookie?: string): Promise<string> {
  const response = await fetch(journey.server.url + path, { headers: cookie ? { cookie } : {} });
  expect(response.status).toBe(200);
  return response.text();
}

/** The browser logs every refused request as a console error: drop those a step caused on purpose. */
function unexpected(problems: string[], ...statuses: number[]): string[] {
  return problems.filter(
    (p) => !statuses.some((status) => p.includes(`status of ${status} `) || p.endsWith(`(${status})`)),
  );
}

describe("the discussion journey", () => {
  it("flip → comment → reply → vote → review → related page → note → reload, all server-rendered", async () => {
    const ben = await journey.account("Ben");
    const flipped = await flip(ARTICLE);
    expect(flipped.status).toBe(200);
    const bens = await api<{ id: string }>("/v1/site-page-comments", {
      method: "POST",
      token: ben.token,
      body: { sitePage_id: flipped.data.id, body: "Ben's first thoughts on this article." },
    });
    expect(bens.status).toBe(201);
    const ada = await journey.account("Ada");

    const { page, context, problems } = await tracked();
    await visit(page, "/");

    // Flip: a messy spelling of the address opens the page by its normalized address.
    await page.getByTestId("search-input").fill(`https://www.${ARTICLE}?utm_source=newsletter`);
    await page.getByTestId("search-submit").click();
    await page.waitForURL((url) => url.searchParams.get("url") === ARTICLE);
    await page.getByTestId("page-view").waitFor();
    expect(await page.getByTestId("page-title").textContent()).toBe(ARTICLE);
    expect(await page.getByTestId("page-domain").textContent()).toBe("flipside-journey.com");
    expect(await pageTabs(page).and(page.locator('[aria-selected="true"]')).getAttribute("data-testid")).toBe(
      "tab-comments",
    );
    const bensComment = page.locator(`[data-comment-id="${bens.data.id}"]`);
    expect(await bensComment.textContent()).toContain("Ben's first thoughts on this article.");

    // Signed out, trying to comment opens the login dialog; logging in there comes back here.
    await page.getByTestId("comment-composer").getByTestId("composer-body").click();
    const dialog = page.getByTestId("login-dialog");
    await dialog.waitFor();
    await dialog.getByPlaceholder("Your email").fill(ada.email);
    await dialog.getByPlaceholder("Password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Login", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByTestId("header-profile").waitFor();
    expect(pathOf(page)).toBe(pagePath(ARTICLE));

    // Comment, with a markdown preview.
    const composer = page.getByTestId("comment-composer");
    await composer.getByTestId("composer-body").fill("Ada thinks this is **well sourced**.");
    await composer.getByTestId("composer-preview-tab").click();
    // The renderer is loaded on first preview: wait for it, then check what it rendered.
    await composer.getByTestId("composer-preview").locator("strong").waitFor();
    expect(await composer.getByTestId("composer-preview").innerHTML()).toContain(
      "<strong>well sourced</strong>",
    );
    await composer.getByTestId("composer-submit").click();
    const adasComment = page.getByTestId("comment").filter({ hasText: "Ada thinks this is" });
    await adasComment.waitFor();
    expect(await adasComment.locator("strong").textContent()).toBe("well sourced");
    expect(await page.getByTestId("comment-list").getByTestId("comment").first().textContent()).toContain(
      "Ada thinks this is",
    );
    expect(await page.getByTestId("tab-comments").textContent()).toContain("2");

    // Reply to Ben's comment: the thread shows "1 reply" and the reply itself.
    await bensComment.getByTestId("reply-button").first().click();
    const replyComposer = bensComment.getByTestId("reply-composer");
    await replyComposer.getByTestId("composer-body").fill("Ben, which part did you find weakest?");
    await replyComposer.getByTestId("composer-submit").click();
    const reply = bensComment.getByTestId("reply").filter({ hasText: "which part did you find weakest" });
    await reply.waitFor();
    expect(await bensComment.getByTestId("replies-toggle").textContent()).toContain("1 reply");

    // Vote Ben's comment up (1), and the page itself; own comments cannot be voted on.
    const bensVotes = bensComment.getByTestId("vote-arrows").first();
    await bensVotes.getByTestId("vote-up").click();
    await page.waitForFunction(
      (id) =>
        document
          .querySelector(`[data-comment-id="${id}"] [data-testid="vote-arrows"]`)
          ?.getAttribute("data-my-vote") === "1",
      bens.data.id,
    );
    expect(await bensVotes.getByTestId("vote-score").textContent()).toBe("1");
    expect(await bensVotes.getByTestId("vote-up").getAttribute("aria-pressed")).toBe("true");
    expect(await adasComment.getByTestId("vote-up").first().isDisabled()).toBe(true);
    const pageVotes = page.getByTestId("summary-panel").getByTestId("vote-arrows");
    await pageVotes.getByTestId("vote-up").click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="summary-panel"] [data-testid="vote-score"]')?.textContent ===
        "1",
    );

    // Review: an expert one, with the viewer's expertise; the summary counts it.
    await page.getByTestId("tab-reviews").click();
    const reviewForm = page.getByTestId("review-form");
    await reviewForm.getByText("Expert", { exact: true }).click();
    await reviewForm.getByTestId("review-expertise").fill("Research librarian");
    await reviewForm.getByTestId("review-title").fill("Solid sources, thin conclusion");
    await reviewForm.getByTestId("review-body").fill("The sources hold up; the last section overreaches.");
    await reviewForm.getByTestId("review-submit").click();
    const review = page.getByTestId("review").filter({ hasText: "Solid sources, thin conclusion" });
    await review.waitFor();
    expect(await review.getByTestId("review-sentiment").textContent()).toBe("Expert");
    expect(await review.textContent()).toContain("Expertise: Research librarian");
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sentiment-expert"] dd')?.textContent === "1",
    );
    // Posting again edits the same review.
    await reviewForm.getByTestId("review-title").fill("Solid sources, weak conclusion");
    await reviewForm.getByTestId("review-submit").click();
    await page.getByTestId("review").filter({ hasText: "Solid sources, weak conclusion" }).waitFor();
    expect(await page.getByTestId("review").count()).toBe(1);

    // Related page: the list shows the OTHER page's address and domain.
    await page.getByTestId("tab-related-page").click();
    const relatedForm = page.getByTestId("related-form");
    await relatedForm.getByTestId("related-url").fill(`https://${RELATED}`);
    await relatedForm.getByTestId("related-reason").fill("Continues the *same* story.");
    await relatedForm.getByTestId("related-submit").click();
    const related = page.getByTestId("related-page").first();
    await related.waitFor();
    expect(await related.getByTestId("related-domain").textContent()).toBe("flipside-related.org");
    expect(await related.getByTestId("related-url-link").getAttribute("href")).toBe(`https://${RELATED}`);
    expect(await related.getByTestId("related-title").getAttribute("href")).toBe(pagePath(RELATED));
    expect(await related.locator("em").textContent()).toBe("same");

    // Note: write it, pin it (pinned first, purple), then open it from the notes drawer.
    await page.getByTestId("tab-my-note").click();
    await page.getByTestId("note-new").click();
    const noteForm = page.getByTestId("note-form");
    await noteForm.getByTestId("note-title").fill("Check the second source");
    await noteForm.getByTestId("note-body").fill("Compare with the *original* report.");
    await noteForm.getByTestId("note-submit").click();
    const note = page.getByTestId("note").filter({ hasText: "Check the second source" });
    await note.waitFor();
    expect(await note.getAttribute("data-key")).toBe("note");
    expect(await note.getAttribute("data-is-note")).toBe("true");
    await note.getByTestId("note-pin").click();
    await note.getByTestId("note-pinned-badge").waitFor();
    expect(await note.getAttribute("data-pinned")).toBe("true");

    await page.getByTestId("notes-drawer-open").click();
    const drawer = page.getByTestId("notes-drawer");
    await drawer.waitFor();
    await drawer.getByTestId("notes-drawer-item").filter({ hasText: "Check the second source" }).click();
    await drawer.waitFor({ state: "detached" });
    const details = page.getByTestId("note-details-drawer");
    await details.waitFor();
    expect(await details.getByTestId("note-details-title").textContent()).toBe("Check the second source");
    expect(await details.locator("em").textContent()).toBe("original");
    await page.keyboard.press("Escape");
    await details.waitFor({ state: "detached" });

    // Reload: the server's own HTML already has all of it.
    const cookie = (await context.cookies(journey.server.url)).find((c) => c.name === "flipside_token");
    expect(cookie).toBeDefined();
    const html = await serverHtml(pagePath(ARTICLE), `flipside_token=${cookie?.value}`);
    expect(html).toContain("Ada thinks this is <strong>well sourced</strong>.");
    expect(html).toContain("s first thoughts on this article.");
    expect(html).toMatch(/1 reply/);
    expect(html).toContain("Solid sources, weak conclusion");
    expect(html).toContain("Research librarian");
    expect(html).toContain("flipside-related.org");
    // The HTML is the same for every viewer (docs/caches.md): nothing of Ada's own is in it, not
    // her notes, her votes or her name; her browser fills them in after hydration (below).
    expect(html).toContain('data-viewer="pending"');
    expect(html).not.toContain("Check the second source");
    expect(html).not.toContain(ada.email);
    expect(html).toMatch(new RegExp(`data-comment-id="${bens.data.id}"[^]*?data-my-vote="0"`));
    expect(html).toContain(
      `<link rel="canonical" href="${journey.server.url}${pagePath(ARTICLE).replace("&", "&amp;")}"/>`,
    );
    expect(html).toMatch(/<title>flipside-journey\.com\/article · Flipside<\/title>/);
    expect(html).toContain('<meta property="og:title" content="flipside-journey.com/article"/>');

    // And the browser, without running any script, shows it too. Scripts are switched off rather
    // than their downloads refused: the page asks for its bundles only after its first paint
    // (decision 015), which on a busy machine came after these checks, and the refusals then
    // arrived as failures of the next page.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setScriptExecutionDisabled", { value: true });
    await page.reload({ waitUntil: "domcontentloaded" });
    expect(await page.$("html[data-hydrated]")).toBeNull();
    expect(await page.getByText("Ben's first thoughts on this article.").isVisible()).toBe(true);
    expect(await page.getByTestId("replies-toggle").first().textContent()).toContain("1 reply");
    await cdp.send("Emulation.setScriptExecutionDisabled", { value: false });
    await cdp.detach();

    // Hydrated again: Ada's own vote, pinned note and avatar are back; replies still load on demand.
    await visit(page, pagePath(ARTICLE));
    await page.locator('[data-testid="page-view"][data-viewer="ready"]').waitFor();
    expect(
      await page
        .locator(`[data-comment-id="${bens.data.id}"] [data-testid="vote-arrows"]`)
        .first()
        .getAttribute("data-my-vote"),
    ).toBe("1");
    expect(await pageVotes.getAttribute("data-my-vote")).toBe("1");
    await page.getByTestId("header-profile").waitFor();
    expect(await page.getByTestId("tab-my-note").textContent()).toContain("1");
    expect(
      await page
        .getByTestId("note")
        .filter({ hasText: "Check the second source" })
        .getAttribute("data-pinned"),
    ).toBe("true");
    const thread = page.locator(`[data-comment-id="${bens.data.id}"]`);
    await thread.getByTestId("replies-toggle").click();
    await thread.getByTestId("reply").filter({ hasText: "which part did you find weakest" }).waitFor();
    // Back on the reviews tab, the form holds Ada's review, ready to edit.
    await page.getByTestId("tab-reviews").click();
    await expect
      .poll(() => page.getByTestId("review-form").getByTestId("review-title").inputValue())
      .toBe("Solid sources, weak conclusion");
    expect(await page.getByTestId("review-form").getByTestId("review-expertise").inputValue()).toBe(
      "Research librarian",
    );
    expect(unexpected(problems.all())).toEqual([]);
  });
});

/**
 * Issue 14: a page view's first load stays within its JavaScript budget (bytes on the wire,
 * compressed as served), and the code of menus and dialogs comes only when someone reaches for
 * them. The budget (decision 016 and its amendment) comes down as the page sheds code; it never goes up.
 */
const PAGE_VIEW_JS_BUDGET_KB = 150;
const ON_DEMAND =
  /\/assets\/(dropdown-menu|dialog|sheet|main-menu-dropdown|profile-menu-dropdown|sign-out-item|mobile-menu-sheet|auth-dialog|confirm-delete-dialog|page-dialogs|note-drawers|zod|form-rules|field|review-form|related-form|note-form|custom-tab-dialog|attachment-transfer)-[\w-]{8}\.js$/;

describe("what a page view downloads", () => {
  it("its scripts stay within the budget; menus, dialogs and form rules come when reached for", async () => {
    const author = await journey.account("Budget");
    const address = "flipside-budget.com/weight";
    const flipped = await flip(address);
    await api("/v1/site-page-comments", {
      method: "POST",
      body: { sitePage_id: flipped.data.id, body: "Mine, so it has an actions menu" },
      token: author.token,
    });
    const tab = await tracked();
    const { page } = tab;
    await signIn(tab, author);
    const scripts = new Map<string, Promise<number>>();
    page.on("requestfinished", (request) => {
      if (request.resourceType() !== "script") return;
      scripts.set(
        new URL(request.url()).pathname,
        request.sizes().then((sizes) => sizes.responseBodySize),
      );
    });
    await visit(page, pagePath(address));
    await page.waitForLoadState("networkidle");
    const loaded = new Map(
      await Promise.all([...scripts].map(async ([path, size]) => [path, await size] as const)),
    );
    const total = [...loaded.values()].reduce((sum, bytes) => sum + bytes, 0);
    expect(total / 1024, [...loaded.keys()].join("\n")).toBeLessThanOrEqual(PAGE_VIEW_JS_BUDGET_KB);
    expect([...loaded.keys()].filter((path) => ON_DEMAND.test(path))).toEqual([]);
    // None of them competes with the stylesheet for the first paint: they start after it
    // (decision 015), all at once rather than as a chain of imports.
    const html = await (await page.request.get(page.url())).text();
    expect(html).not.toContain('<link rel="modulepreload"');
    expect((html.match(/<link data-after-paint="modulepreload"[^>]*>/g) ?? []).length).toBeGreaterThan(5);
    // Icons are references into one cached sprite (decision 018), not paths in every page and
    // script, and every one the page names is in it.
    expect(html).not.toMatch(/<svg[^>]*>\s*<path/);
    const uses = [...html.matchAll(/<use href="([^"#]+)#([a-z0-9-]+)"/g)];
    expect(uses.length).toBeGreaterThan(10);
    const sprites = new Set(uses.map(([, sprite]) => sprite));
    expect(sprites.size).toBe(1);
    const sprite = await page.request.get(new URL([...sprites][0] as string, page.url()).href);
    expect(sprite.headers()["cache-control"]).toContain("immutable");
    const symbols = new Set(
      [...(await sprite.text()).matchAll(/<symbol id="([a-z0-9-]+)"/g)].map(([, id]) => id),
    );
    expect(uses.map(([, , id]) => id).filter((id) => !symbols.has(id))).toEqual([]);
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    expect(timing.scripts.length).toBeGreaterThan(5);
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint);

    // Reaching for them brings them, and they work at once.
    await page.getByTestId("menu-button").click();
    await page.getByTestId("main-menu").waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("comment-actions").click();
    await page.getByTestId("comment-delete").click();
    await page.getByRole("alertdialog").or(page.getByRole("dialog")).waitFor();
    expect([...scripts.keys()].filter((path) => ON_DEMAND.test(path)).length).toBeGreaterThan(0);
    await page.keyboard.press("Escape");

    // A tab's form comes when the tab is shown; its rules (the contract's schema, and zod) with
    // its first check.
    expect([...scripts.keys()].filter((path) => /\/assets\/zod-/.test(path))).toEqual([]);
    await page.getByTestId("tab-reviews").click();
    const reviewForm = page.getByTestId("review-form");
    await reviewForm.getByTestId("review-submit").click();
    await reviewForm.getByText("Give it a title").waitFor();
    expect([...scripts.keys()].filter((path) => /\/assets\/zod-/.test(path)).length).toBeGreaterThan(0);
  });

  it("the front page's own code comes apart, and its server HTML stays while the code is slow", async () => {
    await flip("flipside-budget.com/front");
    const { page } = await tracked();
    // The front page's chunk takes its time; an update reaching its boundary before then used to
    // swap the server's HTML for the empty fallback.
    await page.route(/\/assets\/home-view-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await visit(page, "/");
    await page.waitForTimeout(300);
    expect(await page.getByTestId("home-loading").count()).toBe(0);
    expect(await page.getByTestId("home-view").isVisible()).toBe(true);
    expect(await page.getByTestId("page-card").count()).toBeGreaterThan(0);
    // Hydrated: the search box works.
    await page.getByTestId("search-input").fill("flipside-budget.com/front");
    await page.getByTestId("search-input").press("Enter");
    await page.getByTestId("page-view").waitFor();
  });
});

describe("failed flips (docs/web-app.md#guards-and-redirects)", () => {
  it("shows '{url} is not a valid domain' and stays on the home route", async () => {
    const { page, problems } = await tracked();
    await visit(page, "/");
    await page.getByTestId("search-input").fill("http://localhost/secret");
    await page.getByTestId("search-submit").click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "is not a valid domain" });
    await toast.waitFor();
    expect((await toast.textContent())?.trim()).toContain("http://localhost/secret is not a valid domain");
    expect(pathOf(page)).toBe("/");
    expect(unexpected(problems.all(), 400)).toEqual([]);
  });

  it("a deep link to a refused address shows the toast and returns to the home route", async () => {
    const { page, problems } = await tracked();
    await page.goto(`${journey.server.url}${pagePath("javascript:alert(1)")}`);
    await page.waitForURL((url) => url.pathname === "/" && url.search === "");
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "is not a valid domain" });
    await toast.waitFor();
    expect(await toast.textContent()).toContain("javascript:alert(1) is not a valid domain");
    expect(await page.getByTestId("home-view").count()).toBe(1);
    expect(unexpected(problems.all(), 400)).toEqual([]);
  });

  it("a failed flip from a page view goes back to the home route", async () => {
    const { page, problems } = await tracked();
    await visit(page, pagePath(ARTICLE));
    await page.getByTestId("search-input").fill("https://192.168.0.1/admin");
    await page.getByTestId("search-submit").click();
    await page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "192.168.0.1/admin is not a valid domain" })
      .waitFor();
    await page.waitForURL((url) => url.pathname === "/" && url.search === "");
    expect(unexpected(problems.all(), 400)).toEqual([]);
  });
});

describe("user content is harmless", () => {
  it("an XSS payload in a comment renders as text on the server and in the browser", async () => {
    const mallory = await journey.account("Mallory");
    const flipped = await flip("flipside-xss.net/target");
    const payload = [
      `<img src=x onerror="window.__xss='img'">`,
      `<script>window.__xss='script'</script>`,
      `[click me](javascript:window.__xss='link')`,
      `<a href="javascript:window.__xss='a'">raw link</a>`,
    ].join("\n\n");
    const posted = await api("/v1/site-page-comments", {
      method: "POST",
      token: mallory.token,
      body: { sitePage_id: flipped.data.id, body: payload },
    });
    expect(posted.status).toBe(201);

    const html = await serverHtml(pagePath("flipside-xss.net/target"));
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toContain("<script>window.__xss");
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain("&lt;img src=x onerror=");

    const { page, problems } = await tracked();
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await visit(page, pagePath("flipside-xss.net/target"));
    const comment = page.getByTestId("comment").first();
    expect(await comment.textContent()).toContain(`<img src=x onerror="window.__xss='img'">`);
    await comment
      .getByText("click me")
      .click()
      .catch(() => {});
    expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
    expect(await page.locator("[onerror]").count()).toBe(0);
    expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(unexpected(problems.all())).toEqual([]);
  });
});

describe("comments in depth", () => {
  it("attaches an image with a progress bar, edits (marked edited) and deletes (placeholder keeps the thread)", async () => {
    const cleo = await journey.account("Cleo");
    const dan = await journey.account("Dan");
    const address = "flipside-threads.com/post";
    const flipped = await flip(address);
    const tab = await tracked();
    const { page, problems } = tab;
    await signIn(tab, cleo);
    await visit(page, pagePath(address));

    // A 1×1 PNG, uploaded through the reserved one-time address.
    const png = ONE_PIXEL_PNG;
    const composer = page.getByTestId("comment-composer");
    // Hold the upload so its progress bar can be seen (and sending waits for it).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/v1/attachment-uploads/**", async (route) => {
      await held;
      await route.continue();
    });
    await composer
      .getByTestId("composer-image-input")
      .setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: png });
    const bar = composer.getByRole("progressbar", { name: "Uploading dot.png" });
    await bar.waitFor();
    expect(await bar.getAttribute("aria-valuemax")).toBe("100");
    expect(await composer.getByTestId("composer-submit").isDisabled()).toBe(true);
    release();
    await composer.locator('[data-testid="composer-attachment"][data-status="done"]').waitFor();
    expect(await bar.count()).toBe(0);
    await page.unroute("**/api/v1/attachment-uploads/**");
    await composer.getByTestId("composer-body").fill("A picture of the problem.");
    await composer.getByTestId("composer-submit").click();
    await page.getByTestId("comment").filter({ hasText: "A picture of the problem." }).waitFor();
    const commentId = await page.getByTestId("comment").first().getAttribute("data-comment-id");
    const comment = page.locator(`[data-comment-id="${commentId}"]`);
    const image = comment.getByTestId("contribution-media").locator("img");
    await image.waitFor();
    // The element shows before its bytes arrive: wait for the load (or its failure), then judge.
    const loaded = await image.evaluate((img: HTMLImageElement) =>
      img.complete
        ? img.naturalWidth > 0
        : new Promise<boolean>((resolve) => {
            img.addEventListener("load", () => resolve(img.naturalWidth > 0), { once: true });
            img.addEventListener("error", () => resolve(false), { once: true });
          }),
    );
    expect(loaded).toBe(true);

    // Dan answers it.
    expect(
      (
        await api("/v1/site-page-comments", {
          method: "POST",
          token: dan.token,
          body: { sitePage_id: flipped.data.id, parent_id: commentId, body: "Dan's answer." },
        })
      ).status,
    ).toBe(201);

    // Edit: marked edited.
    await comment.getByTestId("comment-actions").click();
    await page.getByTestId("comment-edit").click();
    const edit = comment.getByTestId("edit-composer");
    await edit.getByTestId("composer-body").fill("A picture of the problem (cropped).");
    await edit.getByTestId("composer-submit").click();
    await comment.getByTestId("edited-mark").waitFor();
    expect(await comment.textContent()).toContain("(cropped)");

    // Delete: a placeholder stays and Dan's reply is still reachable.
    await page.reload();
    await page.waitForSelector("html[data-hydrated]");
    const again = page.locator(`[data-comment-id="${commentId}"]`);
    await again.getByTestId("comment-actions").click();
    await page.getByTestId("comment-delete").click();
    await page.getByTestId("confirm-delete").click();
    await again.getByTestId("deleted-placeholder").waitFor();
    await again.getByTestId("replies-toggle").click();
    await again.getByTestId("reply").filter({ hasText: "Dan's answer." }).waitFor();
    expect(unexpected(problems.all())).toEqual([]);
  });

  it("attaches a video recorded in the browser; it loads and seeks from the server", async () => {
    const fay = await journey.account("Fay");
    const address = "flipside-video.com/clip";
    const tab = await tracked();
    const { page, problems } = tab;
    await signIn(tab, fay);
    await visit(page, pagePath(address));

    // A real WebM: two seconds of an animated canvas, recorded by Chromium's own encoder.
    const webm = Buffer.from(
      await page.evaluate(async () => {
        const canvas = document.createElement("canvas");
        canvas.width = 160;
        canvas.height = 90;
        const ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
        const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: "video/webm" });
        const chunks: Blob[] = [];
        recorder.ondataavailable = (e) => chunks.push(e.data);
        const stopped = new Promise((resolve) => {
          recorder.onstop = resolve;
        });
        let frame = 0;
        const timer = setInterval(() => {
          ctx.fillStyle = `hsl(${(frame++ * 15) % 360} 80% 50%)`;
          ctx.fillRect(0, 0, 160, 90);
        }, 40);
        recorder.start(250);
        await new Promise((resolve) => setTimeout(resolve, 2000));
        recorder.stop();
        await stopped;
        clearInterval(timer);
        const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
        return Array.from(bytes);
      }),
    );
    expect(webm.length).toBeGreaterThan(1000);

    const composer = page.getByTestId("comment-composer");
    await composer
      .getByTestId("composer-video-input")
      .setInputFiles({ name: "clip.webm", mimeType: "video/webm", buffer: webm });
    await composer.locator('[data-testid="composer-attachment"][data-status="done"]').waitFor();
    // One video per comment: no more images or videos can be added beside it.
    expect(await composer.getByRole("button", { name: "Image", exact: true }).isDisabled()).toBe(true);
    expect(await composer.getByRole("button", { name: "Video", exact: true }).isDisabled()).toBe(true);
    await composer.getByTestId("composer-body").fill("Watch what happens at the end.");
    await composer.getByTestId("composer-submit").click();
    const comment = page.getByTestId("comment").filter({ hasText: "Watch what happens at the end." });
    const video = comment.getByTestId("contribution-media").locator("video");
    await video.waitFor();
    const played = await video.evaluate(async (v: HTMLVideoElement) => {
      if (v.readyState < 1) await new Promise((resolve) => v.addEventListener("loadedmetadata", resolve));
      const range = await fetch(v.currentSrc, { headers: { range: "bytes=100-199" } });
      return {
        width: v.videoWidth,
        height: v.videoHeight,
        controls: v.controls,
        rangeStatus: range.status,
        rangeLength: (await range.arrayBuffer()).byteLength,
        type: range.headers.get("content-type"),
      };
    });
    expect(played).toEqual({
      width: 160,
      height: 90,
      controls: true,
      rangeStatus: 206,
      rangeLength: 100,
      type: "video/webm",
    });

    // Server-rendered after a reload too.
    await page.reload();
    await page.waitForSelector("html[data-hydrated]");
    expect(await comment.getByTestId("contribution-media").locator("video").count()).toBe(1);
    expect(unexpected(problems.all())).toEqual([]);
  });

  it("sorts and loads more in pages of 25", async () => {
    const eve = await journey.account("Eve");
    const address = "flipside-busy.com/thread";
    const flipped = await flip(address);
    // Seeded straight through the API (new accounts may post 10 a minute, so use several authors).
    const authors = [eve, await journey.account("Finn"), await journey.account("Gus")];
    for (let i = 1; i <= 27; i++) {
      const author = authors[i % authors.length] as Account;
      const answer = await api("/v1/site-page-comments", {
        method: "POST",
        token: author.token,
        body: { sitePage_id: flipped.data.id, body: `Comment number ${i}` },
      });
      expect(answer.status).toBe(201);
    }
    const { page, problems } = await tracked();
    await visit(page, pagePath(address));
    const list = page.getByTestId("comment-list").getByTestId("comment");
    expect(await list.count()).toBe(25);
    expect(await list.first().textContent()).toContain("Comment number 27");
    await page.getByTestId("comments-load-more").click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="comment-list"] [data-testid="comment"]').length === 27,
    );
    expect(await page.getByTestId("comments-load-more").count()).toBe(0);

    // Another page and back: every list starts again at page 0 (docs/web-app.md).
    await page.getByTestId("search-input").fill(ARTICLE);
    await page.getByTestId("search-submit").click();
    await page.waitForURL((url) => url.searchParams.get("url") === ARTICLE);
    await page.getByTestId("page-title").filter({ hasText: ARTICLE }).waitFor();
    await page.goBack();
    await page.getByTestId("page-title").filter({ hasText: address }).waitFor();
    expect(await list.count()).toBe(25);
    expect(await page.getByTestId("comments-load-more").count()).toBe(1);

    // Oldest: the first comment first, and the list starts again at page 0 (25 shown).
    await chooseSort(page, "oldest");
    await expect.poll(() => firstCommentText(page)).toBe("Comment number 1");
    expect(await list.count()).toBe(25);
    await chooseSort(page, "newest");
    await expect.poll(() => firstCommentText(page)).toBe("Comment number 27");

    // An official response (claimUuid set by the verified owner) is marked as such.
    await page.route("**/api/v1/site-page-comments?*", async (route) => {
      const response = await route.fetch();
      const items = (await response.json()) as { claimUuid: string | null }[];
      if (items[0]) items[0].claimUuid = flipped.data.id;
      await route.fulfill({ response, json: items });
    });
    await chooseSort(page, "top");
    const official = page.getByTestId("comment-list").locator('[data-official="true"]');
    await official.waitFor();
    expect(await official.getByTestId("official-badge").textContent()).toBe("Official response");
    // Its badge stays readable (WCAG AA contrast) in both colour modes.
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      const contrast = await new AxeBuilder({ page })
        .include('[data-official="true"]')
        .withRules(["color-contrast"])
        .analyze();
      expect(contrast.violations.flatMap((v) => v.nodes.map((n) => n.failureSummary))).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: null });
    await page.unroute("**/api/v1/site-page-comments?*");
    expect(unexpected(problems.all())).toEqual([]);
  });

  it("a comment posted under another sort is first when the list goes back to newest", async () => {
    const hal = await journey.account("Hal");
    const address = "flipside-sorted.com/post";
    const flipped = await flip(address);
    for (const body of ["First older comment", "Second older comment"]) {
      const answer = await api("/v1/site-page-comments", {
        method: "POST",
        token: hal.token,
        body: { sitePage_id: flipped.data.id, body },
      });
      expect(answer.status).toBe(201);
    }
    const tab = await tracked();
    const { page, problems } = tab;
    await signIn(tab, hal);
    await visit(page, pagePath(address));
    await chooseSort(page, "oldest");
    await expect.poll(() => firstCommentText(page)).toBe("First older comment");

    const composer = page.getByTestId("comment-composer");
    await composer.getByTestId("composer-body").fill("Posted while the oldest came first");
    await composer.getByTestId("composer-submit").click();
    await page.getByTestId("comment").filter({ hasText: "Posted while the oldest came first" }).waitFor();
    expect(await page.getByTestId("comments-heading").textContent()).toBe("3 comments");

    // The newest-first list was server-rendered before the comment existed; it has it now.
    await chooseSort(page, "newest");
    await expect.poll(() => firstCommentText(page)).toBe("Posted while the oldest came first");
    expect(await page.getByTestId("comments-heading").textContent()).toBe("3 comments");
    expect(unexpected(problems.all())).toEqual([]);
  });
});

describe("who may contribute", () => {
  it("an unactivated account is told why it cannot comment (the API's 403 detail)", async () => {
    const newcomer = await journey.account("Nora", { activate: false });
    const tab = await tracked();
    await signIn(tab, newcomer);
    const { page, problems } = tab;
    await visit(page, pagePath(ARTICLE));
    expect(await page.getByTestId("activation-needed").first().textContent()).toContain(
      "Activate your account",
    );
    const composer = page.getByTestId("comment-composer");
    await composer.getByTestId("composer-body").fill("Hello everyone");
    await composer.getByTestId("composer-submit").click();
    await page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Activate your account first: check your mail for the activation link." })
      .waitFor();
    // The text stays, ready for when the account is activated.
    expect(await composer.getByTestId("composer-body").inputValue()).toBe("Hello everyone");
    expect(unexpected(problems.all(), 403)).toEqual([]);
  });

  it("a vote the server refuses is rolled back", async () => {
    const voter = await journey.account("Vic");
    const tab = await tracked();
    await signIn(tab, voter);
    const { page } = tab;
    await visit(page, pagePath(ARTICLE));
    await page.route("**/api/v1/contribution-votes", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/problem+json",
        body: JSON.stringify({
          type: "about:blank",
          title: "Service Unavailable",
          status: 503,
          detail: "Try again later.",
        }),
      }),
    );
    const votes = page.getByTestId("summary-panel").getByTestId("vote-arrows");
    const before = await votes.getByTestId("vote-score").textContent();
    await votes.getByTestId("vote-down").click();
    await page.locator("[data-sonner-toast]").filter({ hasText: "Try again later." }).waitFor();
    expect(await votes.getByTestId("vote-score").textContent()).toBe(before);
    expect(await votes.getAttribute("data-my-vote")).toBe("0");
    await page.unroute("**/api/v1/contribution-votes");
  });
});

describe("notes", () => {
  it("edits and deletes a note of the page; other people never see it", async () => {
    const nina = await journey.account("Nina");
    const flipped = await flip(ARTICLE);
    const created = await api<{ id: string }>("/v1/notes", {
      method: "POST",
      token: nina.token,
      body: { sitePage_id: flipped.data.id, title: "Draft thought", body: "first take" },
    });
    expect(created.status).toBe(201);
    const tab = await tracked();
    await signIn(tab, nina);
    const { page, problems } = tab;
    await visit(page, pagePath(ARTICLE));
    await page.getByTestId("tab-my-note").click();
    const note = page.locator(`[data-note-id="${created.data.id}"]`);
    await note.getByTestId("note-edit").click();
    const form = note.getByTestId("note-edit-form");
    await form.getByTestId("note-title").fill("Settled thought");
    await form.getByTestId("note-visibility").selectOption("PUBLIC");
    await form.getByTestId("note-submit").click();
    await note.getByTestId("note-title-text").filter({ hasText: "Settled thought" }).waitFor();
    expect(await note.textContent()).toContain("Public");
    expect(await page.getByTestId("tab-my-note").textContent()).toContain("1");

    await note.getByTestId("note-delete").click();
    await page.getByTestId("confirm-delete").click();
    await note.waitFor({ state: "detached" });
    await page.getByTestId("notes-empty").waitFor();
    expect(await page.getByTestId("tab-my-note").textContent()).toContain("0");
    expect((await api(`/v1/notes/${created.data.id}`, { token: nina.token })).status).toBe(404);
    expect(unexpected(problems.all())).toEqual([]);
  });
});

describe("keyboard, small screens and accessibility", () => {
  it("tabs move with the arrow keys and carry the docs/web-app.md#routes-and-layouts identifiers", async () => {
    const { page } = await tracked();
    await visit(page, pagePath(ARTICLE));
    const values = await pageTabs(page).evaluateAll((tabs) =>
      tabs.map((t) => t.getAttribute("data-testid")?.replace(/^tab-/, "")),
    );
    expect(values).toEqual(["comments", "reviews", "related-page", "my-note", "tab-plus"]);
    const selected = pageTabs(page).and(page.locator('[aria-selected="true"]'));
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("data-testid"));
    // The selected tab is the list's one tab stop, and each tab names the panel it controls.
    const stops = async () =>
      pageTabs(page).evaluateAll((tabs) =>
        tabs.map((t) => ({
          tabindex: t.getAttribute("tabindex"),
          panelLabelledBy: document
            .getElementById(t.getAttribute("aria-controls") ?? "")
            ?.getAttribute("aria-labelledby"),
          id: t.id,
        })),
      );
    for (const tab of await stops()) expect(tab.panelLabelledBy).toBe(tab.id);
    expect((await stops()).map((t) => t.tabindex)).toEqual(["0", "-1", "-1", "-1", "-1"]);

    await page.getByTestId("tab-comments").focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => selected.getAttribute("data-testid")).toBe("tab-reviews");
    expect(await focused()).toBe("tab-reviews");
    expect((await stops()).map((t) => t.tabindex)).toEqual(["-1", "0", "-1", "-1", "-1"]);
    await expect.poll(() => page.getByRole("tabpanel").count()).toBe(1);
    expect(await page.getByRole("tabpanel").getAttribute("aria-labelledby")).toBe((await stops())[1]?.id);

    await page.keyboard.press("End");
    await expect.poll(() => selected.getAttribute("data-testid")).toBe("tab-tab-plus");
    expect(await page.getByTestId("tab-plus-panel").textContent()).toContain(
      "Custom tabs come with your profile",
    );
    // The arrows wrap round at both ends; Home goes back to the first tab.
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => selected.getAttribute("data-testid")).toBe("tab-comments");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => selected.getAttribute("data-testid")).toBe("tab-tab-plus");
    await page.keyboard.press("Home");
    await expect.poll(() => selected.getAttribute("data-testid")).toBe("tab-comments");
    expect(await focused()).toBe("tab-comments");
  });

  it("signed-out votes, reviews, links and notes open the login dialog", async () => {
    const { page } = await tracked();
    await visit(page, pagePath(ARTICLE));
    const dialog = page.getByTestId("login-dialog");
    const attempts: [string, () => Promise<void>][] = [
      ["vote", () => page.getByTestId("vote-up").first().click()],
      [
        "review",
        async () => {
          await page.getByTestId("tab-reviews").click();
          await page.getByTestId("review-submit").click();
        },
      ],
      [
        "link",
        async () => {
          await page.getByTestId("tab-related-page").click();
          await page.getByTestId("related-submit").click();
        },
      ],
      [
        "note",
        async () => {
          await page.getByTestId("tab-my-note").click();
          await page.getByTestId("notes-login").click();
        },
      ],
    ];
    for (const [what, attempt] of attempts) {
      await attempt();
      await dialog.waitFor().catch(() => {
        throw new Error(`No login dialog after a signed-out ${what}`);
      });
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
    }
  });

  it("a tab's form that cannot load says so, and comes when tried again", async () => {
    const { page } = await tracked();
    await visit(page, pagePath(ARTICLE));
    await page.route(/\/assets\/related-form-[\w-]{8}\.js$/, (route) => route.abort("internetdisconnected"));
    await page.getByTestId("tab-related-page").click();
    const alert = page.getByRole("alert").filter({ hasText: "This part of the page could not load." });
    await alert.waitFor();
    await page.unroute(/\/assets\/related-form-[\w-]{8}\.js$/);
    await alert.getByRole("button", { name: "Try again" }).click();
    await page.getByTestId("related-form").waitFor();
    await alert.waitFor({ state: "detached" });
  });

  it("a phone's page view is painted where it stays while its HTML is still arriving", async () => {
    const author = await journey.account("Steady");
    const address = "flipside-steady.com/long-thread";
    const flipped = await flip(address);
    for (let i = 0; i < 25; i++) {
      await api("/v1/site-page-comments", {
        method: "POST",
        body: { sitePage_id: flipped.data.id, body: `Comment ${i}: ${"a thoughtful remark ".repeat(20)}` },
        token: author.token,
      });
    }
    const { page } = await tracked({ viewport: { width: 412, height: 823 } });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { __shifts: number[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    // A slow phone: the parser yields, and the browser paints the part of the page it has.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    await visit(page, pagePath(address));
    await page.waitForLoadState("networkidle");
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
  });

  it("fits a 320 px screen and has no serious accessibility violation", async () => {
    const { page } = await tracked({ viewport: { width: 320, height: 640 } });
    // A page nobody discussed yet says so, and invites the first comment.
    await visit(page, pagePath("flipside-quiet.com/nothing-yet"));
    expect(await page.getByTestId("comments-empty").textContent()).toContain(
      "No comments yet — be the first",
    );
    await visit(page, pagePath(ARTICLE));
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const axe = await new AxeBuilder({ page }).include('[data-testid="page-view"]').analyze();
    const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    ).toEqual([]);

    await visit(page, "/");
    const homeAxe = await new AxeBuilder({ page }).include('[data-testid="home-view"]').analyze();
    expect(
      homeAxe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
    ).toEqual([]);
    expect(await page.getByTestId("page-card").count()).toBeGreaterThan(0);
  });
});
