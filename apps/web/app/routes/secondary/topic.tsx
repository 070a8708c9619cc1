import type { SitePageView } from "@flipside/contracts/discussion";
import type { Topic } from "@flipside/contracts/topics";
import { data } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { PageSteps } from "../../components/shell/page-steps.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Flame, Tag, TrendingUp } from "../../components/ui/icons.tsx";
import { PageCard } from "../../features/discussion/page-card.tsx";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { parsePageNumber } from "../../lib/page-number.ts";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/topic";

/** Pages a topic page lists at once. */
const TOPIC_PAGE_SIZE = 24;

/**
 * `/topics/{slug}` (docs/topics.md): the most discussed pages of the sites people suggested this
 * topic (or one under it) for, paged by address. An unknown topic is the 404 page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!/^[a-z0-9-]{1,80}$/.test(params.slug)) throw data(url.pathname, { status: 404 });
  const api = serverApi(context);
  const page = parsePageNumber(url.searchParams.get("page"));
  try {
    const [topic, pages] = await Promise.all([
      api.get<Topic & { parent: Topic | null }>(`/v1/topics/${params.slug}`),
      api.list<SitePageView>("/v1/site-pages", {
        searchAnd: `topic==${params.slug}`,
        sort: ["commentCount,desc", "createdDate,desc"],
        page: page - 1,
        size: TOPIC_PAGE_SIZE,
      }),
    ]);
    return { topic, pages, page };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw data(url.pathname, { status: 404 });
    throw error;
  }
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  titleMeta(loaderData?.topic.name ?? "Topic", "Topics");

export default function TopicPage({ loaderData }: Route.ComponentProps) {
  const { topic, pages, page } = loaderData;
  return (
    <div className="flex flex-col gap-6" data-testid="topic-page">
      <PageHeading
        title={topic.name}
        actions={
          <>
            <Button asChild variant="outline" size="sm">
              <AppLink to={`/trending?topic=${topic.slug}`} data-testid="topic-trending">
                <TrendingUp aria-hidden="true" />
                Trending
              </AppLink>
            </Button>
            <Button asChild variant="outline" size="sm">
              <AppLink to={`/popular?topic=${topic.slug}`} data-testid="topic-popular">
                <Flame aria-hidden="true" />
                Top pages
              </AppLink>
            </Button>
          </>
        }
        description={
          <>
            The most discussed pages of sites people file under {topic.name}.
            {topic.parent ? (
              <>
                {" "}
                Part of{" "}
                <AppLink
                  to={`/topics/${topic.parent.slug}`}
                  className="font-medium text-primary hover:underline"
                >
                  {topic.parent.name}
                </AppLink>
                .
              </>
            ) : null}
          </>
        }
      />
      {pages.items.length === 0 ? (
        <EmptyState
          icon={Tag}
          title={`No pages under ${topic.name} yet`}
          description="Open a page and choose Suggest a topic: its site, and every page of it, is listed here."
          action={
            <AppLink to="/" className="font-medium text-primary text-sm hover:underline">
              Open a page
            </AppLink>
          }
        />
      ) : (
        <>
          <ul
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
            aria-label={`Pages about ${topic.name}`}
            data-testid="topic-pages"
          >
            {pages.items.map((p) => (
              // min-w-0: a grid item is otherwise as wide as its longest word (an address, say).
              <li key={p.id} className="min-w-0">
                <PageCard page={p} />
              </li>
            ))}
          </ul>
          <PageSteps
            page={page}
            pages={Math.ceil(pages.total / TOPIC_PAGE_SIZE)}
            hrefForPage={(n) => `/topics/${topic.slug}?page=${n}`}
            previousLabel="Previous"
            nextLabel="Next"
            testIdPrefix="topic"
          />
        </>
      )}
    </div>
  );
}
