import { Megaphone } from "../../components/ui/icons.tsx";
import { AdsPlaceholder } from "../../features/ads/ads-placeholder.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Campaigns", "Ads");

export default function Page() {
  return (
    <AdsPlaceholder
      title="Campaigns"
      description="Plan, run and pause your campaigns."
      icon={Megaphone}
      emptyTitle="Campaigns are not available yet"
      emptyDescription="You will create campaigns with a budget, a schedule and bids here once Flipside Ads opens."
    />
  );
}
