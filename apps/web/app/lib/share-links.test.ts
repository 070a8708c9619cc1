import { describe, expect, it } from "vitest";
import { sharedAddress, sharedPagePath } from "./share-links.ts";

describe("sharedAddress", () => {
  it("takes url first, then the first web address in text, then in title", () => {
    expect(sharedAddress("https://a.example/x", "see https://b.example", null)).toBe("https://a.example/x");
    expect(sharedAddress(null, "Look at this: https://b.example/story?id=1.", "Title")).toBe(
      "https://b.example/story?id=1",
    );
    expect(sharedAddress("", "", "Story (https://c.example/p)")).toBe("https://c.example/p");
  });

  it("passes on text without an address, for the page view to refuse; nothing is null", () => {
    expect(sharedAddress(null, "just words", null)).toBe("just words");
    expect(sharedAddress(" ", " ", "")).toBeNull();
    expect(sharedAddress(null, null, null)).toBeNull();
  });
});

describe("sharedPagePath", () => {
  it("names the comment only when there is one", () => {
    expect(sharedPagePath("https://a.example/x", null)).toBe("/?url=https%3A%2F%2Fa.example%2Fx");
    expect(sharedPagePath("https://a.example/x", "abc")).toBe(
      "/?url=https%3A%2F%2Fa.example%2Fx&comment=abc",
    );
  });
});
