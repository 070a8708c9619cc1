import { PlaceholderPage } from "../../components/shell/placeholder-page.tsx";
import { TrendingUp } from "../../components/ui/icons.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Trending");

export default function Trending() {
  return (
    <PlaceholderPage
      title="Trending"
      description="Pages gaining attention right now."
      icon={TrendingUp}
      emptyTitle="Trending pages are not available yet"
      emptyDescription="Once people start discussing pages, the ones with the most recent activity will rise here."
    />
  );
}
