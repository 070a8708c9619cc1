import { describe, expect, it } from "vitest";
import { rankingHref } from "./ranked-pages.tsx";

describe("ranking addresses (docs/discovery.md)", () => {
  const popular = { sort: "popular" as const, window: "month" as const, site: "a.com", topic: null };
  it("keep the window, site and topic a visitor chose, and page 1 without a page", () => {
    expect(rankingHref(popular)).toBe("/popular?window=month&site=a.com");
    expect(rankingHref(popular, { window: "day", page: 3 })).toBe("/popular?window=day&site=a.com&page=3");
    expect(rankingHref(popular, { site: null, topic: "news", page: 1 })).toBe(
      "/popular?window=month&topic=news",
    );
  });
  it("give trending no window", () => {
    expect(rankingHref({ ...popular, sort: "trending" }, { site: null })).toBe("/trending");
  });
});
