import type { AdCreativeReview, AdminAdCreative } from "@flipside/contracts/ads";
import { AD_CREATIVE_MESSAGES, REJECTION_REASON_LABELS } from "@flipside/contracts/ads-constants";
import { and, count, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adAccounts, adCreativeImages, adCreatives } from "../../db/schema/ads.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import type { ListQuery } from "../../lib/pagination.ts";
import { compileSearchAnd, compileSort } from "../../lib/search-filter.ts";
import type { Storage } from "../../lib/storage.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { recordAudit } from "../admin/index.ts";
import { record } from "../outbox/index.ts";
import { CREATIVES_FILTER, CREATIVES_SORT, presentCreative } from "./creatives.ts";

/**
 * The review of creatives by platform admins (ADS.md §1.12): the queue oldest first, and one
 * decision per submission. The decision is a conditional update on the state the admin saw, so
 * two admins deciding at once, or an advertiser editing meanwhile, give one decision and a 409.
 */
export function createReviewService(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;

  /** Creatives with their image and whose they are. */
  const withAdvertiser = (where: SQL | undefined) =>
    db
      .select({ creative: adCreatives, image: adCreativeImages, account: adAccounts })
      .from(adCreatives)
      .innerJoin(adAccounts, eq(adAccounts.id, adCreatives.adAccountId))
      .leftJoin(adCreativeImages, eq(adCreativeImages.id, adCreatives.imageId))
      .where(where)
      .$dynamic();

  async function load(id: string) {
    const [row] = await withAdvertiser(eq(adCreatives.id, id));
    return row ?? null;
  }

  const present = (row: NonNullable<Awaited<ReturnType<typeof load>>>): AdminAdCreative => ({
    ...presentCreative(row.creative, row.image, storage),
    advertiserName: row.account.name,
    ownerKind: row.account.ownerKind,
  });

  return {
    async list(query: ListQuery): Promise<{ items: AdminAdCreative[]; total: number }> {
      const where = compileSearchAnd(query.searchAnd, CREATIVES_FILTER);
      const orderBy = compileSort(query.sort, CREATIVES_SORT, ["submittedAt,asc", "id,asc"]);
      const [rows, [counted]] = await Promise.all([
        withAdvertiser(where)
          .orderBy(...orderBy)
          .limit(query.size)
          .offset(query.page * query.size),
        db.select({ total: count() }).from(adCreatives).where(where),
      ]);
      return { items: rows.map(present), total: counted?.total ?? 0 };
    },

    async review(admin: Viewer, id: string, input: AdCreativeReview): Promise<AdminAdCreative> {
      await db.transaction(async (tx) => {
        const approve = input.decision === "APPROVE";
        const [decided] = await tx
          .update(adCreatives)
          .set({
            reviewStatus: approve ? "APPROVED" : "REJECTED",
            rejectionReason: approve ? null : (input.reason ?? "OTHER"),
            rejectionNote: approve ? null : input.note?.trim() || null,
            reviewedAt: new Date(),
            reviewedBy: admin.id,
            version: sql`${adCreatives.version} + 1`,
          })
          .where(
            and(
              eq(adCreatives.id, id),
              eq(adCreatives.reviewStatus, "PENDING_REVIEW"),
              input.version === undefined ? undefined : eq(adCreatives.version, input.version),
            ),
          )
          .returning({ id: adCreatives.id, name: adCreatives.name, adAccountId: adCreatives.adAccountId });
        if (!decided) {
          const exists = await tx
            .select({ id: adCreatives.id })
            .from(adCreatives)
            .where(eq(adCreatives.id, id));
          if (exists.length === 0) throw notFound(AD_CREATIVE_MESSAGES.notFound);
          throw conflict(AD_CREATIVE_MESSAGES.alreadyReviewed);
        }
        await recordAudit(tx, {
          actor: { id: admin.id, displayName: admin.displayName },
          action: approve ? "ad_creative.approve" : "ad_creative.reject",
          targetKind: "ad_creative",
          targetId: id,
          targetLabel: decided.name,
          reason: approve ? "" : (input.note ?? ""),
          details: approve ? {} : { reason: input.reason },
        });
        await record(tx, "ads.notice", {
          event: approve ? "CREATIVE_APPROVED" : "CREATIVE_REJECTED",
          adAccountId: decided.adAccountId,
          objectId: id,
          objectName: decided.name,
          detail: approve ? "" : REJECTION_REASON_LABELS[input.reason ?? "OTHER"],
        });
      });
      const row = await load(id);
      if (!row) throw notFound(AD_CREATIVE_MESSAGES.notFound);
      return present(row);
    },
  };
}
