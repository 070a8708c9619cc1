import { planAllows } from "@flipside/contracts/billing-constants";
import type { SiteNotice, SitePage } from "@flipside/contracts/discussion";
import { type SitePageRow, type SiteRow, savedNotice } from "../discussion/index.ts";

/** A page moderators hid shows nothing read from the page itself (decision 027). */
export function presentSitePage(page: SitePageRow, site: SiteRow): SitePage {
  const hidden = page.moderation !== null;
  return {
    id: page.id,
    rawUrl: page.rawUrl,
    normalizedUrl: page.normalizedUrl,
    displayUrl: page.displayUrl,
    title: hidden ? null : page.title,
    description: hidden ? null : page.description,
    faviconUrl: hidden ? null : page.faviconUrl,
    site: {
      id: site.id,
      domain: site.domain,
      verificationStatus: site.verificationStatus,
      ownerKind: site.ownerKind,
      ownerId: site.ownerId,
      notice: shownNotice(site),
    },
    commentCount: page.commentCount,
    reviewCount: page.reviewCount,
    relatedCount: page.relatedCount,
    up: page.upCount,
    down: page.downCount,
    score: page.score,
    fetchedDate: page.fetchedAt?.toISOString() ?? null,
    createdDate: page.createdAt.toISOString(),
    hidden,
  };
}

/** The owner's notice, on a verified site whose plan has it (docs/websites.md#notice). */
function shownNotice(site: SiteRow): SiteNotice | null {
  if (site.verificationStatus !== "VERIFIED" || !planAllows(site.plan, "siteNotice")) return null;
  return savedNotice(site);
}
