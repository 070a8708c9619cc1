import { PlaceholderPage } from "../../components/shell/placeholder-page.tsx";
import { Settings } from "../../components/ui/icons.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Settings", "Profile");

export default function Page() {
  return (
    <PlaceholderPage
      title="Settings"
      description="Your account, password, picture and colour mode."
      icon={Settings}
      emptyTitle="Settings are not available yet"
      emptyDescription="You will change your account details, password and picture here once accounts are ready."
    />
  );
}
