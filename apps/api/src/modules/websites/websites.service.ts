import { randomBytes } from "node:crypto";
import { domainToUnicode } from "node:url";
import {
  BILLING_MESSAGES,
  PLAN_FEATURES,
  PLAN_NAMES,
  type PlanFeature,
  planAllows,
} from "@flipside/contracts/billing-constants";
import type { SiteNotice } from "@flipside/contracts/discussion";
import { markdownToText } from "@flipside/contracts/markdown";
import { contributionPath } from "@flipside/contracts/page-paths";
import {
  MAX_SITE_CLAIMS,
  type VerificationMethod,
  WEBSITE_MESSAGES,
} from "@flipside/contracts/website-proof";
import type { SiteActivity, SiteClaim, SiteClaimDetail } from "@flipside/contracts/websites";
import { and, asc, desc, eq, inArray, isNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { contributions, reviews, sitePages, sites } from "../../db/schema/discussion.ts";
import { organizationMembers } from "../../db/schema/organizations.ts";
import { SITE_WITHOUT_OWNER, siteClaims } from "../../db/schema/websites.ts";
import { csvFile } from "../../lib/csv.ts";
import { AppError, conflict, forbidden, notFound } from "../../lib/errors.ts";
import type { Limiter } from "../../lib/rate-limit.ts";
import type { Storage } from "../../lib/storage.ts";
import {
  authorColumns,
  findOrInsertSite,
  presentPageRef,
  presentProfileRef,
  savedNotice,
} from "../discussion/index.ts";
import { EVERYONE_IN_ORGANIZATION, MANAGERS, requireRole } from "../organizations/index.ts";
import { record as recordDomainEvent } from "../outbox/index.ts";
import { claimTarget } from "./claim-target.ts";
import type { ProofChecker } from "./proof-checks.ts";
import { type CheckEvent, nextState } from "./verification-schedule.ts";

type ClaimRow = typeof siteClaims.$inferSelect;
type SiteRow = typeof sites.$inferSelect;

/** A due check is leased this long: an instance that dies mid-check leaves it to another after. */
const LEASE_MS = 5 * 60 * 1000;
const CHECKS_PER_TICK = 20;
const METHODS: VerificationMethod[] = ["DNS_TXT", "META_TAG", "FILE"];

const iso = (d: Date | null) => d?.toISOString() ?? null;
const later = (d: Date | null, ms: number) => (d ? new Date(d.getTime() + ms) : null);

export interface WebsitesDeps {
  db: Db;
  config: Config;
  checker: ProofChecker;
  /** Handles the events just recorded (the claimant's notification) without waiting for the poll. */
  wakeOutbox(): void;
  limiter: Limiter;
  storage: Storage;
  log: FastifyBaseLogger;
  /** The clock; tests move it instead of waiting. */
  now?: () => Date;
  /** The page views of a site's pages show its owner: told when that changes. */
  onSiteChanged?: (siteId: string) => void;
}

const siteCounts = {
  pages: sql<number>`(select count(*)::int from ${sitePages} where ${sitePages.siteId} = ${sites.id})`,
  comments: sql<number>`(select coalesce(sum(${sitePages.commentCount}), 0)::int from ${sitePages} where ${sitePages.siteId} = ${sites.id})`,
  reviews: sql<number>`(select coalesce(sum(${sitePages.reviewCount}), 0)::int from ${sitePages} where ${sitePages.siteId} = ${sites.id})`,
};

/** How a refusal names each plan feature. */
const FEATURE_NAMES: Record<PlanFeature, string> = {
  discussionExport: "The export of the site's discussion",
  siteNotice: "A notice pinned on the site's pages",
};
/** "Pro or Business": the plans that have a feature. */
const plansWith = (feature: PlanFeature) =>
  PLAN_FEATURES[feature].map((plan) => PLAN_NAMES[plan]).join(" or ");

/** The discussion export's columns (docs/websites.md#export). */
const EXPORT_HEADER = [
  "Date (UTC)",
  "Type",
  "Page",
  "Page title",
  "Author",
  "Official",
  "Sentiment",
  "Review title",
  "Text",
  "Upvotes",
  "Downvotes",
  "Link",
];
const EXPORT_KIND_LABELS: Record<string, string> = { COMMENT: "Comment", REPLY: "Reply", REVIEW: "Review" };
/** A file a spreadsheet opens; a site with more is cut at the oldest this many (said in the docs). */
const EXPORT_MAX_ROWS = 100_000;

type Listed = { claim: ClaimRow; site: SiteRow; pages: number; comments: number; reviews: number };

/** This claim is the one that verified the site: its plan, notice and export are the claim's. */
const verifiedBy = (claim: ClaimRow, site: SiteRow) =>
  site.claimId === claim.id && claim.status === "VERIFIED";

/**
 * Websites and their owners (docs/websites.md): claims, the three proofs, the states PENDING →
 * PLANNED → VERIFIED and the checks that move between them, by a person or on the job queue.
 */
export function createWebsitesService(deps: WebsitesDeps) {
  const { db, config } = deps;
  const now = deps.now ?? (() => new Date());

  function present({ claim, site, ...counts }: Listed): SiteClaim {
    return {
      id: claim.id,
      siteId: site.id,
      domain: site.domain,
      unicodeDomain: domainToUnicode(site.domain) || site.domain,
      status: claim.status,
      ownerKind: claim.ownerKind,
      organizationId: claim.organizationId,
      verifiedByAnother: site.claimId !== null && site.claimId !== claim.id,
      // The plan is the site's, paid by whoever verified it: another claim of it shows Free.
      plan: verifiedBy(claim, site) ? site.plan : "FREE",
      method: claim.method,
      token: claim.token,
      lastCheck:
        claim.lastCheckedAt && claim.lastCheckMethod
          ? {
              date: claim.lastCheckedAt.toISOString(),
              method: claim.lastCheckMethod,
              ok: claim.lastCheckOk === true,
              message: claim.lastCheckMessage ?? "",
            }
          : null,
      nextCheckDate: iso(claim.nextCheckAt),
      failingSince: iso(claim.failingSince),
      demotionDate:
        claim.status === "VERIFIED" ? iso(later(claim.failingSince, config.SITE_PROOF_GRACE_MS)) : null,
      retriesEndDate:
        claim.status === "PLANNED" ? iso(later(claim.failingSince, config.SITE_RETRY_WINDOW_MS)) : null,
      verifiedDate: iso(claim.verifiedAt),
      createdDate: claim.createdAt.toISOString(),
      counts,
    };
  }

  /** The comments, replies and reviews on a site's pages (deleted and moderated ones left out). */
  const discussionOf = (siteId: string) =>
    db
      .select({
        c: contributions,
        page: sitePages,
        author: authorColumns,
        sentiment: reviews.sentiment,
        title: reviews.title,
      })
      .from(contributions)
      .innerJoin(sitePages, eq(sitePages.id, contributions.sitePageId))
      .leftJoin(users, eq(users.id, contributions.authorId))
      .leftJoin(reviews, eq(reviews.contributionId, contributions.id))
      .where(
        and(
          eq(sitePages.siteId, siteId),
          inArray(contributions.kind, ["COMMENT", "REPLY", "REVIEW"]),
          // Moderation sets `deleted` too.
          eq(contributions.deleted, false),
        ),
      )
      .$dynamic();

  /**
   * The person's claim of `domain` within `scope`, for a plan feature: the claim must have
   * verified the site, and the site's plan must have the feature (403 naming the plans that do).
   */
  async function withPlanFeature(userId: string, domain: string, within: SQL, feature: PlanFeature) {
    const target = claimTarget(domain);
    if (!target.ok) throw notFound(WEBSITE_MESSAGES.notYours);
    const row = await mine(db, userId, eq(sites.domain, target.domain), within);
    if (!verifiedBy(row.claim, row.site) || !planAllows(row.site.plan, feature)) {
      throw forbidden(BILLING_MESSAGES.featureNeedsPlan(FEATURE_NAMES[feature], plansWith(feature)));
    }
    return row;
  }

  const listed = (tx: Db) =>
    tx
      .select({ claim: siteClaims, site: sites, ...siteCounts })
      .from(siteClaims)
      .innerJoin(sites, eq(sites.id, siteClaims.siteId))
      .$dynamic();

  /**
   * Claims this person may see: their own, or (with `organizationId`) that organisation's, whose
   * members all see its websites.
   */
  async function scope(userId: string, organizationId: string | undefined): Promise<SQL> {
    if (!organizationId) return and(eq(siteClaims.userId, userId), isNull(siteClaims.organizationId)) as SQL;
    await requireRole(db, organizationId, userId, EVERYONE_IN_ORGANIZATION);
    return eq(siteClaims.organizationId, organizationId);
  }

  /**
   * Claims this person may change: their own, and those of organisations where they are an
   * OWNER or ADMIN. Anything else is a 404, as if it did not exist.
   */
  const manageable = (userId: string) =>
    or(
      and(eq(siteClaims.userId, userId), isNull(siteClaims.organizationId)),
      sql`${siteClaims.organizationId} in (select ${organizationMembers.organizationId} from ${organizationMembers} where ${organizationMembers.userId} = ${userId} and ${organizationMembers.role} in ('OWNER', 'ADMIN'))`,
    ) as SQL;

  async function mine(tx: Db, userId: string, where: SQL, within?: SQL): Promise<Listed> {
    const [row] = await listed(tx).where(and(within ?? manageable(userId), where));
    if (!row) throw notFound(WEBSITE_MESSAGES.notYours);
    return row;
  }

  /**
   * Writes what a check found. Locks the site, then the claim (the same order everywhere), so
   * two owners proving one site at once are decided one after the other: the first wins, the
   * second finds the site verified by another.
   */
  async function record(
    claimId: string,
    method: VerificationMethod,
    outcome: { ok: boolean; message: string },
    opts: { manual: boolean },
  ): Promise<{ claim: ClaimRow; site: SiteRow; event: CheckEvent } | "gone" | "another"> {
    const at = now();
    const result = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(siteClaims).where(eq(siteClaims.id, claimId));
      if (!current) return "gone" as const;
      const [site] = await tx.select().from(sites).where(eq(sites.id, current.siteId)).for("update");
      const [claim] = await tx.select().from(siteClaims).where(eq(siteClaims.id, claimId)).for("update");
      if (!site || !claim) return "gone" as const;
      const base = {
        lastCheckedAt: at,
        lastCheckMethod: method,
        lastCheckOk: outcome.ok,
        lastCheckMessage: outcome.message,
      };
      if (site.claimId && site.claimId !== claim.id) {
        await tx
          .update(siteClaims)
          .set({ ...base, status: "PENDING", nextCheckAt: null, failingSince: null, failures: 0 })
          .where(eq(siteClaims.id, claim.id));
        return "another" as const;
      }
      const { patch, event } = nextState(claim, outcome.ok, at, config, opts);
      const [updated] = await tx
        .update(siteClaims)
        .set({ ...base, ...patch, method: outcome.ok || opts.manual ? method : claim.method })
        .where(eq(siteClaims.id, claim.id))
        .returning();
      let newSite: SiteRow | undefined = site;
      if (patch.status === "VERIFIED" && claim.status !== "VERIFIED") {
        [newSite] = await tx
          .update(sites)
          .set({
            ownerKind: claim.ownerKind,
            ownerId: claim.organizationId ?? claim.userId,
            verificationStatus: "VERIFIED",
            claimId: claim.id,
          })
          .where(eq(sites.id, site.id))
          .returning();
        // The others' re-tries cannot win now.
        await tx
          .update(siteClaims)
          .set({ status: "PENDING", nextCheckAt: null, failingSince: null, failures: 0 })
          .where(and(eq(siteClaims.siteId, site.id), ne(siteClaims.id, claim.id)));
      } else if (event === "demoted") {
        [newSite] = await tx.update(sites).set(SITE_WITHOUT_OWNER).where(eq(sites.id, site.id)).returning();
      }
      // The claimant hears of what a check changed (a notification, and a mail as they chose).
      if (event && event !== "restored")
        await recordDomainEvent(tx, "site.verification", {
          event,
          claimId: claim.id,
          userId: claim.userId,
          domain: site.domain,
          finding: outcome.message,
          demotionDate:
            later((updated ?? claim).failingSince, config.SITE_PROOF_GRACE_MS)?.toISOString() ?? null,
        });
      return { claim: updated ?? claim, site: newSite ?? site, event, changed: newSite !== site };
    });
    if (typeof result === "string") return result;
    if (result.changed) deps.onSiteChanged?.(result.site.id);
    if (result.event && result.event !== "restored") deps.wakeOutbox();
    return result;
  }

  /** A verified site's re-check passes if any proof is in place, its own way first. */
  async function recheck(claim: ClaimRow, domain: string) {
    const order = claim.method ? [claim.method, ...METHODS.filter((m) => m !== claim.method)] : METHODS;
    let first: { method: VerificationMethod; ok: boolean; message: string } | undefined;
    for (const method of order) {
      const outcome = await deps.checker(method, domain, claim.token);
      if (outcome.ok) return { method, ...outcome };
      first ??= { method, ...outcome };
    }
    return first ?? { method: order[0] ?? "DNS_TXT", ok: false, message: "" };
  }

  return {
    /** Your websites, or with `organizationId` (any member) the organisation's. */
    async list(userId: string, organizationId?: string): Promise<SiteClaim[]> {
      const rows = await listed(db)
        .where(await scope(userId, organizationId))
        .orderBy(asc(sites.domain));
      return rows.map(present);
    },

    /**
     * Claims the site of an address, for the caller or (as one of its OWNERs or ADMINs) for an
     * organisation; claiming it again answers the same claim.
     */
    async claim(
      userId: string,
      address: string,
      organizationId?: string | null,
    ): Promise<{ claim: SiteClaim; created: boolean }> {
      const target = claimTarget(address);
      if (!target.ok) {
        throw new AppError("validation_failed", target.message, [
          { field: "address", message: target.message },
        ]);
      }
      if (organizationId) await requireRole(db, organizationId, userId, MANAGERS);
      const site = await findOrInsertSite(db, target.domain);
      const owned = organizationId
        ? eq(siteClaims.organizationId, organizationId)
        : (and(eq(siteClaims.userId, userId), isNull(siteClaims.organizationId)) as SQL);
      const created = await db.transaction(async (tx) => {
        // Held while counting, so two claims at once cannot pass the limit.
        if (organizationId) await requireRole(tx, organizationId, userId, MANAGERS, { lock: true });
        else await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
        const [existing] = await tx
          .select({ id: siteClaims.id })
          .from(siteClaims)
          .where(and(owned, eq(siteClaims.siteId, site.id)));
        if (existing) return false;
        const [{ n } = { n: 0 }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(siteClaims)
          .where(owned);
        if (n >= MAX_SITE_CLAIMS) throw conflict(WEBSITE_MESSAGES.tooManyClaims);
        await tx.insert(siteClaims).values({
          siteId: site.id,
          userId,
          organizationId: organizationId ?? null,
          ownerKind: organizationId ? "ORGANIZATION" : "USER",
          token: randomBytes(16).toString("hex"),
        });
        return true;
      });
      return { claim: present(await mine(db, userId, eq(siteClaims.siteId, site.id), owned)), created };
    },

    /**
     * The notice pinned above the discussion of every page of the site (empty: none), for its
     * managers on a plan with it; the pages' cached views go (docs/websites.md#notice).
     */
    async saveNotice(
      userId: string,
      domain: string,
      organizationId: string | undefined,
      body: string,
    ): Promise<SiteNotice | null> {
      const within = and(await scope(userId, organizationId), manageable(userId)) as SQL;
      const row = await withPlanFeature(userId, domain, within, "siteNotice");
      const at = now();
      await db
        .update(sites)
        .set({ notice: body || null, noticeUpdatedAt: body ? at : null })
        .where(eq(sites.id, row.site.id));
      deps.onSiteChanged?.(row.site.id);
      return body ? { body, updatedDate: at.toISOString() } : null;
    },

    /**
     * Every comment, reply and review on the site's pages, oldest first, as a CSV file: for a site
     * this claim verified, on a plan with the export (docs/money.md#plans).
     */
    async exportDiscussion(
      userId: string,
      domain: string,
      organizationId?: string,
    ): Promise<{ filename: string; text: string }> {
      const row = await withPlanFeature(
        userId,
        domain,
        await scope(userId, organizationId),
        "discussionExport",
      );
      const rows = await discussionOf(row.site.id)
        .orderBy(asc(contributions.createdAt), asc(contributions.id))
        .limit(EXPORT_MAX_ROWS);
      const lines = rows.map((r) => {
        const type = r.c.kind === "REVIEW" ? "REVIEW" : "COMMENT";
        return [
          r.c.createdAt.toISOString().replace("T", " ").slice(0, 19),
          EXPORT_KIND_LABELS[r.c.kind] ?? r.c.kind,
          r.page.normalizedUrl,
          r.page.moderation === null ? (r.page.title ?? "") : "",
          r.author?.displayName ?? "deleted user",
          r.c.official ? "yes" : "no",
          r.sentiment ?? "",
          r.title ?? "",
          markdownToText(r.c.body),
          String(r.c.upCount),
          String(r.c.downCount),
          `${config.publicOrigin}${contributionPath(r.page.normalizedUrl, r.c.id, type)}`,
        ];
      });
      return {
        filename: `${row.site.domain}-discussion-${now().toISOString().slice(0, 10)}.csv`,
        text: csvFile([EXPORT_HEADER, ...lines]),
      };
    },

    /** `domain` in punycode or Unicode; not claimed by this person → 404. */
    async detail(userId: string, domain: string, organizationId?: string): Promise<SiteClaimDetail> {
      const target = claimTarget(domain);
      if (!target.ok) throw notFound(WEBSITE_MESSAGES.notYours);
      const row = await mine(
        db,
        userId,
        eq(sites.domain, target.domain),
        await scope(userId, organizationId),
      );
      const siteId = row.site.id;
      const topPages = await db
        .select()
        .from(sitePages)
        .where(eq(sitePages.siteId, siteId))
        .orderBy(
          desc(sql`${sitePages.commentCount} + ${sitePages.reviewCount} + ${sitePages.relatedCount}`),
          desc(sitePages.createdAt),
        )
        .limit(10);
      const recentRows = await discussionOf(siteId)
        .orderBy(desc(contributions.createdAt), desc(contributions.id))
        .limit(10);
      const recent: SiteActivity[] = recentRows.map((r) => {
        const text = [r.title, markdownToText(r.c.body)].filter(Boolean).join(" — ");
        return {
          id: r.c.id,
          contributionType: r.c.kind as "COMMENT" | "REPLY" | "REVIEW",
          sitePage: presentPageRef(r.page, row.site.domain),
          author: r.author?.id ? presentProfileRef(r.author, deps.storage) : null,
          excerpt: text.length > 200 ? `${text.slice(0, 199)}…` : text,
          sentiment: r.sentiment,
          official: r.c.official,
          createdDate: r.c.createdAt.toISOString(),
        };
      });
      const months = await db
        .select({
          month: sql<string>`to_char(date_trunc('month', ${contributions.createdAt} at time zone 'UTC'), 'YYYY-MM')`,
          sentiment: reviews.sentiment,
          n: sql<number>`count(*)::int`,
        })
        .from(reviews)
        .innerJoin(contributions, eq(contributions.id, reviews.contributionId))
        .innerJoin(sitePages, eq(sitePages.id, reviews.sitePageId))
        .where(and(eq(sitePages.siteId, siteId), eq(contributions.deleted, false)))
        .groupBy(sql`1`, reviews.sentiment);
      const byMonth = new Map<
        string,
        { month: string; POSITIVE: number; NEGATIVE: number; EXPERT: number }
      >();
      for (const m of months) {
        const entry = byMonth.get(m.month) ?? { month: m.month, POSITIVE: 0, NEGATIVE: 0, EXPERT: 0 };
        entry[m.sentiment] += m.n;
        byMonth.set(m.month, entry);
      }
      const sentiment = [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month)).slice(-12);
      return {
        ...present(row),
        topPages: topPages.map((p) => ({
          ...presentPageRef(p, row.site.domain),
          commentCount: p.commentCount,
          reviewCount: p.reviewCount,
        })),
        recent,
        notice: row.site.claimId === row.claim.id ? savedNotice(row.site) : null,
        sentiment,
      };
    },

    /** "Verify now" / "Re-check now": runs the chosen way at once and says what it found. */
    async check(userId: string, claimId: string, method: VerificationMethod): Promise<SiteClaim> {
      const row = await mine(db, userId, eq(siteClaims.id, claimId));
      if (row.site.claimId && row.site.claimId !== row.claim.id)
        throw conflict(WEBSITE_MESSAGES.verifiedByAnother);
      await deps.limiter.consume("site-check", userId, { points: 30, durationSec: 10 * 60 });
      const outcome = await deps.checker(method, row.site.domain, row.claim.token);
      const written = await record(claimId, method, outcome, { manual: true });
      if (written === "gone") throw notFound(WEBSITE_MESSAGES.notYours);
      if (written === "another") throw conflict(WEBSITE_MESSAGES.verifiedByAnother);
      return present(await mine(db, userId, eq(siteClaims.id, claimId)));
    },

    /** Removes a claim; a verified site loses its owner (official responses stay as they were). */
    async remove(userId: string, claimId: string): Promise<void> {
      const row = await mine(db, userId, eq(siteClaims.id, claimId));
      const changed = await db.transaction(async (tx) => {
        const [site] = await tx.select().from(sites).where(eq(sites.id, row.site.id)).for("update");
        await tx.delete(siteClaims).where(eq(siteClaims.id, row.claim.id));
        if (site?.claimId !== claimId) return false;
        await tx.update(sites).set(SITE_WITHOUT_OWNER).where(eq(sites.id, site.id));
        return true;
      });
      if (changed) deps.onSiteChanged?.(row.site.id);
    },

    /**
     * Runs the checks that are due (PLANNED re-tries, verified sites' re-checks), each leased so
     * that instances sharing the database never run one twice. Answers how many ran.
     */
    async runDue(): Promise<number> {
      let ran = 0;
      for (;;) {
        const at = now();
        const leased = await db
          .update(siteClaims)
          .set({ nextCheckAt: new Date(at.getTime() + LEASE_MS) })
          .where(
            inArray(
              siteClaims.id,
              db
                .select({ id: siteClaims.id })
                .from(siteClaims)
                .where(lte(siteClaims.nextCheckAt, at))
                .orderBy(asc(siteClaims.nextCheckAt))
                .limit(CHECKS_PER_TICK)
                .for("update", { skipLocked: true }),
            ),
          )
          .returning();
        if (leased.length === 0) return ran;
        const domains = await db
          .select({ id: sites.id, domain: sites.domain })
          .from(sites)
          .where(inArray(sites.id, [...new Set(leased.map((c) => c.siteId))]));
        const domainOf = new Map(domains.map((s) => [s.id, s.domain]));
        await Promise.all(
          leased.map(async (claim) => {
            const domain = domainOf.get(claim.siteId);
            if (!domain) return;
            try {
              const outcome =
                claim.status === "VERIFIED"
                  ? await recheck(claim, domain)
                  : {
                      method: claim.method ?? "DNS_TXT",
                      ...(await deps.checker(claim.method ?? "DNS_TXT", domain, claim.token)),
                    };
              await record(claim.id, outcome.method, outcome, { manual: false });
            } catch (error) {
              // The lease runs out and another tick tries again.
              deps.log.warn({ err: error, claimId: claim.id }, "website check failed");
            }
          }),
        );
        ran += leased.length;
      }
    },
  };
}

export type WebsitesService = ReturnType<typeof createWebsitesService>;
