import type { SitePageView } from "@flipside/contracts/discussion";
import { useState } from "react";
import { Share } from "../../components/share/share.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Share2, Tag } from "../../components/ui/icons.tsx";
import { pageName } from "./page-meta.ts";
import { ReportButton } from "./report-button.tsx";

/** The page's own actions under its header: share its discussion, suggest a topic, report the page. */
export function PageActions({ page, onSuggestTopic }: { page: SitePageView; onSuggestTopic(): void }) {
  const [sharing, setSharing] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-1" data-testid="page-actions">
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => setSharing(true)}
        data-testid="page-share"
      >
        <Share2 aria-hidden="true" />
        Share
      </Button>
      <Button type="button" variant="ghost" size="sm" onClick={onSuggestTopic} data-testid="suggest-topic">
        <Tag aria-hidden="true" />
        Suggest a topic
      </Button>
      <ReportButton id={page.id} what="page" kind="SITE_PAGE" testId="report-page" />
      <Share
        open={sharing}
        onOpenChange={setSharing}
        target={{ kind: "SITE_PAGE", id: page.id, title: pageName(page) }}
      />
    </div>
  );
}
