import { PlaceholderPage } from "../../components/shell/placeholder-page.tsx";
import { Globe } from "../../components/ui/icons.tsx";
import { redirectInAppMode } from "../../lib/app-mode-guard.server.ts";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/websites";

export function loader({ request }: Route.LoaderArgs) {
  redirectInAppMode(request);
  return null;
}

export const meta = () => titleMeta("Websites", "Profile");

export default function Page() {
  return (
    <PlaceholderPage
      title="Websites"
      description="Sites you own and have verified."
      icon={Globe}
      emptyTitle="Websites are not available yet"
      emptyDescription="You will claim your sites, verify them and see their status here."
    />
  );
}
