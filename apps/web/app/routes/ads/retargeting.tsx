import { Crosshair } from "../../components/ui/icons.tsx";
import { AdsPlaceholder } from "../../features/ads/ads-placeholder.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Retargeting", "Ads");

export default function Page() {
  return (
    <AdsPlaceholder
      title="Retargeting"
      description="Reach people who already read pages like yours."
      icon={Crosshair}
      emptyTitle="Retargeting is not available yet"
      emptyDescription="Audiences built from Flipside page views will be managed here."
    />
  );
}
