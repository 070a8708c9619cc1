import type { SiteNotice } from "@flipside/contracts/discussion";
import { BadgeCheck, Megaphone } from "../../components/ui/icons.tsx";

/** The verified owner's notice, pinned above the discussion of every page of their site (Business plan). */
export function SiteNoticeCard({ domain, notice }: { domain: string; notice: SiteNotice }) {
  return (
    <aside
      aria-label={`Notice from the owner of ${domain}`}
      className="flex gap-3 rounded-xl border border-primary/25 bg-primary/5 p-4 text-sm"
      data-testid="site-notice"
    >
      <Megaphone className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="flex items-center gap-1 font-medium">
          {`From the owner of ${domain}`}
          <BadgeCheck className="size-4 text-primary" aria-label="Verified owner" />
        </p>
        <p className="whitespace-pre-line break-words">{notice.body}</p>
      </div>
    </aside>
  );
}
