import { gunzipSync } from "node:zlib";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "./fixtures/server.ts";

/**
 * The anonymous page micro-cache (docs/decisions/005): the same HTML for every anonymous
 * visitor for a moment, each response with its own CSP nonce; signed-in requests bypass it;
 * a write through the API empties it.
 */

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ PAGE_CACHE_TTL_MS: "60000" });
});
afterAll(() => server?.stop());

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, { headers });
  const body = await res.text();
  const csp = res.headers.get("content-security-policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  return { res, body, nonce, cache: res.headers.get("x-page-cache") };
}

describe("anonymous page cache", () => {
  it("renders once, then serves the same page with a fresh nonce", async () => {
    const first = await get("/about");
    const second = await get("/about");
    expect(first.cache).toBe("miss");
    expect(second.cache).toBe("hit");
    expect(first.nonce).toBeTruthy();
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.body).toContain(`nonce="${second.nonce}"`);
    expect(second.body).not.toContain(first.nonce as string);
    expect(second.body.replaceAll(second.nonce as string, "N")).toBe(
      first.body.replaceAll(first.nonce as string, "N"),
    );
  });

  it("gzips for clients that accept it, with the same page and a fresh nonce in each encoding", async () => {
    // undici's request leaves the body as sent, so the encoding on the wire can be checked.
    const raw = async (encoding: string) => {
      const res = await request(`${server.url}/trending`, { headers: { "accept-encoding": encoding } });
      const bytes = Buffer.from(await res.body.arrayBuffer());
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"]))?.[1] as string;
      return { res, bytes, nonce };
    };
    await get("/trending");
    const plain = await raw("identity");
    const gz = await raw("gzip, deflate, br");
    expect(gz.res.headers["content-encoding"]).toBe("gzip");
    expect(gz.res.headers.vary).toContain("Accept-Encoding");
    expect(gz.res.headers["x-page-cache"]).toBe("hit");
    expect(plain.res.headers["content-encoding"]).toBeUndefined();
    expect(gz.bytes.length).toBeLessThan(plain.bytes.length / 3);
    const unzipped = gunzipSync(gz.bytes).toString();
    expect(gz.nonce).not.toBe(plain.nonce);
    expect(unzipped).toContain(`nonce="${gz.nonce}"`);
    expect(unzipped.replaceAll(gz.nonce, "N")).toBe(plain.bytes.toString().replaceAll(plain.nonce, "N"));
    // A signed-in (uncached, streamed) render is gzipped too and arrives whole.
    const streamed = await request(`${server.url}/trending`, {
      headers: { "accept-encoding": "gzip", cookie: "flipside_token=not-a-real-token" },
    });
    expect(streamed.headers["content-encoding"]).toBe("gzip");
    expect(streamed.headers["x-page-cache"]).toBeUndefined();
    expect(gunzipSync(Buffer.from(await streamed.body.arrayBuffer())).toString()).toMatch(/<\/html>$/);
  });

  it("never serves or stores pages for a signed-in request", async () => {
    await get("/support");
    const withCookie = await get("/support", { cookie: "flipside_token=not-a-real-token" });
    expect(withCookie.cache).toBeNull();
    const withBearer = await get("/support", { authorization: "Bearer x" });
    expect(withBearer.cache).toBeNull();
    // Nor may any other cache, the browser's included (issue 16); an anonymous page may be kept.
    expect(withCookie.res.headers.get("cache-control")).toBe("private, no-store");
    expect(withBearer.res.headers.get("cache-control")).toBe("private, no-store");
    const pageView = await get(`/?${new URLSearchParams({ url: "https://example.com/kept" })}`, {
      cookie: "flipside_token=not-a-real-token",
    });
    expect(pageView.res.headers.get("cache-control")).toBe("private, no-store");
    expect((await get("/support")).res.headers.get("cache-control")).toBeNull();
  });

  it("does not keep error pages", async () => {
    const missing = await get("/no-such-page-here");
    expect(missing.res.status).toBe(404);
    expect((await get("/no-such-page-here")).cache).toBeNull();
  });

  it("starts afresh after a write through the API", async () => {
    await get("/terms");
    expect((await get("/terms")).cache).toBe("hit");
    const write = await fetch(`${server.url}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: "cache@example.com",
        password: "Cache-test-2026!x",
        displayName: "Cache",
      }),
    });
    expect(write.status).toBe(201);
    expect((await get("/terms")).cache).toBe("miss");
  });
});

describe("build files", () => {
  it("carry only the headers a script needs; pages keep the document's", async () => {
    const page = await get("/about");
    const script = /src="(\/assets\/[^"]+\.js)"|href="(\/assets\/[^"]+\.js)"/.exec(page.body);
    const path = script?.[1] ?? script?.[2];
    expect(path).toBeTruthy();
    const asset = await fetch(`${server.url}${path}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("x-content-type-options")).toBe("nosniff");
    expect(asset.headers.get("cross-origin-resource-policy")).toBe("same-site");
    for (const name of [
      "content-security-policy",
      "cross-origin-opener-policy",
      "referrer-policy",
      "x-xss-protection",
    ]) {
      expect(asset.headers.get(name), name).toBeNull();
    }
    expect(page.res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(page.res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    // A build file that is not there is a page (404), with the page's own headers.
    const missing = await get("/assets/no-such-file.js");
    expect(missing.res.status).toBe(404);
    expect(missing.nonce).toBeTruthy();
    expect(missing.res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
  });
});
