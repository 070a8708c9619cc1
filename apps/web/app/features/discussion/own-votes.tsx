import type { VoteValue } from "@flipside/contracts/discussion";
import { createContext, useContext } from "react";

/**
 * The viewer's votes on what a shared page view lists (contribution id → vote), from the page's
 * `mine` call: the lists in its HTML were read for nobody, so their `myVote` is 0 (docs/caches.md).
 * Undefined outside such a page, or until the answer is in.
 */
const OwnVotes = createContext<Readonly<Record<string, VoteValue>> | undefined>(undefined);

export const OwnVotesProvider = OwnVotes.Provider;

/** The viewer's vote on a contribution when the page's answer knows it (0 when it knows of none). */
export function useOwnVote(contributionId: string): VoteValue | undefined {
  const votes = useContext(OwnVotes);
  return votes ? (votes[contributionId] ?? 0) : undefined;
}
