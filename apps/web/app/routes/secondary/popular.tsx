import { PlaceholderPage } from "../../components/shell/placeholder-page.tsx";
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
      emptyDescription="Once people start discussing pages, the most talked-about ones of the day, the week and all time will be listed here."
    />
  );
}
