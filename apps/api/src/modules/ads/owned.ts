import { AD_TARGETING_LIMITS, AD_TARGETING_MESSAGES } from "@flipside/contracts/ads-constants";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  type adAudiences,
  adCampaigns,
  adCampaignTargets,
  type adFilterLists,
  type adGeoFences,
} from "../../db/schema/ads.ts";
import { conflict, notFound, validationFailed } from "../../lib/errors.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { type AdAccess, requireAdAccount } from "./access.ts";

/**
 * An object of an advertiser account (a creative, a filter list…) as the viewer may use it: not
 * found and not theirs answer the same 404, in that object's words.
 */
export async function requireOwned<T extends { adAccountId: string }>(
  db: Db,
  viewer: Viewer,
  row: T | undefined,
  mode: "read" | "write",
  message: string,
): Promise<{ row: T; access: AdAccess }> {
  if (!row) throw notFound(message);
  const access = await requireAdAccount(db, viewer, row.adAccountId, mode, { notFound: message });
  return { row, access };
}

/** How many campaigns that are not archived use each target (a filter list, a fence, an audience). */
export async function usedBy(db: Db, targetIds: readonly string[]): Promise<Map<string, number>> {
  if (targetIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: adCampaignTargets.targetId,
      n: sql<number>`count(distinct ${adCampaignTargets.campaignId})::int`,
    })
    .from(adCampaignTargets)
    .innerJoin(adCampaigns, eq(adCampaigns.id, adCampaignTargets.campaignId))
    .where(and(inArray(adCampaignTargets.targetId, [...targetIds]), ne(adCampaigns.status, "ARCHIVED")))
    .groupBy(adCampaignTargets.targetId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/**
 * Deletes a target (a filter list, a fence, an audience) no campaign still uses, or 409 naming
 * how many do. Its row is locked first, and a campaign's save locks the targets it links (FOR
 * SHARE), so a campaign cannot start using it between the count and the delete. Archived
 * campaigns keep their reports, not their targeting: their links go with it.
 */
export async function deleteUnused(db: Db, table: TargetTable, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${table} where id = ${id} for update`);
    const used = (await usedBy(tx, [id])).get(id) ?? 0;
    if (used > 0) throw conflict(AD_TARGETING_MESSAGES.inUse(used));
    await tx.delete(adCampaignTargets).where(eq(adCampaignTargets.targetId, id));
    await tx.execute(sql`delete from ${table} where id = ${id}`);
  });
}

export type TargetTable = typeof adFilterLists | typeof adGeoFences | typeof adAudiences;

/** At most AD_TARGETING_LIMITS.perAccount filter lists, fences or audiences per account (422). */
export async function belowTargetLimit(db: Db, table: TargetTable, adAccountId: string): Promise<void> {
  const n = await db.$count(table, eq(table.adAccountId, adAccountId));
  if (n >= AD_TARGETING_LIMITS.perAccount) {
    throw validationFailed([{ field: "adAccountId", message: AD_TARGETING_MESSAGES.tooManyObjects }]);
  }
}
