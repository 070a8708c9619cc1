import type { AdBidChange, AdBidding, UpdateAdBidding } from "@flipside/contracts/ads";
import { AD_AUTOPILOT_REASONS, AD_CAMPAIGN_MESSAGES } from "@flipside/contracts/ads-constants";
import type { FieldError } from "@flipside/contracts/problem";
import { and, desc, eq, isNull, max, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adBidChanges, adCampaigns } from "../../db/schema/ads.ts";
import { conflict, notFound, validationFailed } from "../../lib/errors.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { requireAdAccount } from "./access.ts";
import { campaignProblems } from "./campaigns.ts";

/**
 * A campaign's bidding and its autopilot, read and set (ADS.md §1.9, §2.3; decision 043). Changes
 * are listed in the order they were made (their ids are time-ordered UUIDv7s).
 */

type CampaignRow = typeof adCampaigns.$inferSelect;
const NOT_FOUND = AD_CAMPAIGN_MESSAGES.notFound;
export const ONLY_LATEST = "Only the latest change can be undone.";

export function createBiddingService(deps: {
  db: Db;
  currency: string;
  learningEvents: number;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function campaignOf(viewer: Viewer, id: string, mode: "read" | "write", tx: Db = db) {
    const query = tx.select().from(adCampaigns).where(eq(adCampaigns.id, id));
    const [row] = mode === "write" ? await query.for("update") : await query;
    if (!row) throw notFound(NOT_FOUND);
    await requireAdAccount(tx, viewer, row.adAccountId, mode, { notFound: NOT_FOUND });
    return row;
  }

  async function present(row: CampaignRow, tx: Db = db): Promise<AdBidding> {
    const [last] = await tx
      .select({ at: max(adBidChanges.at) })
      .from(adBidChanges)
      .where(eq(adBidChanges.campaignId, row.id));
    return {
      campaignId: row.id,
      strategy: row.bidStrategy,
      bidMicros: row.bidMicros,
      targetMicros: row.targetMicros,
      bidCeilingMicros: row.bidCeilingMicros,
      bidFloorMicros: row.bidFloorMicros,
      status: row.bidStrategy === "MANUAL" ? "OFF" : row.autopilotStatus,
      learningEventsLeft: row.bidStrategy === "MANUAL" ? 0 : row.learningEventsLeft,
      lastChangeAt: last?.at ? new Date(last.at).toISOString() : null,
      version: row.version,
    };
  }

  /** The campaign rules on the new bidding (one set of messages), keyed by this body's fields. */
  function problems(row: CampaignRow, body: UpdateAdBidding): FieldError[] {
    const bidding = {
      strategy: body.strategy,
      bidMicros: row.bidMicros,
      targetMicros: body.targetMicros ?? null,
      bidCeilingMicros: body.bidCeilingMicros ?? null,
      bidFloorMicros: body.bidFloorMicros ?? null,
    };
    const input = {
      name: row.name,
      pricingModel: row.pricingModel,
      bidding,
      budget: { totalMicros: row.totalBudgetMicros, dailyMicros: row.dailyBudgetMicros, pacing: row.pacing },
      schedule: {
        startAt: row.startAt.toISOString(),
        endAt: row.endAt?.toISOString() ?? null,
        weekly: row.weeklySchedule,
      },
      frequencyCap: null,
      creativeIds: [],
      filterIds: [],
      geoFences: { include: [], exclude: [] },
      audiences: { include: [], exclude: [] },
    };
    return campaignProblems(input, deps.currency, now(), row).flatMap((e) => {
      if (e.field === "bidding.bidMicros") return [];
      if (e.field.startsWith("bidding.")) return [{ ...e, field: e.field.slice("bidding.".length) }];
      if (e.message === AD_CAMPAIGN_MESSAGES.maximizeNeedsDaily) return [{ ...e, field: "strategy" }];
      return [];
    });
  }

  return {
    async get(viewer: Viewer, id: string): Promise<AdBidding> {
      return present(await campaignOf(viewer, id, "read"));
    },

    async update(viewer: Viewer, id: string, body: UpdateAdBidding): Promise<AdBidding> {
      return db.transaction(async (tx) => {
        const row = await campaignOf(viewer, id, "write", tx);
        if (row.status === "ARCHIVED") throw conflict(AD_CAMPAIGN_MESSAGES.archived);
        if (row.version !== body.version) throw conflict(AD_CAMPAIGN_MESSAGES.stale);
        const errors = problems(row, body);
        if (errors.length > 0) throw validationFailed(errors, errors[0]?.message);
        const manual = body.strategy === "MANUAL";
        const targeted = body.strategy === "TARGET_CPC" || body.strategy === "TARGET_CPA";
        const target = targeted ? (body.targetMicros ?? null) : null;
        // A new goal is learnt afresh: its first clicks (or conversions) before the bid moves.
        const relearn = !manual && (row.bidStrategy !== body.strategy || row.targetMicros !== target);
        const at = now();
        const [saved] = await tx
          .update(adCampaigns)
          .set({
            bidStrategy: body.strategy,
            targetMicros: target,
            bidCeilingMicros: manual ? null : (body.bidCeilingMicros ?? null),
            bidFloorMicros: manual ? null : (body.bidFloorMicros ?? null),
            ...(manual
              ? { autopilotStatus: "OFF" as const, learningEventsLeft: 0, autopilotSince: null }
              : relearn
                ? {
                    autopilotStatus: "LEARNING" as const,
                    learningEventsLeft: deps.learningEvents,
                    autopilotSince: row.launchedAt ? at : null,
                    autopilotRanAt: null,
                  }
                : {}),
            updatedAt: at,
            version: sql`${adCampaigns.version} + 1`,
          })
          .where(eq(adCampaigns.id, id))
          .returning();
        if (!saved) throw notFound(NOT_FOUND);
        return present(saved, tx);
      });
    },

    async changes(viewer: Viewer, id: string): Promise<AdBidChange[]> {
      await campaignOf(viewer, id, "read");
      const rows = await db
        .select()
        .from(adBidChanges)
        .where(eq(adBidChanges.campaignId, id))
        .orderBy(desc(adBidChanges.id))
        .limit(200);
      return rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        oldBidMicros: r.oldBidMicros,
        newBidMicros: r.newBidMicros,
        reason: r.reason,
        window: { from: r.windowFrom.toISOString(), to: r.windowTo.toISOString() },
        clicks: r.clicks,
        impressions: r.impressions,
        conversions: r.conversions,
        spendMicros: r.spendMicros,
        undoneAt: r.undoneAt?.toISOString() ?? null,
      }));
    },

    /** The bid back to what it was before the latest change, logged as a change of its own. */
    async undo(viewer: Viewer, id: string, changeId: string): Promise<AdBidding> {
      return db.transaction(async (tx) => {
        const row = await campaignOf(viewer, id, "write", tx);
        if (row.status === "ARCHIVED") throw conflict(AD_CAMPAIGN_MESSAGES.archived);
        const [latest] = await tx
          .select()
          .from(adBidChanges)
          .where(and(eq(adBidChanges.campaignId, id), isNull(adBidChanges.undoes)))
          .orderBy(desc(adBidChanges.id))
          .limit(1);
        const [change] = await tx
          .select()
          .from(adBidChanges)
          .where(and(eq(adBidChanges.id, changeId), eq(adBidChanges.campaignId, id)));
        if (!change) throw notFound("There is no such change.");
        if (change.undoneAt || change.undoes || latest?.id !== change.id) throw conflict(ONLY_LATEST);
        const at = now();
        await tx.update(adBidChanges).set({ undoneAt: at }).where(eq(adBidChanges.id, change.id));
        await tx.insert(adBidChanges).values({
          campaignId: id,
          at,
          oldBidMicros: row.bidMicros,
          newBidMicros: change.oldBidMicros,
          reason: AD_AUTOPILOT_REASONS.undone(
            `${change.at.toISOString().slice(0, 16).replace("T", " ")} UTC`,
          ),
          windowFrom: change.windowFrom,
          windowTo: change.windowTo,
          clicks: change.clicks,
          impressions: change.impressions,
          conversions: change.conversions,
          spendMicros: change.spendMicros,
          undoes: change.id,
        });
        const [saved] = await tx
          .update(adCampaigns)
          .set({ bidMicros: change.oldBidMicros, updatedAt: at, version: sql`${adCampaigns.version} + 1` })
          .where(eq(adCampaigns.id, id))
          .returning();
        if (!saved) throw notFound(NOT_FOUND);
        return present(saved, tx);
      });
    },
  };
}
