import { AD_SERVING } from "@flipside/contracts/ad-slot";
import type {
  AdCampaign,
  AdCampaignInput,
  AdForecast,
  AdForecastInput,
  AdForecastRequest,
  AdGeoShape,
  AdPlan,
  CreateAdCampaign,
  CreateAdPlan,
} from "@flipside/contracts/ads";
import {
  AD_CAMPAIGN_MESSAGES,
  AD_PLANNING_LIMITS,
  AD_PLANNING_TEXTS,
} from "@flipside/contracts/ads-constants";
import type { FieldError } from "@flipside/contracts/problem";
import { and, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  adAudienceMembers,
  adAudiences,
  adClicks,
  adFilterLists,
  adGeoFences,
  adImpressions,
  adPlans,
  adRequestSamples,
} from "../../db/schema/ads.ts";
import { sitePages } from "../../db/schema/discussion.ts";
import { conflict, notFound, validationFailed } from "../../lib/errors.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { type AdAccountRow, requireAdAccount } from "./access.ts";
import { audienceSizes } from "./audiences.ts";
import { pctrOf, type ServingSnapshot, servableAudience } from "./decide.ts";
import { type KnownPageFacts, knownPageFacts } from "./filters.ts";
import { forecast, type History, type PlannedTargeting, type ReplaySample } from "./forecast.ts";

/** Media planning (ADS.md §1.7, §2.3 Planning; decision 042): forecasts and saved plans. */

const DAY_MS = 86_400_000;
const NO_TARGETING: PlannedTargeting = {
  filters: [],
  geo: { include: [], exclude: [] },
  audiences: { include: [], exclude: [], includesAny: false },
  audienceTooSmall: false,
};

export interface PlanningDeps {
  db: Db;
  /** The campaigns running now, as serving has them. */
  running: () => Promise<ServingSnapshot>;
  geoConfigured: boolean;
  createCampaign: (viewer: Viewer, body: CreateAdCampaign & AdCampaignInput) => Promise<AdCampaign>;
  now?: () => Date;
}

/** The sampled page views of the last 28 days, with what targeting needs to know of each. */
async function loadHistory(db: Db, now: Date, audienceIds: readonly string[]): Promise<History> {
  const from = new Date(now.getTime() - AD_PLANNING_LIMITS.historyDays * DAY_MS - DAY_MS);
  const [rows, [oldest]] = await Promise.all([
    db.select().from(adRequestSamples).where(gt(adRequestSamples.at, from)),
    db.select({ at: sql<string>`min(${adRequestSamples.at})` }).from(adRequestSamples),
  ]);
  const pageIds = [...new Set(rows.map((r) => r.sitePageId).filter((id) => id !== null))];
  const userIds = [...new Set(rows.map((r) => r.userId).filter((id) => id !== null))];
  const [pageById, memberships] = await Promise.all([
    pageIds.length ? knownPageFacts(db, inArray(sitePages.id, pageIds)) : new Map<string, KnownPageFacts>(),
    userIds.length && audienceIds.length
      ? db
          .select({ userId: adAudienceMembers.userId, audienceId: adAudienceMembers.audienceId })
          .from(adAudienceMembers)
          .innerJoin(adAudiences, eq(adAudiences.id, adAudienceMembers.audienceId))
          .where(
            and(
              inArray(adAudienceMembers.userId, userIds),
              inArray(adAudienceMembers.audienceId, [...audienceIds]),
              sql`${adAudienceMembers.lastSeenAt} > now() - make_interval(days => ${adAudiences.membershipDays})`,
            ),
          )
      : [],
  ]);
  const audiencesOf = new Map<string, Set<string>>();
  for (const m of memberships) {
    const set = audiencesOf.get(m.userId) ?? new Set<string>();
    set.add(m.audienceId);
    audiencesOf.set(m.userId, set);
  }
  const none: ReadonlySet<string> = new Set();
  const samples: ReplaySample[] = rows.map((r) => {
    const page = r.sitePageId ? pageById.get(r.sitePageId) : undefined;
    return {
      at: r.at.getTime(),
      weight: r.weight,
      page: {
        normalizedUrl: r.normalizedUrl,
        host: r.host,
        title: page?.title ?? null,
        description: page?.description ?? null,
        topics: page?.topics ?? [],
      },
      viewerKey: r.viewerKey,
      audiences: r.userId ? (audiencesOf.get(r.userId) ?? none) : none,
      place:
        r.country === null && r.lat === null
          ? null
          : { country: r.country, point: r.lat !== null && r.lng !== null ? [r.lat, r.lng] : null },
    };
  });
  return { samples, since: oldest?.at ? new Date(oldest.at).getTime() : null };
}

export function createPlanning(deps: PlanningDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** The planned targeting, every id the account's own (422 on its field otherwise). */
  async function targetingOf(
    accountId: string,
    input: AdForecastInput,
    /** A saved plan's: a list, fence or audience deleted since is left out, not refused. */
    saved = false,
  ): Promise<PlannedTargeting> {
    const fenceIds = [...input.geoFences.include, ...input.geoFences.exclude];
    const audienceIds = [...input.audiences.include, ...input.audiences.exclude];
    const [filters, fences, audiences, sizes] = await Promise.all([
      input.filterIds.length
        ? db
            .select({ id: adFilterLists.id, mode: adFilterLists.mode, rules: adFilterLists.rules })
            .from(adFilterLists)
            .where(and(inArray(adFilterLists.id, input.filterIds), eq(adFilterLists.adAccountId, accountId)))
        : [],
      fenceIds.length
        ? db
            .select({ id: adGeoFences.id, shapes: adGeoFences.shapes })
            .from(adGeoFences)
            .where(and(inArray(adGeoFences.id, fenceIds), eq(adGeoFences.adAccountId, accountId)))
        : [],
      audienceIds.length
        ? db
            .select({ id: adAudiences.id })
            .from(adAudiences)
            .where(and(inArray(adAudiences.id, audienceIds), eq(adAudiences.adAccountId, accountId)))
        : [],
      audienceSizes(db, input.audiences.include),
    ]);
    const errors: FieldError[] = [];
    const known = (ids: readonly string[], found: { id: string }[], field: string, message: string) => {
      const have = new Set(found.map((f) => f.id));
      ids.forEach((id, i) => {
        if (!have.has(id)) errors.push({ field: `${field}.${i}`, message });
      });
    };
    const M = AD_CAMPAIGN_MESSAGES;
    known(input.filterIds, filters, "filterIds", M.unknownFilter);
    known(input.geoFences.include, fences, "geoFences.include", M.unknownFence);
    known(input.geoFences.exclude, fences, "geoFences.exclude", M.unknownFence);
    known(input.audiences.include, audiences, "audiences.include", M.unknownAudience);
    known(input.audiences.exclude, audiences, "audiences.exclude", M.unknownAudience);
    const start = Date.parse(input.schedule.startAt);
    const end = input.schedule.endAt ? Date.parse(input.schedule.endAt) : null;
    if (end !== null && end <= start) errors.push({ field: "schedule.endAt", message: M.endBeforeStart });
    else if (end !== null && end - start > AD_PLANNING_LIMITS.maxDays * DAY_MS)
      errors.push({ field: "schedule.endAt", message: AD_PLANNING_TEXTS.tooLong });
    if (input.budget.dailyMicros !== null && input.budget.dailyMicros > input.budget.totalMicros)
      errors.push({ field: "budget.dailyMicros", message: M.dailyAboveTotal });
    if (errors.length > 0 && !saved) throw validationFailed(errors, errors[0]?.message);
    const shapesOf = new Map(fences.map((f) => [f.id, f.shapes]));
    const shapes = (ids: readonly string[]) =>
      ids.map((id) => shapesOf.get(id)).filter((s): s is AdGeoShape[] => !!s);
    const byId = new Map(filters.map((f) => [f.id, f]));
    const servable = input.audiences.include.filter((id) => servableAudience(sizes.get(id) ?? 0));
    return {
      filters: input.filterIds.map((id) => byId.get(id)).filter((f) => f !== undefined),
      geo: { include: shapes(input.geoFences.include), exclude: shapes(input.geoFences.exclude) },
      audiences: {
        include: servable,
        exclude: input.audiences.exclude,
        includesAny: input.audiences.include.length > 0,
      },
      audienceTooSmall: servable.length < input.audiences.include.length,
    };
  }

  /** The account's click rate over the serving window, with serving's prior. */
  async function accountPctr(accountId: string, at: Date): Promise<number> {
    const since = new Date(at.getTime() - AD_SERVING.pctrDays * DAY_MS);
    const counted = (table: typeof adImpressions | typeof adClicks) =>
      db
        .select({ n: count() })
        .from(table)
        .where(and(eq(table.adAccountId, accountId), gt(table.at, since)))
        .then(([row]) => row?.n ?? 0);
    const [shown, clicked] = await Promise.all([counted(adImpressions), counted(adClicks)]);
    return pctrOf(shown, clicked);
  }

  /** Forecasts of several inputs of one account, the history read once. */
  async function forecastAll(
    account: AdAccountRow,
    inputs: readonly AdForecastInput[],
    opts: { saved?: boolean; editing?: string | undefined } = {},
  ): Promise<AdForecast[]> {
    if (inputs.length === 0) return [];
    const at = now();
    const targetings = await Promise.all(inputs.map((input) => targetingOf(account.id, input, opts.saved)));
    const snapshot = await deps.running();
    const audienceIds = new Set<string>();
    for (const t of targetings)
      for (const id of [...t.audiences.include, ...t.audiences.exclude]) audienceIds.add(id);
    for (const c of snapshot.campaigns)
      for (const id of [...c.audiences.include, ...c.audiences.exclude]) audienceIds.add(id);
    const [history, pctr] = await Promise.all([
      loadHistory(db, at, [...audienceIds]),
      accountPctr(account.id, at),
    ]);
    return inputs.map((input, i) =>
      forecast({
        history,
        // The campaign being edited is not its own rival.
        rivals: opts.editing ? snapshot.campaigns.filter((c) => c.id !== opts.editing) : snapshot.campaigns,
        adAccountId: account.id,
        timezone: account.timezone,
        input,
        targeting: targetings[i] ?? NO_TARGETING,
        pctr,
        geoConfigured: deps.geoConfigured,
        now: at,
      }),
    );
  }

  async function present(account: AdAccountRow, rows: (typeof adPlans.$inferSelect)[]): Promise<AdPlan[]> {
    const forecasts = await forecastAll(
      account,
      rows.map((r) => r.input),
      { saved: true },
    );
    return rows.flatMap((r, i) => {
      const forecast = forecasts[i];
      return forecast
        ? [
            {
              id: r.id,
              adAccountId: r.adAccountId,
              name: r.name,
              input: r.input,
              forecast,
              createdAt: r.createdAt.toISOString(),
            },
          ]
        : [];
    });
  }

  async function requirePlan(viewer: Viewer, id: string, mode: "read" | "write") {
    const [row] = await db.select().from(adPlans).where(eq(adPlans.id, id));
    if (!row) throw notFound(AD_PLANNING_TEXTS.planNotFound);
    const access = await requireAdAccount(db, viewer, row.adAccountId, mode, {
      notFound: AD_PLANNING_TEXTS.planNotFound,
    });
    return { row, account: access.account };
  }

  return {
    /** Never writes: reads the history and the running campaigns, and computes. */
    async forecast(viewer: Viewer, request: AdForecastRequest & AdForecastInput): Promise<AdForecast> {
      const { adAccountId, campaignId, ...input } = request;
      const { account } = await requireAdAccount(db, viewer, adAccountId, "read");
      const [result] = await forecastAll(account, [input], { editing: campaignId });
      if (!result) throw new Error("a forecast of one input gave none");
      return result;
    },

    async list(viewer: Viewer, adAccountId: string): Promise<AdPlan[]> {
      const { account } = await requireAdAccount(db, viewer, adAccountId, "read");
      const rows = await db
        .select()
        .from(adPlans)
        .where(eq(adPlans.adAccountId, adAccountId))
        .orderBy(desc(adPlans.createdAt));
      return present(account, rows);
    },

    async create(viewer: Viewer, body: CreateAdPlan & { input: AdForecastInput }): Promise<AdPlan> {
      const { account } = await requireAdAccount(db, viewer, body.adAccountId, "write");
      await targetingOf(account.id, body.input);
      const row = await db.transaction(async (tx) => {
        await requireAdAccount(tx, viewer, body.adAccountId, "write", { lock: true });
        const [{ n } = { n: 0 }] = await tx
          .select({ n: count() })
          .from(adPlans)
          .where(eq(adPlans.adAccountId, body.adAccountId));
        if (n >= AD_PLANNING_LIMITS.plansPerAccount) throw conflict(AD_PLANNING_TEXTS.tooManyPlans);
        const [inserted] = await tx
          .insert(adPlans)
          .values({ adAccountId: body.adAccountId, name: body.name, input: body.input })
          .returning();
        return inserted;
      });
      const [plan] = row ? await present(account, [row]) : [];
      if (!plan) throw new Error("the plan just saved is not there");
      return plan;
    },

    async remove(viewer: Viewer, id: string): Promise<void> {
      const { row } = await requirePlan(viewer, id, "write");
      await db.delete(adPlans).where(eq(adPlans.id, row.id));
    },

    /** A DRAFT campaign with the plan's name, pricing, budget, schedule and targeting. */
    async toCampaign(viewer: Viewer, id: string): Promise<AdCampaign> {
      const { row } = await requirePlan(viewer, id, "write");
      const input = row.input;
      const at = now();
      // A plan made for a start now past starts its campaign now, keeping its length.
      const start = Math.max(Date.parse(input.schedule.startAt), at.getTime() + 60_000);
      const shift = start - Date.parse(input.schedule.startAt);
      const end = input.schedule.endAt ? Date.parse(input.schedule.endAt) + shift : null;
      return deps.createCampaign(viewer, {
        adAccountId: row.adAccountId,
        name: row.name,
        pricingModel: input.pricingModel,
        bidding: {
          strategy: "MANUAL",
          bidMicros: input.bidMicros,
          targetMicros: null,
          bidCeilingMicros: null,
          bidFloorMicros: null,
        },
        budget: {
          totalMicros: input.budget.totalMicros,
          dailyMicros: input.budget.dailyMicros,
          pacing: input.budget.dailyMicros !== null || end !== null ? "EVEN" : "ASAP",
        },
        schedule: {
          startAt: new Date(start).toISOString(),
          endAt: end === null ? null : new Date(end).toISOString(),
          weekly: null,
        },
        frequencyCap: input.frequencyCap,
        creativeIds: [],
        filterIds: input.filterIds,
        geoFences: input.geoFences,
        audiences: input.audiences,
      });
    },
  };
}
