import { describe, expect, it } from "vitest";
import { MAX_MENTIONS, mentionAt, mentionedIds, mentionMarkdown } from "./mentions.ts";

const at = (text: string) => mentionAt(text, text.length);

describe("mentionAt", () => {
  it("finds the name typed after an @ at the start or after a space", () => {
    expect(at("@")).toEqual({ start: 0, query: "" });
    expect(at("Thanks @Be")).toEqual({ start: 7, query: "Be" });
    expect(at("Thanks\n@Ben An")).toEqual({ start: 7, query: "Ben An" });
    expect(at("@Ben ")).toEqual({ start: 0, query: "Ben " });
  });

  it("is not fooled by addresses, finished mentions or long sentences", () => {
    expect(at("mail ann@example.com")).toBeNull();
    expect(at(`${mentionMarkdown("Ben", "0190a7e0-0000-7000-8000-000000000001")} `)).toBeNull();
    expect(at("@Ben thanks for this")).toBeNull();
    expect(at("@ Ben")).toBeNull();
    expect(at(`@${"a".repeat(51)}`)).toBeNull();
  });

  it("reads only what is before the caret", () => {
    expect(mentionAt("Hi @Be and more", 6)).toEqual({ start: 3, query: "Be" });
    expect(mentionAt("Hi @Be and more", 2)).toBeNull();
  });
});

describe("mentionedIds", () => {
  it("reads each mentioned id once, in order, up to the limit", () => {
    const ids = Array.from(
      { length: 12 },
      (_, i) => `0190a7e0-0000-7000-8000-${String(i).padStart(12, "0")}`,
    );
    const body = [...ids, ids[0]].map((id, i) => mentionMarkdown(`P[${i}]`, id ?? "")).join(" ");
    expect(mentionedIds(body)).toEqual(ids.slice(0, MAX_MENTIONS));
  });
});
