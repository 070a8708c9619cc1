import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { seriousAxeFindings, withoutCancelledDataReports } from "./fixtures/browser.ts";
import { PASSWORD, pagePath, pathOf, useJourney } from "./fixtures/journey.ts";

/** The profile area (issue 8), as a new person uses it in Chromium. */

const journey = useJourney({ PAGE_FETCH_ENABLED: "false" });
const { tracked, visit, api, signIn } = journey;

const NARROW = { viewport: { width: 320, height: 640 } } as const;

const toastSaying = (page: Page, text: string) =>
  page.locator("[data-sonner-toast], [data-plain-toast]").filter({ hasText: text });

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function signedInTab(options: Parameters<typeof tracked>[0] = {}) {
  const account = await journey.account("Robin");
  const tab = await tracked(options);
  await signIn(tab, account);
  return { account, tab, page: tab.page };
}

const portrait = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: "#2a9d8f" } })
    .png()
    .toBuffer();

async function flipAndComment(page: Page, address: string, words: string) {
  await visit(page, pagePath(address));
  await page.getByTestId("composer-body").fill(words);
  await page.getByTestId("composer-submit").click();
  await page.getByTestId("comment").filter({ hasText: words }).waitFor();
}

describe("social accounts", () => {
  it("links elsewhere: checked, saved, and shown on the public page with rel=me", async () => {
    const { page, account } = await signedInTab();
    await visit(page, "/profile/socials");
    await page.getByRole("heading", { level: 1, name: "Social accounts" }).waitFor();
    // No provider is configured on this server: the page says so rather than offering one.
    await page.getByRole("heading", { name: "No other sign-in providers here" }).waitFor();
    const form = page.getByTestId("social-links-form");
    await form.getByLabel("Link 1", { exact: true }).fill("mastodon.social/@robin");
    await form.getByRole("button", { name: "Save links" }).click();
    await form.getByText("Give a full web address, such as https://mastodon.social/@you").waitFor();
    await form.getByLabel("Link 1", { exact: true }).fill("https://mastodon.social/@robin");
    await form.getByRole("button", { name: "Add a link" }).click();
    await form.getByLabel("Link 2", { exact: true }).fill("https://www.github.com/robin/");
    await form.getByRole("button", { name: "Save links" }).click();
    await toastSaying(page, "Links saved").waitFor();

    await visit(page, `/users/${account.id}`);
    const links = page.getByTestId("profile-social-links").getByRole("link");
    expect(await links.allTextContents()).toEqual(["mastodon.social/@robin", "github.com/robin"]);
    expect(await links.first().getAttribute("rel")).toBe("me noopener");
    expect(await links.first().getAttribute("href")).toBe("https://mastodon.social/@robin");

    await visit(page, "/profile/socials");
    await form.getByRole("button", { name: "Remove link 1" }).click();
    await form.getByRole("button", { name: "Save links" }).click();
    await toastSaying(page, "Links saved").waitFor();
    await visit(page, `/users/${account.id}`);
    expect(await page.getByTestId("profile-social-links").getByRole("link").allTextContents()).toEqual([
      "github.com/robin",
    ]);
  });
});

describe("settings", () => {
  it("an anonymous visitor is sent to log in and brought back", async () => {
    const { page } = await tracked();
    await visit(page, "/profile/settings");
    expect(pathOf(page)).toBe(`/login?${new URLSearchParams({ next: "/profile/settings" })}`);
  });

  it("name, bio and language: checked on leaving a field, saved with a toast, kept after a reload", async () => {
    const { tab, page, account } = await signedInTab();
    await visit(page, "/profile/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" }).isVisible()).resolves.toBe(true);
    await expect(page.getByText(account.email).isVisible()).resolves.toBe(true);

    const form = page.getByTestId("profile-details-form");
    const name = form.getByLabel("Display name");
    await name.fill("");
    await name.blur();
    await form.getByText("Enter a display name").waitFor();

    await name.fill("Robin Q. Settings");
    await form.getByLabel("Bio").fill("I read **everything** twice.");
    await form.getByLabel("Language").selectOption("pt-BR");
    await form.getByRole("button", { name: "Save profile" }).click();
    await toastSaying(page, "Your profile is saved").waitFor();

    const saved = await api<{ displayName: string; bio: string; language: string }>("/account", {
      token: account.token,
    });
    expect(saved.data).toMatchObject({
      displayName: "Robin Q. Settings",
      bio: "I read **everything** twice.",
      language: "pt-BR",
    });
    await page.reload();
    await page.waitForSelector("html[data-hydrated]");
    await expect(form.getByLabel("Display name").inputValue()).resolves.toBe("Robin Q. Settings");
    // The header's picture falls back to the new initials.
    await expect(page.getByTestId("header-profile").innerText()).resolves.toContain("RQ");
    // Each save is seen on screen above, so its data arrived.
    expect(withoutCancelledDataReports(tab.problems.all(), "/profile/settings")).toEqual([]);
  });

  it("colour mode: applied at once, kept on the account and in nuxt-color-mode, and there before the first paint", async () => {
    const { tab, page, account } = await signedInTab();
    await visit(page, "/profile/settings");
    await page.getByTestId("settings-color-mode").getByText("Dark", { exact: true }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    await expect(page.evaluate(() => localStorage.getItem("nuxt-color-mode"))).resolves.toBe("dark");
    await expect
      .poll(
        async () => (await api<{ colorMode: string }>("/account", { token: account.token })).data.colorMode,
      )
      .toBe("dark");

    // The next render is dark in its first frame: what <html> says in the first animation frame,
    // which comes before the first paint (a hook put in before any script of the page).
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        (window as unknown as { firstFrameClass: string }).firstFrameClass =
          document.documentElement.className;
      });
    });
    await visit(page, "/profile/settings");
    await expect(
      page.evaluate(() => (window as unknown as { firstFrameClass?: string }).firstFrameClass),
    ).resolves.toMatch(/\bdark\b/);
    await expect(page.getByTestId("settings-color-mode-dark").isChecked()).resolves.toBe(true);
    expect(tab.problems.all()).toEqual([]);
  });

  it("colour mode: a choice the account refuses is undone and said; one made just before leaving the page stays", async () => {
    const { tab, page } = await signedInTab();
    await visit(page, "/profile/settings");
    const stored = () => page.evaluate(() => localStorage.getItem("nuxt-color-mode"));
    const saves = /\/api\/account$/;

    // The server refuses: the choice goes back, and the person is told.
    await page.route(saves, (route) =>
      route.request().method() === "GET"
        ? route.continue()
        : route.fulfill({
            status: 503,
            contentType: "application/problem+json",
            body: JSON.stringify({ type: "about:blank", title: "Unavailable", status: 503 }),
          }),
    );
    await page.getByTestId("settings-color-mode").getByText("Dark", { exact: true }).click();
    await toastSaying(page, "Could not save your colour mode. Try again.").waitFor();
    await expect.poll(stored).toBe("system");
    await page.unroute(saves);

    // The save reaches the server, but the page is left before its answer comes back: the
    // request is cut short, and the choice (which the account kept) stays in this browser too.
    let kept = false;
    await page.route(saves, async (route) => {
      if (route.request().method() === "GET") return route.continue();
      const response = await route.fetch();
      kept = true;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.fulfill({ response }).catch(() => {});
    });
    await page.getByTestId("settings-color-mode").getByText("Dark", { exact: true }).click();
    await expect.poll(() => kept).toBe(true);
    await visit(page, "/profile/settings");
    expect(await stored()).toBe("dark");
    expect(await page.getByTestId("settings-color-mode-dark").isChecked()).toBe(true);
    expect(tab.problems.all().filter((p) => !p.includes("503"))).toEqual([]);
  });

  it("colour mode: the one kept on the account follows the person to a new browser when they log in", async () => {
    const account = await journey.account("Nightowl");
    await api("/account", { method: "POST", token: account.token, body: { colorMode: "dark" } });
    const tab = await tracked({ colorScheme: "light" });
    const { page } = tab;
    await visit(page, "/login");
    const dialog = page.getByTestId("login-dialog");
    await dialog.getByLabel("Email").fill(account.email);
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog.getByLabel("Password", { exact: true }).press("Enter");
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    await expect(page.evaluate(() => localStorage.getItem("nuxt-color-mode"))).resolves.toBe("dark");
    // Logging in on /login revalidates /login.data, whose loader sends the person on to "/".
    expect(withoutCancelledDataReports(tab.problems.all(), "/login", "/_root")).toEqual([]);
  });

  it("picture: chosen, cropped by keyboard, uploaded, shown on the comments; removed again", async () => {
    const { tab, page } = await signedInTab();
    await visit(page, "/profile/settings");
    await page
      .getByTestId("avatar-file")
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await portrait() });
    const dialog = page.getByTestId("avatar-crop-dialog");
    await dialog.waitFor();
    await dialog.getByTestId("avatar-cropper").focus();
    await page.keyboard.press("ArrowRight");
    await dialog.getByRole("button", { name: "Zoom in" }).click();
    await expect(dialog.getByTestId("avatar-zoom").inputValue()).resolves.toBe("1.25");
    await dialog.getByTestId("avatar-crop-apply").click();
    await toastSaying(page, "Your picture is updated").waitFor();
    await dialog.waitFor({ state: "detached" });

    const picture = page.getByTestId("settings-picture").locator("img");
    await picture.waitFor();
    const large = await picture.getAttribute("src");
    expect(large).toMatch(/^\/api\/v1\/files\/avatars\/[0-9a-f-]{36}\/[0-9a-f-]{36}-256\.webp$/);
    // Its width once it has loaded: read before that, a fresh <img> is 0 wide.
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1)))
      .toBe(256);
    await expect(page.getByTestId("header-profile").locator("img").getAttribute("src")).resolves.toBe(large);

    // Bylines take the small copy.
    await flipAndComment(page, "example.com/avatars", "My new picture is beside this.");
    const byline = page
      .getByTestId("comment")
      .filter({ hasText: "My new picture" })
      .locator('[data-slot="avatar"] img');
    await expect(byline.getAttribute("src")).resolves.toBe(large?.replace("-256.webp", "-64.webp"));

    await visit(page, "/profile/settings");
    await page.getByTestId("avatar-remove").click();
    await toastSaying(page, "Your picture is removed").waitFor();
    await page.getByTestId("settings-picture").locator("img").waitFor({ state: "detached" });
    await expect(
      page.getByTestId("settings-picture").getByRole("button", { name: "Choose a picture" }).isVisible(),
    ).resolves.toBe(true);
    // Each save is seen on screen above, so its data arrived.
    expect(withoutCancelledDataReports(tab.problems.all(), "/profile/settings")).toEqual([]);
  });

  it("picture: a file that is not a picture is refused with a message and nothing changes", async () => {
    const { tab, page } = await signedInTab();
    await visit(page, "/profile/settings");
    await page
      .getByTestId("avatar-file")
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(page.getByTestId("avatar-problem").innerText()).resolves.toBe(
      "The image must be a JPEG, PNG, WebP or GIF file",
    );
    await expect(page.getByTestId("avatar-crop-dialog").count()).resolves.toBe(0);
    expect(tab.problems.all()).toEqual([]);
  });

  it("password: the wrong current one is said under its field; the right one signs out the other devices", async () => {
    const { tab, page, account } = await signedInTab();
    const other = await api<{ id_token: string }>("/authenticate", {
      method: "POST",
      body: { username: account.email, password: PASSWORD, rememberMe: false },
    });
    await visit(page, "/profile/settings#password");
    const form = page.getByTestId("change-password-form");
    await form.getByLabel("Current password").fill("Not-The-Password-1");
    await form.getByLabel("New password").fill("Brighter-Lantern-77");
    await form.getByRole("button", { name: "Change password" }).click();
    await form.getByText("The current password is not correct").waitFor();
    // The refusal was the point; what follows must go without a fault.
    tab.problems.clear();
    await expect(
      form.getByLabel("Current password").evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);

    await form.getByLabel("Current password").fill(PASSWORD);
    await form.getByRole("button", { name: "Change password" }).click();
    await toastSaying(page, "Your password is changed").waitFor();
    expect((await api("/account", { token: other.data.id_token })).status).toBe(401);
    // This device stays signed in.
    expect((await api("/account", { token: account.token })).status).toBe(200);
    const notice = await journey.mail.next(account.email);
    expect(notice.subject).toMatch(/password/i);
    // The change revalidates the page; Chromium may report its data request as cancelled.
    expect(withoutCancelledDataReports(tab.problems.all(), "/profile/settings")).toEqual([]);
  });

  it("sessions: each device by browser, this one marked; another is signed out from here", async () => {
    const { tab, page, account } = await signedInTab();
    const elsewhere = await fetch(`${journey.server.url}/api/authenticate`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
      },
      body: JSON.stringify({ username: account.email, password: PASSWORD, rememberMe: false }),
    });
    const otherToken = ((await elsewhere.json()) as { id_token: string }).id_token;
    const third = await api<{ id_token: string }>("/authenticate", {
      method: "POST",
      body: { username: account.email, password: PASSWORD, rememberMe: false },
    });
    await visit(page, "/profile/settings#sessions");
    const list = page.getByTestId("sessions-list");
    await expect(list.getByTestId("session").count()).resolves.toBe(3);
    await expect(list.locator("[data-current]").innerText()).resolves.toContain("This device");
    const firefox = list.getByTestId("session").filter({ hasText: "Firefox 133 on Windows 10" });
    await firefox.getByRole("button", { name: "Sign out Firefox 133 on Windows 10" }).click();
    await toastSaying(page, "Firefox 133 on Windows 10 is signed out").waitFor();
    await expect.poll(() => list.getByTestId("session").count()).toBe(2);
    expect((await api("/account", { token: otherToken })).status).toBe(401);

    await page.getByTestId("sessions-sign-out-others").click();
    await toastSaying(page, "Every other device is signed out").waitFor();
    await page.getByText("You are not signed in anywhere else.").waitFor();
    expect((await api("/account", { token: third.data.id_token })).status).toBe(401);
    // This tab's own session stays.
    expect((await api("/account", { token: account.token })).status).toBe(200);
    await visit(page, "/profile/settings");
    await page.getByTestId("sessions-list").waitFor();
    expect(withoutCancelledDataReports(tab.problems.all(), "/profile/settings")).toEqual([]);
  });

  it("your data: one JSON file with what the person wrote, notes of every kind included", async () => {
    const { tab, page, account } = await signedInTab();
    const pageId = await flip("example.com/my-data");
    await api("/v1/notes", {
      method: "POST",
      token: account.token,
      body: { sitePage_id: pageId, title: "Kept to myself", body: "", visibility: "PRIVATE" },
    });
    await flipAndComment(page, "example.com/my-data", "Mine to take away.");
    await visit(page, "/profile/settings#your-data");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("your-data-download").click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^flipside-data-\d{4}-\d{2}-\d{2}\.json$/);
    const path = await download.path();
    const data = JSON.parse(await readFile(path, "utf8"));
    expect(data.account.email).toBe(account.email);
    expect(data.contributions.map((c: { body: string }) => c.body)).toEqual(["Mine to take away."]);
    expect(data.notes.map((n: { title: string }) => n.title)).toEqual(["Kept to myself"]);
    expect(tab.problems.all()).toEqual([]);
  });

  it("delete account: the password confirms it; the person is signed out and their comment stays without their name", async () => {
    const { tab, page, account } = await signedInTab();
    const words = `Leaving soon ${Date.now()}`;
    await flipAndComment(page, "example.com/leaving", words);

    await visit(page, "/profile/settings");
    await page.getByTestId("delete-account-open").click();
    const dialog = page.getByTestId("delete-account-dialog");
    await dialog.getByLabel("Password", { exact: true }).fill("Wrong-Password-9");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await dialog.getByText("The password is not correct").waitFor();
    tab.problems.clear();
    expect((await api("/account", { token: account.token })).status).toBe(200);

    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await toastSaying(page, "Your account is deleted").waitFor();
    await page.waitForURL(`${journey.server.url}/`);
    await page.getByTestId("header-login").waitFor();
    expect((await api("/account", { token: account.token })).status).toBe(401);

    await visit(page, pagePath("example.com/leaving"));
    const comment = page.getByTestId("comment").filter({ hasText: words });
    await expect(comment.getByText("deleted user").isVisible()).resolves.toBe(true);
    await expect(comment.getByText(account.displayName).count()).resolves.toBe(0);
    expect(tab.problems.all()).toEqual([]);
  });

  for (const [label, options] of [
    ["1280 px, light", { colorScheme: "light" }],
    ["320 px, dark", { ...NARROW, colorScheme: "dark" }],
  ] as const) {
    it(`reads well at ${label}: nothing scrolls sideways, no serious axe findings`, async () => {
      const { tab, page } = await signedInTab(options);
      await visit(page, "/profile/settings");
      expect(await sideways(page)).toBe(0);
      expect(await seriousAxeFindings(page)).toEqual([]);
      await page.getByTestId("delete-account-open").click();
      await page.getByTestId("delete-account-dialog").waitFor();
      expect(await seriousAxeFindings(page)).toEqual([]);
      expect(tab.problems.all()).toEqual([]);
    });
  }
});

const { flip } = journey;

describe("profile home and public page", () => {
  it("a new person's home says what to do next", async () => {
    const { tab, page, account } = await signedInTab();
    await visit(page, "/profile");
    await expect(page.getByTestId("profile-name").innerText()).resolves.toBe(account.displayName);
    await expect(page.getByTestId("profile-header").innerText()).resolves.toMatch(/Member since \w+ \d{4}/);
    await expect(page.getByTestId("stat-comments").innerText()).resolves.toBe("Comments\n0");
    await expect(page.getByText("You have not written anything yet").isVisible()).resolves.toBe(true);
    await expect(page.getByText("No pinned notes").isVisible()).resolves.toBe(true);
    await page.getByRole("link", { name: "Look up a page" }).click();
    await page.waitForURL(`${journey.server.url}/`);
    expect(tab.problems.all()).toEqual([]);
  });

  it("what someone wrote shows on their home and on their public page, which search engines can read", async () => {
    const { tab, page, account } = await signedInTab();
    const address = "example.com/profile-journey";
    const pageId = await flip(address);
    await api("/v1/site-page-reviews", {
      method: "POST",
      token: account.token,
      body: {
        sitePage_id: pageId,
        sentiment: "EXPERT",
        title: "Knows its stuff",
        body: "Checked it",
        expertise: "Editor",
      },
    });
    await api("/v1/notes", {
      method: "POST",
      token: account.token,
      body: {
        sitePage_id: pageId,
        title: "Shared thought",
        body: "For everyone",
        visibility: "PUBLIC",
        pinned: true,
      },
    });
    await api("/v1/notes", {
      method: "POST",
      token: account.token,
      body: {
        sitePage_id: pageId,
        title: "Secret thought",
        body: "Only me",
        visibility: "PRIVATE",
        pinned: true,
      },
    });
    await api("/account", { method: "POST", token: account.token, body: { bio: "I _edit_ things." } });
    await flipAndComment(page, address, "First comment from my profile journey.");
    // The author's name in the page view leads to their public page.
    await page.getByTestId("comment").filter({ hasText: "First comment" }).getByTestId("author-name").click();
    await page.waitForURL(`${journey.server.url}/users/${account.id}`);
    await page.getByTestId("public-profile").waitFor();

    // Home: both kinds of activity, newest first, each leading to its page; both pinned notes.
    await visit(page, "/profile");
    const items = page.getByTestId("activity-item");
    await expect(items.count()).resolves.toBe(2);
    await expect(items.nth(0).getAttribute("data-kind")).resolves.toBe("COMMENT");
    await expect(items.nth(1).innerText()).resolves.toContain("Knows its stuff");
    await expect(page.getByTestId("profile-bio").innerHTML()).resolves.toContain("<em>edit</em>");
    const notes = page.getByTestId("profile-note");
    await expect(notes.count()).resolves.toBe(2);
    await expect(page.getByTestId("profile-notes").innerText()).resolves.toContain("Private");
    await page.getByTestId("activity-filter-reviews").click();
    await page.waitForURL(/\?kind=reviews$/);
    await expect.poll(() => items.count()).toBe(1);
    await expect(items.first().getAttribute("data-kind")).resolves.toBe("REVIEW");
    await items.first().getByTestId("activity-page").click();
    await page.waitForURL(`${journey.server.url}/?url=${encodeURIComponent(address).replace(/%2F/g, "%2F")}`);

    // Public page: as served to a crawler, with only the public note.
    const html = await (await fetch(`${journey.server.url}/profiles/${account.id}`)).text();
    expect(html).toContain(`<title>${account.displayName} · Flipside</title>`);
    expect(html).toContain(`<link rel="canonical" href="${journey.server.url}/users/${account.id}"/>`);
    expect(html).toContain('<meta name="description" content="I edit things."/>');
    expect(html).toContain("First comment from my profile journey.");
    expect(html).toContain("Shared thought");
    expect(html).not.toContain("Secret thought");
    await visit(page, `/users/${account.id}`);
    await expect(page.getByTestId("stat-reviews").innerText()).resolves.toMatch(/^Review\s+1$/);
    expect(tab.problems.all()).toEqual([]);
  });

  it("by keyboard alone: the avatar's menu leads to the settings, where a name is changed and saved", async () => {
    const { tab, page, account } = await signedInTab();
    await visit(page, "/");
    await page.getByTestId("header-profile").focus();
    await page.keyboard.press("Enter");
    const menu = page.getByTestId("profile-menu");
    await menu.waitFor();
    await expect(menu.innerText()).resolves.toContain(account.email);
    for (const id of ["my_profile", "settings", "notifications", "sign-out"]) {
      await expect(menu.getByTestId(id).isVisible(), id).resolves.toBe(true);
    }
    // Focus is in the menu; down past My profile and Ads dashboard to Settings, and in.
    const focused = () => page.evaluate(() => document.activeElement?.id);
    await expect.poll(() => menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    const path: (string | undefined)[] = [];
    for (let presses = 0; presses < 4 && path.at(-1) !== "settings"; presses++) {
      const before = await focused();
      await page.keyboard.press("ArrowDown");
      await expect.poll(focused).not.toBe(before);
      path.push(await focused());
    }
    expect(path).toEqual(["my_profile", "dashboard", "settings"]);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${journey.server.url}/profile/settings`);
    await page.getByTestId("profile-details-form").waitFor();

    const name = page.getByTestId("profile-details-form").getByLabel("Display name");
    await name.focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Keyboard Robin");
    await page.keyboard.press("Enter");
    await toastSaying(page, "Your profile is saved").waitFor();
    await expect
      .poll(
        async () =>
          (await api<{ displayName: string }>("/account", { token: account.token })).data.displayName,
      )
      .toBe("Keyboard Robin");
    expect(withoutCancelledDataReports(tab.problems.all(), "/profile/settings")).toEqual([]);
  });

  it("an unknown person is the 404 page", async () => {
    const response = await fetch(`${journey.server.url}/users/0190a0a0-0000-7000-8000-000000000000`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page Not Found: /users/0190a0a0-0000-7000-8000-000000000000");
    expect((await fetch(`${journey.server.url}/profiles/not-a-uuid`)).status).toBe(404);
  });

  for (const [label, options] of [
    ["1280 px, light", { colorScheme: "light" }],
    ["320 px, dark", { ...NARROW, colorScheme: "dark" }],
  ] as const) {
    it(`home and public page read well at ${label}`, async () => {
      const { tab, page, account } = await signedInTab(options);
      await flipAndComment(
        page,
        "example.com/profile-widths",
        `At ${label}, a rather long unbroken word: Donaudampfschifffahrtsgesellschaftskapitän.`,
      );
      for (const path of ["/profile", `/users/${account.id}`]) {
        await visit(page, path);
        expect(await sideways(page), path).toBe(0);
        expect(await seriousAxeFindings(page), path).toEqual([]);
      }
      expect(tab.problems.all()).toEqual([]);
    });
  }
});
