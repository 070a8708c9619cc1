import type {
  Comment,
  RelatedPage,
  Review,
  ReviewSummary,
  SitePage,
  SitePageView,
} from "@flipside/contracts/discussion";
import { Problem } from "@flipside/contracts/problem";
import type { AppLoadContext } from "react-router";
import { buildApiUrl, type Query, totalCount } from "../../lib/api.ts";
import { type ListPage, listQueries } from "./discussion-client.ts";
import type { FlipErrorData, HomeData, PageViewData } from "./page-data.ts";

/** Longest search text sent on to the API; longer input is cut, not refused. */
const SEARCH_MAX_LENGTH = 200;

interface Answer<T> {
  status: number;
  ok: boolean;
  data: T;
  headers: Headers;
  problem: Problem | null;
}

async function call<T>(
  context: AppLoadContext,
  path: string,
  { query, method, body }: { query?: Query; method?: string; body?: unknown } = {},
): Promise<Answer<T>> {
  const response = await context.api(buildApiUrl(path, query), {
    ...(method ? { method } : {}),
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  const problem = response.ok ? null : (Problem.safeParse(json).data ?? null);
  return { status: response.status, ok: response.ok, data: json as T, headers: response.headers, problem };
}

/** docs/web-app.md#new-versions-and-failures: a list that fails to load is silent; the page shows it empty. */
async function listOrEmpty<T>(context: AppLoadContext, path: string, query: Query): Promise<ListPage<T>> {
  try {
    const answer = await call<T[]>(context, path, { query });
    if (answer.ok && Array.isArray(answer.data))
      return { items: answer.data, total: totalCount(answer.headers) };
  } catch {
    // Same as a refused answer: nothing to show.
  }
  return { items: [], total: 0 };
}

/**
 * Resolves the address (`back: true` first, so a known page costs no write), creating its page
 * when it is new, then loads the first page of every tab in parallel.
 */
export async function loadPageView(
  context: AppLoadContext,
  url: string,
): Promise<PageViewData | FlipErrorData> {
  let flip = await call<SitePage>(context, "/v1/site-pages/flip", {
    method: "POST",
    body: { url, back: true },
  });
  if (flip.status === 404) {
    flip = await call<SitePage>(context, "/v1/site-pages/flip", {
      method: "POST",
      body: { url, back: false },
    });
  }
  if (!flip.ok) {
    // The API's own words ("{url} is not a valid domain", a rate limit…) when it gave any.
    const message = flip.problem?.detail ?? `${url.trim()} could not be opened. Try again in a moment.`;
    return { kind: "flip-error", requestedUrl: url, message };
  }
  const id = flip.data.id;
  const [view, comments, reviews, summary, related] = await Promise.all([
    listOrEmpty<SitePageView>(context, "/v1/site-pages", listQueries.pageById(id)),
    listOrEmpty<Comment>(context, "/v1/site-page-comments", listQueries.comments(id)),
    listOrEmpty<Review>(context, "/v1/site-page-reviews", listQueries.reviews(id)),
    call<ReviewSummary>(context, "/v1/site-page-reviews/summary", { query: { sitePage_id: id } }).catch(
      () => null,
    ),
    listOrEmpty<RelatedPage>(context, "/v1/site-page-related-pages", listQueries.related(id)),
  ]);
  const reviewSummary: ReviewSummary =
    summary?.ok && summary.data
      ? summary.data
      : { sitePage_id: id, total: 0, counts: { POSITIVE: 0, NEGATIVE: 0, EXPERT: 0 } };
  // The list can miss the page only if it was merged away in between; the flip's answer still holds.
  const page: SitePageView = view.items[0] ?? { ...flip.data, myVote: 0, notes: [] };
  return { kind: "page", requestedUrl: url, page, comments, reviews, reviewSummary, related };
}

/** Recently flipped and most discussed pages; an empty home is honest, so failures give empty lists. */
export async function loadHome(context: AppLoadContext, q?: string | null): Promise<HomeData> {
  const query = q?.trim().slice(0, SEARCH_MAX_LENGTH);
  if (query) {
    const results = await listOrEmpty<SitePageView>(
      context,
      "/v1/site-pages",
      listQueries.search(query, 0, 24),
    );
    return { kind: "home", recent: [], mostDiscussed: [], search: { query, results } };
  }
  const [recent, mostDiscussed] = await Promise.all([
    listOrEmpty<SitePageView>(context, "/v1/site-pages", listQueries.recent()),
    listOrEmpty<SitePageView>(context, "/v1/site-pages", listQueries.mostDiscussed()),
  ]);
  return { kind: "home", recent: recent.items, mostDiscussed: mostDiscussed.items };
}
