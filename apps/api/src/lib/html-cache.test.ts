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
    expect(cache.get("/a", "n", "identity")).toMatchObject({ refresh: true });
    vi.advanceTimersByTime(4000);
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

  it("keeps its renders together under a byte budget, dropping the oldest", () => {
    const html = (i: number) => `<p nonce="n">${i}</p>${"<b>x</b>".repeat(100)}`;
    const one = createHtmlCache({ ttlMs: 1000 }).set("/probe", "n", page(html(0)));
    const cache = createHtmlCache({ ttlMs: 1000, maxTotalBytes: one.bytes * 2 });
    for (const i of [1, 2, 3]) cache.set(`/${i}`, "n", page(html(i)));
    expect(cache.get("/1", "n", "identity")).toBeNull();
    expect(cache.get("/2", "n", "identity")?.body.toString()).toBe(html(2));
    expect(cache.get("/3", "n", "identity")?.body.toString()).toBe(html(3));
  });

  it("keeps only the compressed render, in memory of its own size, not in slices of Node's shared slabs", () => {
    // Many nonces, as on a page view with its inline scripts and styles: the compressed stretches
    // are views of one buffer exactly as long as they are together.
    const html = Array.from({ length: 40 }, (_, i) => `<script nonce="n0nce">s${i}</script>`).join("");
    const prepared = createHtmlCache({ ttlMs: 1000 }).set("/p", "n0nce", page(html));
    expect(prepared).not.toHaveProperty("parts");
    expect(prepared.bytes).toBe(prepared.gzip.deflated.reduce((n, d) => n + d.length, 0));
    const deflated = new Set(prepared.gzip.deflated.map((d) => d.buffer));
    expect(deflated.size).toBe(1);
    expect([...deflated][0]?.byteLength).toBe(prepared.gzip.deflated.reduce((n, d) => n + d.length, 0));
  });
});

describe("html cache past its TTL", () => {
  afterEach(() => vi.useRealTimers());

  it("serves the previous page to everyone and asks one request to have it rendered again", () => {
    vi.useFakeTimers();
    const cache = createHtmlCache({ ttlMs: 1000 });
    cache.set("/p", "n", page("old"));
    vi.advanceTimersByTime(1000);
    const first = cache.get("/p", "n", "identity");
    expect(first?.body.toString()).toBe("old");
    expect(first?.refresh).toBe(true); // this one has it rendered again
    const second = cache.get("/p", "n", "identity");
    expect(second?.body.toString()).toBe("old"); // the others are served meanwhile
    expect(second?.refresh).toBeUndefined();
    expect(second?.stale).toBe(true);
    cache.set("/p", "n", page("new"));
    const fresh = cache.get("/p", "n", "identity");
    expect(fresh?.body.toString()).toBe("new");
    expect(fresh?.stale).toBeUndefined();
  });

  it("asks again when a render gives up, and stops standing in after a few TTLs", () => {
    vi.useFakeTimers();
    const cache = createHtmlCache({ ttlMs: 1000 });
    cache.set("/p", "n", page("old"));
    vi.advanceTimersByTime(1000);
    expect(cache.get("/p", "n", "identity")?.refresh).toBe(true);
    cache.abandon("/p");
    expect(cache.get("/p", "n", "identity")?.refresh).toBe(true);
    expect(cache.get("/p", "n", "identity")?.refresh).toBeUndefined();
    vi.advanceTimersByTime(4000);
    expect(cache.get("/p", "n", "identity")).toBeNull(); // too old: this request renders it
  });
});

describe("html cache TTLs", () => {
  afterEach(() => vi.useRealTimers());

  it("keeps renders of one page for their own TTL, and the others for the short one", () => {
    vi.useFakeTimers();
    const cache = createHtmlCache({ ttlMs: 1000, pageTtlMs: 60_000 });
    cache.set("/?url=a", "n", page("a"), { page: "A" });
    cache.set("/", "n", page("home"));
    vi.advanceTimersByTime(30_000);
    expect(cache.get("/?url=a", "n", "identity")?.stale).toBeUndefined();
    expect(cache.get("/", "n", "identity")).toBeNull();
    cache.invalidate("A");
    expect(cache.get("/?url=a", "n", "identity")).toBeNull();
  });
});

describe("html cache and changes", () => {
  it("drops a page's renders when that page changes, and keeps other pages'", () => {
    const cache = createHtmlCache({ ttlMs: 60_000 });
    cache.set("/?url=a", "n", page("a"), { page: "A" });
    cache.set("/?url=a&tab=reviews", "n", page("a2"), { page: "A" });
    cache.set("/?url=b", "n", page("b"), { page: "B" });
    cache.set("/", "n", page("home"));
    cache.invalidate("A");
    expect(cache.get("/?url=a", "n", "identity")).toBeNull();
    expect(cache.get("/?url=a&tab=reviews", "n", "identity")).toBeNull();
    expect(cache.get("/?url=b", "n", "identity")?.body.toString()).toBe("b");
    // The home page lists pages: any page's change may show there.
    expect(cache.get("/", "n", "identity")).toBeNull();
  });

  it("drops every render when anything may have changed, and unbound ones alone on request", () => {
    const cache = createHtmlCache({ ttlMs: 60_000 });
    cache.set("/?url=b", "n", page("b"), { page: "B" });
    cache.set("/trending", "n", page("t"));
    cache.clearUnbound();
    expect(cache.get("/trending", "n", "identity")).toBeNull();
    expect(cache.get("/?url=b", "n", "identity")?.body.toString()).toBe("b");
    cache.clear();
    expect(cache.get("/?url=b", "n", "identity")).toBeNull();
  });

  it("does not keep a render that read its page before the page changed", () => {
    const cache = createHtmlCache({ ttlMs: 60_000 });
    const before = cache.ticket();
    cache.invalidate("A");
    cache.set("/?url=a", "n", page("old a"), { ticket: before, page: "A" });
    expect(cache.get("/?url=a", "n", "identity")).toBeNull();
    // Another page's change does not concern it.
    const ticket = cache.ticket();
    cache.invalidate("B");
    cache.set("/?url=a", "n", page("a"), { ticket, page: "A" });
    expect(cache.get("/?url=a", "n", "identity")?.body.toString()).toBe("a");
    // Unbound renders show any page, and nothing survives a clear.
    const late = cache.ticket();
    cache.invalidate("C");
    cache.set("/", "n", page("home"), { ticket: late });
    expect(cache.get("/", "n", "identity")).toBeNull();
    const lastly = cache.ticket();
    cache.clear();
    cache.set("/?url=a", "n", page("a"), { ticket: lastly, page: "A" });
    expect(cache.get("/?url=a", "n", "identity")).toBeNull();
  });
});
