import { ListFilter } from "../../components/ui/icons.tsx";
import { AdsPlaceholder } from "../../features/ads/ads-placeholder.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Filters", "Ads");

export default function Page() {
  return (
    <AdsPlaceholder
      title="Filters"
      description="Keep your ads away from pages and keywords you choose."
      icon={ListFilter}
      emptyTitle="Filters are not available yet"
      emptyDescription="Placement and keyword exclusions for your campaigns will be managed here."
    />
  );
}
