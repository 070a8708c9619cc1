import { pageViewPath } from "@flipside/contracts/page-paths";
import { redirect } from "react-router";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Share2 } from "../../components/ui/icons.tsx";
import { titleMeta } from "../../lib/page-title.ts";
import { sharedAddress } from "../../lib/share-links.ts";
import type { Route } from "./+types/share";

/**
 * `/share?url=&title=&text=`: where the system's share sheet sends what a person shares with
 * Flipside (the Web Share Target of the app's manifest, docs/sharing.md). The shared address is
 * flipped: its page view opens. Apps put the address in `url`, in `text` or even in `title`; text
 * with no address goes to the page view too, which says it is not a valid domain and goes home.
 * Opened with nothing, it says how sharing to Flipside works.
 */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const address = sharedAddress(params.get("url"), params.get("text"), params.get("title"));
  if (address) throw redirect(pageViewPath(address), 302);
  return null;
}

export const meta = () => titleMeta("Share");

export default function Share() {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <PageHeading
        title="Share"
        description="Open any page you are reading on Flipside, straight from your phone."
      />
      <EmptyState
        icon={Share2}
        title="Share a page to Flipside"
        description="Add Flipside to your home screen (your browser's menu: Install, or Add to Home Screen). Then, in any app, choose Share and pick Flipside: the page opens here with what people say about it. To share a page or a comment from Flipside, use its Share button."
      />
    </div>
  );
}
