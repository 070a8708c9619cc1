import { PlaceholderPage } from "../../components/shell/placeholder-page.tsx";
import { Bell } from "../../components/ui/icons.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Notifications", "Profile");

export default function Page() {
  return (
    <PlaceholderPage
      title="Notifications"
      description="Replies, votes and news about your pages."
      icon={Bell}
      emptyTitle="Notifications are not available yet"
      emptyDescription="Replies to your comments, votes and site news will be listed here, with your mail preferences."
    />
  );
}
