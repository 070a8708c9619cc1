import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seriousAxeFindings } from "./fixtures/browser.ts";
import {
  buildExtension,
  chromiumBuildOf,
  type ExtensionBrowser,
  launchWithExtension,
  unpackedExtensionId,
} from "./fixtures/extension.ts";
import { type Account, PASSWORD, pagePath, uniqueEmail, useJourney } from "./fixtures/journey.ts";

/**
 * The browser extension (issue 23, docs/extension.md), built against this file's server and
 * loaded unpacked into Debian's Chromium: badge counts by hash prefix (and what the server's
 * access log sees of them), the panel's page view in app mode signed out and in, the web app's
 * detection of the extension, quick notes, and the panel's honest states.
 *
 * Chromium opens a side panel only on a person's gesture, which a test cannot give: the panel's
 * own page is opened in a tab instead, pinned to an address with `?url=`.
 */

/** A store listing, as a deployment configures it (EXTENSION_STORE_CHROMIUM_URL). */
const STORE_LISTING = "https://chromewebstore.google.com/detail/flipside/abcdefghijklmnopabcdefghijklmnop";
const outDir = await mkdtemp(join(tmpdir(), "flipside-e2e-extension-"));
const extensionId = unpackedExtensionId(chromiumBuildOf(outDir));

const journey = useJourney(
  {
    PAGE_FETCH_ENABLED: "false",
    EXTENSION_ORIGINS: `chrome-extension://${extensionId}`,
    EXTENSION_STORE_CHROMIUM_URL: STORE_LISTING,
    LOG_LEVEL: "info",
  },
  { keepServerOutput: 5_000_000 },
);

/** The web pages people visit: on `*.example.org`, which the extension's Chromium resolves here. */
let site: Server;
let siteOrigin: string;
let ext: ExtensionBrowser;
let profileDir: string;
let ada: Account;

const STORY_QUOTE = "The valley saw its wettest week since records began in 1871.";
const story = () => `${siteOrigin}/story`;
const quiet = () => `${siteOrigin}/quiet`;
/** The normalized address: scheme-less, port kept. */
const normalized = (address: string) => address.replace(/^https?:\/\//, "");
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

beforeAll(async () => {
  site = createServer((request, response) => {
    const title = request.url === "/story" ? "Rain in the valley" : "A quiet page";
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(
      `<!doctype html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1>` +
        `<p id="quote">${STORY_QUOTE}</p><p><a href="/quiet">Another page</a></p></body></html>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteOrigin = `http://news.example.org:${(site.address() as AddressInfo).port}`;

  await buildExtension(outDir, journey.server.url);
  profileDir = await mkdtemp(join(tmpdir(), "flipside-e2e-profile-"));
  ext = await launchWithExtension(chromiumBuildOf(outDir), profileDir);
  expect(ext.id).toBe(extensionId);

  ada = await journey.account("Ada Reader", { email: uniqueEmail("ada") });
  const storyId = await journey.flip(story());
  await journey.flip(quiet());
  for (const body of ["Worst flood in years.", "The bridge held, though.", "Photos from the north bank?"]) {
    await journey.comment(ada, storyId, body);
  }
}, 180_000);

afterAll(async () => {
  await ext?.context.close();
  await new Promise((resolve) => site?.close(resolve));
  await rm(outDir, { recursive: true, force: true });
  if (profileDir) await rm(profileDir, { recursive: true, force: true });
});

/** The toolbar badge of the tab showing `address`, as the extension set it. */
function badgeOf(address: string): Promise<string | null> {
  return ext.worker.evaluate(async (url) => {
    const tab = (await chrome.tabs.query({})).find((t) => t.url === url);
    return tab?.id === undefined ? null : chrome.action.getBadgeText({ tabId: tab.id });
  }, address);
}

/** The paths the server was asked for, from its access log (LOG_LEVEL=info). */
function requestedPaths(): string[] {
  return journey.server
    .output()
    .split("\n")
    .filter((line) => line.includes('"incoming request"'))
    .map((line) => (JSON.parse(line) as { req: { url: string } }).req.url);
}

/** The badge's requests (to the counts by prefix) among the paths asked for after the first `from`. */
const countRequests = (from: number) =>
  requestedPaths()
    .slice(from)
    .filter((path) => path.includes("page-counts"));

async function openTab(address: string): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(address);
  return page;
}

/** The panel's page, pinned to an address, and the Flipside page view inside it. */
async function openPanel(address: string) {
  const page = await ext.context.newPage();
  await page.setViewportSize({ width: 400, height: 800 });
  await page.goto(ext.page(`sidepanel.html?url=${encodeURIComponent(address)}`));
  const frame = page.frameLocator('[data-testid="panel-frame"]');
  return { page, frame };
}

describe("the toolbar badge", () => {
  it("shows the page's comment count, asking the server by a hash prefix that carries no address", async () => {
    const before = requestedPaths().length;
    const storyTab = await openTab(story());
    await vi.waitFor(async () => expect(await badgeOf(story())).toBe("3"), { timeout: 10_000 });
    const quietTab = await openTab(quiet());
    const storyPrefix = sha256(normalized(story())).slice(0, 4);
    const quietPrefix = sha256(normalized(quiet())).slice(0, 4);
    // Asked for by prefix (unless both pages share one: then the answer is reused).
    await vi.waitFor(() => expect(countRequests(before)).toContain(`/api/v1/page-counts/${quietPrefix}`), {
      timeout: 10_000,
    });
    expect(await badgeOf(quiet())).toBe("");

    // The access log: only prefixes were asked for, and no address of either page reached the server.
    const asked = countRequests(before);
    expect(asked).toContain(`/api/v1/page-counts/${storyPrefix}`);
    for (const path of asked) expect(path).toMatch(/^\/api\/v1\/page-counts\/[0-9a-f]{4}$/);
    expect(journey.server.output()).not.toContain("news.example.org");
    await storyTab.close();
    await quietTab.close();
  });

  it("sends nothing once badges are turned off in the settings, and counts again when turned on", async () => {
    const storyTab = await openTab(story());
    await vi.waitFor(async () => expect(await badgeOf(story())).toBe("3"), { timeout: 10_000 });

    const options = await ext.context.newPage();
    await options.goto(ext.page("options.html"));
    const toggle = options.getByLabel("Show how many comments a page has on the toolbar button");
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await options.getByText("Counting comments tells Flipside no address.").waitFor();
    expect(await seriousAxeFindings(options)).toEqual([]);
    await toggle.press("Space");
    await vi.waitFor(async () => expect(await badgeOf(story())).toBe(""), { timeout: 5_000 });

    const before = requestedPaths().length;
    await storyTab.reload();
    const otherTab = await openTab(`${siteOrigin}/never-counted`);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(countRequests(before)).toEqual([]);
    expect(await badgeOf(story())).toBe("");

    await toggle.press("Space");
    await vi.waitFor(async () => expect(await badgeOf(story())).toBe("3"), { timeout: 10_000 });
    await Promise.all([storyTab.close(), otherTab.close(), options.close()]);
  });
});

describe("the panel", () => {
  it("shows the page's discussion signed out, with a way to sign in; signed in, a comment posted there shows on the web app", async () => {
    const { page, frame } = await openPanel(story());
    await frame.locator("html[data-hydrated]").waitFor();
    await frame.getByText("The bridge held, though.").waitFor();
    await frame.getByTestId("header-login").waitFor();
    expect(await frame.getByTestId("header-signup").getAttribute("href")).toMatch(/^\/join\/app\?app=1/);
    // Joining happens inside the panel, and app mode sticks.
    await frame.getByTestId("header-signup").click();
    await frame.getByTestId("join-page").waitFor();
    await frame.getByTestId("header-login").waitFor();

    // Signed in with the same account as the web app: the session cookie is the one the site set.
    await ext.context.addCookies([{ name: "flipside_token", value: ada.token, url: journey.server.url }]);
    await page.reload();
    await frame.locator("html[data-hydrated]").waitFor();
    const composer = frame.getByTestId("comment-composer");
    await composer.getByTestId("composer-body").fill("Posted from the side panel.");
    await composer.getByTestId("composer-submit").click();
    await frame.getByTestId("comment").filter({ hasText: "Posted from the side panel." }).waitFor();

    const web = await journey.tracked();
    await journey.visit(web.page, pagePath(normalized(story())));
    await web.page.getByTestId("comment").filter({ hasText: "Posted from the side panel." }).waitFor();
    await page.close();
    await ext.context.clearCookies();
  });

  it("says so when Flipside can't be reached, and comes back with Try again", async () => {
    const page = await ext.context.newPage();
    await page.route("**/api/health", (route) => route.abort());
    await page.goto(ext.page(`sidepanel.html?url=${encodeURIComponent(story())}`));
    await page.getByText("Flipside can't be reached").waitFor();
    // Try again has the focus: Enter is all it takes.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Try again");
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.unroute("**/api/health");
    await page.getByRole("button", { name: "Try again" }).press("Enter");
    await page.frameLocator('[data-testid="panel-frame"]').getByText("Worst flood in years.").waitFor();
    await page.close();
  });

  it("has nothing to flip on a browser's own page", async () => {
    const { page } = await openPanel("chrome://newtab/");
    await page.getByText("Nothing to flip here").waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await page.locator("iframe").count()).toBe(0);
    await page.close();
  });
});

describe("the web app's detection", () => {
  it("finds the extension within its 300 ms, and not in a browser without it", async () => {
    const withIt = await ext.context.newPage();
    await withIt.goto(`${journey.server.url}/extension`);
    await withIt.locator('[data-testid="extension-status"][data-state="installed"]').waitFor();
    expect(await withIt.getByTestId("extension-status").textContent()).toContain(
      "The Flipside extension is installed in this browser.",
    );
    await withIt.getByTestId("extension-howto").waitFor();
    expect(await withIt.getByTestId("extension-install").count()).toBe(0);
    await withIt.close();

    // Without it: this browser's store, and nothing else.
    const without = await journey.tracked();
    await journey.visit(without.page, "/extension");
    await without.page.locator('[data-testid="extension-status"][data-state="missing"]').waitFor();
    const store = without.page.getByTestId("extension-store-chromium");
    expect(await store.getAttribute("href")).toBe(STORE_LISTING);
    expect(await store.textContent()).toBe("Get Flipside from the Chrome Web Store");
    expect(await without.page.getByTestId("extension-store-firefox").count()).toBe(0);
    expect(await seriousAxeFindings(without.page)).toEqual([]);
    expect(without.problems.all()).toEqual([]);
  });
});

describe("quick notes", () => {
  /** What the "Add a note" entry hands the panel (lib/menus.ts): the selection and its page. */
  async function addNoteFromSelection(tab: Page) {
    await tab.locator("#quote").click({ clickCount: 3 });
    const quote = await tab.evaluate(() => window.getSelection()?.toString() ?? "");
    expect(quote.trim()).toBe(STORY_QUOTE);
    await ext.worker.evaluate((note) => chrome.storage.session.set({ pendingNote: note }), {
      address: tab.url(),
      quote,
    });
  }

  it("saves the selection as a private note on the page it was made on, after signing in inside the panel", async () => {
    const tab = await openTab(story());
    await addNoteFromSelection(tab);
    const { page, frame } = await openPanel(story());
    const note = page.getByTestId("quick-note");
    await page.locator('[data-testid="quick-note"][data-state="signin"]').waitFor();
    await note.getByRole("button", { name: "Sign in" }).click();
    await frame.getByLabel("Email").fill(ada.email);
    await frame.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await frame.getByLabel("Password", { exact: true }).press("Enter");
    await frame.getByText("Worst flood in years.").waitFor();
    await note.getByRole("button", { name: "Save note" }).click();
    await page.locator('[data-testid="quick-note"][data-state="saved"]').waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);

    const notes = await journey.api<
      { title: string; body: string; visibility: string; sitePage: { normalizedUrl: string } }[]
    >("/v1/notes", { token: ada.token });
    const saved = notes.data.find((n) => n.body.includes(STORY_QUOTE));
    expect(saved).toMatchObject({
      visibility: "PRIVATE",
      title: `“${STORY_QUOTE}”`,
      body: `> ${STORY_QUOTE}`,
      sitePage: { normalizedUrl: normalized(story()) },
    });
    await Promise.all([tab.close(), page.close()]);
    await ext.context.clearCookies();
  });
});
