import { SESSION_COOKIE } from "@flipside/contracts/constants";
import { ACCOUNT_ROLE, type AccountRole, hasRole } from "@flipside/contracts/roles";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { LRUCache } from "lru-cache";
import { sessions, users } from "../db/schema/accounts.ts";
import { profileBlocks } from "../db/schema/blocks.ts";
import { forbidden, noSuchEndpoint, unauthorized } from "../lib/errors.ts";
import { originMatcher } from "../lib/extension-origins.ts";
import type { TokenService } from "../lib/tokens.ts";
import { mustReadFresh } from "./invalidation.ts";

/** Who is making a request, as far as the API is concerned. */
export interface Viewer {
  id: string;
  sessionId: string;
  email: string;
  displayName: string;
  activated: boolean;
  roles: string[];
  createdAt: Date;
  /**
   * Whether a block stands between this person and someone else, either way (docs/blocks.md):
   * their lists are their own, not the ones every reader shares.
   */
  hasBlocks: boolean;
  /** They allow their reading to place them in advertisers' audiences (docs/ads.md#audiences). */
  personalisedAds: boolean;
}

/**
 * Who a session token signs in, remembered for a few seconds: a page and the calls it makes
 * come in a burst, and each would otherwise verify the token and read the session row again
 * (docs/caches.md). A change to an account or its sessions made through this process forgets
 * that account's entries at once; one made through another instance shows within the TTL.
 */
export interface ViewerCache {
  /** Forget every cached session of the user (call after the change commits). */
  forgetUser(userId: string): void;
}

declare module "fastify" {
  interface FastifyRequest {
    viewerPromise: Promise<Viewer | null> | null;
    /** The signed-in user, or null; resolved once per request, only when asked for. */
    viewer(): Promise<Viewer | null>;
  }
  interface FastifyInstance {
    tokens: TokenService;
    viewers: ViewerCache;
  }
}

/** Upper bound of cached tokens; an entry is a few hundred bytes. */
const VIEWER_CACHE_MAX = 10_000;

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1] ?? null;
}

function isSameHost(origin: string, host: string | undefined) {
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * Whether a request carries credentials (a bearer token or the session cookie), valid or not:
 * what answers it may be that person's alone.
 */
export function carriesCredentials(request: FastifyRequest): boolean {
  return Boolean(request.headers.authorization || request.headers.cookie?.includes(`${SESSION_COOKIE}=`));
}

/** How stale a session's "last seen" may be: it is written at most this often. */
export const SESSION_SEEN_PRECISION_MS = 5 * 60 * 1000;

export async function requireViewer(request: FastifyRequest): Promise<Viewer> {
  const viewer = await request.viewer();
  if (!viewer) throw unauthorized();
  return viewer;
}

/** An onRequest hook: a signed-in route answers 401 before even reading (or validating) a body. */
export async function signedInOnly(request: FastifyRequest): Promise<void> {
  await requireViewer(request);
}

/** Contributing (comments, votes, reviews…) needs an activated account. */
export async function requireActivatedViewer(request: FastifyRequest): Promise<Viewer> {
  const viewer = await requireViewer(request);
  if (!viewer.activated)
    throw forbidden("Activate your account first: check your mail for the activation link.");
  return viewer;
}

/**
 * The admin area's gate (docs/admin.md): anyone without the role, signed in or not, gets the
 * answer of a path that does not exist, so the area's existence does not leak.
 */
export async function requireAccountRole(request: FastifyRequest, role: AccountRole): Promise<Viewer> {
  const viewer = await request.viewer();
  if (!viewer?.activated || !hasRole(viewer.roles, role)) throw noSuchEndpoint();
  return viewer;
}

export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      tokens: TokenService;
      allowedOrigins: string[];
      viewerCacheTtlMs: number;
      /** ADMIN_EMAILS, lower case: their accounts become admins once activated (docs/admin.md). */
      adminEmails?: readonly string[];
      /** Makes a configured address's activated account an admin, recorded in the audit log. */
      grantConfiguredAdmin?: (userId: string) => Promise<unknown>;
    },
  ) => {
    const adminEmails = new Set(opts.adminEmails ?? []);
    app.decorate("tokens", opts.tokens);
    const allowed = originMatcher(opts.allowedOrigins);
    // Keyed by the whole token: a hit skips the signature check as well as the query. Only
    // signed-in viewers are cached, so a token cannot be remembered past its session's checks.
    const cache =
      opts.viewerCacheTtlMs > 0
        ? new LRUCache<string, Viewer>({ max: VIEWER_CACHE_MAX, ttl: opts.viewerCacheTtlMs })
        : null;
    const forget = (userId: string) => {
      if (!cache) return;
      for (const [token, viewer] of cache.entries()) if (viewer.id === userId) cache.delete(token);
    };
    // Every instance forgets the sessions an account change touched (a sign-out, a new password).
    app.invalidation.on("user", forget);
    app.decorate("viewers", {
      forgetUser(userId: string) {
        forget(userId);
        app.invalidation.send("user", userId);
      },
    } satisfies ViewerCache);

    async function resolve(request: FastifyRequest): Promise<Viewer | null> {
      const token = bearer(request) ?? request.cookies[SESSION_COOKIE];
      if (!token) return null;
      const cached = mustReadFresh() ? undefined : cache?.get(token);
      if (cached) return cached;
      const found = await lookUp(token);
      if (!found) return null;
      const { expiresAt, ...viewer } = found;
      const ttl = Math.min(opts.viewerCacheTtlMs, expiresAt.getTime() - Date.now());
      if (ttl > 0) cache?.set(token, viewer, { ttl });
      return viewer;
    }

    async function lookUp(token: string) {
      const claims = await opts.tokens.verify(token);
      if (!claims) return null;
      const [row] = await app.db
        .select({
          id: users.id,
          email: users.email,
          displayName: users.displayName,
          activated: users.activated,
          roles: users.roles,
          personalisedAds: users.personalisedAds,
          createdAt: users.createdAt,
          suspendedUntil: users.suspendedUntil,
          hasBlocks: sql<boolean>`exists (select 1 from ${profileBlocks} where ${profileBlocks.blockerId} = ${users.id} or ${profileBlocks.blockedId} = ${users.id})`,
          expiresAt: sessions.expiresAt,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.id, claims.sessionId),
            eq(sessions.userId, claims.userId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date()),
          ),
        )
        .limit(1);
      if (!row) return null;
      const { lastSeenAt, suspendedUntil, ...viewer } = row;
      // A suspension ends its sessions when it starts; this also covers a token cached elsewhere.
      if (suspendedUntil && suspendedUntil.getTime() > Date.now()) return null;
      if (
        viewer.activated &&
        opts.grantConfiguredAdmin &&
        !viewer.roles.includes(ACCOUNT_ROLE.ADMIN) &&
        adminEmails.has(viewer.email.toLowerCase())
      ) {
        // However the account got activated (its mail, a password reset, an invitation), its first
        // request after that makes it the admin the configuration names.
        await opts.grantConfiguredAdmin(viewer.id);
        viewer.roles = [...viewer.roles, ACCOUNT_ROLE.ADMIN];
      }
      if (Date.now() - lastSeenAt.getTime() > SESSION_SEEN_PRECISION_MS) {
        // The sessions list says when each device was last used; a write per session every few
        // minutes at most, and never in the way of the answer.
        app.db
          .update(sessions)
          .set({ lastSeenAt: new Date() })
          .where(eq(sessions.id, claims.sessionId))
          .catch((error: unknown) => app.log.warn({ err: error }, "could not note when a session was used"));
      }
      return { ...viewer, sessionId: claims.sessionId };
    }

    app.decorateRequest("viewerPromise", null);
    app.decorateRequest("viewer", function (this: FastifyRequest) {
      this.viewerPromise ??= resolve(this);
      return this.viewerPromise;
    });

    // CSRF: a cookie rides along on cross-site requests, a bearer header never does. So an
    // unsafe request that carries the session cookie (and no bearer) must come from our own
    // origin or a configured extension origin.
    app.addHook("onRequest", (request, _reply, done) => {
      if (
        !UNSAFE.has(request.method) ||
        bearer(request) ||
        !request.cookies[SESSION_COOKIE] ||
        request.routeOptions.config.beacon
      )
        return done();
      const site = request.headers["sec-fetch-site"];
      const origin = request.headers.origin;
      const crossSite = origin
        ? !allowed(origin) && !isSameHost(origin, request.headers.host)
        : Boolean(site && site !== "same-origin" && site !== "none");
      done(crossSite ? forbidden("Cross-site request refused.") : undefined);
    });
  },
  { name: "auth", dependencies: ["db", "invalidation"] },
);
