import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, type TrackedPage } from "./fixtures/browser.ts";
import { type RunningServer, startServer } from "./fixtures/server.ts";
import { SPEC_ROUTES, type SpecRoute } from "./fixtures/spec-routes.ts";

/**
 * Journeys through the web shell (issue 2, items 5 and 6): routes and layouts, error pages,
 * colour mode, toasts, app mode, extension detection, transitions, new-version polling,
 * keyboard use and accessibility. One server and one browser for the whole file.
 */

let server: RunningServer;
let browser: Browser;
const open: TrackedPage[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((p) => p.close().catch(() => {})));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function tracked(options: Parameters<typeof newPage>[1] = {}): Promise<TrackedPage> {
  const page = await newPage(browser, options);
  open.push(page);
  return page;
}

/** Loads a path and waits until React has hydrated it. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(server.url + path);
  await page.waitForSelector("html[data-hydrated]");
}

const htmlClass = (page: Page) => page.evaluate(() => document.documentElement.className);

/** Anonymous /profile pages may be sent to /login once the accounts guard exists (docs/web-app.md#guards-and-redirects). */
const isProfilePath = (path: string) => path === "/profile" || path.startsWith("/profile/");

async function fetchPage(path: string) {
  const response = await fetch(server.url + path, { redirect: "manual" });
  return { response, html: await response.text() };
}

describe("routes and layouts", () => {
  it.each(SPEC_ROUTES.map((r) => [r.path, r] as const))(
    "%s answers from the server with its layout and title (profile pages: or a redirect to /login)",
    async (_path, route: SpecRoute) => {
      const { response, html } = await fetchPage(route.path);
      if (isProfilePath(route.path) && response.status >= 300 && response.status < 400) {
        expect(new URL(response.headers.get("location") ?? "", server.url).pathname).toBe("/login");
        return;
      }
      expect(response.status).toBe(route.status ?? 200);
      expect(response.headers.get("content-type")).toContain("text/html");
      expect(html).toContain(`<title>${route.title}</title>`);
      if (route.layout) {
        expect(html).toContain(`data-layout="${route.layout}"`);
      } else {
        expect(html).not.toContain("data-layout=");
      }
    },
  );

  it("every route hydrates in the browser at 320 px wide with its layout, no horizontal scroll and no errors", async () => {
    const { page, problems } = await tracked({ viewport: { width: 320, height: 640 } });
    for (const route of SPEC_ROUTES) {
      await visit(page, route.path);
      if (isProfilePath(route.path) && new URL(page.url()).pathname === "/login") continue;
      expect(await page.title(), route.path).toBe(route.title);
      const layouts = await page.$$eval("[data-layout]", (els) =>
        els.map((el) => el.getAttribute("data-layout")),
      );
      expect(layouts, route.path).toEqual(route.layout ? [route.layout] : []);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${route.path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    // The only failures are the documents that are meant to be 404 pages.
    expect(problems.failedRequests).toEqual(
      SPEC_ROUTES.filter((r) => r.status === 404).map((r) => `GET ${server.url}${r.path} (404)`),
    );
    expect(problems.consoleErrors.filter((e) => !e.includes("status of 404"))).toEqual([]);
    expect(problems.classConflicts).toEqual([]);
  });

  it("an unknown path renders 'Page Not Found: {path}' with HTTP status 404", async () => {
    const { response, html } = await fetchPage("/no/such/page");
    expect(response.status).toBe(404);
    expect(html).toContain("Page Not Found: /no/such/page");
    expect(html).toContain('data-layout="default"');

    const { page, problems } = await tracked();
    const answer = await page.goto(`${server.url}/no/such/page`);
    expect(answer?.status()).toBe(404);
    await page.waitForSelector("html[data-hydrated]");
    expect(await page.textContent("h1")).toBe("Page Not Found: /no/such/page");
    expect(await page.title()).toBe("Page Not Found · Flipside");
    // The only failure is the document's own 404.
    expect(problems.failedRequests).toEqual([`GET ${server.url}/no/such/page (404)`]);

    await page.click('[data-testid="error-home"]');
    await page.waitForSelector('[data-layout="home"]');
    expect(new URL(page.url()).pathname).toBe("/");
  });

  it("a page path answers any other method with 405, its Allow header and a message for people — never a 5xx or the framework's text", async () => {
    const tries: Array<{ method: string; body?: string; type?: string }> = [
      { method: "POST" },
      { method: "POST", body: "a=1", type: "application/x-www-form-urlencoded" },
      { method: "POST", body: "{}", type: "application/json" },
      { method: "POST", body: "\u0000\u00ff garbage", type: "application/octet-stream" },
      { method: "PUT", body: "x", type: "text/plain" },
      { method: "PATCH" },
      { method: "DELETE" },
    ];
    for (const path of ["/undefined", "/", "/about", "/undefined.data"]) {
      for (const { method, body, type } of tries) {
        const what = `${method} ${path} ${type ?? "no body"}`;
        const response = await fetch(`${server.url}${path}`, {
          method,
          ...(body !== undefined ? { body, headers: { "content-type": type ?? "" } } : {}),
        });
        const text = await response.text();
        expect(response.status, what).toBe(405);
        expect(response.headers.get("allow"), what).toBe("GET, HEAD");
        expect(text, what).not.toMatch(/did not provide an `action`|You made a/);
        expect(text, what).toContain("This address is a page to read");
      }
    }

    // A form that posts to a page shows the error page with its status, in the browser too.
    const { page } = await tracked();
    await visit(page, "/about");
    await Promise.all([
      page.waitForURL(`${server.url}/undefined`),
      page.evaluate(() => {
        const form = document.createElement("form");
        form.method = "post";
        form.action = "/undefined";
        document.body.append(form);
        form.submit();
      }),
    ]);
    await page.waitForSelector("html[data-hydrated]");
    expect(await page.textContent('[data-testid="error-status"]')).toBe("405");
    expect(await page.textContent('[data-testid="error-title"]')).toBe("Internal Server Error");
    expect(await page.textContent('[data-testid="error-message"]')).toContain(
      "This address is a page to read",
    );
  });

  it("unknown share codes (/s/{code}) and other /beta-user/ paths are 404", async () => {
    for (const path of ["/s/abc123", "/beta-user/somewhere"]) {
      const { response, html } = await fetchPage(path);
      expect(response.status, path).toBe(404);
      expect(html).toContain(`Page Not Found: ${path}`);
    }
  });

  it("an unknown /profile/... path redirects to /profile (or on to /login for anonymous visitors once guarded)", async () => {
    const { response } = await fetchPage("/profile/no/such/section?x=1");
    expect([301, 302, 303, 307, 308]).toContain(response.status);
    expect(response.headers.get("location")).toMatch(/^(\/profile\?x=1|\/login\b.*)$/);

    const { page } = await tracked();
    await page.goto(`${server.url}/profile/unknown`);
    expect(["/profile", "/login"]).toContain(new URL(page.url()).pathname);
  });

  it("content pages come from content/*.md", async () => {
    const { page } = await tracked();
    await visit(page, "/about");
    expect(await page.textContent("h1")).toBe("About Flipside");
    await page.click('footer [data-testid="terms_and_conditions"]');
    await page.waitForSelector('[data-layout="secondary"] [data-slug="terms"]');
    expect(page.url()).toBe(`${server.url}/terms`);
    expect(await page.textContent("h1")).toBe("Terms and conditions");
  });
});

describe("colour mode", () => {
  it("a chosen mode survives a reload and is applied before any script bundle runs (no flash)", async () => {
    const { page } = await tracked({ colorScheme: "light" });
    await visit(page, "/");
    expect(await htmlClass(page)).toBe("light");
    await page.click('footer [data-testid="color-mode-dark"]');
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    expect(await page.evaluate(() => localStorage.getItem("nuxt-color-mode"))).toBe("dark");

    // Without the JavaScript bundles only the inline pre-paint script can set the class.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.reload({ waitUntil: "domcontentloaded" });
    expect(await htmlClass(page)).toBe("dark");
    expect(await page.$("html[data-hydrated]")).toBeNull();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe("rgb(255, 255, 255)");
    await page.unroute("**/assets/*.js");
  });

  it("system follows the OS preference live", async () => {
    const { page } = await tracked({ colorScheme: "light" });
    await visit(page, "/");
    expect(await htmlClass(page)).toBe("light");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.waitForFunction(() => document.documentElement.className === "dark");
    await page.emulateMedia({ colorScheme: "light" });
    await page.waitForFunction(() => document.documentElement.className === "light");
  });

  it("a page can force its mode, on the server too, over the stored preference", async () => {
    const { html } = await fetchPage("/extension");
    expect(html).toMatch(/<html[^>]*class="light"/);
    expect(html).toContain('data-color-mode-forced="light"');

    const { page } = await tracked({ colorScheme: "dark" });
    await visit(page, "/");
    expect(await htmlClass(page)).toBe("dark");
    await visit(page, "/extension");
    expect(await htmlClass(page)).toBe("light");
    await page.click('a[href="/"]');
    await page.waitForSelector('[data-layout="home"]');
    await page.waitForFunction(() => document.documentElement.className === "dark");
  });
});

describe("toasts", () => {
  it("show one at a time at the top centre, at most 420 px wide; a new one replaces the previous", async () => {
    const { page, context, problems } = await tracked();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await visit(page, "/");
    await page.click('footer [data-testid="color-mode-dark"]');
    await page.waitForSelector('[data-sonner-toast]:has-text("Dark mode on")');
    await page.click('footer [data-testid="color-mode-light"]');
    await page.click('footer [data-testid="copy-link"]');

    await page.waitForFunction(() => {
      const toasts = Array.from(document.querySelectorAll("[data-sonner-toast]"));
      return toasts.length === 1 && toasts[0]?.textContent?.includes("Link copied");
    });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/`);

    const toaster = await page.$("[data-sonner-toaster]");
    expect(await toaster?.getAttribute("data-y-position")).toBe("top");
    expect(await toaster?.getAttribute("data-x-position")).toBe("center");
    const box = await page.locator("[data-sonner-toast]").boundingBox();
    expect(box?.width).toBeLessThanOrEqual(420);
    expect(problems.all()).toEqual([]);
  });

  it("come with the first press, not with the page; offline, a toast is still shown plainly", async () => {
    const { page } = await tracked();
    const sonner: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/sonner-[\w-]{8}\.js$/.test(new URL(request.url()).pathname)) sonner.push(request.url());
    });
    await visit(page, "/");
    await page.waitForLoadState("networkidle");
    expect(sonner).toEqual([]);

    await page.route(/\/assets\/sonner-[\w-]{8}\.js$/, (route) => route.abort("internetdisconnected"));
    await page.click('footer [data-testid="color-mode-dark"]');
    const plain = page.locator("[data-plain-toast]");
    await plain.filter({ hasText: "Dark mode on" }).waitFor();
    expect(await plain.getAttribute("role")).toBe("status");
    expect(sonner.length).toBeGreaterThan(0);
    await plain.getByRole("button", { name: "Close" }).click();
    await plain.waitFor({ state: "detached" });

    // A menu whose code cannot arrive says so, and the page stays (no reload).
    await page.evaluate(() => {
      (window as unknown as { __samePage: boolean }).__samePage = true;
    });
    await page.route(
      /\/assets\/(main-menu-dropdown|dropdown-menu|mobile-menu-sheet|sheet)-[\w-]{8}\.js$/,
      (route) => route.abort("internetdisconnected"),
    );
    await page.getByTestId("menu-button").click();
    await plain.filter({ hasText: "Could not open it. Check your connection and try again." }).waitFor();
    expect(await plain.getAttribute("role")).toBe("alert");
    expect(await page.getByTestId("menu-button").getAttribute("aria-busy")).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  });
});

describe("app mode", () => {
  it("stays on across navigation and reduces the chrome", async () => {
    const { page, problems } = await tracked();
    await visit(page, "/?app=1");
    expect(await page.$('[data-layout="home"][data-app]')).not.toBeNull();
    expect(await page.$("footer")).toBeNull();

    await page.click('[data-testid="menu-button"]');
    await page.click('[data-testid="main-menu"] [data-testid="trending"]');
    await page.waitForSelector('[data-layout="secondary"][data-app] h1:has-text("Trending")');
    expect(page.url()).toBe(`${server.url}/trending?app=1`);

    await page.click('[data-testid="logo"]');
    await page.waitForSelector('[data-layout="home"][data-app]');
    expect(page.url()).toBe(`${server.url}/?app=1`);
    await page.click('[data-testid="menu-button"]');
    await page.click('[data-testid="main-menu"] [data-testid="top"]');
    await page.waitForSelector('[data-layout="secondary"][data-app] h1:has-text("Top pages")');
    expect(page.url()).toBe(`${server.url}/popular?app=1`);
    expect(await page.$("footer")).toBeNull();
    expect(problems.all()).toEqual([]);
  });

  it("sends profile websites, socials, billing and organisations to the profile home, keeping the query", async () => {
    for (const path of [
      "/profile/websites",
      "/profile/socials",
      "/profile/billing",
      "/profile/organizations",
    ]) {
      const { response } = await fetchPage(`${path}?app=1&curl=0`);
      expect([302, 303, 307], path).toContain(response.status);
      expect(response.headers.get("location"), path).toMatch(/^\/(profile\?app=1&curl=0|login\b.*)$/);
    }
  });
});

describe("extension detection", () => {
  const fakeExtension = () => {
    const w = window as unknown as { __pings: number };
    w.__pings = 0;
    window.addEventListener("message", (event) => {
      if (event.source === window && event.data?.type === "flipside:ping") {
        w.__pings++;
        window.postMessage({ type: "flipside:pong", version: "test" }, window.location.origin);
      }
    });
  };

  it("pings on every path change and reports the extension when it answers", async () => {
    const { page, context } = await tracked();
    await context.addInitScript(fakeExtension);
    await visit(page, "/extension");
    await page.waitForSelector('[data-testid="extension-status"][data-state="installed"]');
    const first = await page.evaluate(() => (window as unknown as { __pings: number }).__pings);
    expect(first).toBeGreaterThanOrEqual(1);
    await page.click('a[href="/"]');
    await page.waitForSelector('[data-layout="home"]');
    await page.waitForFunction((n) => (window as unknown as { __pings: number }).__pings > n, first);
  });

  it("reports it missing when nothing answers, and skips the check with curl=0", async () => {
    const { page } = await tracked();
    await visit(page, "/extension");
    await page.waitForSelector('[data-testid="extension-status"][data-state="missing"]');

    const { page: skipped, context } = await tracked();
    await context.addInitScript(() => {
      const w = window as unknown as { __pinged: boolean };
      w.__pinged = false;
      window.addEventListener("message", (event) => {
        if (event.data?.type === "flipside:ping") w.__pinged = true;
      });
    });
    await visit(skipped, "/extension?curl=0");
    await skipped.waitForSelector('[data-testid="extension-status"][data-state="installed"]');
    expect(await skipped.evaluate(() => (window as unknown as { __pinged: boolean }).__pinged)).toBe(false);
  });
});

describe("page transitions", () => {
  it("inside /ads a deeper path slides left, a shallower one slides right", async () => {
    const { page } = await tracked();
    await visit(page, "/ads");
    expect(await page.$("[data-slide]")).toBeNull();
    await page.click('[data-testid="nav-ads-campaigns"]');
    await page.waitForSelector('[data-slide="left"] h1:has-text("Campaigns")');
    await page.click('[data-testid="nav-ads"]');
    await page.waitForSelector('[data-slide="right"] h1:has-text("Dashboard")');
  });

  it("does not move for people who asked for reduced motion", async () => {
    const { page } = await tracked({ reducedMotion: "reduce" });
    // /ads slides for anonymous visitors too, so the journey needs no account.
    await visit(page, "/ads");
    await page.click('[data-testid="nav-ads-campaigns"]');
    const slide = await page.waitForSelector('[data-slide="left"] h1:has-text("Campaigns")');
    expect(await slide.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
  });
});

describe("header menu and keyboard", () => {
  const GUEST_IDS = [
    "suggest_topic",
    "owner",
    "related_pages",
    "trending",
    "top",
    "about",
    "support",
    "terms_and_conditions",
    "login",
    "signup",
  ];

  it("the menu carries the SPEC identifiers and closes with Escape", async () => {
    const { page, problems } = await tracked();
    await visit(page, "/");
    await page.focus('[data-testid="menu-button"]');
    await page.keyboard.press("Enter");
    await page.waitForSelector('[data-testid="main-menu"]');
    for (const id of GUEST_IDS) {
      expect(await page.$(`[data-testid="main-menu"] #${id}[data-testid="${id}"]`), id).not.toBeNull();
    }
    // Nobody is signed in: no account items.
    expect(await page.$('[data-testid="main-menu"] [data-testid="sign-out"]')).toBeNull();
    // No page is open, so the page actions are there but disabled.
    expect(await page.getAttribute("#suggest_topic", "data-disabled")).not.toBeNull();
    await page.keyboard.press("Escape");
    await page.waitForSelector('[data-testid="main-menu"]', { state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe(
      "menu-button",
    );
    expect(problems.all()).toEqual([]);
  });

  it("below md the menu is a drawer with the same identifiers", async () => {
    const { page } = await tracked({ viewport: { width: 375, height: 740 } });
    await visit(page, "/");
    expect(await page.isVisible('[data-testid="menu-button"]')).toBe(false);
    await page.click('[data-testid="mobile-menu-button"]');
    await page.waitForSelector('[data-testid="mobile-menu"]');
    for (const id of GUEST_IDS) {
      expect(await page.$(`[data-testid="mobile-menu"] #${id}`), id).not.toBeNull();
    }
    await page.keyboard.press("Escape");
    await page.waitForSelector('[data-testid="mobile-menu"]', { state: "detached" });
  });

  it("the first Tab reaches 'Skip to content', which moves focus to the main content", async () => {
    const { page } = await tracked();
    await visit(page, "/trending");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.activeElement?.id === "main");
  });

  it("footer links go to the SPEC screens", async () => {
    const { page } = await tracked();
    await visit(page, "/");
    const hrefs = await page.$$eval("footer [data-testid]", (els) =>
      Object.fromEntries(els.map((el) => [el.getAttribute("data-testid"), el.getAttribute("href")])),
    );
    expect(hrefs).toMatchObject({
      about: "/about",
      support: "/support",
      terms_and_conditions: "/terms",
      trending: "/trending",
      top: "/popular",
    });
  });
});

describe("new versions and failed chunks", () => {
  it("after a new build is announced, the next navigation is a full page load", async () => {
    const { page } = await tracked();
    await page.clock.install();
    await visit(page, "/");
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    // No new build yet: navigation stays in the document.
    await page.click('footer [data-testid="trending"]');
    await page.waitForSelector('h1:has-text("Trending")');
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);

    await page.route("**/builds/latest.json", (route) =>
      route.fulfill({ json: { id: "a-newer-build", builtAt: new Date().toISOString() } }),
    );
    const polled = page.waitForResponse("**/builds/latest.json");
    await page.clock.runFor(60_000);
    await polled;
    // One more round trip, so the page has read the answer before the click.
    await page.evaluate(() => Promise.resolve());

    const navigated = page.waitForEvent("load");
    await page.click('footer [data-testid="about"]');
    await navigated;
    await page.waitForURL(`${server.url}/about`);
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(undefined);
  });

  it("a route chunk that fails to load during navigation leads to a full load of the target page", async () => {
    const { page } = await tracked();
    await visit(page, "/");
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.click('footer [data-testid="support"]');
    // The page reloads (React Router's reaction) and the boot script continues to the target.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe("/support");
    await page.waitForSelector('[data-layout="default"] h1:has-text("Support")');
    await page.unroute("**/assets/*.js");
  });
});

describe("third-party scripts", () => {
  it("nothing loads from other origins when no help chat or social SDK is configured", async () => {
    const { page } = await tracked();
    const foreign: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(server.url)) foreign.push(request.url());
    });
    await page.clock.install();
    await visit(page, "/");
    await page.clock.runFor(5_000);
    expect(foreign).toEqual([]);
    expect(await page.evaluate(() => "LiveChatWidget" in window || "fbAsyncInit" in window)).toBe(false);
  });
});

describe("accessibility (axe-core)", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    for (const path of ["/", "/no-such-page"]) {
      it(`${path} has no serious or critical violation in ${colorScheme} mode`, async () => {
        const { page } = await tracked({ colorScheme });
        await page.goto(server.url + path);
        await page.waitForSelector("html[data-hydrated]");
        expect(await htmlClass(page)).toBe(colorScheme);
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
        expect(serious).toEqual([]);
      });
    }
  }
});
