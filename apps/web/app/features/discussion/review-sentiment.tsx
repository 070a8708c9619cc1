import { REVIEW_SENTIMENT_LABELS } from "@flipside/contracts/discussion-constants";
import type { ReviewSentiment } from "@flipside/contracts/enums";
import { Badge } from "../../components/ui/badge.tsx";
import { GraduationCap, ThumbsDown, ThumbsUp } from "../../components/ui/icons.tsx";

export const SENTIMENTS: readonly ReviewSentiment[] = ["POSITIVE", "NEGATIVE", "EXPERT"];

export const SENTIMENT_STYLE: Record<
  ReviewSentiment,
  { icon: typeof ThumbsUp; badge: "success" | "destructive" | "note"; bar: string }
> = {
  POSITIVE: { icon: ThumbsUp, badge: "success", bar: "bg-success" },
  NEGATIVE: { icon: ThumbsDown, badge: "destructive", bar: "bg-destructive" },
  EXPERT: { icon: GraduationCap, badge: "note", bar: "bg-note" },
};

export function SentimentBadge({ sentiment }: { sentiment: ReviewSentiment }) {
  const { icon: Icon, badge } = SENTIMENT_STYLE[sentiment];
  return (
    <Badge variant={badge} data-testid="review-sentiment">
      <Icon aria-hidden="true" />
      {REVIEW_SENTIMENT_LABELS[sentiment]}
    </Badge>
  );
}
