import { PlaceholderPage } from "../../components/shell/placeholder-page.tsx";
import { KeyRound } from "../../components/ui/icons.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Facebook sign-in");

export default function Page() {
  return (
    <div className="mx-auto w-full max-w-xl">
      <PlaceholderPage
        title="Signing you in with Facebook"
        description="Facebook sends you back here after you allow Flipside."
        icon={KeyRound}
        emptyTitle="Facebook sign-in is not available yet"
        emptyDescription="Social sign-in is being built. Nothing has been shared with Flipside."
      />
    </div>
  );
}
