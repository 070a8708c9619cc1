import { PlaceholderPage } from "../../components/shell/placeholder-page.tsx";
import { Building2 } from "../../components/ui/icons.tsx";
import { redirectInAppMode } from "../../lib/app-mode-guard.server.ts";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/organizations";

export function loader({ request }: Route.LoaderArgs) {
  redirectInAppMode(request);
  return null;
}

export const meta = () => titleMeta("Organisations", "Profile");

export default function Page() {
  return (
    <PlaceholderPage
      title="Organisations"
      description="Teams you belong to and the sites they own."
      icon={Building2}
      emptyTitle="Organisations are not available yet"
      emptyDescription="You will create organisations, invite members and manage their sites and ad accounts here."
    />
  );
}
