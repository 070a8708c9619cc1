import { describe, expect, it } from "vitest";
import { hasAppFlag, isAppMode, withAppFlag, withAppFlagSearch } from "./app-mode.ts";

describe("app mode", () => {
  it("is on only for app=1", () => {
    expect(hasAppFlag("?app=1")).toBe(true);
    expect(hasAppFlag("?x=2&app=1")).toBe(true);
    expect(hasAppFlag("?app=0")).toBe(false);
    expect(hasAppFlag("?app=true")).toBe(false);
    expect(hasAppFlag("")).toBe(false);
  });

  it("counts the current or the previous route (docs/web-app.md)", () => {
    expect(isAppMode("?app=1", null)).toBe(true);
    expect(isAppMode("", "?app=1")).toBe(true);
    expect(isAppMode("", "")).toBe(false);
    expect(isAppMode("", null)).toBe(false);
  });

  it("adds app=1 to internal destinations, keeping the query and hash", () => {
    expect(withAppFlagSearch("")).toBe("?app=1");
    expect(withAppFlagSearch("?app=0&x=1")).toBe("?app=1&x=1");
    expect(withAppFlag("/trending")).toBe("/trending?app=1");
    expect(withAppFlag("/?url=a.com#comments")).toBe("/?url=a.com&app=1#comments");
    expect(withAppFlag("/x?app=1")).toBe("/x?app=1");
    expect(withAppFlag({ pathname: "/p", search: "?q=1" })).toEqual({ pathname: "/p", search: "?q=1&app=1" });
  });

  it("leaves external and non-http destinations alone", () => {
    for (const to of ["https://example.com/a", "//cdn.example.com/x", "mailto:a@b.c", "tel:123"]) {
      expect(withAppFlag(to)).toBe(to);
    }
  });
});
