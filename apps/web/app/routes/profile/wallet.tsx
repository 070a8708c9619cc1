import { PlaceholderPage } from "../../components/shell/placeholder-page.tsx";
import { Wallet } from "../../components/ui/icons.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Wallet", "Profile");

export default function Page() {
  return (
    <PlaceholderPage
      title="Wallet"
      description="Your balance, top-ups and every movement of money."
      icon={Wallet}
      emptyTitle="The wallet is not available yet"
      emptyDescription="Your balance, top-ups and a full history of payments will be shown here."
    />
  );
}
