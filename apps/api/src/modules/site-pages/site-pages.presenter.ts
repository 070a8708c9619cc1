import type { SitePage } from "@flipside/contracts/discussion";
import type { SitePageRow, SiteRow } from "../discussion/index.ts";

export function presentSitePage(page: SitePageRow, site: SiteRow): SitePage {
  return {
    id: page.id,
    rawUrl: page.rawUrl,
    normalizedUrl: page.normalizedUrl,
    displayUrl: page.displayUrl,
    title: page.title,
    description: page.description,
    faviconUrl: page.faviconUrl,
    site: {
      id: site.id,
      domain: site.domain,
      verificationStatus: site.verificationStatus,
      ownerKind: site.ownerKind,
      ownerId: site.ownerId,
    },
    commentCount: page.commentCount,
    reviewCount: page.reviewCount,
    relatedCount: page.relatedCount,
    up: page.upCount,
    down: page.downCount,
    score: page.score,
    fetchedDate: page.fetchedAt?.toISOString() ?? null,
    createdDate: page.createdAt.toISOString(),
  };
}
