import { PlaceholderPage } from "../../components/shell/placeholder-page.tsx";
import { FlaskConical } from "../../components/ui/icons.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Beta access");

export default function BetaUserActivate() {
  return (
    <div className="mx-auto w-full max-w-xl">
      <PlaceholderPage
        title="Beta access"
        description="This link activates early access to new Flipside features."
        icon={FlaskConical}
        emptyTitle="Beta activation is not available yet"
        emptyDescription="The beta programme is being set up. Keep this link: it will work once it is ready."
      />
    </div>
  );
}
