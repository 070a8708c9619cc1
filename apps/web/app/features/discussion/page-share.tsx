import type { SitePageView } from "@flipside/contracts/discussion";
import { useState } from "react";
import { FollowButton } from "../../components/follow/follow-button.tsx";
import { Share } from "../../components/share/share.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Share2, Tag } from "../../components/ui/icons.tsx";
import { pageName } from "./page-meta.ts";
import { ReportButton } from "./report-button.tsx";

/** The page's own actions under its header: follow it, share its discussion, suggest a topic, report the page. */
export function PageActions({
  page,
  following,
  onFollowingChange,
  onSuggestTopic,
}: {
  page: SitePageView;
  following: boolean | null;
  onFollowingChange(following: boolean): void;
  onSuggestTopic(): void;
}) {
  const [sharing, setSharing] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-1" data-testid="page-actions">
      <FollowButton
        kind="PAGE"
        id={page.id}
        name={pageName(page)}
        following={following}
        onChange={onFollowingChange}
        testId="follow-page"
      />
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
