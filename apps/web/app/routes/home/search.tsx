import type { PageSearchResult } from "@flipside/contracts/search";
import { SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX_LENGTH } from "@flipside/contracts/search-constants";
import { PageSteps } from "../../components/shell/page-steps.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Search, SearchX } from "../../components/ui/icons.tsx";
import { createDiscussionClient } from "../../features/discussion/discussion-client.ts";
import { initialMainState, MainStateProvider } from "../../features/discussion/discussion-state.tsx";
import { SearchBox } from "../../features/discussion/search-box.tsx";
import { SearchResults } from "../../features/discussion/search-results.tsx";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError, type ListPage } from "../../lib/api.ts";
import { parsePageNumber } from "../../lib/page-number.ts";
import { pageTitle } from "../../lib/page-title.ts";
import type { Route } from "./+types/search";

/**
 * `/search?q=` (docs/search.md): pages whose words, address or discussion match, best first, with
 * what matched marked. Longer text is cut, not refused; too many searches say so.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").trim().slice(0, SEARCH_QUERY_MAX_LENGTH).trim();
  const page = parsePageNumber(params.get("page"));
  if (!query) return { query, page, results: null, refused: null };
  try {
    const results: ListPage<PageSearchResult> = await createDiscussionClient(serverApi(context)).searchPages(
      query,
      page - 1,
    );
    return { query, page, results, refused: null };
  } catch (error) {
    if (isApiError(error) && error.status === 429) {
      return {
        query,
        page,
        results: null,
        refused: error.problem.detail ?? "Too many searches. Try again soon.",
      };
    }
    throw error;
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.query ? `Pages matching “${loaderData.query}”` : "Search";
  // Results are a view of the index, not pages of their own.
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex" }];
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, page, results, refused } = loaderData;
  const total = results?.total ?? 0;
  return (
    <MainStateProvider key={query} initial={initialMainState(null, { searchText: query })}>
      <div className="flex flex-col gap-6" data-testid="search-page">
        <SearchBox />
        {refused ? (
          <p role="alert" className="text-destructive text-sm" data-testid="search-refused">
            {refused}
          </p>
        ) : null}
        {results === null ? (
          refused ? null : (
            <EmptyState
              icon={Search}
              title="Search what people discuss"
              description="Type words to find pages by their title, address or what was said about them, or paste an address to open its page."
              data-testid="search-start"
            />
          )
        ) : (
          <section aria-labelledby="search-heading" className="flex flex-col gap-4">
            <h1 id="search-heading" className="font-semibold text-lg" data-testid="search-heading">
              {`${total.toLocaleString("en")} ${total === 1 ? "page matches" : "pages match"} “${query}”`}
            </h1>
            {results.items.length === 0 ? (
              <EmptyState
                icon={SearchX}
                headingLevel={2}
                title="No page matches"
                description={
                  page > 1
                    ? "There are no more results."
                    : "Nobody discussed a page with these words yet. Check the spelling, try fewer or other words, or paste the page's address to flip it."
                }
                data-testid="search-empty"
              />
            ) : (
              <>
                <SearchResults results={results.items} />
                <PageSteps
                  page={page}
                  pages={Math.ceil(total / SEARCH_PAGE_SIZE)}
                  hrefForPage={(n) =>
                    `/search?${new URLSearchParams({ q: query, ...(n > 1 ? { page: String(n) } : {}) })}`
                  }
                  previousLabel="Previous"
                  nextLabel="Next"
                  testIdPrefix="search"
                />
              </>
            )}
          </section>
        )}
      </div>
    </MainStateProvider>
  );
}
