import { MapPin } from "../../components/ui/icons.tsx";
import { AdsPlaceholder } from "../../features/ads/ads-placeholder.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Geo Fence", "Ads");

export default function Page() {
  return (
    <AdsPlaceholder
      title="Geo Fence"
      description="Show ads only to readers in the places you pick."
      icon={MapPin}
      emptyTitle="Geo fences are not available yet"
      emptyDescription="You will draw the regions where your campaigns run here."
    />
  );
}
