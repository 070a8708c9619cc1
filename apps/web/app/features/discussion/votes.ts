import type { VoteValue } from "@flipside/contracts/discussion";

/** What a vote control shows: the counts and the viewer's own vote. */
export interface VoteState {
  up: number;
  down: number;
  score: number;
  myVote: VoteValue;
}

/**
 * docs/web-app.md: up sends 1, down sends -1, and pressing the arrow that is already on turns the
 * vote off (0).
 */
export function nextVote(current: VoteValue, pressed: "up" | "down"): VoteValue {
  const wanted: VoteValue = pressed === "up" ? 1 : -1;
  return current === wanted ? 0 : wanted;
}

/** The counts as they will be once the server has taken `vote` (for the optimistic update). */
export function applyVote(state: VoteState, vote: VoteValue): VoteState {
  const up = state.up - (state.myVote === 1 ? 1 : 0) + (vote === 1 ? 1 : 0);
  const down = state.down - (state.myVote === -1 ? 1 : 0) + (vote === -1 ? 1 : 0);
  return { up, down, score: up - down, myVote: vote };
}
