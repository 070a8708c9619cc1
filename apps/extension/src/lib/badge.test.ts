import { createHash } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { badgeText, createCountLookup, fetchPageCounts } from "./badge.ts";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("badgeText", () => {
  it.each([
    [0, ""],
    [1, "1"],
    [42, "42"],
    [999, "999"],
    [1000, "1k"],
    [1250, "1.2k"],
    [9999, "9.9k"],
    [12_345, "12k"],
    [99_999, "99k"],
    [100_000, "99k+"],
  ])("%d → %j", (count, text) => {
    expect(badgeText(count)).toBe(text);
  });
});

describe("createCountLookup", () => {
  const hash = sha256("news.example.org/story");
  const prefix = hash.slice(0, 4);

  it("asks by prefix only and finds the page's count by its whole hash", async () => {
    const asked: string[] = [];
    const lookup = createCountLookup({
      fetchCounts: async (p) => {
        asked.push(p);
        return {
          prefix: p,
          pages: [
            { hash: `${p}${"0".repeat(60)}`, comments: 9 },
            { hash, comments: 4 },
          ],
        };
      },
    });
    expect(await lookup.countOf("https://www.news.example.org/story?utm_source=feed")).toBe(4);
    expect(asked).toEqual([prefix]);
    expect(asked.join()).not.toContain("example");
  });

  it("asks once per prefix and minute, whatever the number of tabs", async () => {
    let now = 0;
    const fetchCounts = vi.fn(async (p: string) => ({ prefix: p, pages: [{ hash, comments: 2 }] }));
    const lookup = createCountLookup({ fetchCounts, now: () => now });
    await Promise.all([
      lookup.countOf("news.example.org/story"),
      lookup.countOf("https://news.example.org/story"),
    ]);
    now = 59_999;
    expect(await lookup.countOf("news.example.org/story")).toBe(2);
    expect(fetchCounts).toHaveBeenCalledTimes(1);
    now = 60_000;
    await lookup.countOf("news.example.org/story");
    expect(fetchCounts).toHaveBeenCalledTimes(2);
  });

  it("does not remember a failure: the next look asks again", async () => {
    const fetchCounts = vi
      .fn<(p: string) => Promise<{ prefix: string; pages: { hash: string; comments: number }[] }>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockImplementation(async (p) => ({ prefix: p, pages: [{ hash, comments: 1 }] }));
    const lookup = createCountLookup({ fetchCounts });
    await expect(lookup.countOf("news.example.org/story")).rejects.toThrow("offline");
    expect(await lookup.countOf("news.example.org/story")).toBe(1);
  });

  it("sends nothing for an address Flipside has no page for", async () => {
    const fetchCounts = vi.fn();
    const lookup = createCountLookup({ fetchCounts });
    for (const address of [
      "chrome://newtab/",
      "about:blank",
      "file:///tmp/a.html",
      "http://localhost:3000/",
    ]) {
      expect(await lookup.countOf(address)).toBeNull();
    }
    expect(fetchCounts).not.toHaveBeenCalled();
  });
});

describe("fetchPageCounts", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends no cookie and no referrer, and refuses an answer about another prefix or of another shape", async () => {
    const calls: [string, RequestInit | undefined][] = [];
    let body: unknown = { prefix: "abcd", pages: [] };
    vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      return new Response(JSON.stringify(body), { status: 200 });
    });
    expect(await fetchPageCounts("https://flipside.example", "abcd")).toEqual({ prefix: "abcd", pages: [] });
    expect(calls[0]?.[0]).toBe("https://flipside.example/api/v1/page-counts/abcd");
    expect(calls[0]?.[1]).toMatchObject({ credentials: "omit", referrerPolicy: "no-referrer" });
    body = { prefix: "ffff", pages: [] };
    await expect(fetchPageCounts("https://flipside.example", "abcd")).rejects.toThrow();
    body = { prefix: "abcd", pages: [{ hash: "x", comments: 1 }] };
    await expect(fetchPageCounts("https://flipside.example", "abcd")).rejects.toThrow();
  });
});
