import type { ProfileRef, SiteNotice, SitePageRef, VoteValue } from "@flipside/contracts/discussion";
import { smallAvatarKey } from "../../lib/avatars.ts";
import type { Storage } from "../../lib/storage.ts";
import { renderMarkdownCached } from "./markdown-cache.ts";
import type { SiteRow } from "./pages.repository.ts";

/** The author columns every contribution query selects (null after a left join: erased account). */
export interface AuthorColumns {
  id: string;
  displayName: string;
  imageKey: string | null;
  imageUrl: string | null;
}

/**
 * An uploaded avatar wins over an external one (same rule as the account presenter); bylines get
 * its small copy.
 */
export function profileImageUrl(
  user: { imageKey: string | null; imageUrl: string | null },
  storage: Storage,
): string | null {
  return user.imageKey ? storage.url(smallAvatarKey(user.imageKey)) : user.imageUrl;
}

export function presentProfileRef(author: AuthorColumns | null, storage: Storage): ProfileRef | null {
  if (!author) return null;
  return { id: author.id, displayName: author.displayName, imageUrl: profileImageUrl(author, storage) };
}

export function voteValue(value: number | null | undefined): VoteValue {
  return value === 1 ? 1 : value === -1 ? -1 : 0;
}

export interface PageRefColumns {
  id: string;
  rawUrl: string;
  normalizedUrl: string;
  displayUrl: string;
  title: string | null;
  faviconUrl: string | null;
  moderation: string | null;
}

/** A page moderators hid shows nothing read from the page itself (decision 027). */
export function presentPageRef(page: PageRefColumns, domain: string): SitePageRef {
  const hidden = page.moderation !== null;
  return {
    id: page.id,
    rawUrl: page.rawUrl,
    normalizedUrl: page.normalizedUrl,
    displayUrl: page.displayUrl,
    title: hidden ? null : page.title,
    faviconUrl: hidden ? null : page.faviconUrl,
    domain,
    hidden,
  };
}

/**
 * The fields every contribution DTO shares. A deleted contribution keeps its place in its
 * thread but shows neither its text nor its author; one hidden by moderators is deleted too,
 * and says so (`hidden`).
 */
export function presentContributionBase(
  row: {
    id: string;
    sitePageId: string;
    body: string;
    claimUuid: string | null;
    upCount: number;
    downCount: number;
    score: number;
    deleted: boolean;
    /** Absent where a query does not select it (a row just written is never hidden). */
    moderation?: string | null;
    editedAt: Date | null;
    createdAt: Date;
  },
  author: AuthorColumns | null,
  myVote: number | null,
  storage: Storage,
) {
  return {
    id: row.id,
    sitePage_id: row.sitePageId,
    author: row.deleted ? null : presentProfileRef(author, storage),
    body: row.deleted ? "" : row.body,
    bodyHtml: row.deleted ? "" : renderMarkdownCached(row.body),
    claimUuid: row.claimUuid,
    up: row.upCount,
    down: row.downCount,
    score: row.score,
    myVote: voteValue(myVote),
    deleted: row.deleted,
    hidden: Boolean(row.moderation),
    edited: row.editedAt !== null,
    editedDate: row.editedAt?.toISOString() ?? null,
    createdDate: row.createdAt.toISOString(),
  };
}

/** The notice the site's owner saved for its pages, whether or not its plan shows it now. */
export function savedNotice(site: Pick<SiteRow, "notice" | "noticeUpdatedAt">): SiteNotice | null {
  if (!site.notice || !site.noticeUpdatedAt) return null;
  return { body: site.notice, updatedDate: site.noticeUpdatedAt.toISOString() };
}
