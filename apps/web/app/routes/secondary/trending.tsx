import { AppLink } from "../../components/shell/app-link.tsx";
import { PlaceholderPage } from "../../components/shell/placeholder-page.tsx";
import { Button } from "../../components/ui/button.tsx";
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
      emptyDescription="Flipside does not rank pages by their recent activity yet: this list is still being built. Until it is, the home page shows the most discussed and the recently flipped pages."
      action={
        <Button asChild variant="outline">
          <AppLink to="/">See the most discussed pages</AppLink>
        </Button>
      }
    />
  );
}
