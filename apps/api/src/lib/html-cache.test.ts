import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createHtmlCache } from "./html-cache.ts";

const page = (body: string) => ({ status: 200, headers: { "content-type": "text/html" }, body });

describe("html cache", () => {
  afterEach(() => vi.useRealTimers());

  it("serves a stored page with the new response's nonce", () => {
    const cache = createHtmlCache({ ttlMs: 1000 });
    cache.set("/?url=a", "NONCE1", page('<script nonce="NONCE1">x</script><p>NONCE1 text</p>'));
    const hit = cache.get("/?url=a", "NONCE2", "identity");
    expect(hit?.body.toString()).toBe('<script nonce="NONCE2">x</script><p>NONCE2 text</p>');
    expect(hit?.body.toString()).not.toContain("NONCE1");
  });

  it("serves the same page gzipped, each time with that response's nonce", () => {
    const cache = createHtmlCache({ ttlMs: 1000 });
    const html = (n: string) => `<script nonce="${n}">x</script>${"<p>comment</p>".repeat(500)}<i>${n}</i>`;
    const miss = cache.set("/?url=a", "RENDER", page(html("RENDER")));
    expect(miss.size).toBe(html("").length);
    for (const nonce of ["NONCE1", "NONCE2"]) {
      const hit = cache.get("/?url=a", nonce, "gzip");
      expect(hit?.encoding).toBe("gzip");
      expect(hit?.body.length).toBeLessThan(html(nonce).length / 10);
      expect(gunzipSync(hit?.body as Buffer).toString()).toBe(html(nonce));
    }
  });

  it("forgets entries after the TTL and on clear", () => {
    vi.useFakeTimers();
    const cache = createHtmlCache({ ttlMs: 1000 });
    cache.set("/a", "n", page("a"));
    cache.set("/b", "n", page("b"));
    vi.advanceTimersByTime(999);
    expect(cache.get("/a", "n", "identity")?.body.toString()).toBe("a");
    vi.advanceTimersByTime(1);
    expect(cache.get("/a", "n", "identity")).toBeNull();
    cache.set("/a", "n", page("a"));
    cache.clear();
    expect(cache.get("/a", "n", "identity")).toBeNull();
  });

  it("is off with a zero TTL, and bounded in entries and size", () => {
    const off = createHtmlCache({ ttlMs: 0 });
    off.set("/a", "n", page("a"));
    expect(off.enabled).toBe(false);
    expect(off.get("/a", "n", "identity")).toBeNull();

    const small = createHtmlCache({ ttlMs: 1000, maxEntries: 2, maxBytes: 10 });
    small.set("/1", "n", page("1"));
    small.set("/2", "n", page("2"));
    small.set("/3", "n", page("3"));
    expect(small.get("/1", "n", "identity")).toBeNull();
    expect(small.get("/3", "n", "identity")?.body.toString()).toBe("3");
    small.set("/big", "n", page("x".repeat(11)));
    expect(small.get("/big", "n", "identity")).toBeNull();
  });
});

describe("html cache past its TTL", () => {
  afterEach(() => vi.useRealTimers());

  it("lets one request render while the others keep the previous page", () => {
    vi.useFakeTimers();
    const cache = createHtmlCache({ ttlMs: 1000 });
    cache.set("/p", "n", page("old"));
    vi.advanceTimersByTime(1000);
    expect(cache.get("/p", "n", "identity")).toBeNull(); // this one renders
    expect(cache.get("/p", "n", "identity")?.body.toString()).toBe("old"); // the others are served meanwhile
    cache.set("/p", "n", page("new"));
    expect(cache.get("/p", "n", "identity")?.body.toString()).toBe("new");
  });

  it("hands the render to another request when the first gives up or takes too long", () => {
    vi.useFakeTimers();
    const cache = createHtmlCache({ ttlMs: 1000 });
    cache.set("/p", "n", page("old"));
    vi.advanceTimersByTime(1000);
    expect(cache.get("/p", "n", "identity")).toBeNull();
    cache.abandon("/p");
    expect(cache.get("/p", "n", "identity")).toBeNull();
    expect(cache.get("/p", "n", "identity")?.body.toString()).toBe("old");
    vi.advanceTimersByTime(4000);
    expect(cache.get("/p", "n", "identity")).toBeNull();
  });
});
