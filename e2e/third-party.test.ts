import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, type TrackedPage } from "./fixtures/browser.ts";
import { type RunningServer, startServer } from "./fixtures/server.ts";

/**
 * The help-chat widget and the social SDK (docs/web-app.md#third-parties) with both configured:
 * they load outside app mode (the SDK 500 ms after start) and never in app mode. The shell
 * journeys check that nothing loads when nothing is configured.
 */

const HELP_CHAT_ID = "12345678";
const FACEBOOK_APP_ID = "1234567890";

const START = Date.UTC(2026, 0, 1);

let server: RunningServer;
let browser: Browser;
const open: TrackedPage[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ HELP_CHAT_ID, FACEBOOK_APP_ID }), launchBrowser()]);
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((p) => p.close().catch(() => {})));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page whose third-party requests are answered locally (CI has no internet) and recorded. */
async function pageWithFakeThirdParties(): Promise<{ page: Page; requested: string[] }> {
  const tracked = await newPage(browser);
  open.push(tracked);
  const requested: string[] = [];
  for (const pattern of ["https://cdn.livechatinc.com/**", "https://connect.facebook.net/**"]) {
    await tracked.page.route(pattern, (route) => {
      requested.push(new URL(route.request().url()).host);
      return route.fulfill({ status: 200, contentType: "application/javascript", body: "/* stub */" });
    });
  }
  // Timers stand still until the test moves the clock, so "500 ms later" is exact.
  await tracked.page.clock.install({ time: START });
  await tracked.page.clock.pauseAt(START + 1000);
  return { page: tracked.page, requested };
}

describe("third-party scripts when configured", () => {
  it("load the help chat with its licence at start and the social SDK 500 ms later", async () => {
    const { page, requested } = await pageWithFakeThirdParties();
    const chat = page.waitForRequest("https://cdn.livechatinc.com/tracking.js");
    await page.goto(`${server.url}/`);
    await page.waitForSelector("html[data-hydrated]");
    await chat;
    expect(
      await page.evaluate(() => (window as unknown as { __lc?: { license?: number } }).__lc?.license),
    ).toBe(Number(HELP_CHAT_ID));
    expect(requested).toEqual(["cdn.livechatinc.com"]);

    await page.clock.runFor(450);
    expect(requested).not.toContain("connect.facebook.net");
    const sdk = page.waitForRequest("https://connect.facebook.net/en_US/sdk.js");
    await page.clock.runFor(100);
    await sdk;
    expect(
      await page.evaluate(() => typeof (window as unknown as { fbAsyncInit?: unknown }).fbAsyncInit),
    ).toBe("function");
  });

  it("never load in app mode", async () => {
    const { page, requested } = await pageWithFakeThirdParties();
    await page.goto(`${server.url}/?app=1`);
    await page.waitForSelector("html[data-hydrated]");
    await page.clock.runFor(5_000);
    // Navigating on in app mode changes nothing either.
    await page.click('[data-testid="menu-button"]');
    await page.click('[data-testid="main-menu"] [data-testid="trending"]');
    await page.waitForSelector('[data-layout="secondary"][data-app]');
    await page.clock.runFor(5_000);
    expect(requested).toEqual([]);
    expect(await page.evaluate(() => "LiveChatWidget" in window || "fbAsyncInit" in window)).toBe(false);
  });
});
