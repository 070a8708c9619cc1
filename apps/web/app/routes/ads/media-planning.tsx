import { CalendarRange } from "../../components/ui/icons.tsx";
import { AdsPlaceholder } from "../../features/ads/ads-placeholder.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Media Planning", "Ads");

export default function Page() {
  return (
    <AdsPlaceholder
      title="Media Planning"
      description="Forecast reach and cost before you spend."
      icon={CalendarRange}
      emptyTitle="Media planning is not available yet"
      emptyDescription="Forecasts of reach and cost for a planned campaign will be shown here."
    />
  );
}
