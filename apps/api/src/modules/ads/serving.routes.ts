import { AD_REPORT_REASONS } from "@flipside/contracts/ad-report";
import { AD_SERVING } from "@flipside/contracts/ad-slot";
import { AD_CONVERSION_LIMITS, Advertising } from "@flipside/contracts/ads";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import { adReports } from "../../db/schema/ads.ts";
import { clientKey } from "../../lib/client-address.ts";
import { coalesced } from "../../lib/coalesced.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { openGeoIp, type Place } from "../../lib/geoip.ts";
import { repeatEvery } from "../../lib/jobs.ts";
import { problems } from "../../lib/openapi-responses.ts";
import { type FilterSpec, parseSearchAnd } from "../../lib/search-filter.ts";
import { resolveJwtSecret } from "../../lib/secret.ts";
import { type NormalizedUrl, normalizeUrl } from "../../lib/url-normalize.ts";
import { type EventPayload, onEvent } from "../outbox/index.ts";
import { adTokenKey } from "./ad-tokens.ts";
import { loadPageFacts } from "./filters.ts";
import { createRequestLog, purgeRequestSamples, type RequestLog } from "./request-log.ts";
import { type AdServer, createAdServer } from "./serving.ts";
import { tendCampaigns, tendCampaignsPaidBy } from "./spend.ts";

declare module "fastify" {
  interface FastifyInstance {
    ads: {
      server: AdServer;
      /** Settles and tops up every running campaign now (the periodic job's work; tests). */
      tend(): Promise<number>;
      /** Where a reader's address is (GEOIP_DB), or null: fenced campaigns are then not shown. */
      place(address: string): Place | null;
      /** The sample of requests media planning replays (decision 042). */
      requests: RequestLog;
    };
  }
}

const TAGS = ["ads serving"];
const URL_ONLY: FilterSpec = {
  fields: { url: { column: sql`true`, type: "string", ops: ["=="] } },
  maxClauses: 1,
};
const TokenParams = z.object({ token: z.string().min(1).max(1500) });

const prefetched = (request: FastifyRequest) => {
  const purpose = request.headers["sec-purpose"] ?? request.headers.purpose;
  return typeof purpose === "string" && purpose.toLowerCase().includes("prefetch");
};
const userAgent = (request: FastifyRequest) => request.headers["user-agent"] ?? "";

/** The ad server and the periodic settlement, for the routes below and the rest of the app. */
export const adsServingPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const server = createAdServer({
      db: app.db,
      storage: app.storage,
      key: adTokenKey(config.ADS_TOKEN_SECRET, resolveJwtSecret(config)),
      cacheTtlMs: config.ADS_CACHE_TTL_MS,
      log: app.log,
      onReaderChange: (key) => app.invalidation.send("ad-reader", key),
    });
    const tend = async () => {
      const n = await tendCampaigns(app.db, new Date());
      server.invalidate();
      return n;
    };
    const geo = config.GEOIP_DB ? await openGeoIp(config.GEOIP_DB) : null;
    const requests = createRequestLog({ db: app.db, rate: config.ADS_REQUEST_SAMPLE_RATE, log: app.log });
    app.addHook("onClose", () => requests.close());
    app.decorate("ads", {
      server,
      tend,
      place: (address: string) => geo?.place(address) ?? null,
      requests,
    });
    // An advertiser's change reaches serving at once here, and on the other instances as soon as
    // they hear of it (at the latest after ADS_CACHE_TTL_MS).
    app.invalidation.on("ads", () => server.invalidate());
    app.invalidation.on("ad-reader", (key) => server.forgetReader(key));
    app.addHook("onResponse", (request, reply, done) => {
      const url = request.url;
      if (
        request.method !== "GET" &&
        reply.statusCode < 400 &&
        (url.startsWith("/api/v1/ad-") || url.startsWith("/api/v1/admin/ad-")) &&
        // Forecasts and plans (and a plan's draft) change nothing serving reads.
        !url.startsWith("/api/v1/ad-forecasts") &&
        !url.startsWith("/api/v1/ad-plans")
      ) {
        server.invalidate();
        app.invalidation.send("ads");
      }
      done();
    });
    // A credit to a wallet paying for campaigns out of reserve tops them up now, not at the next
    // settlement. Not inside the dispatcher's transaction: that one holds a batch of events, and
    // money work there would keep each campaign's and the revenue account's locks until the batch
    // ends — against settlement, which takes a campaign and then the ledger (a deadlock on
    // PostgreSQL). The wallets are noted, then each campaign is tended in its own transaction
    // once the batch committed; should the process stop in between, settlement tops them up.
    const credited = new Map<string, EventPayload<"wallet.credited">>();
    onEvent(app.outbox, "wallet.credited", async (_tx, wallet) => {
      credited.set(`${wallet.userId}|${wallet.organizationId}|${wallet.currency}`, wallet);
    });
    // Coalesced as the mails are: one round at a time, failures logged (settlement is the
    // backstop), and the round under way finished before the database closes.
    const topUps = coalesced("ads top-up after a credit", app.log, async () => {
      const wallets = [...credited.values()];
      credited.clear();
      let tended = false;
      for (const wallet of wallets) if (await tendCampaignsPaidBy(app.db, wallet, new Date())) tended = true;
      if (tended) {
        server.invalidate();
        app.invalidation.send("ads");
      }
      return credited.size > 0;
    });
    app.outbox.afterDispatch(topUps.wake);
    app.addHook("onClose", () => topUps.stop());
    await repeatEvery(app.jobs, "ads-request-samples", { intervalMs: 3_600_000, expireInSeconds: 600 }, () =>
      purgeRequestSamples(app.db, new Date()),
    );
    if (config.ADS_SETTLE_INTERVAL_MS > 0) {
      await repeatEvery(
        app.jobs,
        "ads-settle",
        { intervalMs: config.ADS_SETTLE_INTERVAL_MS, expireInSeconds: 600 },
        async () => {
          await tend();
        },
      );
    }
  },
  { name: "ads-serving", dependencies: ["db", "jobs", "invalidation", "storage", "outbox"] },
);

/** Serving (ADS.md §2.3): public, anonymous allowed, never cached. */
export const servingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { server } = app.ads;
  const origin = app.config.publicOrigin;
  const rule = (points: number) => ({ points, durationSec: 60 });
  // What the filters see of a page (its title, its site's topics) changes seldom, and every view
  // of a busy page asks: kept as long as the running campaigns are.
  const pages = new LRUCache<string, Awaited<ReturnType<typeof loadPageFacts>>>({
    max: 5000,
    ttl: Math.max(1, app.config.ADS_CACHE_TTL_MS),
  });
  const pageFacts = async (normalized: NormalizedUrl) => {
    const known = pages.get(normalized.normalizedUrl);
    if (known) return known;
    const loaded = await loadPageFacts(app.db, normalized);
    if (app.config.ADS_CACHE_TTL_MS > 0) pages.set(normalized.normalizedUrl, loaded);
    return loaded;
  };
  const overRate = async (bucket: string, key: string, points: number) => {
    try {
      await app.limiter.consume(bucket, key, rule(points));
      return false;
    } catch {
      return true;
    }
  };

  app.get(
    "/v1/advertisings",
    {
      schema: {
        tags: TAGS,
        summary: "Ads for a page",
        description:
          "0 to `size` (default 1, at most 3) ads for the page `searchAnd=url=={url}`, one per advertiser, chosen by eligibility and ranked by expected value per thousand views (docs/ads.md#serving). Anonymous allowed; never cached. The decision records and charges nothing: the impression beacon and the click do.",
        querystring: z.object({
          searchAnd: z.string().max(2100).optional(),
          size: z.coerce.number().int().min(1).max(AD_SERVING.maxSize).default(1),
        }),
        response: { 200: z.array(Advertising), ...problems(400, 429) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const clause = parseSearchAnd(request.query.searchAnd, URL_ONLY)[0];
      if (!clause || typeof clause.value !== "string") {
        throw badRequest("searchAnd must be url=={url}.", [
          { field: "url", message: "Give the page as url=={url}." },
        ]);
      }
      await app.limiter.consume(
        "ads-lookup",
        clientKey(request.ip),
        rule(app.config.RATE_LIMIT_ADS_LOOKUP_PER_IP),
      );
      const normalized = normalizeUrl(clause.value);
      reply.header("x-total-count", "0");
      if (isbot(userAgent(request))) return [];
      const viewer = await request.viewer();
      const { sitePageId, facts } = await pageFacts(normalized);
      const at = new Date();
      const page = { ...facts, sitePageId };
      const reader = {
        key: viewer ? `u:${viewer.id}` : server.anonymousKey(request.ip, userAgent(request), at),
        userId: viewer?.id ?? null,
        personalisedAds: viewer?.personalisedAds ?? false,
        place: app.ads.place(request.ip),
      };
      app.ads.requests.note(page, reader, at);
      const ads = await server.lookup(page, reader, request.query.size);
      reply.header("x-total-count", String(ads.length));
      return ads.map(({ pick, token, expiresAt }) => ({
        id: pick.creative.id,
        label: "Ad" as const,
        advertiserName: pick.campaign.advertiserName,
        displayDomain: pick.creative.displayDomain,
        headline: pick.creative.headline,
        body: pick.creative.body,
        image: pick.creative.image,
        clickUrl: `${origin}/api/v1/advertisings/${token}/click`,
        impressionUrl: `${origin}/api/v1/advertisings/${token}/impression`,
        feedbackUrl: `${origin}/api/v1/advertisings/${token}/feedback`,
        expiresAt: new Date(expiresAt).toISOString(),
        why: pick.why,
      }));
    },
  );

  app.post(
    "/v1/advertisings/:token/impression",
    {
      schema: {
        tags: TAGS,
        summary: "An ad was seen",
        description:
          "The viewable-impression beacon: half the ad in view for one continuous second. Always 204, counted or not (no oracle); counted at most once per token, within 15 minutes of the lookup; billed (CPM) only when within the campaign's budgets. Bots, prefetches, replays, bad or expired tokens and too many beacons are recorded as invalid, never billed.",
        params: TokenParams,
        response: { 204: z.null() },
      },
      config: { changes: "nothing", beacon: true },
      bodyLimit: 1024,
    },
    async (request, reply) => {
      await server.count("IMPRESSION", request.params.token, {
        bot: isbot(userAgent(request)),
        prefetch: prefetched(request),
        rateLimited: (key) => overRate("ad-impressions", key, AD_SERVING.impressionsPerMinute),
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/v1/advertisings/:token/click",
    {
      schema: {
        tags: TAGS,
        summary: "Follow an ad",
        description:
          "302 to the ad's stored destination (never one from the request). Counted at most once per token, within 24 hours; billed (CPC) only within the campaign's budgets. A token that is not ours: 404 without a Location.",
        params: TokenParams,
        response: { 302: z.null(), ...problems(404) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const counted =
        request.method === "HEAD"
          ? { decision: server.verify(request.params.token) }
          : await server.count("CLICK", request.params.token, {
              bot: isbot(userAgent(request)),
              prefetch: prefetched(request),
              rateLimited: (key) => overRate("ad-clicks", key, AD_SERVING.clicksPerMinute),
            });
      const destination = counted.decision ? await server.destination(counted.decision) : null;
      if (!destination || !counted.decision) throw notFound("There is no such ad.");
      // The click id, for the advertiser's site to report a conversion with (ADS.md amendments).
      const to = new URL(destination);
      to.searchParams.set(AD_CONVERSION_LIMITS.clickParam, counted.decision.decisionId);
      return reply.redirect(to.toString(), 302);
    },
  );

  app.post(
    "/v1/advertisings/:token/feedback",
    {
      schema: {
        tags: TAGS,
        summary: "Hide or report an ad",
        description:
          "HIDE: this reader (their account, or for an anonymous reader this browser's key of the day) is not shown the ad again. REPORT with a reason (MISLEADING, OFFENSIVE, SCAM, OTHER): the ad goes to Flipside's reviewers, once per reader. 204.",
        params: TokenParams,
        body: z.strictObject({
          action: z.enum(["HIDE", "REPORT"]),
          reason: z.enum(AD_REPORT_REASONS).optional(),
        }),
        response: { 204: z.null(), ...problems(400, 404, 429) },
      },
      config: { changes: "nothing", beacon: true },
    },
    async (request, reply) => {
      const decision = server.verify(request.params.token);
      if (!decision || Date.now() - decision.issuedAt > AD_SERVING.clickTtlMs) {
        throw notFound("There is no such ad.");
      }
      const { action, reason } = request.body;
      if (action === "HIDE") {
        await server.hide(decision);
      } else {
        if (!reason)
          throw badRequest("Say why you report this ad.", [{ field: "reason", message: "Choose a reason." }]);
        const viewer = await request.viewer();
        await app.db
          .insert(adReports)
          .values({
            creativeId: decision.creativeId,
            campaignId: decision.campaignId,
            viewerKey: decision.viewerKey,
            userId: viewer?.id ?? null,
            reason,
          })
          .onConflictDoNothing();
      }
      return reply.code(204).send(null);
    },
  );
};
