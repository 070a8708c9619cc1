import { describe, expect, it } from "vitest";
import { frameAncestorSources, isExtensionOriginEntry, originMatcher } from "./extension-origins.ts";

describe("EXTENSION_ORIGINS entries", () => {
  it.each([
    "chrome-extension://abcdefghijklmnopabcdefghijklmnop",
    "moz-extension://*",
    "chrome-extension://*",
  ])("takes %j", (entry) => expect(isExtensionOriginEntry(entry)).toBe(true));

  it.each([
    "https://evil.example",
    "*",
    "moz-extension://",
    "chrome-extension://a/b",
    "javascript://*",
    "https://*",
  ])("refuses %j", (entry) => expect(isExtensionOriginEntry(entry)).toBe(false));

  it("matches an origin exactly, or every origin of a scheme given with *", () => {
    const allowed = originMatcher([
      "https://flipside.example",
      "chrome-extension://abc",
      "moz-extension://*",
    ]);
    expect(allowed("https://flipside.example")).toBe(true);
    expect(allowed("chrome-extension://abc")).toBe(true);
    expect(allowed("chrome-extension://abd")).toBe(false);
    expect(allowed("moz-extension://0b6e5d1c-3f5e-4e7c-9b5e-1c2d3e4f5a6b")).toBe(true);
    expect(allowed("https://flipside.example.evil")).toBe(false);
    expect(allowed("null")).toBe(false);
  });

  it("frames with an origin or a scheme source", () => {
    expect(frameAncestorSources(["chrome-extension://abc", "moz-extension://*"])).toEqual([
      "chrome-extension://abc",
      "moz-extension:",
    ]);
  });
});
