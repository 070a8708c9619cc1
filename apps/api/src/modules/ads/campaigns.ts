import type {
  AdCampaign,
  AdCampaignBulk,
  AdCampaignInput,
  CreateAdCampaign,
  UpdateAdCampaign,
} from "@flipside/contracts/ads";
import {
  AD_CAMPAIGN_LIMITS,
  AD_CAMPAIGN_MESSAGES,
  type AdCampaignStatus,
  type AdTargetKind,
  CAMPAIGN_STATUS_LABELS,
  formatMicros,
  microsPerMinor,
} from "@flipside/contracts/ads-constants";
import { and, count, eq, inArray, max, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/faults.ts";
import {
  adAudiences,
  adBidChanges,
  adCampaignCreatives,
  adCampaigns,
  adCampaignTargets,
  adClicks,
  adCreatives,
  adFilterLists,
  adGeoFences,
  adImpressions,
} from "../../db/schema/ads.ts";
import { badRequest, conflict, notFound, validationFailed } from "../../lib/errors.ts";
import { groupBy } from "../../lib/group-by.ts";
import type { ListQuery } from "../../lib/pagination.ts";
import { compileSort, type FilterSpec, type SortSpec } from "../../lib/search-filter.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { findWallet } from "../ledger/index.ts";
import { type AdAccess, type AdAccountRow, requireAdAccount } from "./access.ts";
import { audienceSizes } from "./audiences.ts";
import { deriveDelivery, localTime } from "./delivery.ts";
import { accountFilter } from "./lists.ts";
import { refillHold, releaseHold, walletOwner } from "./spend.ts";

type CampaignRow = typeof adCampaigns.$inferSelect;
type FieldError = { field: string; message: string };
/** A max() over timestamps comes back as a Date (PGlite) or a string (node-postgres). */
const toIso = (at: Date | string | null | undefined) => (at ? new Date(at).toISOString() : null);

export const CAMPAIGNS_FILTER: FilterSpec = {
  fields: {
    adAccountId: { column: adCampaigns.adAccountId, type: "uuid", ops: ["=="] },
    status: { column: adCampaigns.status, type: "enum", values: ["DRAFT", "ACTIVE", "PAUSED", "ARCHIVED"] },
    name: { column: adCampaigns.name, type: "string", ops: ["||"] },
    pricingModel: { column: adCampaigns.pricingModel, type: "enum", values: ["CPM", "CPC"] },
    startAt: { column: adCampaigns.startAt, type: "date", ops: [">=", "<="] },
    endAt: { column: adCampaigns.endAt, type: "date", ops: [">=", "<="] },
  },
};
const CAMPAIGNS_SORT: SortSpec = {
  fields: {
    name: sql`lower(${adCampaigns.name})`,
    createdAt: adCampaigns.createdAt,
    updatedAt: adCampaigns.updatedAt,
    startAt: adCampaigns.startAt,
    status: adCampaigns.status,
    spentMicros: adCampaigns.spentMicros,
    totalMicros: adCampaigns.totalBudgetMicros,
    id: adCampaigns.id,
  },
};

const TARGET_KINDS: { kind: AdTargetKind; pick: (i: AdCampaignInput) => string[] }[] = [
  { kind: "FILTER", pick: (i) => i.filterIds },
  { kind: "GEO_INCLUDE", pick: (i) => i.geoFences.include },
  { kind: "GEO_EXCLUDE", pick: (i) => i.geoFences.exclude },
  { kind: "AUDIENCE_INCLUDE", pick: (i) => i.audiences.include },
  { kind: "AUDIENCE_EXCLUDE", pick: (i) => i.audiences.exclude },
];

/**
 * The rules a campaign's fields must keep that its schema cannot (ADS.md §4.2, §4.7): money in
 * the account's currency, dates against now. All broken ones at once, each on its field (400).
 */
export function campaignProblems(
  input: AdCampaignInput,
  currency: string,
  now: Date,
  before: CampaignRow | null,
): FieldError[] {
  const errors: FieldError[] = [];
  const money = (micros: number) => formatMicros(micros, currency);
  const cent = microsPerMinor(currency);
  const L = AD_CAMPAIGN_LIMITS;
  const M = AD_CAMPAIGN_MESSAGES;
  const { bidding, budget, schedule } = input;
  const wholeCents = (field: string, value: number | null) => {
    if (value !== null && value % cent !== 0) errors.push({ field, message: M.wholeCents });
    return value === null || value % cent === 0;
  };

  const [minBid, maxBid] =
    input.pricingModel === "CPM" ? [L.minCpmMicros, L.maxCpmMicros] : [L.minCpcMicros, L.maxCpcMicros];
  for (const [field, value] of [
    ["bidding.bidMicros", bidding.bidMicros],
    ["bidding.bidCeilingMicros", bidding.bidCeilingMicros],
    ["bidding.bidFloorMicros", bidding.bidFloorMicros],
  ] as const) {
    if (value === null || !wholeCents(field, value)) continue;
    if (value < minBid) errors.push({ field, message: M.minBid(money(minBid)) });
    else if (value > maxBid) errors.push({ field, message: M.maxBid(money(maxBid)) });
  }
  if (bidding.strategy !== "MANUAL") {
    const { bidFloorMicros: floor, bidCeilingMicros: ceiling } = bidding;
    if (floor !== null && ceiling !== null && floor >= ceiling) {
      errors.push({ field: "bidding.bidFloorMicros", message: M.floorAboveCeiling });
    }
  }
  if (bidding.strategy === "TARGET_CPC") {
    const target = bidding.targetMicros;
    if (target === null || target < L.minCpcMicros || target > L.maxCpcMicros) {
      errors.push({
        field: "bidding.targetMicros",
        message: M.targetRange(money(L.minCpcMicros), money(L.maxCpcMicros)),
      });
    } else wholeCents("bidding.targetMicros", target);
  }
  if (bidding.strategy === "TARGET_CPA") {
    const target = bidding.targetMicros;
    if (target === null || target < L.minCpcMicros || target > L.maxCpaMicros) {
      errors.push({
        field: "bidding.targetMicros",
        message: M.targetRange(money(L.minCpcMicros), money(L.maxCpaMicros)),
      });
    } else wholeCents("bidding.targetMicros", target);
  }
  if (bidding.strategy === "MAXIMIZE_CLICKS" && budget.dailyMicros === null) {
    errors.push({ field: "budget.dailyMicros", message: M.maximizeNeedsDaily });
  }

  if (wholeCents("budget.totalMicros", budget.totalMicros)) {
    if (budget.totalMicros < L.minBudgetMicros) {
      errors.push({ field: "budget.totalMicros", message: M.minTotal(money(L.minBudgetMicros)) });
    } else if (budget.totalMicros > L.maxBudgetMicros) {
      errors.push({ field: "budget.totalMicros", message: M.maxTotal(money(L.maxBudgetMicros)) });
    } else if (before && budget.totalMicros < before.spentMicros) {
      errors.push({ field: "budget.totalMicros", message: M.totalBelowSpent(money(before.spentMicros)) });
    }
  }
  if (budget.dailyMicros !== null && wholeCents("budget.dailyMicros", budget.dailyMicros)) {
    if (budget.dailyMicros < L.minBudgetMicros) {
      errors.push({ field: "budget.dailyMicros", message: M.minDaily(money(L.minBudgetMicros)) });
    } else if (budget.dailyMicros > budget.totalMicros) {
      errors.push({ field: "budget.dailyMicros", message: M.dailyAboveTotal });
    }
  }
  if (budget.pacing === "EVEN" && budget.dailyMicros === null && schedule.endAt === null) {
    errors.push({ field: "budget.pacing", message: M.evenNeedsLimit });
  }

  const start = new Date(schedule.startAt);
  const startChanged = !before || before.startAt.getTime() !== start.getTime();
  if (startChanged && start.getTime() < now.getTime() - L.startGraceMs) {
    errors.push({ field: "schedule.startAt", message: M.startInPast });
  }
  if (schedule.endAt !== null) {
    const end = new Date(schedule.endAt);
    if (end <= start) errors.push({ field: "schedule.endAt", message: M.endBeforeStart });
    else if (end.getTime() < start.getTime() + L.minDurationMs)
      errors.push({ field: "schedule.endAt", message: M.endTooSoon });
    else if (end.getTime() > start.getTime() + L.maxDurationMs)
      errors.push({ field: "schedule.endAt", message: M.endTooFar });
  }
  if (schedule.weekly !== null && schedule.weekly.length === 0) {
    errors.push({ field: "schedule.weekly", message: M.noTimeSlot });
  }
  return errors;
}

/** The balance of the wallet that pays an account, in minor units (0 when it never had one). */
async function walletBalance(db: Db, account: AdAccountRow): Promise<number> {
  const owner = walletOwner(account);
  if (!owner) return 0;
  return (await findWallet(db, owner, account.currency))?.balance ?? 0;
}

/** Each campaign's counted events and how many were charged. */
async function eventCounts(db: Db, table: typeof adImpressions | typeof adClicks, ids: string[]) {
  const rows = await db
    .select({
      id: table.campaignId,
      all: count(),
      billed: sql<number>`count(*) filter (where ${table.billed})::int`,
    })
    .from(table)
    .where(inArray(table.campaignId, ids))
    .groupBy(table.campaignId);
  return new Map(rows.map((r) => [r.id, r]));
}

export interface CampaignsDeps {
  db: Db;
  currency: string;
  geoConfigured: boolean;
  now?: () => Date;
}

export function createCampaignsService(deps: CampaignsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function loadRow(id: string) {
    return (await db.select().from(adCampaigns).where(eq(adCampaigns.id, id)))[0];
  }

  async function requireCampaign(viewer: Viewer, id: string, mode: "read" | "write") {
    const row = await loadRow(id);
    if (!row) throw notFound(AD_CAMPAIGN_MESSAGES.notFound);
    const access = await requireAdAccount(db, viewer, row.adAccountId, mode, {
      notFound: AD_CAMPAIGN_MESSAGES.notFound,
    });
    return { row, access };
  }

  /** The ids the input names that are not the account's own (422, each on its field). */
  async function unknownReferences(tx: Db, accountId: string, input: AdCampaignInput): Promise<FieldError[]> {
    const errors: FieldError[] = [];
    const check = async (
      ids: readonly string[],
      field: string,
      message: string,
      owned: (ids: string[]) => Promise<{ id: string }[]>,
    ) => {
      if (ids.length === 0) return;
      const found = new Set((await owned([...new Set(ids)])).map((r) => r.id));
      ids.forEach((id, i) => {
        if (!found.has(id)) errors.push({ field: `${field}.${i}`, message });
      });
    };
    const M = AD_CAMPAIGN_MESSAGES;
    // FOR SHARE: a target cannot be deleted while this save links it (the delete locks it FOR UPDATE).
    await check(input.creativeIds, "creativeIds", M.unknownCreative, (ids) =>
      tx
        .select({ id: adCreatives.id })
        .from(adCreatives)
        .where(and(inArray(adCreatives.id, ids), eq(adCreatives.adAccountId, accountId)))
        .for("share"),
    );
    await check(input.filterIds, "filterIds", M.unknownFilter, (ids) =>
      tx
        .select({ id: adFilterLists.id })
        .from(adFilterLists)
        .where(and(inArray(adFilterLists.id, ids), eq(adFilterLists.adAccountId, accountId)))
        .for("share"),
    );
    for (const side of ["include", "exclude"] as const) {
      await check(input.geoFences[side], `geoFences.${side}`, M.unknownFence, (ids) =>
        tx
          .select({ id: adGeoFences.id })
          .from(adGeoFences)
          .where(and(inArray(adGeoFences.id, ids), eq(adGeoFences.adAccountId, accountId)))
          .for("share"),
      );
      await check(input.audiences[side], `audiences.${side}`, M.unknownAudience, (ids) =>
        tx
          .select({ id: adAudiences.id })
          .from(adAudiences)
          .where(and(inArray(adAudiences.id, ids), eq(adAudiences.adAccountId, accountId)))
          .for("share"),
      );
    }
    return errors;
  }

  async function writeLinks(tx: Db, campaignId: string, input: AdCampaignInput) {
    await tx.delete(adCampaignCreatives).where(eq(adCampaignCreatives.campaignId, campaignId));
    await tx.delete(adCampaignTargets).where(eq(adCampaignTargets.campaignId, campaignId));
    const creatives = [...new Set(input.creativeIds)];
    if (creatives.length > 0) {
      await tx
        .insert(adCampaignCreatives)
        .values(creatives.map((creativeId) => ({ campaignId, creativeId })));
    }
    const targets = TARGET_KINDS.flatMap(({ kind, pick }) =>
      [...new Set(pick(input))].map((targetId) => ({ campaignId, kind, targetId })),
    );
    if (targets.length > 0) await tx.insert(adCampaignTargets).values(targets);
  }

  function columnsOf(input: AdCampaignInput) {
    const { bidding, budget, schedule } = input;
    const manual = bidding.strategy === "MANUAL";
    return {
      name: input.name,
      pricingModel: input.pricingModel,
      bidStrategy: bidding.strategy,
      bidMicros: bidding.bidMicros,
      targetMicros:
        bidding.strategy === "TARGET_CPC" || bidding.strategy === "TARGET_CPA" ? bidding.targetMicros : null,
      bidCeilingMicros: manual ? null : bidding.bidCeilingMicros,
      bidFloorMicros: manual ? null : bidding.bidFloorMicros,
      totalBudgetMicros: budget.totalMicros,
      dailyBudgetMicros: budget.dailyMicros,
      pacing: budget.pacing,
      startAt: new Date(schedule.startAt),
      endAt: schedule.endAt ? new Date(schedule.endAt) : null,
      weeklySchedule: schedule.weekly,
      freqCapImpressions: input.frequencyCap?.impressions ?? null,
      freqCapPeriod: input.frequencyCap?.period ?? null,
    };
  }

  /** Everything the presented campaigns need, read in a few queries for the whole page. */
  async function present(rows: CampaignRow[], account: AdAccountRow): Promise<AdCampaign[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [creativeLinks, targetLinks, walletMinor, shown, clicked, lastChanges] = await Promise.all([
      db
        .select({
          campaignId: adCampaignCreatives.campaignId,
          id: adCreatives.id,
          review: adCreatives.reviewStatus,
          archivedAt: adCreatives.archivedAt,
        })
        .from(adCampaignCreatives)
        .innerJoin(adCreatives, eq(adCreatives.id, adCampaignCreatives.creativeId))
        .where(inArray(adCampaignCreatives.campaignId, ids)),
      db.select().from(adCampaignTargets).where(inArray(adCampaignTargets.campaignId, ids)),
      walletBalance(db, account),
      eventCounts(db, adImpressions, ids),
      eventCounts(db, adClicks, ids),
      db
        .select({ id: adBidChanges.campaignId, at: max(adBidChanges.at) })
        .from(adBidChanges)
        .where(inArray(adBidChanges.campaignId, ids))
        .groupBy(adBidChanges.campaignId),
    ]);
    const lastChangeOf = new Map(lastChanges.map((c) => [c.id, c.at]));
    const audienceIds = [
      ...new Set(targetLinks.filter((t) => t.kind === "AUDIENCE_INCLUDE").map((t) => t.targetId)),
    ];
    const sizes = await audienceSizes(db, audienceIds);
    const walletMicros = walletMinor * microsPerMinor(account.currency);
    const at = now();
    const today = localTime(at, account.timezone).date;
    const creativesOf = groupBy(creativeLinks, (c) => c.campaignId);
    const targetsOf = groupBy(targetLinks, (t) => t.campaignId);
    return rows.map((row) => {
      const creatives = creativesOf.get(row.id) ?? [];
      const targets = targetsOf.get(row.id) ?? [];
      const of = (kind: AdTargetKind) => targets.filter((t) => t.kind === kind).map((t) => t.targetId);
      const delivery = deriveDelivery({
        now: at,
        accountStatus: account.status,
        timezone: account.timezone,
        status: row.status,
        pricingModel: row.pricingModel,
        bidMicros: row.bidMicros,
        totalBudgetMicros: row.totalBudgetMicros,
        dailyBudgetMicros: row.dailyBudgetMicros,
        spentMicros: row.spentMicros,
        spentDay: row.spentDay,
        spentDayMicros: row.spentDayMicros,
        holdRemainingMicros: row.holdRemainingMicros,
        startAt: row.startAt,
        endAt: row.endAt,
        weekly: row.weeklySchedule,
        creatives: creatives.filter((c) => !c.archivedAt).map((c) => c.review),
        walletMicros,
        includedAudienceSizes: of("AUDIENCE_INCLUDE").map((id) => sizes.get(id) ?? 0),
        usesGeoFences: targets.some((t) => t.kind === "GEO_INCLUDE" || t.kind === "GEO_EXCLUDE"),
        geoConfigured: deps.geoConfigured,
      });
      return {
        id: row.id,
        adAccountId: row.adAccountId,
        name: row.name,
        status: row.status,
        pricingModel: row.pricingModel,
        bidding: {
          strategy: row.bidStrategy,
          bidMicros: row.bidMicros,
          targetMicros: row.targetMicros,
          bidCeilingMicros: row.bidCeilingMicros,
          bidFloorMicros: row.bidFloorMicros,
          autopilotStatus: row.autopilotStatus,
          learningEventsLeft: row.learningEventsLeft,
          lastChangeAt: toIso(lastChangeOf.get(row.id)),
        },
        budget: {
          totalMicros: row.totalBudgetMicros,
          dailyMicros: row.dailyBudgetMicros,
          pacing: row.pacing,
        },
        schedule: {
          startAt: row.startAt.toISOString(),
          endAt: row.endAt?.toISOString() ?? null,
          weekly: row.weeklySchedule,
        },
        frequencyCap:
          row.freqCapImpressions !== null && row.freqCapPeriod !== null
            ? { impressions: row.freqCapImpressions, period: row.freqCapPeriod }
            : null,
        creativeIds: creatives.map((c) => c.id),
        filterIds: of("FILTER"),
        geoFences: { include: of("GEO_INCLUDE"), exclude: of("GEO_EXCLUDE") },
        audiences: { include: of("AUDIENCE_INCLUDE"), exclude: of("AUDIENCE_EXCLUDE") },
        delivery,
        stats: {
          impressions: shown.get(row.id)?.all ?? 0,
          clicks: clicked.get(row.id)?.all ?? 0,
          billedEvents: (row.pricingModel === "CPM" ? shown : clicked).get(row.id)?.billed ?? 0,
          spentMicros: row.spentMicros,
          spentTodayMicros: row.spentDay === today ? row.spentDayMicros : 0,
        },
        launchedAt: row.launchedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        version: row.version,
      };
    });
  }

  const presentOne = async (row: CampaignRow, account: AdAccountRow) => {
    const [campaign] = await present([row], account);
    if (!campaign) throw notFound(AD_CAMPAIGN_MESSAGES.notFound);
    return campaign;
  };

  /** A save's writes: the row and its links in one transaction, the account locked against a suspension. */
  async function save(
    viewer: Viewer,
    accountId: string,
    input: AdCampaignInput,
    write: (tx: Db, access: AdAccess) => Promise<CampaignRow | undefined>,
    before: CampaignRow | null,
  ): Promise<AdCampaign> {
    let account: AdAccountRow | null = null;
    const row = await db.transaction(async (tx) => {
      const access = await requireAdAccount(tx, viewer, accountId, "write", { lock: true });
      account = access.account;
      const problems = campaignProblems(input, access.account.currency, now(), before);
      if (problems.length > 0) throw badRequest(problems[0]?.message ?? "", problems);
      const unknown = await unknownReferences(tx, accountId, input);
      if (unknown.length > 0) throw validationFailed(unknown);
      try {
        const written = await write(tx, access);
        if (!written) throw conflict(AD_CAMPAIGN_MESSAGES.stale);
        await writeLinks(tx, written.id, input);
        return written;
      } catch (error) {
        if (isUniqueViolation(error, "ad_campaigns_name_key")) {
          throw validationFailed([{ field: "name", message: AD_CAMPAIGN_MESSAGES.nameTaken }]);
        }
        throw error;
      }
    });
    if (!account) throw notFound(AD_CAMPAIGN_MESSAGES.notFound);
    return presentOne(row, account);
  }

  async function belowLimit(tx: Db, accountId: string) {
    const [counted] = await tx
      .select({ n: count() })
      .from(adCampaigns)
      .where(and(eq(adCampaigns.adAccountId, accountId), ne(adCampaigns.status, "ARCHIVED")));
    if ((counted?.n ?? 0) >= AD_CAMPAIGN_LIMITS.perAccount) {
      throw validationFailed([{ field: "adAccountId", message: AD_CAMPAIGN_MESSAGES.tooMany }]);
    }
  }

  /** Why a campaign cannot run from now on (launch and resume, ADS.md §4.3), or nothing. */
  async function launchProblems(tx: Db, account: AdAccountRow, row: CampaignRow): Promise<FieldError[]> {
    const M = AD_CAMPAIGN_MESSAGES;
    if (account.status === "SUSPENDED") return [{ field: "status", message: M.suspended }];
    const errors: FieldError[] = [];
    const [linked] = await tx
      .select({ n: count() })
      .from(adCampaignCreatives)
      .where(eq(adCampaignCreatives.campaignId, row.id));
    if ((linked?.n ?? 0) === 0) errors.push({ field: "creativeIds", message: M.noCreative });
    if (row.endAt && row.endAt <= now()) errors.push({ field: "schedule.endAt", message: M.ended });
    if ((await walletBalance(tx, account)) <= 0 && row.holdRemainingMicros <= 0)
      errors.push({ field: "status", message: M.noFunds });
    return errors;
  }

  const TRANSITIONS: Record<AdCampaignStatus, readonly AdCampaignStatus[]> = {
    DRAFT: ["ACTIVE"],
    ACTIVE: ["PAUSED", "ARCHIVED"],
    PAUSED: ["ACTIVE", "ARCHIVED"],
    ARCHIVED: [],
  };

  /** Moves one locked campaign; the caller holds the account's lock. */
  async function move(
    tx: Db,
    account: AdAccountRow,
    row: CampaignRow,
    to: AdCampaignStatus,
  ): Promise<CampaignRow> {
    if (row.status === to) return row;
    if (!TRANSITIONS[row.status].includes(to)) {
      throw conflict(
        AD_CAMPAIGN_MESSAGES.transition(CAMPAIGN_STATUS_LABELS[row.status], CAMPAIGN_STATUS_LABELS[to]),
      );
    }
    if (to === "ACTIVE") {
      const problems = await launchProblems(tx, account, row);
      if (problems.length > 0) throw validationFailed(problems, problems[0]?.message);
    }
    const at = now();
    const firstLaunch = to === "ACTIVE" && row.launchedAt === null;
    const [moved] = await tx
      .update(adCampaigns)
      .set({
        status: to,
        updatedAt: at,
        version: sql`${adCampaigns.version} + 1`,
        ...(firstLaunch
          ? {
              launchedAt: at,
              autopilotStatus: row.bidStrategy === "MANUAL" ? "OFF" : "LEARNING",
              learningEventsLeft: row.bidStrategy === "MANUAL" ? 0 : AD_CAMPAIGN_LIMITS.learningEvents,
              autopilotSince: row.bidStrategy === "MANUAL" ? null : at,
            }
          : {}),
      })
      .where(eq(adCampaigns.id, row.id))
      .returning();
    if (!moved) throw notFound(AD_CAMPAIGN_MESSAGES.notFound);
    // Money follows the status at once (ADS.md §4.5): a running campaign reserves what it may
    // spend today; a paused one gives back what it has not spent, an archived one everything.
    if (to === "ACTIVE") return refillHold(tx, moved, account, at);
    return releaseHold(tx, moved, account, to === "ARCHIVED");
  }

  return {
    async list(viewer: Viewer, query: ListQuery) {
      const { access, where } = await accountFilter(db, viewer, query.searchAnd, CAMPAIGNS_FILTER);
      const orderBy = compileSort(query.sort, CAMPAIGNS_SORT, ["updatedAt,desc", "id,desc"]);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(adCampaigns)
          .where(where)
          .orderBy(...orderBy)
          .limit(query.size)
          .offset(query.page * query.size),
        db.select({ total: count() }).from(adCampaigns).where(where),
      ]);
      return { items: await present(rows, access.account), total: counted?.total ?? 0 };
    },

    async get(viewer: Viewer, id: string): Promise<AdCampaign> {
      const { row, access } = await requireCampaign(viewer, id, "read");
      return presentOne(row, access.account);
    },

    async create(viewer: Viewer, body: CreateAdCampaign & AdCampaignInput): Promise<AdCampaign> {
      const { adAccountId, ...input } = body;
      return save(
        viewer,
        adAccountId,
        input,
        async (tx) => {
          await belowLimit(tx, adAccountId);
          const [row] = await tx
            .insert(adCampaigns)
            .values({ adAccountId, ...columnsOf(input) })
            .returning();
          return row;
        },
        null,
      );
    },

    async update(viewer: Viewer, id: string, body: UpdateAdCampaign & AdCampaignInput): Promise<AdCampaign> {
      const { version, ...input } = body;
      const { row: before } = await requireCampaign(viewer, id, "write");
      if (before.status === "ARCHIVED") throw conflict(AD_CAMPAIGN_MESSAGES.archived);
      return save(
        viewer,
        before.adAccountId,
        input,
        async (tx) => {
          const [row] = await tx
            .update(adCampaigns)
            .set({ ...columnsOf(input), updatedAt: now(), version: sql`${adCampaigns.version} + 1` })
            .where(
              and(
                eq(adCampaigns.id, id),
                eq(adCampaigns.version, version),
                ne(adCampaigns.status, "ARCHIVED"),
              ),
            )
            .returning();
          return row;
        },
        before,
      );
    },

    async setStatus(viewer: Viewer, id: string, to: "ACTIVE" | "PAUSED" | "ARCHIVED"): Promise<AdCampaign> {
      const { row: found } = await requireCampaign(viewer, id, "read");
      const { row, account } = await db.transaction(async (tx) => {
        const access = await requireAdAccount(tx, viewer, found.adAccountId, "write", { lock: true });
        const [locked] = await tx.select().from(adCampaigns).where(eq(adCampaigns.id, id)).for("update");
        if (!locked) throw notFound(AD_CAMPAIGN_MESSAGES.notFound);
        return { row: await move(tx, access.account, locked, to), account: access.account };
      });
      return presentOne(row, account);
    },

    /** All or nothing (ADS.md §2.3): every campaign moves, or none and 422 names each that cannot. */
    async bulk(viewer: Viewer, input: AdCampaignBulk): Promise<{ updated: string[] }> {
      const to = ({ PAUSE: "PAUSED", RESUME: "ACTIVE", ARCHIVE: "ARCHIVED" } as const)[input.action];
      const verb = ({ PAUSE: "paused", RESUME: "resumed", ARCHIVE: "archived" } as const)[input.action];
      return db.transaction(async (tx) => {
        const access = await requireAdAccount(tx, viewer, input.adAccountId, "write", { lock: true });
        const ids = [...new Set(input.ids)];
        const rows = await tx
          .select()
          .from(adCampaigns)
          .where(and(inArray(adCampaigns.id, ids), eq(adCampaigns.adAccountId, input.adAccountId)))
          .orderBy(adCampaigns.id)
          .for("update");
        const byId = new Map(rows.map((r) => [r.id, r]));
        const errors: FieldError[] = [];
        const moves: CampaignRow[] = [];
        input.ids.forEach((id, i) => {
          const row = byId.get(id);
          if (!row) errors.push({ field: `ids.${i}`, message: AD_CAMPAIGN_MESSAGES.unknownInBulk });
          else if (row.status !== to && !TRANSITIONS[row.status].includes(to)) {
            errors.push({
              field: `ids.${i}`,
              message: AD_CAMPAIGN_MESSAGES.cannotMove(CAMPAIGN_STATUS_LABELS[row.status], verb),
            });
          } else if (!moves.includes(row)) moves.push(row);
        });
        if (errors.length > 0) throw validationFailed(errors, errors[0]?.message);
        for (const row of moves) {
          if (to === "ACTIVE" && row.status !== "ACTIVE") {
            const problems = await launchProblems(tx, access.account, row);
            if (problems.length > 0) {
              const index = input.ids.indexOf(row.id);
              throw validationFailed(
                problems.map((p) => ({ field: `ids.${index}`, message: p.message })),
                problems[0]?.message,
              );
            }
          }
          await move(tx, access.account, row, to);
        }
        return { updated: moves.map((r) => r.id) };
      });
    },

    /** A draft copy named "{name} (copy)" (then "(copy 2)"…), starting now at the earliest. */
    async duplicate(viewer: Viewer, id: string): Promise<AdCampaign> {
      const { row: original } = await requireCampaign(viewer, id, "write");
      const [links, targets] = await Promise.all([
        db.select().from(adCampaignCreatives).where(eq(adCampaignCreatives.campaignId, id)),
        db.select().from(adCampaignTargets).where(eq(adCampaignTargets.campaignId, id)),
      ]);
      const taken = new Set(
        (
          await db
            .select({ name: sql<string>`lower(${adCampaigns.name})` })
            .from(adCampaigns)
            .where(and(eq(adCampaigns.adAccountId, original.adAccountId), ne(adCampaigns.status, "ARCHIVED")))
        ).map((r) => r.name),
      );
      const base = `${original.name.slice(0, 90)} (copy`;
      let name = `${base})`;
      for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} ${n})`;
      const at = now();
      const startAt = original.startAt > at ? original.startAt : at;
      const { row, account } = await db.transaction(async (tx) => {
        const { account } = await requireAdAccount(tx, viewer, original.adAccountId, "write", { lock: true });
        await belowLimit(tx, original.adAccountId);
        const [copy] = await tx
          .insert(adCampaigns)
          .values({
            adAccountId: original.adAccountId,
            name,
            pricingModel: original.pricingModel,
            bidStrategy: original.bidStrategy,
            bidMicros: original.bidMicros,
            targetMicros: original.targetMicros,
            bidCeilingMicros: original.bidCeilingMicros,
            bidFloorMicros: original.bidFloorMicros,
            totalBudgetMicros: original.totalBudgetMicros,
            dailyBudgetMicros: original.dailyBudgetMicros,
            pacing: original.pacing,
            startAt,
            endAt: original.endAt && original.endAt > startAt ? original.endAt : null,
            weeklySchedule: original.weeklySchedule,
            freqCapImpressions: original.freqCapImpressions,
            freqCapPeriod: original.freqCapPeriod,
          })
          .returning();
        if (!copy) throw new Error("insert returned nothing");
        if (links.length > 0)
          await tx.insert(adCampaignCreatives).values(links.map((l) => ({ ...l, campaignId: copy.id })));
        if (targets.length > 0)
          await tx.insert(adCampaignTargets).values(targets.map((l) => ({ ...l, campaignId: copy.id })));
        return { row: copy, account };
      });
      return presentOne(row, account);
    },

    async remove(viewer: Viewer, id: string): Promise<void> {
      const { row } = await requireCampaign(viewer, id, "write");
      if (row.status !== "DRAFT") throw conflict(AD_CAMPAIGN_MESSAGES.onlyDrafts);
      const [deleted] = await db
        .delete(adCampaigns)
        .where(and(eq(adCampaigns.id, id), eq(adCampaigns.status, "DRAFT")))
        .returning({ id: adCampaigns.id });
      if (!deleted) throw conflict(AD_CAMPAIGN_MESSAGES.onlyDrafts);
    },
  };
}
