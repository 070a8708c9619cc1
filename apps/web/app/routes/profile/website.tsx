import { PlaceholderPage } from "../../components/shell/placeholder-page.tsx";
import { Globe } from "../../components/ui/icons.tsx";
import { redirectInAppMode } from "../../lib/app-mode-guard.server.ts";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/website";

export function loader({ request }: Route.LoaderArgs) {
  redirectInAppMode(request);
  return null;
}

export function meta({ params }: Route.MetaArgs) {
  return titleMeta(params.domain, "Websites", "Profile");
}

export default function Website({ params }: Route.ComponentProps) {
  return (
    <PlaceholderPage
      title={params.domain}
      description="Verification status, owner and plan of this site."
      icon={Globe}
      emptyTitle="Website details are not available yet"
      emptyDescription="Once you can claim sites, this page will show how to verify this one and its current status."
    />
  );
}
