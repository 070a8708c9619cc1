import { DISCUSSION_MESSAGES, type VoteRequest, type VoteResult } from "@flipside/contracts/discussion";
import type { z } from "zod";
import { forbidden, notFound } from "../../lib/errors.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { consumeVote, type DiscussionCore, policy, voteValue } from "../discussion/index.ts";
import * as repo from "./votes.repository.ts";

const NOTHING_TO_VOTE_ON = "There is nothing to vote on here.";

export function createVotesService(deps: DiscussionCore) {
  const { db, cache } = deps;
  return {
    /**
     * 1 up, -1 down, 0 removes. The target row is locked first, so the vote row and
     * the counters change together and concurrent votes never lose an update.
     */
    async vote(viewer: Viewer, input: z.output<typeof VoteRequest>): Promise<VoteResult> {
      await consumeVote(deps.limiter, deps.config, viewer);
      const kind = input.kind;
      let pageId = "";
      const counts = await db.transaction(async (tx) => {
        const target = await repo.lockTarget(tx, kind, input.contributionId);
        if (!target || target.deleted || (await policy.blockStandsBetween(tx, viewer, target.authorId)))
          throw notFound(NOTHING_TO_VOTE_ON);
        if (!policy.mayVote(target, viewer)) throw forbidden(DISCUSSION_MESSAGES.selfVote);
        pageId = target.sitePageId;
        const before = await repo.currentVote(tx, viewer.id, kind, input.contributionId);
        if (before === input.vote) return repo.readCounters(tx, kind, input.contributionId);
        await repo.setVote(tx, viewer.id, kind, input.contributionId, input.vote);
        const dUp = (input.vote === 1 ? 1 : 0) - (before === 1 ? 1 : 0);
        const dDown = (input.vote === -1 ? 1 : 0) - (before === -1 ? 1 : 0);
        return repo.bumpCounters(tx, kind, input.contributionId, dUp, dDown);
      });
      cache.invalidate(pageId);
      return { contributionId: input.contributionId, kind, ...counts, vote: voteValue(input.vote) };
    },
  };
}
