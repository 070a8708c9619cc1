import { and, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sites } from "../../db/schema/discussion.ts";
import { organizationMembers } from "../../db/schema/organizations.ts";
import type { SiteRow } from "./pages.repository.ts";

/**
 * The claim a contribution carries when its author speaks for the page's verified site: an
 * official response, listed first (`claimUuid,desc`), badged with the site's domain. The
 * websites area keeps `sites.claim_id` pointing at the one verified claim (docs/websites.md).
 * A person's site is spoken for by that person; an organisation's by each of its members
 * (docs/organizations.md#websites).
 */
export async function claimUuidFor(db: Db, site: SiteRow, authorId: string): Promise<string | null> {
  if (site.verificationStatus !== "VERIFIED" || !site.ownerId) return null;
  if (site.ownerKind === "USER") return site.ownerId === authorId ? site.claimId : null;
  const [member] = await db
    .select({ role: organizationMembers.role })
    .from(organizationMembers)
    .where(
      and(eq(organizationMembers.organizationId, site.ownerId), eq(organizationMembers.userId, authorId)),
    );
  return member ? site.claimId : null;
}

/** The same rule inside a statement that reads `sites` (a write that is one statement). */
export function claimUuidSql(authorId: string | Placeholder): SQL<string | null> {
  return sql`case when ${sites.verificationStatus} = 'VERIFIED' and (
      (${sites.ownerKind} = 'USER' and ${sites.ownerId} = ${authorId}::uuid)
      or (${sites.ownerKind} = 'ORGANIZATION' and exists (select 1 from ${organizationMembers}
        where ${organizationMembers.organizationId} = ${sites.ownerId} and ${organizationMembers.userId} = ${authorId}::uuid))
    ) then ${sites.claimId} end`;
}
