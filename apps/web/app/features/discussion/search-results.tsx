import type { PageSearchResult } from "@flipside/contracts/search";
import { AppLink } from "../../components/shell/app-link.tsx";
import { MarkedText } from "./marked-text.tsx";
import { PageCounts, PageTopics } from "./page-card.tsx";
import { PageFavicon } from "./page-favicon.tsx";
import { pageName } from "./page-meta.ts";
import { pageViewPath } from "./search-input.ts";

const SNIPPET_FROM: Record<NonNullable<PageSearchResult["snippet"]>["kind"], string> = {
  COMMENT: "From a comment",
  REPLY: "From a reply",
  REVIEW: "From a review",
  RELATED_PAGE: "From a related page",
};

/**
 * Search results (docs/search.md): each page's favicon, domain, title with the words that
 * matched marked, its address, and the best matching piece of its discussion.
 */
export function SearchResults({ results }: { results: PageSearchResult[] }) {
  return (
    <ol
      className="flex flex-col divide-y rounded-xl border bg-card"
      aria-label="Search results"
      data-testid="search-results"
    >
      {results.map(({ page, titleMarks, snippet }) => {
        const to = pageViewPath(page.normalizedUrl);
        return (
          <li key={page.id} className="flex min-w-0 flex-col gap-1.5 p-4" data-testid="search-result">
            <span className="flex min-w-0 items-center gap-2 text-muted-foreground text-xs">
              <PageFavicon src={page.faviconUrl} />
              <span className="truncate font-medium">{page.site.domain}</span>
            </span>
            <AppLink
              to={to}
              className="w-fit font-medium text-base text-primary leading-snug outline-none [overflow-wrap:anywhere] hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40"
              data-testid="search-result-title"
            >
              {page.title ? <MarkedText text={page.title} marks={titleMarks} /> : pageName(page)}
            </AppLink>
            <span className="truncate text-muted-foreground text-xs">{page.displayUrl}</span>
            {page.description ? (
              <p className="line-clamp-2 text-muted-foreground text-sm">{page.description}</p>
            ) : null}
            <PageTopics page={page} />
            {snippet ? (
              <p className="border-primary/30 border-l-2 pl-3 text-sm" data-testid="search-result-snippet">
                <span className="text-muted-foreground text-xs">{SNIPPET_FROM[snippet.kind]}: </span>
                <MarkedText text={snippet.text} marks={snippet.marks} />
              </p>
            ) : null}
            <PageCounts page={page} />
          </li>
        );
      })}
    </ol>
  );
}
