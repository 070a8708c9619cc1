import type { Contribution, SitePageRef } from "@flipside/contracts/discussion";
import { REVIEW_SENTIMENT_LABELS } from "@flipside/contracts/discussion-constants";
import { pageViewPath } from "@flipside/contracts/page-paths";
import { cn } from "../../lib/cn.ts";
import { AppLink } from "../shell/app-link.tsx";
import { UserContent } from "../shell/user-content.tsx";
import { Badge } from "../ui/badge.tsx";
import { TimeAgo } from "../ui/time-ago.tsx";

const VERB: Record<Contribution["contributionType"], string> = {
  COMMENT: "Commented on",
  REPLY: "Replied on",
  REVIEW: "Reviewed",
  RELATED_PAGE: "Linked a related page on",
};

const SENTIMENT_VARIANT = { POSITIVE: "success", NEGATIVE: "destructive", EXPERT: "note" } as const;

const pageName = (page: SitePageRef) => page.title?.trim() || page.displayUrl;

function PageLink({ page, className }: { page: SitePageRef; className?: string }) {
  return (
    <AppLink
      to={pageViewPath(page.normalizedUrl)}
      className={cn("break-words font-medium hover:underline", className)}
      data-testid="activity-page"
    >
      {pageName(page)}
    </AppLink>
  );
}

/**
 * One contribution in a list of activity: what was done on which page, the review or the related
 * page, the text, when, points and replies. With `byline`, who did it ("Bob commented on …": the
 * feed of what one follows); without, a person's own activity.
 */
export function ActivityItem({ item, byline = false }: { item: Contribution; byline?: boolean }) {
  return (
    <li className="flex flex-col gap-2 py-4" data-testid="activity-item" data-kind={item.contributionType}>
      <p className="text-muted-foreground text-sm">
        {byline && item.author ? (
          <>
            <AppLink
              to={`/users/${item.author.id}`}
              className="font-medium text-foreground hover:underline"
              data-testid="activity-author"
            >
              {item.author.displayName}
            </AppLink>{" "}
            {VERB[item.contributionType].toLowerCase()}
          </>
        ) : (
          VERB[item.contributionType]
        )}{" "}
        <PageLink page={item.sitePage} className="text-foreground" />{" "}
        <span className="whitespace-nowrap">· {item.sitePage.domain}</span>
      </p>
      {item.review ? (
        <p className="flex flex-wrap items-center gap-2">
          <Badge variant={SENTIMENT_VARIANT[item.review.sentiment]}>
            {REVIEW_SENTIMENT_LABELS[item.review.sentiment]}
          </Badge>
          <span className="break-words font-medium">{item.review.title}</span>
        </p>
      ) : null}
      {item.relatedPage ? (
        <p className="text-sm">
          <span className="text-muted-foreground">→ </span>
          <PageLink page={item.relatedPage} />
        </p>
      ) : null}
      {item.bodyHtml ? <UserContent html={item.bodyHtml} className="line-clamp-4" /> : null}
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground text-xs">
        <TimeAgo iso={item.createdDate} />
        <span>{item.score === 1 || item.score === -1 ? `${item.score} point` : `${item.score} points`}</span>
        {item.replySize > 0 ? (
          <span>{item.replySize === 1 ? "1 reply" : `${item.replySize} replies`}</span>
        ) : null}
      </p>
    </li>
  );
}
