import { randomUUID } from "node:crypto";
import type { AdAudienceRule, AdGeoShape } from "@flipside/contracts/ads";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { organizationMembers, organizations } from "../src/db/schema/organizations.ts";
import { createTestApp } from "./helper.ts";
import { createUser, sendAs, type TestUser } from "./users.ts";

/** A person's browser, as ads see it (headless browsers say they are one, and bots get no ads). */
export const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
export const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** A person's own advertiser account, opened through the API; its id. */
export async function openAdAccount(
  app: FastifyInstance,
  owner: TestUser,
  timezone = "UTC",
): Promise<string> {
  const body = { name: `${owner.displayName} ads`, ownerKind: "USER", timezone };
  return (await sendAs(app, owner, "/api/v1/ad-accounts", body)).id;
}

/**
 * An organisation `owner` owns and `member` belongs to (written straight in), and its advertiser
 * account opened by the owner: the id of that account, for the MEMBER-reads-only checks.
 */
export async function organizationAdAccount(
  app: FastifyInstance,
  owner: TestUser,
  member: TestUser,
  slug: string,
): Promise<string> {
  const [org] = await app.db.insert(organizations).values({ name: "Org", slug }).returning();
  if (!org) throw new Error("no organisation");
  await app.db.insert(organizationMembers).values([
    { organizationId: org.id, userId: owner.id, role: "OWNER" },
    { organizationId: org.id, userId: member.id, role: "MEMBER" },
  ]);
  const body = { name: "Org ads", ownerKind: "ORGANIZATION", organizationId: org.id, timezone: "UTC" };
  return (await sendAs(app, owner, "/api/v1/ad-accounts", body)).id;
}

/** Credits a person's wallet as Flipside staff do (the admin endpoint, a fresh Idempotency-Key). */
export async function creditWallet(app: FastifyInstance, admin: TestUser, userId: string, amount: number) {
  const res = await app.inject({
    method: "POST",
    url: "/api/v1/admin/wallet-credits",
    headers: { ...admin.headers, "idempotency-key": randomUUID() },
    payload: { ownerKind: "USER", ownerId: userId, amount, reason: "Test credit" },
  });
  expect(res.statusCode, res.body).toBe(201);
}

export interface Advertiser {
  user: TestUser;
  account: string;
  creative: string;
  campaign: string;
  domain: string;
  page: string;
}

export interface CampaignOptions {
  walletMinor?: number;
  pricingModel?: "CPM" | "CPC";
  bidMicros?: number;
  totalMicros?: number;
  dailyMicros?: number | null;
  frequencyCap?: { impressions: number; period: string } | null;
  launch?: boolean;
  timezone?: string;
  /** Geo fences the campaign runs in (include) or not (exclude), each made for it. */
  fences?: { include?: AdGeoShape[][]; exclude?: AdGeoShape[][] };
  /** An audience with these rules that the campaign is not shown to. */
  excludeAudience?: AdAudienceRule[];
}

let seq = 0;
/**
 * A person with a funded wallet, an approved creative and a running campaign on a domain of its
 * own (an INCLUDE filter), so tests do not take each other's ads.
 */
export async function runningCampaign(
  app: FastifyInstance,
  admin: TestUser,
  opts: CampaignOptions,
): Promise<Advertiser> {
  const n = ++seq;
  const user = await createUser(app, { displayName: `Advertiser ${n}` });
  const account = await openAdAccount(app, user, opts.timezone);
  if (opts.walletMinor ?? 10_000) await creditWallet(app, admin, user.id, opts.walletMinor ?? 10_000);
  const domain = `shop${n}-${randomUUID().slice(0, 8)}.example.com`;
  const creative = (
    await sendAs(app, user, "/api/v1/ad-creatives", {
      adAccountId: account,
      name: "Bread",
      headline: "Fresh bread",
      body: "Baked at dawn.",
      destinationUrl: `https://${domain}/offer`,
    })
  ).id;
  await sendAs(app, admin, `/api/v1/admin/ad-creatives/${creative}/review`, { decision: "APPROVE" });
  const filter = (
    await sendAs(app, user, "/api/v1/ad-filters", {
      adAccountId: account,
      name: "Only my site",
      mode: "INCLUDE",
      rules: [{ type: "DOMAIN", value: domain }],
    })
  ).id;
  const fence = async (shapes: AdGeoShape[], i: number) =>
    (
      await sendAs(app, user, "/api/v1/ad-geo-fences", {
        adAccountId: account,
        name: `Fence ${i + 1}`,
        shapes,
      })
    ).id as string;
  const geoFences = {
    include: await Promise.all((opts.fences?.include ?? []).map(fence)),
    exclude: await Promise.all((opts.fences?.exclude ?? []).map((s, i) => fence(s, i + 100))),
  };
  const audiences: { include: string[]; exclude: string[] } = { include: [], exclude: [] };
  if (opts.excludeAudience) {
    const body = { adAccountId: account, name: "Not them", rules: opts.excludeAudience };
    audiences.exclude.push((await sendAs(app, user, "/api/v1/ad-audiences", body)).id);
  }
  const campaign = (
    await sendAs(app, user, "/api/v1/ad-campaigns", {
      adAccountId: account,
      name: "Bread week",
      pricingModel: opts.pricingModel ?? "CPM",
      bidding: { strategy: "MANUAL", bidMicros: opts.bidMicros ?? 2_000_000 },
      budget: {
        totalMicros: opts.totalMicros ?? 100_000_000,
        dailyMicros: opts.dailyMicros === undefined ? null : opts.dailyMicros,
        pacing: "ASAP",
      },
      schedule: { startAt: new Date().toISOString(), endAt: null, weekly: null },
      frequencyCap: opts.frequencyCap === undefined ? null : opts.frequencyCap,
      creativeIds: [creative],
      filterIds: [filter],
      geoFences,
      audiences,
    })
  ).id;
  if (opts.launch ?? true) {
    const launched = await app.inject({
      method: "POST",
      url: `/api/v1/ad-campaigns/${campaign}/status`,
      headers: user.headers,
      payload: { status: "ACTIVE" },
    });
    expect(launched.statusCode, launched.body).toBe(200);
  }
  return { user, account, creative, campaign, domain, page: `https://${domain}/a/page` };
}

/**
 * Another running campaign of `a`'s account, with the same creative, on a domain of its own:
 * its campaign id, domain and page.
 */
export async function anotherCampaign(
  app: FastifyInstance,
  a: Advertiser,
  opts: { name: string; pricingModel: "CPM" | "CPC"; bidMicros: number },
) {
  const domain = `more${++seq}-${randomUUID().slice(0, 8)}.example.com`;
  const filter = (
    await sendAs(app, a.user, "/api/v1/ad-filters", {
      adAccountId: a.account,
      name: `Only ${domain}`,
      mode: "INCLUDE",
      rules: [{ type: "DOMAIN", value: domain }],
    })
  ).id;
  const campaign = (
    await sendAs(app, a.user, "/api/v1/ad-campaigns", {
      adAccountId: a.account,
      name: opts.name,
      pricingModel: opts.pricingModel,
      bidding: { strategy: "MANUAL", bidMicros: opts.bidMicros },
      budget: { totalMicros: 10_000_000, dailyMicros: null, pacing: "ASAP" },
      schedule: { startAt: new Date().toISOString(), endAt: null, weekly: null },
      frequencyCap: null,
      creativeIds: [a.creative],
      filterIds: [filter],
      geoFences: { include: [], exclude: [] },
      audiences: { include: [], exclude: [] },
    })
  ).id as string;
  const launched = await app.inject({
    method: "POST",
    url: `/api/v1/ad-campaigns/${campaign}/status`,
    headers: a.user.headers,
    payload: { status: "ACTIVE" },
  });
  expect(launched.statusCode, launched.body).toBe(200);
  return { campaign, domain, page: `https://${domain}/a/page` };
}

/**
 * A test app as the ads tests run it — no page fetches, no rate limits, serving reading campaigns
 * afresh on every lookup, settlement only when a test asks — and a platform admin.
 */
export async function adsTestApp(overrides: Record<string, string> = {}) {
  const t = await createTestApp({
    PAGE_FETCH_ENABLED: "false",
    RATE_LIMIT_ENABLED: "false",
    ADS_CACHE_TTL_MS: "0",
    ADS_SETTLE_INTERVAL_MS: "0",
    ...overrides,
  });
  const admin = await createUser(t.app, { displayName: "Admin", roles: ["ROLE_USER", "ROLE_ADMIN"] });
  return { t, admin };
}
