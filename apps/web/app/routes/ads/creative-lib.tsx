import { Images } from "../../components/ui/icons.tsx";
import { AdsPlaceholder } from "../../features/ads/ads-placeholder.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Creative Library", "Ads");

export default function Page() {
  return (
    <AdsPlaceholder
      title="Creative Library"
      description="The images and texts your ads are made of."
      icon={Images}
      emptyTitle="The Creative Library is not available yet"
      emptyDescription="Upload and manage ad creatives here; each one is reviewed before it runs."
    />
  );
}
