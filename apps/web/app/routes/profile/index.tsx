import { PlaceholderPage } from "../../components/shell/placeholder-page.tsx";
import { User } from "../../components/ui/icons.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Profile");

export default function Page() {
  return (
    <PlaceholderPage
      title="Your profile"
      description="How others see you on Flipside, and your activity."
      icon={User}
      emptyTitle="Your profile is not available yet"
      emptyDescription="Your display name, picture, bio and recent contributions will be shown here once accounts are ready."
    />
  );
}
