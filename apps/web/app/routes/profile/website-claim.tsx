import { PlaceholderPage } from "../../components/shell/placeholder-page.tsx";
import { Globe } from "../../components/ui/icons.tsx";
import { redirectInAppMode } from "../../lib/app-mode-guard.server.ts";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/website-claim";

export function loader({ request }: Route.LoaderArgs) {
  redirectInAppMode(request);
  return null;
}

export const meta = () => titleMeta("Claim a website", "Profile");

export default function Page() {
  return (
    <PlaceholderPage
      title="Claim a website"
      description="Prove that a site is yours to answer officially on its pages."
      icon={Globe}
      emptyTitle="Claiming websites is not available yet"
      emptyDescription="You will verify a site by DNS record, HTML tag or a file under /.well-known/ here."
    />
  );
}
