import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { constants as zlibConstants } from "node:zlib";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { DestinationStream } from "pino";
import type { Config } from "./config.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { noSuchEndpoint } from "./lib/errors.ts";
import { frameAncestorSources } from "./lib/extension-origins.ts";
import { createHtmlCache } from "./lib/html-cache.ts";
import { logRedaction } from "./lib/log-redaction.ts";
import { mailerPlugin } from "./lib/mailer.ts";
import { WEB_BUILD_DIR, WEB_ROOT } from "./lib/paths.ts";
import { resolveJwtSecret } from "./lib/secret.ts";
import { refuseUnstorableText } from "./lib/storable.ts";
import { storageOptionsFrom, storagePlugin } from "./lib/storage.ts";
import { createTokenService } from "./lib/tokens.ts";
import { accountsRoutes } from "./modules/accounts/accounts.routes.ts";
import { profilesRoutes } from "./modules/accounts/profiles.routes.ts";
import { adminRoutes, grantConfiguredAdmins } from "./modules/admin/index.ts";
import {
  adsAdminRoutes,
  adsAutopilotRoutes,
  adsBillingRoutes,
  adsConversionsRoutes,
  adsPlanningRoutes,
  adsReportsRoutes,
  adsRoutes,
  adsServingPlugin,
  servingRoutes,
  targetingRoutes,
} from "./modules/ads/index.ts";
import { attachmentsRoutes } from "./modules/attachments/attachments.routes.ts";
import { billingRoutes } from "./modules/billing/billing.routes.ts";
import { blocksRoutes } from "./modules/blocks/blocks.routes.ts";
import { commentsRoutes } from "./modules/comments/comments.routes.ts";
import { contributionsRoutes } from "./modules/contributions/contributions.routes.ts";
import { customTabsRoutes } from "./modules/custom-tabs/custom-tabs.routes.ts";
import { discoveryPlugin } from "./modules/discovery/index.ts";
import { discussionPlugin } from "./modules/discussion/index.ts";
import { filesRoutes } from "./modules/files/files.routes.ts";
import { followsRoutes } from "./modules/follows/follows.routes.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { joiningRoutes } from "./modules/joining/index.ts";
import { livePlugin, liveRoutes } from "./modules/live/live.plugin.ts";
import { moderationRoutes } from "./modules/moderation/index.ts";
import { notesRoutes } from "./modules/notes/notes.routes.ts";
import { notificationsRoutes } from "./modules/notifications/notifications.routes.ts";
import { organizationsRoutes } from "./modules/organizations/index.ts";
import { outboxPlugin } from "./modules/outbox/index.ts";
import { paymentsRoutes } from "./modules/payments/index.ts";
import { relatedPagesRoutes } from "./modules/related-pages/related-pages.routes.ts";
import { reviewsRoutes } from "./modules/reviews/reviews.routes.ts";
import { searchRoutes } from "./modules/search/search.routes.ts";
import { sharingRoutes } from "./modules/sharing/sharing.routes.ts";
import { signInProvidersRoutes } from "./modules/sign-in-providers/index.ts";
import { sitePagesRoutes } from "./modules/site-pages/site-pages.routes.ts";
import { topicsRoutes } from "./modules/topics/topics.routes.ts";
import { votesRoutes } from "./modules/votes/votes.routes.ts";
import { walletRoutes } from "./modules/wallet/wallet.routes.ts";
import { ownerInviteRoutes, websitesRoutes } from "./modules/websites/websites.routes.ts";
import { yourDataRoutes } from "./modules/your-data/your-data.routes.ts";
import { authPlugin, carriesCredentials } from "./plugins/auth.ts";
import { dbPlugin } from "./plugins/db.ts";
import { errorsPlugin, sendProblem } from "./plugins/errors.ts";
import { idempotencyPlugin } from "./plugins/idempotency.ts";
import { invalidationPlugin, isSuccessfulApiWrite } from "./plugins/invalidation.ts";
import { jobsPlugin } from "./plugins/jobs.ts";
import { openapiPlugin } from "./plugins/openapi.ts";
import { rateLimitPlugin } from "./plugins/rate-limit.ts";
import { redisPlugin } from "./plugins/redis.ts";
import { securityHeadersPlugin } from "./plugins/security-headers.ts";
import { webPlugin } from "./plugins/web.ts";

export interface BuildOptions {
  /** An already-open database; otherwise one is opened from the config. */
  database?: Database;
  /** The app closes the given database when it closes (the server's own); tests keep theirs. */
  ownsDatabase?: boolean;
  /** Where the log goes instead of stdout (tests that read it); logs at info even when silent. */
  logStream?: DestinationStream;
}

export function databaseSourceOf(config: Config) {
  return config.DATABASE_URL
    ? ({ kind: "postgres", url: config.DATABASE_URL, max: config.DATABASE_POOL_SIZE } as const)
    : ({ kind: "pglite", dataDir: config.DATA_DIR } as const);
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count trusts that many addresses from the right of
 * X-Forwarded-For (the ones our own proxies added), so a client's forged entries on the left are
 * never taken for its address. (Fastify's own number option trusts nothing at all.)
 */
export function trustProxyOption(trust: Config["TRUST_PROXY"]) {
  if (typeof trust === "number") return trust === 0 ? false : (_address: string, hop: number) => hop < trust;
  return trust;
}

/** The whole Flipside server as a Fastify instance: used by server.ts and by every test. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === "silent" && !options.logStream
        ? false
        : {
            level: config.LOG_LEVEL === "silent" ? "info" : config.LOG_LEVEL,
            ...logRedaction,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      // randomUUID draws from a buffered entropy pool: no system call per request.
      return typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: config.BODY_LIMIT_BYTES,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Hooks on every request are callback-style: no promise per hook on the hot path.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });
  // While draining and shutting down, every answer closes its keep-alive connection: a balancer
  // reusing a connection the server is about to close would fail a request it cannot retry
  // (a POST), and the server finishes closing as soon as the last answer is out.
  const lifecycle = { draining: false };
  app.decorate("lifecycle", lifecycle);
  app.addHook("preClose", (done) => {
    lifecycle.draining = true;
    done();
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    if (lifecycle.draining) reply.header("connection", "close");
    // What answers a signed-in request (or signs someone in) is that person's alone: no shared
    // cache keeps it, and the browser does not store it. Answers that are the same for everyone
    // say so themselves (assets, files).
    if (!reply.hasHeader("cache-control") && (carriesCredentials(request) || reply.hasHeader("set-cookie"))) {
      reply.header("cache-control", "private, no-store");
    }
    done(null, payload);
  });

  const database = options.database ?? (await openDatabase(databaseSourceOf(config)));
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, {
    frameAncestors: frameAncestorSources(config.EXTENSION_ORIGINS),
  });
  await app.register(cookie);
  await app.register(dbPlugin, {
    database,
    closeOnShutdown: !options.database || options.ownsDatabase === true,
  });
  await app.register(redisPlugin, {
    url: config.REDIS_URL,
    commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS,
  });
  await app.register(invalidationPlugin, { wroteCookieSeconds: config.readYourWritesSeconds });
  await app.register(authPlugin, {
    tokens: createTokenService(resolveJwtSecret(config), config.publicOrigin),
    allowedOrigins: [config.publicOrigin, ...config.EXTENSION_ORIGINS],
    viewerCacheTtlMs: config.SESSION_CACHE_TTL_MS,
    adminEmails: config.ADMIN_EMAILS.map((email) => email.toLowerCase()),
    grantConfiguredAdmin: (userId) => grantConfiguredAdmins(database.db, config.ADMIN_EMAILS, { userId }),
  });
  app.decorate("config", config);
  await app.register(rateLimitPlugin, { enabled: config.RATE_LIMIT_ENABLED });
  // Before compression: it keeps an answer's JSON as it is sent.
  await app.register(idempotencyPlugin);
  // API answers of 1 KiB and more go out compressed to clients that accept it (a page of 25
  // comments: ~20 KB of JSON, ~4 KB as brotli); fast settings, as this runs per response. Pages
  // and assets compress themselves (decision 006). Request bodies are never inflated (no
  // decompression bombs through the API).
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 5 },
  });
  await app.register(openapiPlugin, { publicOrigin: config.publicOrigin });
  await app.register(mailerPlugin, {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    mailDir: join(config.DATA_DIR, "mail"),
    timeoutMs: config.SMTP_TIMEOUT_MS,
    logLinks: config.NODE_ENV === "development",
  });
  await app.register(storagePlugin, storageOptionsFrom(config));
  await app.register(jobsPlugin);
  await app.register(discussionPlugin);
  await app.register(outboxPlugin);
  await app.register(livePlugin);
  await app.register(discoveryPlugin);
  await app.register(adsServingPlugin);

  await app.register(
    async (api) => {
      api.addHook("preValidation", refuseUnstorableText);
      await api.register(healthRoutes);
      // Feature modules register here, one line each.
      await api.register(accountsRoutes);
      await api.register(joiningRoutes);
      await api.register(signInProvidersRoutes);
      await api.register(profilesRoutes);
      await api.register(filesRoutes);
      await api.register(sitePagesRoutes);
      await api.register(searchRoutes);
      await api.register(commentsRoutes);
      await api.register(votesRoutes);
      await api.register(reviewsRoutes);
      await api.register(relatedPagesRoutes);
      await api.register(notesRoutes);
      await api.register(contributionsRoutes);
      await api.register(blocksRoutes);
      await api.register(followsRoutes);
      await api.register(notificationsRoutes);
      await api.register(liveRoutes);
      await api.register(sharingRoutes);
      await api.register(topicsRoutes);
      await api.register(attachmentsRoutes);
      await api.register(yourDataRoutes);
      await api.register(customTabsRoutes);
      await api.register(websitesRoutes);
      await api.register(ownerInviteRoutes);
      await api.register(organizationsRoutes);
      await api.register(walletRoutes);
      await api.register(paymentsRoutes);
      await api.register(billingRoutes);
      await api.register(adminRoutes);
      await api.register(moderationRoutes);
      await api.register(adsRoutes);
      await api.register(adsAdminRoutes);
      await api.register(adsBillingRoutes);
      await api.register(adsReportsRoutes);
      await api.register(adsConversionsRoutes);
      await api.register(adsPlanningRoutes);
      await api.register(adsAutopilotRoutes);
      await api.register(targetingRoutes);
      await api.register(servingRoutes);
      api.all("/*", { schema: { hide: true } }, async () => {
        throw noSuchEndpoint();
      });
    },
    { prefix: "/api" },
  );

  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, request, { status: 404, code: "not_found", detail: `Nothing at ${request.url}` }),
  );

  if (config.SERVE_WEB) {
    const htmlCache = createHtmlCache({
      ttlMs: config.PAGE_CACHE_TTL_MS,
      pageTtlMs: Math.max(config.PAGE_CACHE_TTL_MS, config.PAGE_VIEW_CACHE_TTL_MS),
    });
    // A page view's render goes when its page changes (the discussion kinds' writes, votes and
    // the page's own metadata all go through the page read cache), lists with any page's change.
    app.discussion.cache.subscribe((pageId) => htmlCache.invalidate(pageId));
    app.invalidation.on("renders", () => htmlCache.clear());
    // Any other change made through the API may show on any page (a name, a picture): start
    // afresh. Routes whose changes are confined to the pages they invalidate say so.
    app.addHook("onResponse", (request, reply, done) => {
      if (
        isSuccessfulApiWrite(request, reply.statusCode) &&
        request.routeOptions.config.changes === undefined
      ) {
        htmlCache.clear();
        app.invalidation.send("renders");
      }
      done();
    });
    await app.register(webPlugin, {
      htmlCache,
      renderConcurrency: config.RENDER_CONCURRENCY,
      renderQueueMax: config.RENDER_QUEUE_MAX,
      buildDir: WEB_BUILD_DIR,
      webRoot: WEB_ROOT,
      dev: config.WEB_DEV,
      mode: config.NODE_ENV === "development" ? "development" : "production",
      publicConfig: {
        publicOrigin: config.publicOrigin,
        currency: config.MONEY_CURRENCY,
        ...(config.HELP_CHAT_ID ? { helpChatId: config.HELP_CHAT_ID } : {}),
        ...(config.GEOIP_DB ? { geoIp: true as const } : {}),
        ...(config.MAP_TILE_URL
          ? { mapTiles: { url: config.MAP_TILE_URL, attribution: config.MAP_TILE_ATTRIBUTION ?? "" } }
          : {}),
        ...(config.FACEBOOK_APP_ID ? { facebookAppId: config.FACEBOOK_APP_ID } : {}),
        ...(config.BETA_GATE ? { betaGate: true as const } : {}),
        ...(config.EXTENSION_STORE_CHROMIUM_URL || config.EXTENSION_STORE_FIREFOX_URL
          ? {
              extensionStores: {
                ...(config.EXTENSION_STORE_CHROMIUM_URL
                  ? { chromium: config.EXTENSION_STORE_CHROMIUM_URL }
                  : {}),
                ...(config.EXTENSION_STORE_FIREFOX_URL
                  ? { firefox: config.EXTENSION_STORE_FIREFOX_URL }
                  : {}),
              },
            }
          : {}),
        ...(config.signInProviders.length
          ? { signInProviders: config.signInProviders.map(({ id, label }) => ({ id, label })) }
          : {}),
      },
    });
  }
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    /**
     * draining: the instance is going away (SIGTERM): /api/ready answers 503 so the balancer
     * sends new requests elsewhere, and every request that still comes is served.
     */
    lifecycle: { draining: boolean };
  }
  interface FastifyContextConfig {
    /**
     * "pages": what the route changes shows only on the discussion pages it invalidates in the
     * page read cache (so the HTML of other pages may stay cached). Any other write through the
     * API empties the page HTML cache. "nothing": what it changes shows on no page (money).
     */
    changes?: "pages" | "nothing";
    /**
     * A beacon (an ad's impression, its feedback): the signed token in its path is its credential,
     * so it is taken from any origin, and what it writes is read back by no cache (no
     * read-your-writes cookie).
     */
    beacon?: true;
  }
}
