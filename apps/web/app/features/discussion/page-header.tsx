import type { SitePageView } from "@flipside/contracts/discussion";
import { TOPIC_LIMITS } from "@flipside/contracts/topic-constants";
import type { SiteTopic } from "@flipside/contracts/topics";
import { lazy, Suspense } from "react";
import { FollowButton } from "../../components/follow/follow-button.tsx";
import { AppLink } from "../../components/shell/app-link.tsx";
import { badgeVariants } from "../../components/ui/badge.tsx";
import { BadgeCheck, ExternalLink as ExternalLinkIcon } from "../../components/ui/icons.tsx";
import { cn } from "../../lib/cn.ts";
import { ExternalLink, PageFavicon } from "./page-favicon.tsx";
import { pageName } from "./page-meta.ts";
import { PageActions } from "./page-share.tsx";

/** Rare: its code comes only for a page moderators hid (the page view's script budget). */
const HiddenPageHeader = lazy(() => import("./hidden-page-header.tsx"));

/**
 * Favicon, title, domain and address of the page being discussed; the owner badge once verified;
 * the site's most suggested topics (docs/topics.md); the page's own actions.
 */
export function PageHeader({
  page,
  topics,
  following,
  onFollowingChange,
  onSuggestTopic,
}: {
  page: SitePageView;
  topics: readonly SiteTopic[];
  /** Whether the viewer follows the page and its site; null until known (or signed out). */
  following: { page: boolean; site: boolean } | null;
  onFollowingChange(change: { page?: boolean; site?: boolean }): void;
  onSuggestTopic(): void;
}) {
  if (page.hidden)
    return (
      <Suspense fallback={null}>
        <HiddenPageHeader page={page} />
      </Suspense>
    );
  const verified = page.site.verificationStatus === "VERIFIED";
  return (
    <header className="flex min-w-0 flex-col gap-2" data-testid="page-header" data-page-id={page.id}>
      <div className="flex min-w-0 flex-wrap items-center gap-2 text-muted-foreground text-sm">
        <PageFavicon src={page.faviconUrl} />
        <span className="font-medium text-foreground" data-testid="page-domain">
          {page.site.domain}
        </span>
        <FollowButton
          kind="SITE"
          id={page.site.id}
          name={page.site.domain}
          following={following?.site ?? null}
          onChange={(site) => onFollowingChange({ site })}
          label="Follow site"
          variant="ghost"
          testId="follow-site"
        />
        {verified ? (
          <AppLink
            to={`/${page.site.ownerKind === "ORGANIZATION" ? "profiles" : "users"}/${page.site.ownerId}`}
            className={badgeVariants({ variant: "success" })}
            data-testid="owner-badge"
            title={
              page.site.ownerKind === "ORGANIZATION"
                ? "The organisation that owns this site verified it on Flipside"
                : "The owner of this site verified it on Flipside"
            }
          >
            <BadgeCheck aria-hidden="true" />
            Verified owner
          </AppLink>
        ) : (
          <AppLink
            to={`/profile/websites/claim?address=${page.site.domain}`}
            className="text-xs hover:text-foreground hover:underline"
            data-testid="claim-site-link"
          >
            Is this your site? Claim it
          </AppLink>
        )}
      </div>
      <h1
        className={cn(
          "font-semibold tracking-tight sm:text-3xl/tight",
          // An address has no spaces to wrap at: it fills its lines, a size smaller, to stay within
          // two lines on a phone.
          page.title?.trim()
            ? "text-balance text-2xl/tight [overflow-wrap:anywhere]"
            : "break-all text-xl/tight",
        )}
        data-testid="page-title"
      >
        {pageName(page)}
      </h1>
      <ExternalLink
        href={page.displayUrl}
        className="inline-flex max-w-full items-center gap-1.5 self-start text-primary text-sm hover:underline"
        data-testid="page-url"
      >
        <span className="truncate">{page.displayUrl}</span>
        <ExternalLinkIcon className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="sr-only">(opens the page itself in a new tab)</span>
      </ExternalLink>
      {page.description ? (
        <p className="line-clamp-3 max-w-3xl text-muted-foreground text-sm" data-testid="page-description">
          {page.description}
        </p>
      ) : null}
      {topics.length > 0 ? (
        <ul aria-label="Topics" className="flex flex-wrap gap-1.5" data-testid="page-topics">
          {topics.slice(0, TOPIC_LIMITS.shownOnPage).map(({ topic }) => (
            <li key={topic.id}>
              <AppLink
                to={`/topics/${topic.slug}`}
                className={badgeVariants({ variant: "secondary" })}
                data-testid="page-topic"
              >
                {topic.name}
              </AppLink>
            </li>
          ))}
        </ul>
      ) : null}
      <PageActions
        page={page}
        following={following?.page ?? null}
        onFollowingChange={(followed) => onFollowingChange({ page: followed })}
        onSuggestTopic={onSuggestTopic}
      />
    </header>
  );
}
