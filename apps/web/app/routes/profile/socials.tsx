import { PlaceholderPage } from "../../components/shell/placeholder-page.tsx";
import { Users } from "../../components/ui/icons.tsx";
import { redirectInAppMode } from "../../lib/app-mode-guard.server.ts";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/socials";

export function loader({ request }: Route.LoaderArgs) {
  redirectInAppMode(request);
  return null;
}

export const meta = () => titleMeta("Social accounts", "Profile");

export default function Page() {
  return (
    <PlaceholderPage
      title="Social accounts"
      description="Accounts you sign in with."
      icon={Users}
      emptyTitle="Social accounts are not available yet"
      emptyDescription="Linking Facebook and other sign-in providers to your account will be managed here."
    />
  );
}
