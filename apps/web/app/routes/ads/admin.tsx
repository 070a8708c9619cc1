import { PlaceholderPage } from "../../components/shell/placeholder-page.tsx";
import { ShieldCheck } from "../../components/ui/icons.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Admin", "Ads");

export default function Page() {
  return (
    <PlaceholderPage
      title="Admin"
      description="Review of ads and advertisers, for Flipside staff."
      icon={ShieldCheck}
      emptyTitle="Ads administration is not available yet"
      emptyDescription="Creative review and advertiser approval will be handled here."
    />
  );
}
