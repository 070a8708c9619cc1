import { AppLink } from "../../components/shell/app-link.tsx";
import { PlaceholderPage } from "../../components/shell/placeholder-page.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Flame } from "../../components/ui/icons.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Top pages");

export default function Popular() {
  return (
    <PlaceholderPage
      title="Top pages"
      description="The pages with the most comments, reviews and votes."
      icon={Flame}
      emptyTitle="Top pages are not available yet"
      emptyDescription="Flipside does not rank pages by day, week or month yet: this list is still being built. Until it is, the home page shows the most discussed pages of all time."
      action={
        <Button asChild variant="outline">
          <AppLink to="/">See the most discussed pages</AppLink>
        </Button>
      }
    />
  );
}
