import type { Comment, Review } from "@flipside/contracts/discussion";
import { HIDDEN_PLACEHOLDER } from "@flipside/contracts/discussion-constants";
import type { ReactNode } from "react";
import { UserContent } from "../../components/shell/user-content.tsx";
import { DeferredPart } from "../../components/ui/deferred.tsx";
import { GraduationCap, Star } from "../../components/ui/icons.tsx";
import { cn } from "../../lib/cn.ts";
import { AuthorByline } from "./author-byline.tsx";
import { OfficialBadge, useReplyComposer } from "./comment-item.tsx";
import { useContributionGate } from "./contribution-gate.ts";
import { usePageClosed } from "./discussion-state.tsx";
import { FormLoading, ListEmpty, PageClosed, PagedListBody, SharedFirst } from "./list-parts.tsx";
import type { PagedList } from "./paged-list.ts";
import { ReplyThread } from "./reply-thread.tsx";
import { ReportButton, ShareButton } from "./report-button.tsx";
import { SentimentBadge } from "./review-sentiment.tsx";
import { VoteArrows } from "./vote-arrows.tsx";

function ReviewItem({
  review,
  addReply,
  replies,
}: {
  review: Review;
  addReply(reply: Comment): void;
  replies: ReactNode;
}) {
  const reply = useReplyComposer(review.id, review.sitePage_id, addReply);
  const gate = useContributionGate();
  const mine = Boolean(gate.user && review.author && gate.user.id === review.author.id);
  return (
    <article
      data-testid="review"
      data-review-id={review.id}
      data-sentiment={review.sentiment}
      aria-label={`${review.sentimentLabel} review: ${review.title}`}
      className={cn(
        "flex flex-col gap-2",
        review.claimUuid && "rounded-lg border border-success/30 bg-success/5 p-3",
      )}
    >
      <AuthorByline author={review.author} createdDate={review.createdDate} deleted={review.deleted}>
        <SentimentBadge sentiment={review.sentiment} />
        {review.claimUuid ? <OfficialBadge /> : null}
        {review.edited ? <span className="text-muted-foreground text-xs">(edited)</span> : null}
      </AuthorByline>
      {review.deleted ? (
        <p className="text-muted-foreground text-sm italic" data-testid="deleted-placeholder">
          {review.hidden
            ? `This review was ${HIDDEN_PLACEHOLDER}.`
            : "This review was deleted by its author."}
        </p>
      ) : (
        <>
          <h3 className="font-semibold leading-snug" data-testid="review-title-text">
            {review.title}
          </h3>
          {review.sentiment === "EXPERT" && review.expertise ? (
            <p className="text-note text-xs">
              <GraduationCap className="mr-1 inline size-3.5 align-[-2px]" aria-hidden="true" />
              Expertise: {review.expertise}
            </p>
          ) : null}
          <UserContent html={review.bodyHtml} />
          <div className="-ml-2 flex flex-wrap items-center gap-1">
            <VoteArrows
              targetId={review.id}
              label="this review"
              authorId={review.author?.id}
              initial={{ up: review.up, down: review.down, score: review.score, myVote: review.myVote }}
            />
            {reply.trigger}
            <ShareButton id={review.id} what="review" title={`A review on Flipside: ${review.title}`} />
            {mine ? null : <ReportButton id={review.id} what="review" />}
          </div>
        </>
      )}
      {reply.composer}
      {replies}
    </article>
  );
}

export interface ReviewsPanelProps {
  sitePageId: string;
  /** The review a share link points at (docs/sharing.md). */
  shared?: Review | undefined;
  list: PagedList<Review>;
  /** The tab is shown (or was): the form's code comes then. */
  active: boolean;
  /** A review of the viewer's was published, changed or deleted: the page's summary counts it. */
  onReviewSaved(): void;
  /** What others added meanwhile, to show (live-page.tsx). */
  fresh?: ReactNode;
}

/** The reviews tab: the viewer's review form, then every review, 10 a page. */
/** The review form (react-hook-form and its fields) comes the first time the tab is shown. */
const loadReviewForm = () => import("./review-form.tsx");

function ReviewWithReplies({ review }: { review: Review }) {
  return (
    <ReplyThread
      rootId={review.id}
      replySize={review.replySize}
      renderRoot={({ addReply, replies }) => (
        <ReviewItem review={review} addReply={addReply} replies={replies} />
      )}
    />
  );
}

export function ReviewsPanel({ sitePageId, shared, list, active, onReviewSaved, fresh }: ReviewsPanelProps) {
  const { state } = list;
  const closed = usePageClosed();
  return (
    <section aria-label="Reviews" className="flex flex-col gap-5">
      {shared ? (
        <SharedFirst kind="review">
          <ReviewWithReplies review={shared} />
        </SharedFirst>
      ) : null}
      {closed ? (
        <PageClosed />
      ) : (
        <DeferredPart show={active} load={loadReviewForm} fallback={<FormLoading className="h-96" />}>
          {(m) => (
            <m.MyReviewForm
              sitePageId={sitePageId}
              onSaved={(review) => {
                // An edited review stays where it is; a new one (or one not loaded yet) comes first.
                if (state.items.some((r) => r.id === review.id))
                  list.edit({ type: "update", id: review.id, change: () => review });
                else list.edit({ type: "prepend", item: review });
                onReviewSaved();
              }}
              onDeleted={(id) => {
                list.edit({ type: "remove", id });
                onReviewSaved();
              }}
            />
          )}
        </DeferredPart>
      )}
      {fresh}
      <h2 className="border-b pb-2 font-semibold text-sm" data-testid="reviews-heading">
        {`${state.total.toLocaleString("en")} ${state.total === 1 ? "review" : "reviews"}`}
      </h2>
      <PagedListBody
        list={list}
        loadingLabel="Loading reviews…"
        empty={
          <ListEmpty
            icon={Star}
            title="No reviews yet"
            description="Be the first to say whether this page holds up: positive, negative or as an expert."
            testId="reviews-empty"
          />
        }
        noun="reviews"
        testId="review-list"
        loadMoreTestId="reviews-load-more"
        className="flex flex-col gap-6"
        renderItem={(review) => <ReviewWithReplies review={review} />}
      />
    </section>
  );
}
