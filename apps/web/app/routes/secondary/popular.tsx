import {
  POPULAR_WINDOW_LABELS,
  POPULAR_WINDOW_PHRASES,
  POPULAR_WINDOWS,
} from "@flipside/contracts/discovery-constants";
import { AppLink } from "../../components/shell/app-link.tsx";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { Flame } from "../../components/ui/icons.tsx";
import { loadRanking } from "../../features/discussion/ranked-loader.server.ts";
import { RankedPages, rankingHref } from "../../features/discussion/ranked-pages.tsx";
import { cn } from "../../lib/cn.ts";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/popular";

/** `/popular` (docs/discovery.md#popular): most contributions and votes in a window, chosen by tabs that are links. */
export const loader = ({ request, context }: Route.LoaderArgs) => loadRanking(context, request, "popular");

export const meta = () => titleMeta("Top pages");

export default function Popular({ loaderData }: Route.ComponentProps) {
  const { window } = loaderData;
  return (
    <div className="flex flex-col gap-6" data-testid="popular-page">
      <PageHeading
        title="Top pages"
        description="The pages with the most comments, reviews, related pages and votes."
      />
      <nav aria-label="Window" className="-mx-1 overflow-x-auto">
        <ul className="flex gap-1 px-1">
          {POPULAR_WINDOWS.map((w) => (
            <li key={w}>
              <AppLink
                to={rankingHref(loaderData, { window: w })}
                aria-current={w === window ? "page" : undefined}
                data-testid={`popular-window-${w}`}
                className={cn(
                  "inline-flex h-8 items-center whitespace-nowrap rounded-full border px-3 text-sm outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/40",
                  w === window ? "border-primary bg-primary text-primary-foreground" : "hover:bg-accent",
                )}
              >
                {POPULAR_WINDOW_LABELS[w]}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <RankedPages
        ranking={loaderData}
        label={`Top pages ${POPULAR_WINDOW_PHRASES[window]}`}
        empty={{
          icon: Flame,
          title:
            window === "all"
              ? "No page has been discussed yet"
              : `Nothing was discussed ${POPULAR_WINDOW_PHRASES[window]}`,
          description:
            window === "all"
              ? "Open a page and start its discussion: the pages with the most comments, reviews and votes show up here."
              : "No page had comments, reviews, related pages or votes in this time. Try a longer one.",
        }}
      />
    </div>
  );
}
