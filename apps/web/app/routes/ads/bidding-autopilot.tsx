import { Bot } from "../../components/ui/icons.tsx";
import { AdsPlaceholder } from "../../features/ads/ads-placeholder.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Bidding Autopilot", "Ads");

export default function Page() {
  return (
    <AdsPlaceholder
      title="Bidding Autopilot"
      description="Let Flipside set your bids to reach a goal within your budget."
      icon={Bot}
      emptyTitle="Bidding Autopilot is not available yet"
      emptyDescription="Automatic bidding towards a target cost will be configured here."
    />
  );
}
