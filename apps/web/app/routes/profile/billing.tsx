import { PlaceholderPage } from "../../components/shell/placeholder-page.tsx";
import { CreditCard } from "../../components/ui/icons.tsx";
import { redirectInAppMode } from "../../lib/app-mode-guard.server.ts";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/billing";

export function loader({ request }: Route.LoaderArgs) {
  redirectInAppMode(request);
  return null;
}

export const meta = () => titleMeta("Billing", "Profile");

export default function Page() {
  return (
    <PlaceholderPage
      title="Billing"
      description="Your plan, invoices and payment methods."
      icon={CreditCard}
      emptyTitle="Billing is not available yet"
      emptyDescription="Your plan, monthly invoices and payment methods will be managed here."
    />
  );
}
