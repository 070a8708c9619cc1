import { PlaceholderPage } from "../../components/shell/placeholder-page.tsx";
import { Layers } from "../../components/ui/icons.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Tabs", "Profile");

export default function Page() {
  return (
    <PlaceholderPage
      title="Tabs"
      description="Your own tabs on every page, such as expert reviews only."
      icon={Layers}
      emptyTitle="Custom tabs are not available yet"
      emptyDescription="You will save filters over a page's contributions as tabs of your own here."
    />
  );
}
