import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PageCounts, PageHashPrefix } from "./page-counts.ts";
import {
  commentCountIn,
  isPageCounts,
  PAGE_HASH_PREFIX_LENGTH,
  pageCountsPath,
  pageHash,
  pageHashOf,
} from "./page-hash.ts";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("pageHash", () => {
  it("is the SHA-256 of the normalized address in lower-case hex", async () => {
    expect(await pageHash("example.com/")).toBe(sha256("example.com/"));
    expect(await pageHash("example.com/a?b=%C3%A9")).toBe(sha256("example.com/a?b=%C3%A9"));
  });
});

describe("pageHashOf", () => {
  it("gives every spelling of one page the same hash, and the prefix a client sends", async () => {
    const spellings = [
      "https://www.Example.com/a/?utm_source=news&b=1",
      "http://example.com/a?b=1",
      "example.com/a?b=1#section",
    ];
    const answers = await Promise.all(spellings.map(pageHashOf));
    for (const answer of answers) {
      expect(answer).toEqual({
        hash: sha256("example.com/a?b=1"),
        prefix: sha256("example.com/a?b=1").slice(0, PAGE_HASH_PREFIX_LENGTH),
      });
    }
  });

  it("keeps pages apart that differ in what the page shows", async () => {
    const a = await pageHashOf("https://example.com/a?b=1");
    const b = await pageHashOf("https://example.com/a?b=2");
    expect(a?.hash).not.toBe(b?.hash);
  });

  it.each([
    "chrome://extensions",
    "about:blank",
    "file:///home/me/a.html",
    "http://127.0.0.1:8080/",
    "http://localhost/",
  ])("has nothing to ask about %j", async (address) => {
    expect(await pageHashOf(address)).toBeNull();
  });
});

describe("commentCountIn", () => {
  const hash = sha256("example.com/a");
  const neighbour = `${hash.slice(0, PAGE_HASH_PREFIX_LENGTH)}${"0".repeat(64 - PAGE_HASH_PREFIX_LENGTH)}`;
  const prefix = hash.slice(0, PAGE_HASH_PREFIX_LENGTH);

  it("matches on the whole hash, not the prefix", () => {
    const counts = {
      prefix,
      pages: [
        { hash: neighbour, comments: 9 },
        { hash, comments: 3 },
      ],
    };
    expect(commentCountIn(counts, hash)).toBe(3);
    expect(commentCountIn({ prefix, pages: [{ hash: neighbour, comments: 9 }] }, hash)).toBe(0);
  });

  it("counts nothing from an answer about another prefix", () => {
    const other = prefix === "0000" ? "0001" : "0000";
    expect(commentCountIn({ prefix: other, pages: [{ hash, comments: 3 }] }, hash)).toBe(0);
  });
});

describe("PageHashPrefix", () => {
  it.each(["abcd", "0123abcd"])("takes %j", (prefix) => {
    expect(PageHashPrefix.safeParse(prefix).success).toBe(true);
  });

  it.each(["abc", "ABCD", "0123abcd0", "abcg", "example.com"])("refuses %j", (prefix) => {
    expect(PageHashPrefix.safeParse(prefix).success).toBe(false);
  });

  it("names the path of a prefix's answer", () => {
    expect(pageCountsPath("abcd")).toBe("/api/v1/page-counts/abcd");
  });
});

describe("isPageCounts", () => {
  const hash = sha256("example.com/");
  const answers: [unknown, boolean][] = [
    [{ prefix: hash.slice(0, 4), pages: [] }, true],
    [{ prefix: hash.slice(0, 4), pages: [{ hash, comments: 2 }] }, true],
    [{ prefix: hash.slice(0, 4), pages: [{ hash, comments: 0 }] }, false],
    [{ prefix: hash.slice(0, 4), pages: [{ hash, comments: 1.5 }] }, false],
    [{ prefix: hash.slice(0, 4), pages: [{ hash: hash.toUpperCase(), comments: 1 }] }, false],
    [{ prefix: hash.slice(0, 4), pages: [{ comments: 1 }] }, false],
    [{ prefix: "abc", pages: [] }, false],
    [{ prefix: hash.slice(0, 4) }, false],
    [{ prefix: hash.slice(0, 4), pages: {} }, false],
    [null, false],
    ["counts", false],
  ];

  it.each(answers)("checks %j as the API's schema does (%s)", (answer, valid) => {
    expect(isPageCounts(answer)).toBe(valid);
    expect(PageCounts.safeParse(answer).success).toBe(valid);
  });
});
