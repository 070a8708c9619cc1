import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "./fixtures/server.ts";

/**
 * A cached page past its TTL (docs/decisions/005): everyone keeps getting the previous render at
 * once while one render runs in the background, so nobody waits for a page that was just rendered.
 */

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ PAGE_CACHE_TTL_MS: "400" });
});
afterAll(() => server?.stop());

async function get(path: string) {
  const res = await fetch(`${server.url}${path}`, { headers: { accept: "text/html" } });
  const body = await res.text();
  return { status: res.status, body, cache: res.headers.get("x-page-cache") };
}

describe("a cached page past its TTL", () => {
  it("is served at once while it renders again in the background", async () => {
    expect((await get("/about")).cache).toBe("miss");
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stale = await get("/about");
    expect(stale.status).toBe(200);
    expect(stale.cache).toBe("stale");
    expect(stale.body).toContain("About");
    // The background render replaces it without any request rendering it (no "miss").
    const seen: (string | null)[] = [];
    await expect
      .poll(
        async () => {
          const again = await get("/about");
          seen.push(again.cache);
          return again.cache;
        },
        { timeout: 5000, interval: 50 },
      )
      .toBe("hit");
    expect(seen).not.toContain("miss");
  });
});
