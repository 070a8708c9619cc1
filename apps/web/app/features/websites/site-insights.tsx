import { REVIEW_SENTIMENT_LABELS } from "@flipside/contracts/discussion-constants";
import { pageViewPath } from "@flipside/contracts/page-paths";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { BadgeCheck, ChartColumn, MessageSquare } from "../../components/ui/icons.tsx";
import { formatFull } from "../../lib/relative-time.ts";
import { count } from "./claim-status.tsx";
import type { SiteClaimDetail } from "./websites-client.ts";

const SENTIMENTS = ["POSITIVE", "EXPERT", "NEGATIVE"] as const;
const BAR = { POSITIVE: "bg-success", EXPERT: "bg-note", NEGATIVE: "bg-destructive" } as const;
const BADGE = { POSITIVE: "success", NEGATIVE: "destructive", EXPERT: "note" } as const;
const VERB = { COMMENT: "Comment on", REPLY: "Reply on", REVIEW: "Review of" } as const;

const pageName = (p: { title: string | null; displayUrl: string }) => p.title?.trim() || p.displayUrl;
const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-GB", {
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });

/** The pages of the site people discuss most. */
export function TopPages({ site }: { site: SiteClaimDetail }) {
  return (
    <section aria-labelledby="top-pages" className="flex flex-col gap-3">
      <h2 id="top-pages" className="font-semibold text-lg">
        Most discussed pages
      </h2>
      {site.topPages.length === 0 ? (
        <EmptyState
          compact
          headingLevel={3}
          icon={MessageSquare}
          title="Nobody has discussed its pages yet"
          description="When someone flips a page of this site, it shows here with its comments and reviews."
        />
      ) : (
        <ol className="divide-y rounded-xl border" data-testid="top-pages">
          {site.topPages.map((page) => (
            <li key={page.id} className="flex flex-wrap items-baseline justify-between gap-2 p-3 text-sm">
              <AppLink
                to={pageViewPath(page.normalizedUrl)}
                className="min-w-0 break-words font-medium hover:underline"
              >
                {pageName(page)}
              </AppLink>
              <span className="whitespace-nowrap text-muted-foreground text-xs">
                {`${count(page.commentCount, "comment", "comments")} · ${count(page.reviewCount, "review", "reviews")}`}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The latest comments, replies and reviews on any page of the site. */
export function RecentActivity({ site }: { site: SiteClaimDetail }) {
  return (
    <section aria-labelledby="recent" className="flex flex-col gap-3">
      <h2 id="recent" className="font-semibold text-lg">
        Recent comments and reviews
      </h2>
      {site.recent.length === 0 ? (
        <p className="text-muted-foreground text-sm">Nothing has been written on its pages yet.</p>
      ) : (
        <ul className="divide-y rounded-xl border" data-testid="recent-activity">
          {site.recent.map((item) => (
            <li key={item.id} className="flex flex-col gap-1.5 p-3 text-sm">
              <p className="text-muted-foreground">
                {`${VERB[item.contributionType]} `}
                <AppLink
                  to={pageViewPath(item.sitePage.normalizedUrl)}
                  className="break-words font-medium text-foreground hover:underline"
                >
                  {pageName(item.sitePage)}
                </AppLink>
                {" · "}
                {item.author ? item.author.displayName : "deleted user"}
                {" · "}
                {formatFull(item.createdDate)}
              </p>
              <p className="flex flex-wrap items-center gap-2">
                {item.official ? (
                  <Badge variant="success">
                    <BadgeCheck aria-hidden="true" />
                    Official response
                  </Badge>
                ) : null}
                {item.sentiment ? (
                  <Badge variant={BADGE[item.sentiment]}>{REVIEW_SENTIMENT_LABELS[item.sentiment]}</Badge>
                ) : null}
                <span className="break-words">{item.excerpt}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Reviews per month by sentiment: a stacked bar a month, with the numbers in words for everyone. */
export function SentimentOverTime({ site }: { site: SiteClaimDetail }) {
  const most = Math.max(1, ...site.sentiment.map((m) => m.POSITIVE + m.NEGATIVE + m.EXPERT));
  return (
    <section aria-labelledby="sentiment" className="flex flex-col gap-3">
      <h2 id="sentiment" className="font-semibold text-lg">
        Reviews over time
      </h2>
      {site.sentiment.length === 0 ? (
        <p className="flex items-center gap-2 text-muted-foreground text-sm">
          <ChartColumn className="size-4" aria-hidden="true" />
          No reviews yet.
        </p>
      ) : (
        <>
          <ul className="flex flex-wrap gap-3 text-xs" aria-hidden="true">
            {SENTIMENTS.map((s) => (
              <li key={s} className="flex items-center gap-1.5">
                <span className={`size-2.5 rounded-sm ${BAR[s]}`} />
                {REVIEW_SENTIMENT_LABELS[s]}
              </li>
            ))}
          </ul>
          <ol
            className="flex h-40 items-end gap-2 overflow-x-auto rounded-xl border p-3"
            data-testid="sentiment-chart"
          >
            {site.sentiment.map((m) => {
              const total = m.POSITIVE + m.NEGATIVE + m.EXPERT;
              const words = SENTIMENTS.map((s) => `${m[s]} ${REVIEW_SENTIMENT_LABELS[s].toLowerCase()}`).join(
                ", ",
              );
              return (
                <li
                  key={m.month}
                  className="flex h-full min-w-10 flex-1 flex-col items-center justify-end gap-1"
                >
                  <span className="sr-only">{`${monthName(m.month)}: ${words}`}</span>
                  <div
                    className="flex w-full max-w-12 flex-col-reverse overflow-hidden rounded-t"
                    style={{ height: `${(total / most) * 100}%` }}
                    title={`${monthName(m.month)}: ${words}`}
                    aria-hidden="true"
                  >
                    {SENTIMENTS.map((s) =>
                      m[s] > 0 ? <div key={s} className={BAR[s]} style={{ flexGrow: m[s] }} /> : null,
                    )}
                  </div>
                  <span className="whitespace-nowrap text-muted-foreground text-xs" aria-hidden="true">
                    {monthName(m.month)}
                  </span>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
