import { PlaceholderPage } from "../../components/shell/placeholder-page.tsx";
import { Share2 } from "../../components/ui/icons.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Share");

export default function Page() {
  return (
    <div className="mx-auto w-full max-w-xl">
      <PlaceholderPage
        title="Share"
        description="Send a page or a comment to someone by mail."
        icon={Share2}
        emptyTitle="Sharing is not available yet"
        emptyDescription="Sharing pages and comments by mail is being built."
      />
    </div>
  );
}
