import { PlaceholderPage } from "../../components/shell/placeholder-page.tsx";
import { Building2 } from "../../components/ui/icons.tsx";
import { redirectInAppMode } from "../../lib/app-mode-guard.server.ts";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/organization";

export function loader({ request }: Route.LoaderArgs) {
  redirectInAppMode(request);
  return null;
}

export const meta = () => titleMeta("Organisation", "Profile");

export default function Organization() {
  return (
    <PlaceholderPage
      title="Organisation"
      description="Members, roles, invitations and the sites this organisation owns."
      icon={Building2}
      emptyTitle="Organisations are not available yet"
      emptyDescription="Once organisations exist, this page will show its members and let owners and admins manage them."
    />
  );
}
