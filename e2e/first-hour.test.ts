import AxeBuilder from "@axe-core/playwright";
import { JOINING_MESSAGES } from "@flipside/contracts/joining-constants";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  ONE_PIXEL_PNG,
  pressLikeAPerson,
  type TrackedPage,
  tapLikeAPerson,
  withoutCancelledDataReports,
} from "./fixtures/browser.ts";
import { commentWithPicture, DEMO_PASSWORD, demoEmail, pagePath, useJourney } from "./fixtures/journey.ts";
import { SAMPLE_ORGANIZATION, SAMPLE_PERSON, SAMPLE_SITE, SPEC_ROUTES } from "./fixtures/spec-routes.ts";

/**
 * What a new person tripped over in their first hour (issue 19), each reproduced in Chromium at
 * the width it was seen at: layout, focus, failures and honest texts.
 */

// On `npm run demo`'s sample, as a new person trying the README would see it.
const journey = useJourney({ PAGE_FETCH_ENABLED: "false" }, { demo: true });
const { tracked, visit, api, signIn } = journey;

/** The demo's pages carry their sites' real favicons, which this offline machine cannot load. */
const ownProblems = (problems: string[]) =>
  problems.filter(
    (p) =>
      !/^GET https:\/\/[^ ]+\/favicon\.ico \(net::/.test(p) &&
      p !== "Failed to load resource: net::ERR_NAME_NOT_RESOLVED",
  );

type DemoPerson = Parameters<typeof demoEmail>[0];

/** A session token of one of the demo's people, through the API. */
async function demoToken(who: DemoPerson): Promise<string> {
  const login = await api<{ id_token: string }>("/authenticate", {
    method: "POST",
    body: { username: demoEmail(who), password: DEMO_PASSWORD, rememberMe: false },
  });
  expect(login.status).toBe(200);
  return login.data.id_token;
}

/** Signs a page in as one of the demo's people. */
async function demoSignIn(tab: TrackedPage, who: DemoPerson): Promise<void> {
  await signIn(tab, { token: await demoToken(who) });
}

const DEMO_PAGES = [
  "en.wikipedia.org/wiki/Octopus",
  "developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Content-Security-Policy",
  "slowcoffee.blog/pour-over-guide",
  "indiegamejournal.com/reviews/lantern-keeper",
  "tinyapartmentkitchen.com/recipes/one-pan-lentils",
];

const PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true } as const;
const NARROW = { viewport: { width: 320, height: 640 } } as const;

/** How far the document reaches past the viewport's right edge (0 when nothing scrolls sideways). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

interface FlippedPage {
  id: string;
  normalizedUrl: string;
}

/** Opens (creating when new) the page of an address through the API, as a flip does. */
async function flip(address: string): Promise<FlippedPage> {
  const flipped = await api<FlippedPage>("/v1/site-pages/flip", {
    method: "POST",
    body: { url: address, back: false },
  });
  expect(flipped.status).toBe(200);
  return flipped.data;
}

/** `count` contributions written through the API by one person (setting a journey up, not tested). */
async function writeMany(path: string, token: string, count: number, body: (i: number) => object) {
  for (let i = 1; i <= count; i++) {
    expect((await api(path, { method: "POST", token, body: body(i) })).status).toBe(201);
  }
}

/** A new account, signed in on a new tab showing the (new) page of an address; with its token. */
async function newAccountOn(name: string, address: string, options?: Parameters<typeof tracked>[0]) {
  const account = await journey.account(name);
  await flip(address);
  const tab = await tracked(options);
  await signIn(tab, account);
  await visit(tab.page, pagePath(address));
  return Object.assign(tab, { token: account.token });
}

/** A long, title-less address, as most pages are before the server could read them. */
const LONG_ADDRESS =
  "flipside-untitled.com/2026/11/Cephalopod_intelligence_and_other_long_words/AnExtraordinarilyLongSegmentWithoutBreaks.html";

describe("layout", () => {
  it(`no working screen scrolls sideways at ${PHONE.viewport.width} px or ${NARROW.viewport.width} px, signed in, with the demo's data`, async () => {
    const tab = await tracked(PHONE);
    const token = await demoToken("maya");
    await signIn(tab, { token });
    const account = (await api<{ id: string; organizations: { id: string }[] }>("/account", { token })).data;
    const maya = account.id;
    const { page, problems } = tab;
    const paths = [
      // Hers, not the sample ids' 404s: her page and the site she claimed (the demo's).
      ...SPEC_ROUTES.map((r) =>
        r.path
          .replace(SAMPLE_PERSON, maya)
          .replace(SAMPLE_ORGANIZATION, account.organizations[0]?.id ?? SAMPLE_ORGANIZATION)
          .replace(`/websites/${SAMPLE_SITE}`, "/websites/greenhouse-notes.net"),
      ),
      "/search?q=coffee",
      ...DEMO_PAGES.map((address) => pagePath(address)),
    ];
    for (const path of paths) {
      // One load a screen, looked at on a phone and then on the narrowest one: the layout follows
      // the width as a phone turned or a window narrowed, so a second load would only repeat the
      // server's work (loading every screen twice was a quarter of this file's time).
      await page.setViewportSize(PHONE.viewport);
      await visit(page, path);
      for (const viewport of [PHONE.viewport, NARROW.viewport]) {
        await page.setViewportSize(viewport);
        // Media-query listeners run at the next frame's rendering steps; a render they cause lands
        // by the frame after.
        await page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))");
        expect(await sideways(page), `${path} scrolls sideways at ${viewport.width} px`).toBe(0);
      }
    }
    expect(ownProblems(problems.all())).toEqual([]);
    // A crawl of every route, not a timing: on a busy two-core runner it took over a minute.
  }, 120_000);

  it("a site icon shows the globe until it loads, and keeps it when it fails: cards, header, related pages", async () => {
    const { page, problems } = await tracked(PHONE);
    /** Favicon slots showing nothing: neither a loaded icon nor the globe. */
    const blankIcons = () =>
      page.evaluate(
        () =>
          Array.from(document.querySelectorAll("[data-slot=favicon]")).filter((slot) => {
            const img = slot.querySelector("img");
            const iconShown = img?.complete && img.naturalWidth > 0 && getComputedStyle(img).opacity === "1";
            const globe = slot.querySelector("svg");
            const globeShown =
              globe &&
              getComputedStyle(globe).visibility !== "hidden" &&
              getComputedStyle(globe).opacity !== "0";
            return !iconShown && !globeShown;
          }).length,
      );
    // A site that never answers: its icon is still loading when the page is read.
    await page.route(/\/favicon\.ico$/, () => {});
    await visit(page, "/");
    expect(await page.locator("[data-slot=favicon]").count()).toBeGreaterThan(0);
    expect(await blankIcons()).toBe(0);

    // Sites that fail, slowly: every demo favicon fails here anyway (no internet).
    await page.unroute(/\/favicon\.ico$/);
    await page.route(/\/favicon\.ico$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.abort("namenotresolved");
    });
    await visit(page, "/");
    // Cards below the fold load their icons as they come into view.
    for (let y = 0; y < 6000; y += 400) {
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(50);
    }
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    expect(await blankIcons()).toBe(0);
    expect(await page.getByTestId("page-card").locator("img").count()).toBe(0);

    await visit(page, pagePath(DEMO_PAGES[2] as string));
    await page.getByTestId("tab-related-page").click();
    await page.getByTestId("related-page").first().waitFor();
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    expect(await blankIcons()).toBe(0);
    expect(ownProblems(problems.all())).toEqual([]);
  });

  it("a small uploaded image is shown at its own size, never stretched", async () => {
    const { page, problems } = await newAccountOn("Cy", "flipside-images.com/small");
    // A 200 × 120 PNG drawn by the browser itself.
    const base64 = await page.evaluate(() => {
      const canvas = document.createElement("canvas");
      canvas.width = 200;
      canvas.height = 120;
      const context = canvas.getContext("2d");
      if (context) {
        context.fillStyle = "#3b82f6";
        context.fillRect(0, 0, 200, 120);
      }
      return canvas.toDataURL("image/png").split(",")[1] ?? "";
    });
    const image = await commentWithPicture(
      page,
      { name: "small.png", mimeType: "image/png", buffer: Buffer.from(base64, "base64") },
      "A small picture.",
    );
    const size = await image.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      const box = img.getBoundingClientRect();
      return { width: box.width, height: box.height, natural: img.naturalWidth };
    });
    expect(size.natural).toBe(200);
    expect(size.width).toBeLessThanOrEqual(200);
    // Its shape kept (a pixel for the border's rounding).
    expect(Math.abs(size.height - (size.width * 120) / 200)).toBeLessThanOrEqual(1.5);
    expect(ownProblems(problems.all())).toEqual([]);
  });

  const darkRuns = [
    { ...NARROW, colorScheme: "dark" },
    { ...PHONE, colorScheme: "dark" },
    { ...PHONE, colorScheme: "light" },
  ] as const;
  for (const [run, options] of darkRuns.entries()) {
    it(`in ${options.colorScheme} mode at ${options.viewport.width} px, every tab of a page and the notes drawer fit and stay readable`, async () => {
      const address = "flipside-dark.com/phone";
      const tab = await newAccountOn(`Dot${run}`, address, options);
      const { page, problems } = tab;
      // Something of the viewer's own on every tab: their review (with Delete review), their
      // link (with Remove) and a note.
      const here = await flip(address);
      for (const [path, body] of [
        [
          "/v1/site-page-reviews",
          {
            sitePage_id: here.id,
            sentiment: "EXPERT",
            expertise: "Night owl",
            title: "Readable at night",
            body: "Dark and narrow.",
          },
        ],
        [
          "/v1/site-page-related-pages",
          {
            sitePage_id: here.id,
            url: `https://flipside-dark.com/other-${run}`,
            reason: "The same, wider.",
          },
        ],
        ["/v1/notes", { sitePage_id: here.id, title: "Check the contrast", pinned: true }],
      ] as const) {
        expect((await api(path, { method: "POST", token: tab.token, body })).status).toBe(201);
      }
      await page.reload();
      await page.waitForSelector("html[data-hydrated]");
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
        options.colorScheme === "dark",
      );
      const at = `${options.viewport.width} px, ${options.colorScheme}`;
      const check = async (where: string, scope: string) => {
        expect(await sideways(page), `${where} scrolls sideways at ${at}`).toBe(0);
        const results = await new AxeBuilder({ page }).include(scope).analyze();
        const serious = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${where} at ${at}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
        expect(serious).toEqual([]);
      };
      await check("comments", "main");
      await page.getByTestId("tab-reviews").click();
      await page.getByTestId("review-delete").waitFor();
      await check("reviews", "main");
      await page.getByTestId("tab-related-page").click();
      await page.getByTestId("related-remove").waitFor();
      await check("related pages", "main");
      await page.getByTestId("tab-my-note").click();
      await page.getByTestId("notes-drawer-open").waitFor();
      await check("my notes", "main");
      await page.getByTestId("notes-drawer-open").click();
      await page.getByTestId("notes-drawer-item").first().waitFor();
      await check("the notes drawer", '[data-testid="notes-drawer"]');
      expect(ownProblems(problems.all())).toEqual([]);
    });
  }

  it("the page tabs say their names on a phone", async () => {
    const { page, problems } = await tracked(PHONE);
    await visit(page, pagePath(DEMO_PAGES[0] as string));
    // What the tabs show (text a screen reader alone hears does not count).
    const names = await page
      .getByRole("tablist", { name: "Page tabs" })
      .getByRole("tab")
      .evaluateAll((tabs) =>
        tabs.map((tab) => {
          const walker = document.createTreeWalker(tab, NodeFilter.SHOW_TEXT);
          const shown: string[] = [];
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const box = node.parentElement?.getBoundingClientRect();
            if (box && box.width > 2 && box.height > 2) shown.push(node.textContent ?? "");
          }
          return shown.join(" ").replace(/\s+/g, " ").trim();
        }),
      );
    expect(names.slice(0, 4).map((n) => n.replace(/^\d+ /, ""))).toEqual([
      "Comments",
      "Reviews",
      "Related",
      "My notes",
    ]);
    expect(await sideways(page)).toBe(0);
    expect(ownProblems(problems.all())).toEqual([]);
  });

  it("the note form stays inside the page on a phone and inside its card on a desktop", async () => {
    const { page, problems } = await newAccountOn("Ana", "flipside-notes.com/phone", PHONE);
    await page.getByTestId("tab-my-note").click();
    await page.getByTestId("note-new").click();
    await page.getByTestId("note-form").waitFor();
    expect(await sideways(page), "the page scrolls sideways at 375 px").toBeLessThanOrEqual(0);

    await page.setViewportSize({ width: 1280, height: 800 });
    const [select, form] = await Promise.all([
      page.getByTestId("note-visibility").boundingBox(),
      page.getByTestId("note-form").boundingBox(),
    ]);
    expect(select && form).toBeTruthy();
    if (!select || !form) return;
    expect(select.x + select.width).toBeLessThanOrEqual(form.x + form.width);
    expect(ownProblems(problems.all())).toEqual([]);
  });

  it("an untitled page is named once, by its host and path, shortened, and fits a phone", async () => {
    const flipped = await flip(`https://${LONG_ADDRESS}?ref=home#top`);
    for (const options of [PHONE, NARROW]) {
      const { page, problems } = await tracked(options);
      await visit(page, "/");
      const card = page.getByTestId("page-card").filter({ has: page.getByText(/flipside-untitled/) });
      await card.first().waitFor();
      expect(await sideways(page), `the home page scrolls sideways at ${options.viewport.width} px`).toBe(0);

      await visit(page, pagePath(flipped.normalizedUrl));
      const heading = page.getByTestId("page-title");
      const name = (await heading.textContent()) ?? "";
      // Host and path, without the scheme, the query or the fragment, and shortened with an ellipsis.
      expect(name.startsWith("flipside-untitled.com/2026/11/")).toBe(true);
      expect(name.endsWith("…")).toBe(true);
      expect(name).not.toContain("https://");
      // The full address is said once: in the link to the page itself.
      const full = `https://${LONG_ADDRESS}?ref=home`;
      expect(await page.getByTestId("page-url").getAttribute("href")).toBe(full);
      expect(await heading.getAttribute("title")).toBe(null);
      const lines = await heading.evaluate((h) => {
        const style = getComputedStyle(h);
        return Math.round(h.getBoundingClientRect().height / Number.parseFloat(style.lineHeight));
      });
      expect(lines, `the heading wraps to ${lines} lines`).toBeLessThanOrEqual(2);
      expect(await sideways(page)).toBe(0);
      expect(ownProblems(problems.all())).toEqual([]);
    }
  });

  it("a text area grows with its text up to a cap, then scrolls", async () => {
    const { page, problems } = await newAccountOn("Ben", "flipside-reviews.com/long");
    const body = page.getByTestId("comment-composer").getByTestId("composer-body");
    await body.fill(
      Array.from({ length: 200 }, (_, i) => `Line ${i + 1} of a very long comment.`).join("\n"),
    );
    const size = await body.evaluate((area: HTMLTextAreaElement) => ({
      height: area.getBoundingClientRect().height,
      scrolls: area.scrollHeight > area.clientHeight,
      viewport: window.innerHeight,
    }));
    expect(size.height).toBeLessThanOrEqual(size.viewport * 0.6);
    expect(size.scrolls).toBe(true);
    expect(ownProblems(problems.all())).toEqual([]);
  });
});

describe("interaction", () => {
  const loginDialog = (page: Page) => page.getByTestId("login-dialog");
  const forgotDialog = (page: Page) => page.getByTestId("forgot-password-dialog");

  for (const [how, options, press] of [
    ["mouse", {}, pressLikeAPerson],
    ["touch", PHONE, tapLikeAPerson],
  ] as const) {
    it(`the login dialog's own links work with one ${how} press while a half-typed email is focused`, async () => {
      const { page, problems } = await tracked(options);
      // Opened where a person meets it: writing on a page while signed out.
      await visit(page, pagePath(DEMO_PAGES[0] as string));
      await page.getByTestId("tab-my-note").click();
      await page.getByTestId("notes-login").click();
      const login = loginDialog(page);
      const email = login.getByPlaceholder("Your email");
      await email.fill("ana@");
      await press(page, login.getByRole("button", { name: "Forgot your password?" }));
      const forgot = forgotDialog(page);
      await forgot.getByTestId("forgot-password-form").waitFor({ timeout: 5_000 });

      await forgot.getByRole("textbox").first().fill("ana@");
      await press(page, forgot.getByRole("button", { name: "Log in" }));
      await login.getByTestId("login-form").waitFor({ timeout: 5_000 });

      await login.getByPlaceholder("Your email").fill("ana@");
      await press(page, login.getByRole("button", { name: "Close" }));
      await login.waitFor({ state: "detached", timeout: 5_000 });
      expect(ownProblems(problems.all())).toEqual([]);
    });
  }
});

/** The toast on screen with this text: sonner's, or the plain one shown while sonner cannot load (offline). */
const toastSaying = (page: Page, text: string) =>
  page.locator("[data-sonner-toast], [data-plain-toast]").filter({ hasText: text });

describe("failures", () => {
  it("a flip that cannot reach Flipside stays on the page, says so in a toast and keeps the session", async () => {
    const tab = await tracked();
    await demoSignIn(tab, "maya");
    const { page, context } = tab;
    const here = pagePath(DEMO_PAGES[0] as string);
    await visit(page, here);
    await page.getByTestId("header-profile").waitFor();
    await context.setOffline(true);
    await page.getByTestId("search-input").fill("flipside-offline.com/article");
    await page.getByTestId("search-submit").click();
    const toast = toastSaying(page, "could not reach Flipside");
    await toast.waitFor();
    expect(await page.evaluate(() => `${location.pathname}${location.search}`)).toBe(here);
    await page.getByTestId("page-view").waitFor();
    expect(await page.getByTestId("header-login").count()).toBe(0);
    await page.getByTestId("header-profile").waitFor();
    // The address is kept, to try again once the connection is back.
    expect(await page.getByTestId("search-input").inputValue()).toBe("flipside-offline.com/article");

    await context.setOffline(false);
    await page.getByTestId("search-submit").click();
    await page.waitForURL((url) => url.searchParams.get("url") === "flipside-offline.com/article");
    await page.getByTestId("header-profile").waitFor();
  });

  it("a link followed while offline stays on the page, says why, and opens once the connection is back", async () => {
    const tab = await tracked();
    await demoSignIn(tab, "maya");
    const { page, context } = tab;
    await visit(page, "/");
    await page.getByTestId("header-profile").waitFor();
    await context.setOffline(true);
    const card = page.getByTestId("page-card").first();
    const target = await card.getAttribute("href");
    await card.click();
    const toast = toastSaying(page, "could not reach Flipside");
    await toast.waitFor();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => location.pathname + location.search)).toBe("/");
    expect(await page.getByTestId("home-view").isVisible()).toBe(true);
    expect(await page.getByTestId("page-view-skeleton").count()).toBe(0);
    expect(await page.getByTestId("header-profile").isVisible()).toBe(true);

    await context.setOffline(false);
    await page.waitForURL((url) => `${url.pathname}${url.search}` === target);
    await page.getByTestId("page-view").waitFor();
    await page.getByTestId("header-profile").waitFor();
    await toast.waitFor({ state: "detached" });
  });
});

/** Whether the focused element shows that it has focus: an outline or a ring drawn around it. */
const focusShown = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return false;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== "none";
  });

/** Tabs forward until the element with this test id has focus (at most `max` presses). */
async function tabTo(page: Page, testId: string, max = 15): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((id) => document.activeElement?.getAttribute("data-testid") === id, testId))
      return;
  }
  throw new Error(`Tab never reached ${testId}`);
}

describe("focus", () => {
  it("the header's links show a focus ring when reached by keyboard", async () => {
    const tab = await tracked();
    await demoSignIn(tab, "maya");
    const { page, problems } = tab;
    await visit(page, "/");
    await tabTo(page, "logo");
    expect(await focusShown(page), "the logo link").toBe(true);
    await tabTo(page, "header-profile");
    expect(await focusShown(page), "the avatar link").toBe(true);
    expect(ownProblems(problems.all())).toEqual([]);
  });

  it("after logging in from the comment box, focus is back in the comment box", async () => {
    const { page, problems } = await tracked();
    await visit(page, pagePath(DEMO_PAGES[1] as string));
    await page.getByTestId("comment-composer").getByTestId("composer-body").click();
    const login = page.getByTestId("login-dialog");
    await login.getByPlaceholder("Your email").fill(demoEmail("tom"));
    await login.getByPlaceholder("Password").fill(DEMO_PASSWORD);
    await login.getByRole("button", { name: "Login", exact: true }).click();
    await login.waitFor({ state: "detached" });
    await page.getByTestId("header-profile").waitFor();
    await page.waitForFunction(
      () =>
        document.activeElement?.getAttribute("data-testid") === "composer-body" &&
        document.activeElement.closest("[data-testid=comment-composer]") !== null,
      undefined,
      { timeout: 5_000 },
    );
    // And it can be written in at once.
    await page.keyboard.type("Typed right after logging in.");
    expect(await page.getByTestId("comment-composer").getByTestId("composer-body").inputValue()).toBe(
      "Typed right after logging in.",
    );
    // The page is signed in with its data, as checked above.
    expect(withoutCancelledDataReports(ownProblems(problems.all()), "/_root")).toEqual([]);
  });

  it("after Load more comments, focus moves to the first comment loaded", async () => {
    const kenji = await demoToken("kenji");
    const flipped = await flip("flipside-many.com/comments");
    await writeMany("/v1/site-page-comments", kenji, 27, (i) => ({
      sitePage_id: flipped.id,
      body: `Comment number ${i}.`,
    }));
    const { page, problems } = await tracked();
    await visit(page, pagePath("flipside-many.com/comments"));
    const more = page.getByTestId("comments-load-more");
    await more.focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("comment").nth(25).waitFor();
    await page.waitForFunction(
      () => document.activeElement?.closest("li")?.querySelector("[data-testid=comment]") != null,
      undefined,
      { timeout: 5_000 },
    );
    // Newest first: the 26th shown is the second comment written.
    expect(await page.evaluate(() => document.activeElement?.textContent ?? "")).toContain(
      "Comment number 2.",
    );
    expect(await focusShown(page)).toBe(true);
    expect(ownProblems(problems.all())).toEqual([]);
  });
});

describe("focus in the notes drawer", () => {
  it("after Load more notes, focus moves to the first note loaded", async () => {
    const lucas = await demoToken("lucas");
    const flipped = await flip("flipside-many.com/notes");
    // One more than a page of the drawer (20), on top of the demo's own notes.
    await writeMany("/v1/notes", lucas, 21, (i) => ({ sitePage_id: flipped.id, title: `Note number ${i}` }));
    const tab = await tracked();
    await signIn(tab, { token: lucas });
    const { page, problems } = tab;
    await visit(page, pagePath("flipside-many.com/notes"));
    await page.getByTestId("tab-my-note").click();
    await page.getByTestId("notes-drawer-open").click();
    const drawer = page.getByTestId("notes-drawer");
    const items = drawer.getByTestId("notes-drawer-item");
    await expect.poll(() => items.count()).toBe(20);
    await drawer.getByTestId("notes-drawer-load-more").focus();
    await page.keyboard.press("Enter");
    await items.nth(20).waitFor();
    await page.waitForFunction(
      () => document.activeElement?.getAttribute("data-testid") === "notes-drawer-item",
      undefined,
      { timeout: 5_000 },
    );
    const focused = await page.evaluate(() => document.activeElement?.getAttribute("data-note-id"));
    expect(focused).toBe(await items.nth(20).getAttribute("data-note-id"));
    expect(await focusShown(page)).toBe(true);
    expect(ownProblems(problems.all())).toEqual([]);
  });
});

describe("writing", () => {
  it("an attachment clears 'Write something first', and a comment of attachments alone is told why it needs words", async () => {
    const { page, problems } = await newAccountOn("Dee", "flipside-words.com/pictures");
    const composer = page.getByTestId("comment-composer");
    await composer.getByTestId("composer-submit").click();
    await composer.getByText("Write something first").waitFor();
    await composer
      .getByTestId("composer-image-input")
      .setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: ONE_PIXEL_PNG });
    await composer.locator('[data-testid="composer-attachment"][data-status="done"]').waitFor();
    expect(await composer.getByText("Write something first").count()).toBe(0);
    await composer.getByTestId("composer-submit").click();
    await composer.getByText("Add a few words to go with your attachment").waitFor();
    await composer.getByTestId("composer-body").fill("The dot in question.");
    await composer.getByTestId("composer-submit").click();
    await page.getByTestId("comment").filter({ hasText: "The dot in question." }).waitFor();
    expect(ownProblems(problems.all())).toEqual([]);
  });
});

describe("deleting", () => {
  it("a review can be deleted: it leaves the list, the counts and the summary, and the form starts afresh", async () => {
    const { page, problems } = await newAccountOn("Rae", "flipside-reviews.com/deleting");
    await page.getByTestId("tab-reviews").click();
    const form = page.getByTestId("review-form");
    expect(await form.getByTestId("review-delete").count()).toBe(0);
    await form.getByText("Negative", { exact: true }).click();
    await form.getByTestId("review-title").fill("Out of date");
    await form.getByTestId("review-body").fill("The prices are from last year.");
    await form.getByTestId("review-submit").click();
    await page.getByTestId("review").filter({ hasText: "Out of date" }).waitFor();
    const negative = page.getByTestId("summary-panel").getByTestId("sentiment-negative").locator("dd");
    await expect.poll(() => negative.textContent()).toBe("1");
    expect(await page.getByTestId("count-reviews").innerText()).toMatch(/^1\s+Reviews$/);

    await form.getByTestId("review-delete").click();
    const dialog = page.getByRole("dialog", { name: "Delete your review?" });
    // "Keep it" keeps it.
    await dialog.getByRole("button", { name: "Keep it" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await page.getByTestId("review").count()).toBe(1);
    await form.getByTestId("review-delete").click();
    await dialog.getByTestId("confirm-delete").click();
    await toastSaying(page, "Your review is deleted").waitFor();
    await page.getByTestId("reviews-empty").waitFor();
    await expect.poll(() => negative.textContent()).toBe("0");
    expect(await page.getByTestId("count-reviews").innerText()).toMatch(/^0\s+Reviews$/);
    expect(await page.getByTestId("tab-reviews").innerText()).toMatch(/^0\s+Reviews$/);
    expect(await form.getByTestId("review-title").inputValue()).toBe("");
    expect(await form.getByTestId("review-submit").textContent()).toBe("Publish review");
    expect(await form.getByTestId("review-delete").count()).toBe(0);

    // Gone for good, and a new review may be written.
    await page.reload();
    await page.waitForSelector("html[data-hydrated]");
    await page.getByTestId("tab-reviews").click();
    await page.getByTestId("reviews-empty").waitFor();
    await form.getByTestId("review-title").fill("Updated since");
    await form.getByTestId("review-body").fill("They fixed the prices.");
    await form.getByTestId("review-submit").click();
    await page.getByTestId("review").filter({ hasText: "Updated since" }).waitFor();
    expect(ownProblems(problems.all())).toEqual([]);
  });

  it("a related page its author linked can be removed by them, and only by them", async () => {
    const { page, problems } = await newAccountOn("Ula", "flipside-reviews.com/related");
    await page.getByTestId("tab-related-page").click();
    const form = page.getByTestId("related-form");
    await form.getByTestId("related-url").fill("https://flipside-reviews.com/source");
    await form.getByTestId("related-submit").click();
    const link = page.getByTestId("related-page").filter({ hasText: "flipside-reviews.com/source" });
    await link.waitFor();
    // Someone else's link has no remove button.
    const other = await journey.account("Vic");
    const here = await flip("flipside-reviews.com/related");
    const theirs = await api("/v1/site-page-related-pages", {
      method: "POST",
      token: other.token,
      body: { sitePage_id: here.id, url: "https://flipside-reviews.com/rebuttal" },
    });
    expect(theirs.status).toBe(201);
    await page.reload();
    await page.waitForSelector("html[data-hydrated]");
    await page.getByTestId("tab-related-page").click();
    await expect.poll(() => page.getByTestId("related-page").count()).toBe(2);
    expect(await page.getByTestId("related-remove").count()).toBe(1);

    await link.getByTestId("related-remove").click();
    await page
      .getByRole("dialog", { name: "Remove this related page?" })
      .getByTestId("confirm-delete")
      .click();
    await toastSaying(page, "The link is removed").waitFor();
    await link.waitFor({ state: "detached" });
    expect(await page.getByTestId("related-heading").textContent()).toBe("1 related page");
    await page.reload();
    await page.waitForSelector("html[data-hydrated]");
    expect(await page.getByTestId("related-page").count()).toBe(1);
    expect(ownProblems(problems.all())).toEqual([]);
  });

  it("a deleted comment names nobody: not its author, and not a 'deleted user'", async () => {
    const { page, problems } = await newAccountOn("Sol", "flipside-reviews.com/comments");
    const composer = page.getByTestId("comment-composer");
    await composer.getByTestId("composer-body").fill("Second thoughts.");
    await composer.getByTestId("composer-submit").click();
    const comment = page.getByTestId("comment").filter({ hasText: "Second thoughts." });
    await comment.waitFor();
    const id = await comment.getAttribute("data-comment-id");
    await comment.getByTestId("comment-actions").click();
    await page.getByTestId("comment-delete").click();
    await page.getByTestId("confirm-delete").click();
    const deleted = page.locator(`[data-comment-id="${id}"]`);
    const namesNobody = async () => {
      await deleted.getByTestId("deleted-placeholder").waitFor();
      const text = await deleted.innerText();
      expect(text).toContain("This comment was deleted by its author.");
      expect(text).not.toContain("deleted user");
      expect(text).not.toContain("Sol");
    };
    await namesNobody();
    // The server's rendering says the same.
    await page.reload();
    await page.waitForSelector("html[data-hydrated]");
    await namesNobody();
    expect(ownProblems(problems.all())).toEqual([]);
  });
});

describe("honest answers", () => {
  it("voting a page up updates its tally line as well as its score", async () => {
    const tab = await tracked();
    await demoSignIn(tab, "tom");
    const { page, problems } = tab;
    await visit(page, pagePath(DEMO_PAGES[0] as string));
    // A vote pressed while the shared page still asks who is signed in does nothing (by design):
    // press once the page knows its viewer.
    await page.locator('[data-testid="page-view"]:not([data-viewer="pending"])').waitFor();
    const panel = page.getByTestId("summary-panel");
    const tally = panel.getByTestId("page-tally");
    const before = (await tally.textContent()) ?? "";
    const up = Number(/^(\d+) up/.exec(before)?.[1]);
    await panel.getByTestId("vote-up").click();
    await panel.locator('[data-testid="vote-arrows"][data-my-vote="1"]').waitFor();
    expect(await tally.textContent()).toBe(before.replace(/^\d+ up/, `${up + 1} up`));
    expect(await panel.getByTestId("vote-score").textContent()).toBe(String(up + 1));
    await page.waitForLoadState("networkidle");
    expect(ownProblems(problems.all())).toEqual([]);
  });

  it("linking a page to itself says why it is refused, next to the address", async () => {
    const tab = await tracked();
    await demoSignIn(tab, "tom");
    const { page, problems } = tab;
    await visit(page, pagePath(DEMO_PAGES[2] as string));
    await page.getByTestId("tab-related-page").click();
    const form = page.getByTestId("related-form");
    await form.getByTestId("related-url").fill(`https://www.${DEMO_PAGES[2]}/`);
    await form.getByTestId("related-submit").click();
    await form.getByText("A page cannot be related to itself.").waitFor();
    expect(await page.getByText("The request is not valid.").count()).toBe(0);
    expect(ownProblems(problems.all()).filter((p) => !p.includes("422"))).toEqual([]);
  });

  it("a refusal for writing too fast says when to try again", async () => {
    const eve = await journey.account("Eve");
    const flipped = await flip("flipside-limits.com/busy");
    // A new account may write 10 contributions a minute.
    await writeMany("/v1/site-page-comments", eve.token, 10, (i) => ({
      sitePage_id: flipped.id,
      body: `Quick note ${i}.`,
    }));
    const tab = await tracked();
    await signIn(tab, eve);
    const { page } = tab;
    await visit(page, pagePath("flipside-limits.com/busy"));
    const composer = page.getByTestId("comment-composer");
    await composer.getByTestId("composer-body").fill("One more.");
    await composer.getByTestId("composer-submit").click();
    await toastSaying(page, "Too many requests").waitFor();
    expect(await toastSaying(page, "Too many requests").textContent()).toMatch(
      /Too many requests\. Try again in (\d+ seconds?|1 minute)\./,
    );
    // What was typed stays, to be sent once allowed.
    expect(await composer.getByTestId("composer-body").inputValue()).toBe("One more.");
  });
});

describe("honest texts", () => {
  it("trending and top pages rank the demo's real pages: no placeholder is left", async () => {
    const { page, problems } = await tracked();
    for (const path of ["/trending", "/popular?window=all"]) {
      await visit(page, path);
      expect(await page.getByTestId("placeholder-page").count()).toBe(0);
      expect(await page.locator("main").innerText()).not.toContain("not available yet");
    }
    const cards = page.getByTestId("ranked-pages").getByTestId("page-card");
    expect(await cards.count()).toBeGreaterThan(1);
    expect(await cards.first().getByTestId("page-card-activity").innerText()).toMatch(
      /^\d+ comments, reviews and votes of all time$/,
    );
    expect(ownProblems(problems.all())).toEqual([]);
  });

  it("the support page claims no feature that is not there", async () => {
    const { page } = await tracked();
    await visit(page, "/support");
    const text = await page.locator("main").innerText();
    for (const claim of [
      "Use Report",
      "You can also block a person",
      "choose Delete account",
      "claim the site and prove",
    ]) {
      expect(text, claim).not.toContain(claim);
    }
    // The marks that tie its claims to features (content/features.ts) are not shown.
    expect(text).not.toContain("feature:");
    await visit(page, "/about");
    expect(await page.locator("main").innerText()).not.toContain("feature:");
  });
});

describe("joining", () => {
  it("a made-up invitation code is not greeted as an invitation", async () => {
    const { page } = await tracked();
    await visit(page, "/join/MADE-UP-CODE");
    const text = await page.locator("main").innerText();
    expect(text).not.toContain("You are invited");
    expect(text).toContain("This invitation cannot be used");
    expect(text).toContain(JOINING_MESSAGES.codeUnknown);
  });
});
