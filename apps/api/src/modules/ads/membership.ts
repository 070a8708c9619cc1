import type { AdAudienceAction } from "@flipside/contracts/ads-constants";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { adAudienceMembers, adAudiences } from "../../db/schema/ads.ts";
import { contributions, sitePages } from "../../db/schema/discussion.ts";
import { repeatEvery } from "../../lib/jobs.ts";
import { tryNormalizeUrl } from "../../lib/url-normalize.ts";
import { onEvent } from "../outbox/index.ts";
import { type PageFacts, ruleMatches } from "./matching.ts";

/** How long the audiences' rules are kept in memory (ADS_CACHE_TTL_MS): a new audience fills within it. */
const RULES_TTL_MS = 5000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

type AudienceRules = { id: string; rules: (typeof adAudiences.$inferSelect)["rules"] }[];

/**
 * Audience membership (ADS.md §3.7): a signed-in person who allows personalised ads joins every
 * audience whose rule matches a page they view (VIEWED) or comment, reply or review on
 * (CONTRIBUTED), or has their `last_seen_at` refreshed. Nobody else is ever written down; the
 * decision is made in memory, so a page view costs a write only when it adds someone.
 */
export function createMembership(db: Db) {
  let cached: { at: number; audiences: AudienceRules } | null = null;
  let loading: Promise<AudienceRules> | null = null;

  const load = (executor: Db) =>
    executor
      .select({ id: adAudiences.id, rules: adAudiences.rules })
      .from(adAudiences)
      .then((rows) => {
        cached = { at: Date.now(), audiences: rows };
        return rows;
      });

  /**
   * Every audience's rules, held a minute. Inside a transaction they are read through it: on the
   * embedded database the transaction holds the one connection, so a read beside it (or waiting
   * on one) would wait for the transaction, which waits for the read.
   */
  async function audiences(executor: Db = db): Promise<AudienceRules> {
    if (cached && Date.now() - cached.at < RULES_TTL_MS) return cached.audiences;
    if (executor !== db) return load(executor);
    loading ??= load(db).finally(() => {
      loading = null;
    });
    return loading;
  }

  /** Whether any audience has a rule of `action`: when none does, nothing is read or written. */
  async function anyRuleOf(executor: Db, action: AdAudienceAction): Promise<boolean> {
    return (await audiences(executor)).some((a) => a.rules.some((r) => r.action === action));
  }

  async function pageFacts(db: Db, pageId: string): Promise<PageFacts | null> {
    const [page] = await db
      .select({ normalizedUrl: sitePages.normalizedUrl })
      .from(sitePages)
      .where(eq(sitePages.id, pageId));
    const host = page ? tryNormalizeUrl(`https://${page.normalizedUrl}`)?.host : undefined;
    return page && host ? { normalizedUrl: page.normalizedUrl, host } : null;
  }

  /** Adds (or refreshes) the person in every audience a rule of `action` on the page puts them in. */
  async function record(tx: Db, userId: string, page: PageFacts, action: AdAudienceAction): Promise<number> {
    const matching = (await audiences(tx))
      .filter((a) => a.rules.some((r) => r.action === action && ruleMatches(r, page)))
      .map((a) => a.id);
    if (matching.length === 0) return 0;
    await tx
      .insert(adAudienceMembers)
      .values(matching.map((audienceId) => ({ audienceId, userId })))
      .onConflictDoUpdate({
        target: [adAudienceMembers.audienceId, adAudienceMembers.userId],
        set: { lastSeenAt: sql`now()` },
      });
    return matching.length;
  }

  return {
    /** Forget the rules held (after an audience is saved here, so the next view sees it at once). */
    forget() {
      cached = null;
    },

    async viewed(userId: string, pageId: string): Promise<number> {
      if (!(await anyRuleOf(db, "VIEWED"))) return 0;
      const page = await pageFacts(db, pageId);
      return page ? record(db, userId, page, "VIEWED") : 0;
    },

    /** In the outbox handler's transaction: the author's consent is read there, not from a cache. */
    async contributed(tx: Db, contributionId: string): Promise<number> {
      if (!(await anyRuleOf(tx, "CONTRIBUTED"))) return 0;
      const [row] = await tx
        .select({
          authorId: contributions.authorId,
          kind: contributions.kind,
          pageId: contributions.sitePageId,
        })
        .from(contributions)
        .innerJoin(users, eq(users.id, contributions.authorId))
        .where(and(eq(contributions.id, contributionId), eq(users.personalisedAds, true)));
      if (!row?.authorId || !["COMMENT", "REPLY", "REVIEW"].includes(row.kind)) return 0;
      const page = await pageFacts(tx, row.pageId);
      return page ? record(tx, row.authorId, page, "CONTRIBUTED") : 0;
    },

    /** Removes memberships older than their audience's days. */
    async purge(): Promise<void> {
      await db.execute(
        sql`delete from ${adAudienceMembers} m using ${adAudiences} a where a.id = m.audience_id and m.last_seen_at < now() - make_interval(days => a.membership_days)`,
      );
    },
  };
}

type Membership = ReturnType<typeof createMembership>;

/** Wires membership to page views, contributions (the outbox) and the hourly purge. */
export async function startMembership(app: FastifyInstance, membership: Membership): Promise<void> {
  app.discussion.readers.onViewed(async (viewer, pageId) => {
    if (viewer.personalisedAds) await membership.viewed(viewer.id, pageId);
  });
  onEvent(app.outbox, "contribution.added", async (tx, event) => {
    await membership.contributed(tx, event.contributionId);
  });
  await repeatEvery(
    app.jobs,
    "ad-audience-purge",
    { intervalMs: PURGE_EVERY_MS, expireInSeconds: 600 },
    async () => {
      await membership.purge();
    },
  );
}
