import type { ReviewSummary, SitePageView } from "@flipside/contracts/discussion";
import { REVIEW_SENTIMENT_LABELS } from "@flipside/contracts/discussion-constants";
import type { ReviewSentiment } from "@flipside/contracts/enums";
import { Button } from "../../components/ui/button.tsx";
import { ChevronDown, ChevronUp } from "../../components/ui/icons.tsx";
import { cn } from "../../lib/cn.ts";
import type { PageTab } from "./discussion-state.tsx";
import { SENTIMENT_STYLE } from "./review-sentiment.tsx";
import { VoteArrows } from "./vote-arrows.tsx";
import type { VoteState } from "./votes.ts";

const ORDER: readonly ReviewSentiment[] = ["POSITIVE", "NEGATIVE", "EXPERT"];

/** The review sentiment bar: one segment per sentiment, sized by its share, with the counts. */
export function SentimentBar({ summary }: { summary: ReviewSummary }) {
  const total = summary.total;
  return (
    <div className="flex flex-col gap-2" data-testid="sentiment-bar">
      <div
        className="flex h-2.5 w-full overflow-hidden rounded-full bg-muted"
        role="img"
        aria-label={
          total === 0
            ? "No reviews yet"
            : ORDER.map((s) => `${REVIEW_SENTIMENT_LABELS[s]} ${summary.counts[s]}`).join(", ")
        }
      >
        {total > 0
          ? ORDER.map((s) =>
              summary.counts[s] > 0 ? (
                <div
                  key={s}
                  className={cn("h-full", SENTIMENT_STYLE[s].bar)}
                  style={{ width: `${(summary.counts[s] / total) * 100}%` }}
                />
              ) : null,
            )
          : null}
      </div>
      <dl className="grid grid-cols-3 gap-1 text-xs">
        {ORDER.map((s) => {
          const { icon: Icon } = SENTIMENT_STYLE[s];
          return (
            <div key={s} className="flex flex-col items-start" data-testid={`sentiment-${s.toLowerCase()}`}>
              <dt className="flex items-center gap-1 text-muted-foreground">
                <Icon className="size-3.5" aria-hidden="true" />
                {REVIEW_SENTIMENT_LABELS[s]}
              </dt>
              <dd className="font-semibold text-base tabular-nums">{summary.counts[s]}</dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}

export interface TabCount {
  tab: PageTab;
  label: string;
  count: number;
}

/**
 * The feed-and-summary panel (docs/discussion.md): the page's own vote, the review sentiment bar
 * and the counts per tab, which jump to their tab. It folds away on small screens.
 */
export function SummaryPanel({
  page,
  summary,
  counts,
  open,
  onOpenChange,
  onSelectTab,
  onPageVoted,
}: {
  /** The page's tally after the viewer voted, so the line above the arrows says the same (issue 19). */
  onPageVoted(tally: VoteState): void;
  page: SitePageView;
  summary: ReviewSummary;
  counts: TabCount[];
  open: boolean;
  onOpenChange(open: boolean): void;
  onSelectTab(tab: PageTab): void;
}) {
  return (
    <aside
      aria-label="Feed and summary"
      data-testid="summary-panel"
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-xs"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold text-sm">
          Summary
          {open ? null : (
            <span className="ml-2 font-normal text-muted-foreground lg:hidden">
              {`${summary.total} ${summary.total === 1 ? "review" : "reviews"}`}
            </span>
          )}
        </h2>
        <Button
          variant="ghost"
          size="icon-sm"
          className="lg:hidden"
          aria-expanded={open}
          aria-controls="summary-panel-body"
          aria-label={open ? "Hide the summary" : "Show the summary"}
          onClick={() => onOpenChange(!open)}
        >
          {open ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
        </Button>
      </div>
      <div id="summary-panel-body" className={cn("flex-col gap-5", open ? "flex" : "hidden lg:flex")}>
        <div className="flex items-center justify-between gap-3">
          <div className="flex flex-col">
            <span className="font-medium text-sm">Rate this page</span>
            <span className="text-muted-foreground text-xs" data-testid="page-tally">
              {`${page.up.toLocaleString("en")} up · ${page.down.toLocaleString("en")} down`}
            </span>
          </div>
          <VoteArrows
            targetId={page.id}
            kind="SITE_PAGE"
            label="this page"
            size="md"
            initial={{ up: page.up, down: page.down, score: page.score, myVote: page.myVote }}
            onChange={onPageVoted}
            framed
          />
        </div>
        <div className="flex flex-col gap-2">
          <h3 className="font-medium text-sm">
            {summary.total === 0
              ? "No reviews yet"
              : `${summary.total.toLocaleString("en")} ${summary.total === 1 ? "review" : "reviews"}`}
          </h3>
          <SentimentBar summary={summary} />
        </div>
        <ul className="grid grid-cols-2 gap-2" aria-label="Counts per tab">
          {counts.map(({ tab, label, count }) => (
            <li key={tab}>
              <button
                type="button"
                onClick={() => onSelectTab(tab)}
                className="flex w-full cursor-pointer flex-col items-start rounded-lg border px-3 py-2 text-left outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40"
                data-testid={`count-${tab}`}
              >
                <span className="font-semibold tabular-nums">{count.toLocaleString("en")}</span>
                <span className="text-muted-foreground text-xs">{label}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
