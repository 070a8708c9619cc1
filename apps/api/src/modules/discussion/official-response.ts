import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { sites } from "../../db/schema/discussion.ts";
import type { SiteRow } from "./pages.repository.ts";

/**
 * The claim a contribution carries when its author speaks for the page's verified site: an
 * official response, listed first (`claimUuid,desc`), badged with the site's domain. The
 * websites area keeps `sites.claim_id` pointing at the one verified claim (docs/websites.md).
 * Organisation-owned sites will count their members once organisations exist (a later issue).
 */
export function claimUuidFor(site: SiteRow, authorId: string): string | null {
  if (site.verificationStatus !== "VERIFIED") return null;
  return site.ownerKind === "USER" && site.ownerId === authorId ? site.claimId : null;
}

/** The same rule inside a statement that reads `sites` (a write that is one statement). */
export function claimUuidSql(authorId: string | Placeholder): SQL<string | null> {
  return sql`case when ${sites.verificationStatus} = 'VERIFIED' and ${sites.ownerKind} = 'USER'
    and ${sites.ownerId} = ${authorId}::uuid then ${sites.claimId} end`;
}
