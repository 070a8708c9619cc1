import { describe, expect, it } from "vitest";
import { sharedAddress, sharedPagePath, sharedRef } from "./share-links.ts";

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
  it("names the contribution only when there is one, by its kind", () => {
    const url = "https://a.example/x";
    expect(sharedPagePath(url, { contributionId: null, contributionType: null })).toBe(
      "/?url=https%3A%2F%2Fa.example%2Fx",
    );
    expect(sharedPagePath(url, { contributionId: "abc", contributionType: "COMMENT" })).toBe(
      "/?url=https%3A%2F%2Fa.example%2Fx&comment=abc",
    );
    expect(sharedPagePath(url, { contributionId: "abc", contributionType: "REPLY" })).toContain(
      "&comment=abc",
    );
    expect(sharedPagePath(url, { contributionId: "abc", contributionType: "REVIEW" })).toContain(
      "&review=abc",
    );
    expect(sharedPagePath(url, { contributionId: "abc", contributionType: "RELATED_PAGE" })).toContain(
      "&related=abc",
    );
  });

  it("leads a public note to its author's page, the note named", () => {
    const note = {
      id: "0190f4c2-0000-7000-8000-000000000001",
      authorId: "0190f4c2-0000-7000-8000-000000000002",
    };
    expect(
      sharedPagePath("https://a.example/x", { contributionId: null, contributionType: null, note }),
    ).toBe(`/users/${note.authorId}?note=${note.id}`);
  });
});

describe("sharedRef", () => {
  it("reads the one the address names, and nothing from an address without one", () => {
    expect(sharedRef(new URLSearchParams("url=x&review=r1"))).toEqual({ kind: "review", id: "r1" });
    expect(sharedRef(new URLSearchParams("url=x&related=l1"))).toEqual({ kind: "related", id: "l1" });
    expect(sharedRef(new URLSearchParams("url=x&comment=c1"))).toEqual({ kind: "comment", id: "c1" });
    expect(sharedRef(new URLSearchParams("url=x&comment="))).toBeNull();
    expect(sharedRef(new URLSearchParams("url=x"))).toBeNull();
  });
});
