import type { Config } from "../../config.ts";
import type { Limiter } from "../../lib/rate-limit.ts";
import type { Viewer } from "../../plugins/auth.ts";

const MINUTE = 60;
const DAY = 24 * 60 * 60;

/**
 * Posting (comments, replies, reviews, related pages, notes) per account: accounts younger
 * than a day get a tighter minute window plus a daily cap, so a fresh spam account cannot
 * flood pages; everyone else gets a minute window. Numbers from configuration
 * (docs/rate-limits.md).
 */
export async function consumeContribution(limiter: Limiter, config: Config, viewer: Viewer): Promise<void> {
  const young = Date.now() - viewer.createdAt.getTime() < DAY * 1000;
  if (young) {
    await limiter.consume("contrib-new-minute", viewer.id, {
      points: config.RATE_LIMIT_CONTRIB_NEW_PER_MINUTE,
      durationSec: MINUTE,
    });
    await limiter.consume("contrib-new-day", viewer.id, {
      points: config.RATE_LIMIT_CONTRIB_NEW_PER_DAY,
      durationSec: DAY,
    });
    return;
  }
  await limiter.consume("contrib-minute", viewer.id, {
    points: config.RATE_LIMIT_CONTRIB_PER_MINUTE,
    durationSec: MINUTE,
  });
}

/** Votes per account per minute. */
export async function consumeVote(limiter: Limiter, config: Config, viewer: Viewer): Promise<void> {
  await limiter.consume("vote-minute", viewer.id, {
    points: config.RATE_LIMIT_VOTE_PER_MINUTE,
    durationSec: MINUTE,
  });
}
