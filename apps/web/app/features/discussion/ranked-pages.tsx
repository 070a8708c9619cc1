import {
  POPULAR_WINDOW_PHRASES,
  type PopularWindow,
  RANKED_PAGE_SIZE,
  type RankedSort,
} from "@flipside/contracts/discovery-constants";
import type { SitePageView } from "@flipside/contracts/discussion";
import type { Topic } from "@flipside/contracts/topics";
import { Form } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { PageSteps } from "../../components/shell/page-steps.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import type { IconComponent } from "../../components/ui/icons.tsx";
import { X } from "../../components/ui/icons.tsx";
import { Input } from "../../components/ui/input.tsx";
import type { ListPage } from "../../lib/api.ts";
import { useAppMode } from "../../lib/client-state.tsx";
import { PageCard } from "./page-card.tsx";

/** What a ranking's page shows (the loader's `RankingData`). */
export interface Ranking {
  sort: RankedSort;
  window: PopularWindow;
  site: string | null;
  topic: Topic | null;
  page: number;
  pages: ListPage<SitePageView>;
}

/** The address of a ranking with some of its parameters changed (null drops one); page 1 unless given. */
export function rankingHref(
  r: Pick<Ranking, "sort" | "window" | "site" | "topic">,
  change: { window?: PopularWindow; site?: string | null; topic?: string | null; page?: number } = {},
): string {
  const params = new URLSearchParams();
  if (r.sort === "popular") params.set("window", change.window ?? r.window);
  const site = change.site === undefined ? r.site : change.site;
  const topic = change.topic === undefined ? (r.topic?.slug ?? null) : change.topic;
  if (site) params.set("site", site);
  if (topic) params.set("topic", topic);
  if (change.page && change.page > 1) params.set("page", String(change.page));
  const query = params.toString();
  const path = r.sort === "popular" ? "/popular" : "/trending";
  return query ? `${path}?${query}` : path;
}

const activityPhrase = (count: number, window: PopularWindow) =>
  `${count.toLocaleString("en")} ${count === 1 ? "comment, review or vote" : "comments, reviews and votes"} ${POPULAR_WINDOW_PHRASES[window]}`;

/**
 * A ranking of pages (trending or popular): the site and topic it is narrowed to (each removable),
 * a form to narrow it to a site, the numbered pages and the steps between its pages.
 */
export function RankedPages({
  ranking,
  label,
  empty,
}: {
  ranking: Ranking;
  /** The list's accessible name. */
  label: string;
  empty: { icon: IconComponent; title: string; description: string };
}) {
  const { pages, page, site, topic, sort, window } = ranking;
  const count = Math.ceil(pages.total / RANKED_PAGE_SIZE);
  const narrowed = site !== null || topic !== null;
  const isApp = useAppMode();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-wrap items-center gap-2" data-testid="ranking-filters">
          {site ? (
            <FilterChip
              label={`On ${site}`}
              removeLabel={`Show every site`}
              to={rankingHref(ranking, { site: null })}
            />
          ) : null}
          {topic ? (
            <FilterChip
              label={`In ${topic.name}`}
              removeLabel="Show every topic"
              to={rankingHref(ranking, { topic: null })}
            />
          ) : null}
        </div>
        <Form method="get" className="flex items-center gap-2" role="search" aria-label="Narrow to one site">
          {sort === "popular" ? <input type="hidden" name="window" value={window} /> : null}
          {isApp ? <input type="hidden" name="app" value="1" /> : null}
          {topic ? <input type="hidden" name="topic" value={topic.slug} /> : null}
          <label htmlFor="ranking-site" className="sr-only">
            Only pages of this site
          </label>
          <Input
            id="ranking-site"
            name="site"
            type="search"
            inputMode="url"
            autoComplete="off"
            placeholder="Only one site, e.g. example.com"
            defaultValue={site ?? ""}
            maxLength={253}
            className="h-9 w-full sm:w-64"
            data-testid="ranking-site"
          />
          <Button type="submit" variant="outline" size="sm">
            Show
          </Button>
        </Form>
      </div>
      {pages.items.length === 0 ? (
        <EmptyState
          icon={empty.icon}
          title={narrowed ? "Nothing here yet" : empty.title}
          description={
            narrowed
              ? `No page${site ? ` of ${site}` : ""}${topic ? ` under ${topic.name}` : ""} is in this list yet. Comments, reviews, related pages and votes put pages here.`
              : empty.description
          }
          action={
            <AppLink to="/" className="font-medium text-primary text-sm hover:underline">
              Open a page
            </AppLink>
          }
          data-testid="ranking-empty"
        />
      ) : (
        <>
          <ol
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
            aria-label={label}
            data-testid="ranked-pages"
          >
            {pages.items.map((p, i) => (
              // min-w-0: a grid item is otherwise as wide as its longest word (an address, say).
              <li key={p.id} className="min-w-0">
                <PageCard
                  page={p}
                  rank={(page - 1) * RANKED_PAGE_SIZE + i + 1}
                  {...(p.activityCount !== undefined
                    ? { activity: activityPhrase(p.activityCount, window) }
                    : {})}
                />
              </li>
            ))}
          </ol>
          <PageSteps
            page={page}
            pages={count}
            hrefForPage={(n) => rankingHref(ranking, { page: n })}
            previousLabel="Previous"
            nextLabel="Next"
            testIdPrefix="ranking"
          />
        </>
      )}
    </div>
  );
}

function FilterChip({ label, removeLabel, to }: { label: string; removeLabel: string; to: string }) {
  return (
    <span className="inline-flex h-8 items-center gap-1 rounded-full border bg-secondary pr-1 pl-3 text-secondary-foreground text-sm">
      {label}
      <AppLink
        to={to}
        aria-label={removeLabel}
        title={removeLabel}
        className="inline-flex size-6 items-center justify-center rounded-full outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40"
      >
        <X className="size-3.5" aria-hidden="true" />
      </AppLink>
    </span>
  );
}
