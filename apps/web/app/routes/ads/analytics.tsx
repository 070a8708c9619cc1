import { ChartColumn } from "../../components/ui/icons.tsx";
import { AdsPlaceholder } from "../../features/ads/ads-placeholder.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Analytics", "Ads");

export default function Page() {
  return (
    <AdsPlaceholder
      title="Analytics"
      description="How your campaigns perform over time."
      icon={ChartColumn}
      emptyTitle="Analytics are not available yet"
      emptyDescription="Charts of impressions, clicks and spend per campaign will appear here once campaigns can run."
    />
  );
}
