import { PlaceholderPage } from "../../components/shell/placeholder-page.tsx";
import { CreditCard } from "../../components/ui/icons.tsx";
import { redirectInAppMode } from "../../lib/app-mode-guard.server.ts";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/website-checkout";

export function loader({ request }: Route.LoaderArgs) {
  redirectInAppMode(request);
  return null;
}

export function meta({ params }: Route.MetaArgs) {
  return titleMeta("Checkout", params.domain, "Profile");
}

export default function WebsiteCheckout({ params }: Route.ComponentProps) {
  return (
    <PlaceholderPage
      title="Checkout"
      description={`The Business plan for ${params.domain}.`}
      icon={CreditCard}
      emptyTitle="Checkout is not available yet"
      emptyDescription="Plans cannot be bought yet. Nothing will be charged from this page until they can."
    />
  );
}
