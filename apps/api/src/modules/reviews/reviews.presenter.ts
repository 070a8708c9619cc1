import type { Review } from "@flipside/contracts/discussion";
import { REVIEW_SENTIMENT_LABELS } from "@flipside/contracts/enums";
import type { Storage } from "../../lib/storage.ts";
import { presentContributionBase } from "../discussion/index.ts";
import type { ReviewListRow } from "./reviews.repository.ts";

export function presentReview(row: ReviewListRow, storage: Storage): Review {
  const { c, r } = row;
  return {
    ...presentContributionBase(c, row.author, row.myVote, storage),
    contributionType: "REVIEW",
    parent_id: c.parentId,
    replySize: c.replySize,
    sentiment: r.sentiment,
    sentimentLabel: REVIEW_SENTIMENT_LABELS[r.sentiment],
    title: c.deleted ? "" : r.title,
    expertise: c.deleted ? null : r.expertise,
  };
}
