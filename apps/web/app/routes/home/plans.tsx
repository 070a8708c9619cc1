import { PlaceholderPage } from "../../components/shell/placeholder-page.tsx";
import { Gem } from "../../components/ui/icons.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Plans");

export default function Page() {
  return (
    <div className="mx-auto w-full max-w-xl">
      <PlaceholderPage
        title="Plans"
        description="What Flipside costs for site owners and organisations."
        icon={Gem}
        emptyTitle="Plans are not available yet"
        emptyDescription="Plans and their prices will be listed here. Reading and discussing pages stays free."
      />
    </div>
  );
}
