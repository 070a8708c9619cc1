import type { SitePageView } from "@flipside/contracts/discussion";
import { AppLink } from "../../components/shell/app-link.tsx";
import { badgeVariants } from "../../components/ui/badge.tsx";
import { Link2, MessageSquare, Star } from "../../components/ui/icons.tsx";
import { cn } from "../../lib/cn.ts";
import { PageFavicon } from "./page-favicon.tsx";
import { pageName } from "./page-meta.ts";
import { pageViewPath } from "./search-input.ts";

/**
 * A page in a list (home, search results, a topic, a ranking): favicon, name, domain, its site's
 * top topics, its counts and how its reviews lean. In a ranking, its place and what earned it.
 */
export function PageCard({ page, rank, activity }: { page: SitePageView; rank?: number; activity?: string }) {
  return (
    <AppLink
      to={pageViewPath(page.normalizedUrl)}
      className="group flex h-full min-w-0 flex-col gap-2 rounded-xl border bg-card p-4 outline-none transition-colors hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/40"
      data-testid="page-card"
    >
      <span className="flex min-w-0 items-center gap-2 text-muted-foreground text-xs">
        {rank !== undefined ? (
          <span className="font-semibold text-foreground tabular-nums" data-testid="page-card-rank">
            <span className="sr-only">Number </span>
            {rank}
          </span>
        ) : null}
        <PageFavicon src={page.faviconUrl} />
        <span className="truncate font-medium" data-testid="page-card-domain">
          {page.site.domain}
        </span>
      </span>
      <span className="line-clamp-2 font-medium leading-snug [overflow-wrap:anywhere] group-hover:underline">
        {pageName(page)}
      </span>
      <PageTopics page={page} />
      {activity ? (
        <span className="text-muted-foreground text-xs" data-testid="page-card-activity">
          {activity}
        </span>
      ) : null}
      <PageCounts page={page} className="mt-auto" />
    </AppLink>
  );
}

/**
 * The site's top topics as plain labels: a card or a result is one link already (the topic pages
 * are a click away on the page view).
 */
export function PageTopics({ page }: { page: SitePageView }) {
  if (!page.topics?.length) return null;
  return (
    <span className="flex flex-wrap gap-1" data-testid="page-card-topics">
      <span className="sr-only">Topics: </span>
      {page.topics.map((topic) => (
        <span key={topic.id} className={badgeVariants({ variant: "secondary" })}>
          {topic.name}
        </span>
      ))}
    </span>
  );
}

/** A page's comments, reviews and related pages, and how its reviews lean. */
export function PageCounts({ page, className }: { page: SitePageView; className?: string }) {
  return (
    <span className={cn("flex flex-wrap gap-3 text-muted-foreground text-xs", className)}>
      <span className="inline-flex items-center gap-1">
        <MessageSquare className="size-3.5" aria-hidden="true" />
        {page.commentCount}
        <span className="sr-only">comments</span>
      </span>
      <span className="inline-flex items-center gap-1">
        <Star className="size-3.5" aria-hidden="true" />
        {page.reviewCount}
        <span className="sr-only">reviews</span>
      </span>
      <span className="inline-flex items-center gap-1">
        <Link2 className="size-3.5" aria-hidden="true" />
        {page.relatedCount}
        <span className="sr-only">related pages</span>
      </span>
      {page.sentiment && page.reviewCount > 0 ? <Sentiment counts={page.sentiment} /> : null}
    </span>
  );
}

/** How a page's reviews lean, in words and colour ("3 positive · 1 negative"). */
function Sentiment({ counts }: { counts: NonNullable<SitePageView["sentiment"]> }) {
  const parts = [
    { n: counts.positive, word: "positive", className: "text-emerald-700 dark:text-emerald-400" },
    { n: counts.negative, word: "negative", className: "text-red-700 dark:text-red-400" },
    { n: counts.expert, word: "expert", className: "text-violet-700 dark:text-violet-400" },
  ].filter((p) => p.n > 0);
  return (
    <span className="inline-flex flex-wrap gap-x-1" data-testid="page-card-sentiment">
      <span className="sr-only">Reviews: </span>
      {parts.map((p, i) => (
        <span key={p.word} className={p.className}>
          {i > 0 ? (
            <span className="text-muted-foreground" aria-hidden="true">
              ·{" "}
            </span>
          ) : null}
          {p.n} {p.word}
        </span>
      ))}
    </span>
  );
}
