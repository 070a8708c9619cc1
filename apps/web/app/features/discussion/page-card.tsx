import type { SitePageView } from "@flipside/contracts/discussion";
import { AppLink } from "../../components/shell/app-link.tsx";
import { badgeVariants } from "../../components/ui/badge.tsx";
import { Link2, MessageSquare, Star } from "../../components/ui/icons.tsx";
import { PageFavicon } from "./page-favicon.tsx";
import { pageName } from "./page-meta.ts";
import { pageViewPath } from "./search-input.ts";

/** A page in a list (home, search results, a topic): favicon, name, domain, its site's top topics and its counts. */
export function PageCard({ page }: { page: SitePageView }) {
  return (
    <AppLink
      to={pageViewPath(page.normalizedUrl)}
      className="group flex h-full min-w-0 flex-col gap-2 rounded-xl border bg-card p-4 outline-none transition-colors hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/40"
      data-testid="page-card"
    >
      <span className="flex min-w-0 items-center gap-2 text-muted-foreground text-xs">
        <PageFavicon src={page.faviconUrl} />
        <span className="truncate font-medium">{page.site.domain}</span>
      </span>
      <span className="line-clamp-2 font-medium leading-snug [overflow-wrap:anywhere] group-hover:underline">
        {pageName(page)}
      </span>
      {page.topics?.length ? (
        // Plain labels: the card is one link already (the topic pages are a click away on the page view).
        <span className="flex flex-wrap gap-1" data-testid="page-card-topics">
          <span className="sr-only">Topics: </span>
          {page.topics.map((topic) => (
            <span key={topic.id} className={badgeVariants({ variant: "secondary" })}>
              {topic.name}
            </span>
          ))}
        </span>
      ) : null}
      <span className="mt-auto flex flex-wrap gap-3 text-muted-foreground text-xs">
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
      </span>
    </AppLink>
  );
}
