import { createHmac, hkdfSync, randomUUID } from "node:crypto";
import { AD_SERVING } from "@flipside/contracts/ad-slot";
import type { AdGeoShape } from "@flipside/contracts/ads";
import type { AdInvalidReason } from "@flipside/contracts/ads-constants";
import { and, count, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { LRUCache } from "lru-cache";
import type { Db } from "../../db/client.ts";
import {
  adAccounts,
  adAudienceMembers,
  adAudiences,
  adCampaignCreatives,
  adCampaigns,
  adCampaignTargets,
  adClicks,
  adCreativeImages,
  adCreatives,
  adFilterLists,
  adGeoFences,
  adHidden,
  adImpressions,
  adInvalidEvents,
} from "../../db/schema/ads.ts";
import { organizationMembers } from "../../db/schema/organizations.ts";
import { groupBy } from "../../lib/group-by.ts";
import type { Storage } from "../../lib/storage.ts";
import { type AdDecision, createAdTokens } from "./ad-tokens.ts";
import { audienceSizes } from "./audiences.ts";
import { presentImage } from "./creatives.ts";
import {
  type AdPick,
  decide,
  pctrOf,
  type ReaderPlace,
  type ReaderState,
  type ServingCampaign,
  type ServingSnapshot,
  servableAudience,
} from "./decide.ts";
import { localTime } from "./delivery.ts";
import type { PageFacts } from "./matching.ts";
import { type BillResult, billEvent } from "./spend.ts";

/**
 * The ad server (ADS.md §4.4–4.6, decision 038): the running campaigns in memory, read again
 * every ADS_CACHE_TTL_MS (and at once when this instance changes one); what a reader saw, hid
 * and belongs to read per lookup; the decision signed into tokens; beacons and clicks counted
 * once and billed exactly (spend.ts).
 */

export interface Reader {
  /** "u:<user id>", or for anonymous readers "a:<hash of address and browser, rotated daily>". */
  key: string;
  userId: string | null;
  personalisedAds: boolean;
  place: ReaderPlace | null;
}

export interface ServedAd {
  pick: AdPick;
  token: string;
  expiresAt: number;
}

export interface AdServer {
  lookup(page: PageFacts & { sitePageId: string | null }, reader: Reader, size: number): Promise<ServedAd[]>;
  /** A beacon or click with its token, checked; answers what happened (the caller answers alike). */
  count(
    kind: "IMPRESSION" | "CLICK",
    token: string,
    facts: { bot: boolean; prefetch: boolean; rateLimited: (viewerKey: string) => Promise<boolean> },
  ): Promise<{ decision: AdDecision | null; outcome: BillResult["outcome"] | AdInvalidReason }>;
  /** The decision a token carries, or null when it is not ours. */
  verify(token: string): AdDecision | null;
  /** The destination of a signed decision's creative (never anything the request says). */
  destination(decision: AdDecision): Promise<string | null>;
  /** The running campaigns as serving sees them (media planning's rivals). */
  running(): Promise<ServingSnapshot>;
  /** Forget the running campaigns: the next lookup reads them again. */
  invalidate(): void;
  /** The reader of a signed decision is not shown its creative again. */
  hide(decision: AdDecision): Promise<void>;
  /** Forget what this instance remembers of a reader (another instance changed it). */
  forgetReader(key: string): void;
  /** Rotating key of an anonymous reader. */
  anonymousKey(address: string, userAgent: string, now: Date): string;
}

const DAY_MS = 86_400_000;
/**
 * A UUIDv7 (ids of a table written in time order stay cheap to index) from node's pooled random
 * UUIDs: uuid's v7 asks the system for fresh bytes on every id, a tenth of a lookup's time.
 */
export function decisionId(at: number): string {
  const time = at.toString(16).padStart(12, "0");
  return `${time.slice(0, 8)}-${time.slice(8)}-7${randomUUID().slice(15)}`;
}

/** The frequency caps' rolling windows (ADS.md §3.4). */
const SEEN_WINDOW_MS = { DAY: DAY_MS, WEEK: 7 * DAY_MS, MONTH: 30 * DAY_MS } as const;

/** What serving remembers of one reader: the creatives they hid, when they saw each campaign. */
interface ReaderMemory {
  hidden: Set<string>;
  /** Campaign id → the times (ms) of the reader's impressions within the longest window. */
  seen: Map<string, number[]>;
}

export function createAdServer(deps: {
  db: Db;
  storage: Storage;
  /** Signs the decisions, and (derived) keys anonymous readers: every instance shares it. */
  key: Buffer;
  cacheTtlMs: number;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** How long a reader's hides and impressions are remembered here between their page views. */
  readerTtlMs?: number;
  /** Tells the other instances that a reader's hides or impressions changed. */
  onReaderChange?: (key: string) => void;
}): AdServer {
  const { db, storage } = deps;
  const tokens = createAdTokens(deps.key);
  const now = deps.now ?? (() => new Date());
  let cached: { at: number; snapshot: Promise<ServingSnapshot> } | null = null;
  // Anonymous readers' keys change every day (ADS.md §5: capping without a cookie): yesterday's
  // cannot be linked to today's by anyone without this secret.
  const salt = Buffer.from(hkdfSync("sha256", deps.key, "flipside", "anonymous ad readers", 32));
  // A reader's hides and impressions, read once and then kept exact by this instance's own
  // beacons and hides (and dropped when another instance reports one): a lookup on a reader
  // browsing from page to page asks the database nothing (decision 038).
  const readers = new LRUCache<string, ReaderMemory>({
    max: 50_000,
    ttl: Math.max(1, deps.readerTtlMs ?? 10 * 60_000),
  });
  const loading = new Map<string, Promise<ReaderMemory>>();
  const changedWhileLoading = new Set<string>();

  async function load(): Promise<ServingSnapshot> {
    const at = now();
    const rows = await db
      .select({
        campaign: adCampaigns,
        advertiserName: adAccounts.name,
        timezone: adAccounts.timezone,
      })
      .from(adCampaigns)
      .innerJoin(adAccounts, eq(adAccounts.id, adCampaigns.adAccountId))
      .where(
        and(
          eq(adCampaigns.status, "ACTIVE"),
          eq(adAccounts.status, "ACTIVE"),
          or(isNull(adCampaigns.endAt), gt(adCampaigns.endAt, at)),
        ),
      );
    if (rows.length === 0) return { campaigns: [] };
    const ids = rows.map((r) => r.campaign.id);
    const [creatives, targets, [shown, clicked]] = await Promise.all([
      db
        .select({
          campaignId: adCampaignCreatives.campaignId,
          creative: adCreatives,
          image: adCreativeImages,
        })
        .from(adCampaignCreatives)
        .innerJoin(adCreatives, eq(adCreatives.id, adCampaignCreatives.creativeId))
        .leftJoin(adCreativeImages, eq(adCreativeImages.id, adCreatives.imageId))
        .where(
          and(
            inArray(adCampaignCreatives.campaignId, ids),
            eq(adCreatives.reviewStatus, "APPROVED"),
            isNull(adCreatives.archivedAt),
          ),
        ),
      db.select().from(adCampaignTargets).where(inArray(adCampaignTargets.campaignId, ids)),
      Promise.all(
        [adImpressions, adClicks].map((table) =>
          db
            .select({ id: table.campaignId, n: count() })
            .from(table)
            .where(
              and(
                inArray(table.campaignId, ids),
                gt(table.at, new Date(at.getTime() - AD_SERVING.pctrDays * DAY_MS)),
              ),
            )
            .groupBy(table.campaignId),
        ),
      ),
    ]);
    const targetIds = (kind: string) => [
      ...new Set(targets.filter((t) => t.kind === kind).map((t) => t.targetId)),
    ];
    const filterIds = targetIds("FILTER");
    const fenceIds = [...targetIds("GEO_INCLUDE"), ...targetIds("GEO_EXCLUDE")];
    const [filters, fences, sizes] = await Promise.all([
      filterIds.length
        ? db
            .select({ id: adFilterLists.id, mode: adFilterLists.mode, rules: adFilterLists.rules })
            .from(adFilterLists)
            .where(inArray(adFilterLists.id, filterIds))
        : [],
      fenceIds.length
        ? db
            .select({ id: adGeoFences.id, shapes: adGeoFences.shapes })
            .from(adGeoFences)
            .where(inArray(adGeoFences.id, fenceIds))
        : [],
      audienceSizes(db, targetIds("AUDIENCE_INCLUDE")),
    ]);
    const filterById = new Map(filters.map((f) => [f.id, f]));
    const fenceById = new Map(fences.map((f) => [f.id, f.shapes]));
    const impressionsOf = new Map((shown ?? []).map((r) => [r.id, r.n]));
    const clicksOf = new Map((clicked ?? []).map((r) => [r.id, r.n]));
    const creativesOf = groupBy(creatives, (x) => x.campaignId);
    const targetsOf = groupBy(targets, (t) => t.campaignId);
    const campaigns: ServingCampaign[] = [];
    for (const { campaign: c, advertiserName, timezone } of rows) {
      const own = creativesOf.get(c.id);
      if (!own) continue;
      const mine = targetsOf.get(c.id) ?? [];
      const of = (kind: string) => mine.filter((t) => t.kind === kind).map((t) => t.targetId);
      const shapes = (ids: string[]) =>
        ids.map((id) => fenceById.get(id)).filter((s): s is AdGeoShape[] => !!s);
      const included = of("AUDIENCE_INCLUDE");
      campaigns.push({
        id: c.id,
        adAccountId: c.adAccountId,
        advertiserName,
        timezone,
        pricingModel: c.pricingModel,
        bidMicros: c.bidMicros,
        totalBudgetMicros: c.totalBudgetMicros,
        dailyBudgetMicros: c.dailyBudgetMicros,
        pacing: c.pacing,
        startAt: c.startAt.getTime(),
        endAt: c.endAt?.getTime() ?? null,
        launchedAt: c.launchedAt?.getTime() ?? null,
        weekly: c.weeklySchedule,
        frequencyCap:
          c.freqCapImpressions !== null && c.freqCapPeriod !== null
            ? { impressions: c.freqCapImpressions, period: c.freqCapPeriod }
            : null,
        spentMicros: c.spentMicros,
        spentDay: c.spentDay,
        spentDayMicros: c.spentDayMicros,
        holdRemainingMicros: c.holdRemainingMicros,
        creatives: own.map(({ creative, image }) => ({
          id: creative.id,
          headline: creative.headline,
          body: creative.body,
          displayDomain: creative.displayDomain,
          destinationUrl: creative.destinationUrl,
          image: image ? presentImage(image, storage) : null,
        })),
        filters: of("FILTER")
          .map((id) => filterById.get(id))
          .filter((f) => f !== undefined),
        geo: { include: shapes(of("GEO_INCLUDE")), exclude: shapes(of("GEO_EXCLUDE")) },
        audiences: {
          include: included.filter((id) => servableAudience(sizes.get(id) ?? 0)),
          exclude: of("AUDIENCE_EXCLUDE"),
          includesAny: included.length > 0,
        },
        pctr: pctrOf(impressionsOf.get(c.id) ?? 0, clicksOf.get(c.id) ?? 0),
      });
    }
    return { campaigns };
  }

  function snapshot(): Promise<ServingSnapshot> {
    const at = Date.now();
    if (!cached || at - cached.at >= deps.cacheTtlMs) {
      const loading = load();
      cached = { at, snapshot: loading };
      loading.catch((error: unknown) => {
        deps.log.error({ err: error }, "could not read the running ad campaigns");
        if (cached?.snapshot === loading) cached = null;
      });
    }
    return cached.snapshot;
  }

  /** What the reader hid and saw, from the database (a miss of the memory below). */
  async function loadReader(key: string): Promise<ReaderMemory> {
    const [hidden, shown] = await Promise.all([
      db.select({ id: adHidden.creativeId }).from(adHidden).where(eq(adHidden.viewerKey, key)),
      db
        .select({ id: adImpressions.campaignId, at: adImpressions.at })
        .from(adImpressions)
        .where(
          and(
            eq(adImpressions.viewerKey, key),
            gt(adImpressions.at, new Date(now().getTime() - SEEN_WINDOW_MS.MONTH)),
          ),
        ),
    ]);
    const seen = new Map<string, number[]>();
    for (const row of shown) {
      const times = seen.get(row.id);
      if (times) times.push(row.at.getTime());
      else seen.set(row.id, [row.at.getTime()]);
    }
    return { hidden: new Set(hidden.map((h) => h.id)), seen };
  }

  async function memoryOf(key: string): Promise<ReaderMemory> {
    const known = readers.get(key);
    if (known) return known;
    let pending = loading.get(key);
    if (!pending) {
      pending = loadReader(key).finally(() => loading.delete(key));
      loading.set(key, pending);
      changedWhileLoading.delete(key);
      pending.then(
        (memory) => {
          // A hide or impression that landed while this read ran may be missing from it.
          if (changedWhileLoading.delete(key)) return;
          readers.set(key, memory);
        },
        () => {},
      );
    }
    return pending;
  }

  /** The reader's memory here changed (or another instance says it did). */
  function readerChanged(key: string, change?: (memory: ReaderMemory) => void) {
    const memory = readers.get(key);
    if (memory && change) change(memory);
    else readers.delete(key);
    if (loading.has(key)) changedWhileLoading.add(key);
  }

  async function readerState(reader: Reader, snap: ServingSnapshot): Promise<ReaderState> {
    const audiences =
      reader.userId &&
      reader.personalisedAds &&
      snap.campaigns.some((c) => c.audiences.include.length || c.audiences.exclude.length);
    const [memory, member] = await Promise.all([
      memoryOf(reader.key),
      audiences && reader.userId
        ? db
            .select({ id: adAudienceMembers.audienceId })
            .from(adAudienceMembers)
            .innerJoin(adAudiences, eq(adAudiences.id, adAudienceMembers.audienceId))
            .where(
              and(
                eq(adAudienceMembers.userId, reader.userId),
                sql`${adAudienceMembers.lastSeenAt} > now() - make_interval(days => ${adAudiences.membershipDays})`,
              ),
            )
        : [],
    ]);
    const at = now().getTime();
    const seen = new Map<string, { DAY: number; WEEK: number; MONTH: number }>();
    for (const [campaignId, times] of memory.seen) {
      const within = (period: keyof typeof SEEN_WINDOW_MS) =>
        times.filter((t) => t > at - SEEN_WINDOW_MS[period]).length;
      seen.set(campaignId, { DAY: within("DAY"), WEEK: within("WEEK"), MONTH: within("MONTH") });
    }
    return {
      hidden: memory.hidden,
      seen,
      audiences: new Set(member.map((m) => m.id)),
      place: reader.place,
    };
  }

  /** Whether the reader is one of the advertiser account's people (their events are not billed). */
  async function isOwn(adAccountId: string, viewerKey: string): Promise<boolean> {
    if (!viewerKey.startsWith("u:")) return false;
    const userId = viewerKey.slice(2);
    const [row] = await db
      .select({ id: adAccounts.id })
      .from(adAccounts)
      .where(
        and(
          eq(adAccounts.id, adAccountId),
          or(
            eq(adAccounts.userId, userId),
            sql`exists (select 1 from ${organizationMembers} where ${organizationMembers.organizationId} = ${adAccounts.organizationId} and ${organizationMembers.userId} = ${userId})`,
          ),
        ),
      );
    return row !== undefined;
  }

  function applyBilled(result: BillResult, snap: ServingSnapshot | null) {
    if (result.outcome !== "BILLED" || !snap) return;
    const campaign = snap.campaigns.find((c) => c.id === result.campaign.id);
    if (!campaign) return;
    campaign.spentMicros = result.campaign.spentMicros;
    campaign.spentDay = result.campaign.spentDay;
    campaign.spentDayMicros = result.campaign.spentDayMicros;
    campaign.holdRemainingMicros = result.campaign.holdRemainingMicros;
  }

  async function recordInvalid(kind: "IMPRESSION" | "CLICK", reason: AdInvalidReason, d: AdDecision | null) {
    await db.insert(adInvalidEvents).values({
      event: kind,
      reason,
      decisionId: d?.decisionId ?? null,
      campaignId: d?.campaignId ?? null,
      adAccountId: d?.adAccountId ?? null,
      creativeId: d?.creativeId ?? null,
      siteDomain: d?.siteDomain ?? null,
      country: d?.country ?? null,
    });
  }

  return {
    async lookup(page, reader, size) {
      const snap = await snapshot();
      if (snap.campaigns.length === 0) return [];
      const state = await readerState(reader, snap);
      const at = now();
      const picks = decide(snap, page, state, { now: at.getTime(), size });
      return picks.map((pick) => ({
        pick,
        token: tokens.sign({
          decisionId: decisionId(at.getTime()),
          campaignId: pick.campaign.id,
          creativeId: pick.creative.id,
          adAccountId: pick.campaign.adAccountId,
          siteDomain: page.host,
          sitePageId: page.sitePageId,
          viewerKey: reader.key,
          country: reader.place?.country ?? null,
          pricingModel: pick.campaign.pricingModel,
          priceMicros: pick.priceMicros,
          issuedAt: at.getTime(),
        }),
        expiresAt: at.getTime() + AD_SERVING.impressionTtlMs,
      }));
    },

    async count(kind, token, facts) {
      const decision = tokens.verify(token);
      const invalid = async (reason: AdInvalidReason) => {
        await recordInvalid(kind, reason, reason === "BAD_SIGNATURE" ? null : decision);
        return { decision, outcome: reason };
      };
      if (!decision) return invalid("BAD_SIGNATURE");
      if (facts.prefetch) return invalid("PREFETCH");
      const ttl = kind === "IMPRESSION" ? AD_SERVING.impressionTtlMs : AD_SERVING.clickTtlMs;
      const at = now();
      if (at.getTime() - decision.issuedAt > ttl) return invalid("EXPIRED");
      if (facts.bot) return invalid("BOT");
      if (await facts.rateLimited(decision.viewerKey)) return invalid("RATE");
      const snap = cached ? await cached.snapshot.catch(() => null) : null;
      const timezone =
        snap?.campaigns.find((c) => c.id === decision.campaignId)?.timezone ??
        (
          await db
            .select({ timezone: adAccounts.timezone })
            .from(adAccounts)
            .where(eq(adAccounts.id, decision.adAccountId))
        )[0]?.timezone ??
        "UTC";
      const result = await billEvent(db, kind, {
        ...decision,
        self: await isOwn(decision.adAccountId, decision.viewerKey),
        today: localTime(at, timezone).date,
        at,
      });
      applyBilled(result, snap);
      if (result.outcome === "DUPLICATE") return invalid("DUPLICATE");
      if (kind === "IMPRESSION") {
        readerChanged(decision.viewerKey, (memory) => {
          const times = memory.seen.get(decision.campaignId);
          const t = at.getTime();
          if (times) times.push(t);
          else memory.seen.set(decision.campaignId, [t]);
        });
        deps.onReaderChange?.(decision.viewerKey);
      }
      return { decision, outcome: result.outcome };
    },

    async destination(decision) {
      const [row] = await db
        .select({ url: adCreatives.destinationUrl })
        .from(adCreatives)
        .where(eq(adCreatives.id, decision.creativeId));
      return row?.url ?? null;
    },

    async hide(decision) {
      await db
        .insert(adHidden)
        .values({ viewerKey: decision.viewerKey, creativeId: decision.creativeId })
        .onConflictDoNothing();
      readerChanged(decision.viewerKey, (memory) => memory.hidden.add(decision.creativeId));
      deps.onReaderChange?.(decision.viewerKey);
    },

    forgetReader(key) {
      readerChanged(key);
    },

    running: snapshot,

    invalidate() {
      cached = null;
    },

    verify: (token) => tokens.verify(token),

    anonymousKey(address, userAgent, at) {
      const day = Math.floor(at.getTime() / DAY_MS);
      return `a:${createHmac("sha256", salt).update(`${day}\n${address}\n${userAgent}`).digest("base64url").slice(0, 22)}`;
    },
  };
}
