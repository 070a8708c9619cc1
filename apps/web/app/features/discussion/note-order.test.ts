import { describe, expect, it } from "vitest";
import { sortNotes, upsertNote } from "./note-order.ts";

const note = (id: string, pinned: boolean, updatedDate: string, sitePage_id = "p1") => ({
  id,
  pinned,
  updatedDate,
  sitePage_id,
});

describe("sortNotes (pinned first, docs/discussion.md#notes)", () => {
  it("puts pinned notes first, then the most recently changed", () => {
    const sorted = sortNotes([
      note("a", false, "2025-01-03T00:00:00Z"),
      note("b", true, "2025-01-01T00:00:00Z"),
      note("c", false, "2025-01-05T00:00:00Z"),
      note("d", true, "2025-01-02T00:00:00Z"),
    ]);
    expect(sorted.map((n) => n.id)).toEqual(["d", "b", "c", "a"]);
  });
});

describe("upsertNote", () => {
  const notes = [note("a", false, "2025-01-03T00:00:00Z"), note("b", false, "2025-01-01T00:00:00Z")];

  it("adds a new note and moves a pinned one to the top", () => {
    expect(upsertNote(notes, note("n", false, "2025-01-04T00:00:00Z"), "p1").map((n) => n.id)).toEqual([
      "n",
      "a",
      "b",
    ]);
    expect(upsertNote(notes, note("b", true, "2025-01-01T00:00:00Z"), "p1").map((n) => n.id)).toEqual([
      "b",
      "a",
    ]);
  });

  it("drops a note that now belongs to another page", () => {
    expect(upsertNote(notes, note("a", false, "2025-01-03T00:00:00Z", "p2"), "p1").map((n) => n.id)).toEqual([
      "b",
    ]);
  });
});
