import { PageHeading } from "../../components/shell/page-heading.tsx";
import { TrendingUp } from "../../components/ui/icons.tsx";
import { loadRanking } from "../../features/discussion/ranked-loader.server.ts";
import { RankedPages } from "../../features/discussion/ranked-pages.tsx";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/trending";

/** `/trending` (docs/discovery.md#trending): pages ranked by recent activity with time decay. */
export const loader = ({ request, context }: Route.LoaderArgs) => loadRanking(context, request, "trending");

export const meta = () => titleMeta("Trending");

export default function Trending({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-6" data-testid="trending-page">
      <PageHeading
        title="Trending"
        description="Pages gaining attention right now: the more comments, reviews, related pages and votes in the last few hours, the higher."
      />
      <RankedPages
        ranking={loaderData}
        label="Trending pages"
        empty={{
          icon: TrendingUp,
          title: "Nothing is trending right now",
          description:
            "No page had comments, reviews, related pages or votes in the last three days. Open a page and start its discussion: it shows up here.",
        }}
      />
    </div>
  );
}
