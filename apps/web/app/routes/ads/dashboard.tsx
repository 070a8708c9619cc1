import { PlaceholderPage } from "../../components/shell/placeholder-page.tsx";
import { LayoutDashboard } from "../../components/ui/icons.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Dashboard", "Ads");

export default function Page() {
  return (
    <PlaceholderPage
      title="Dashboard"
      description="An overview of your advertising on Flipside."
      icon={LayoutDashboard}
      emptyTitle="The ads dashboard is not available yet"
      emptyDescription="Spend, impressions and clicks across your campaigns will be summarised here once Flipside Ads opens."
    />
  );
}
