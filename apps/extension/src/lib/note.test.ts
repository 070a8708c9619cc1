import { BODY_MAX_LENGTH } from "@flipside/contracts/discussion-constants";
import { describe, expect, it } from "vitest";
import { noteFromQuote } from "./note.ts";

describe("noteFromQuote", () => {
  it("titles the note with the quote and keeps it, line by line, as a blockquote", () => {
    expect(noteFromQuote("  The sky is\r\nblue.\n\nMostly.  ")).toEqual({
      title: "“The sky is blue. Mostly.”",
      body: "> The sky is\n> blue.\n>\n> Mostly.",
    });
  });

  it("cuts a long quote's title to 80 characters and its body to what a note holds", () => {
    const { title, body } = noteFromQuote("word ".repeat(5000));
    expect(title.length).toBeLessThanOrEqual(80);
    expect(title.endsWith("…”")).toBe(true);
    expect(body.length).toBe(BODY_MAX_LENGTH);
  });
});
