import { describe, expect, it } from "vitest";
import { applyVote, nextVote, type VoteState } from "./votes.ts";

describe("nextVote (docs/web-app.md#page-view)", () => {
  it("sends 1 for up and -1 for down", () => {
    expect(nextVote(0, "up")).toBe(1);
    expect(nextVote(0, "down")).toBe(-1);
  });
  it("switches sides in one step", () => {
    expect(nextVote(1, "down")).toBe(-1);
    expect(nextVote(-1, "up")).toBe(1);
  });
  it("turns the vote off (0) when the same arrow is pressed again", () => {
    expect(nextVote(1, "up")).toBe(0);
    expect(nextVote(-1, "down")).toBe(0);
  });
});

describe("applyVote", () => {
  const base: VoteState = { up: 3, down: 1, score: 2, myVote: 0 };

  it("adds a new vote", () => {
    expect(applyVote(base, 1)).toEqual({ up: 4, down: 1, score: 3, myVote: 1 });
    expect(applyVote(base, -1)).toEqual({ up: 3, down: 2, score: 1, myVote: -1 });
  });
  it("moves a vote from one side to the other", () => {
    expect(applyVote({ ...base, up: 4, score: 3, myVote: 1 }, -1)).toEqual({
      up: 3,
      down: 2,
      score: 1,
      myVote: -1,
    });
  });
  it("removes a vote", () => {
    expect(applyVote({ up: 4, down: 1, score: 3, myVote: 1 }, 0)).toEqual(base);
    expect(applyVote({ up: 3, down: 2, score: 1, myVote: -1 }, 0)).toEqual(base);
  });
  it("changes nothing when the vote stays the same", () => {
    expect(applyVote({ ...base, up: 4, score: 3, myVote: 1 }, 1)).toEqual({
      up: 4,
      down: 1,
      score: 3,
      myVote: 1,
    });
  });
});
