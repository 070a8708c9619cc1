import { Receipt } from "../../components/ui/icons.tsx";
import { AdsPlaceholder } from "../../features/ads/ads-placeholder.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Billing", "Ads");

export default function Page() {
  return (
    <AdsPlaceholder
      title="Billing"
      description="Payments and invoices for your advertising."
      icon={Receipt}
      emptyTitle="Ads billing is not available yet"
      emptyDescription="Advertising is paid from your Flipside wallet; spend and invoices will be listed here."
    />
  );
}
