import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "./fixtures/server.ts";

/**
 * Page renders per instance are limited (RENDER_CONCURRENCY) with a bounded queue
 * (RENDER_QUEUE_MAX): past it, a render is refused at once with 503 and Retry-After rather than
 * piling up memory, and what was admitted is answered in full.
 */

let server: RunningServer;
beforeAll(async () => {
  // One render at a time, none waiting, no micro-cache to answer repeats.
  server = await startServer({ RENDER_CONCURRENCY: "1", RENDER_QUEUE_MAX: "0", PAGE_CACHE_TTL_MS: "0" });
});
afterAll(() => server?.stop());

describe("render admission", () => {
  it("answers a burst beyond the limit with 503 and Retry-After, and everything admitted with its page", async () => {
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        fetch(`${server.url}/about?n=${i}`, {
          headers: { accept: i % 2 ? "text/html" : "application/json" },
        }).then(async (res) => ({ res, body: await res.text(), html: i % 2 === 1 })),
      ),
    );
    const statuses = burst.map(({ res }) => res.status);
    expect(
      statuses.every((s) => s === 200 || s === 503),
      statuses.join(),
    ).toBe(true);
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    for (const { res, body, html } of burst) {
      if (res.status === 200) {
        expect(body).toContain("About Flipside");
        continue;
      }
      expect(res.headers.get("retry-after")).toBe("1");
      expect(res.headers.get("cache-control")).toBe("no-store");
      if (html) {
        expect(res.headers.get("content-type")).toContain("text/html");
        expect(body).toContain("Flipside is very busy right now. Please try again in a moment.");
      } else {
        expect(res.headers.get("content-type")).toContain("application/problem+json");
        expect(JSON.parse(body)).toMatchObject({ status: 503, code: "unavailable" });
      }
    }
    // Once the burst is over, the next visitor is served as usual.
    expect((await fetch(`${server.url}/about`)).status).toBe(200);
  });
});
