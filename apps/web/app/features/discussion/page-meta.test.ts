import type { SitePageView } from "@flipside/contracts/discussion";
import { describe, expect, it } from "vitest";
import { pageName, pageViewMeta, shortAddress } from "./page-meta.ts";

const page = {
  id: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
  rawUrl: "https://www.example.com/a?b=1",
  normalizedUrl: "example.com/a?b=1",
  displayUrl: "https://example.com/a?b=1",
  title: "An example",
  description: "A page about examples.",
  faviconUrl: null,
  commentCount: 1,
  reviewCount: 2,
  relatedCount: 0,
} as SitePageView;

describe("shortAddress", () => {
  it("drops the scheme, the fragment and a trailing slash", () => {
    expect(shortAddress("https://example.com/")).toBe("example.com");
    expect(shortAddress("http://example.com/a/b?c=1#top")).toBe("example.com/a/b?c=1");
  });

  it("cuts a long address with an ellipsis, 48 characters in all", () => {
    const name = shortAddress(`https://example.com/${"segment/".repeat(10)}`);
    expect(name).toHaveLength(48);
    expect(name.startsWith("example.com/segment/segment/")).toBe(true);
    expect(name.endsWith("…")).toBe(true);
  });
});

describe("pageViewMeta", () => {
  it("gives a real title, description, Open Graph tags and the canonical address", () => {
    const meta = pageViewMeta(page, "https://flipside.example/");
    const canonical = "https://flipside.example/?url=example.com%2Fa%3Fb%3D1";
    expect(meta).toContainEqual({ title: "An example · Flipside" });
    expect(meta).toContainEqual({
      name: "description",
      content: "A page about examples. — 1 comment, 2 reviews and 0 related pages on Flipside.",
    });
    expect(meta).toContainEqual({ property: "og:title", content: "An example" });
    expect(meta).toContainEqual({ property: "og:url", content: canonical });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: canonical });
  });

  it("names an untitled page by its address and describes it from its counts", () => {
    const untitled = { ...page, title: null, description: null };
    expect(pageName(untitled)).toBe("example.com/a?b=1");
    const meta = pageViewMeta(untitled, "https://flipside.example");
    expect(meta).toContainEqual({ title: "example.com/a?b=1 · Flipside" });
    expect(meta).toContainEqual({
      name: "description",
      content:
        "What people say about https://example.com/a?b=1: 1 comment, 2 reviews and 0 related pages on Flipside.",
    });
  });

  it("keeps the description short", () => {
    const long = { ...page, description: "word ".repeat(200) };
    const description = pageViewMeta(long, "https://f.example").find(
      (m) => "name" in m && m.name === "description",
    );
    expect((description as { content: string }).content.length).toBeLessThanOrEqual(200);
  });
});
