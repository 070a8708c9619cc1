import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { DISPLAY_NAME_MAX_LENGTH } from "@flipside/contracts/accounts";
import type {
  FacebookDeletion,
  PendingLink,
  SignInProvidersOfAccount,
} from "@flipside/contracts/sign-in-providers";
import {
  PENDING_LINK_TTL_MINUTES,
  SIGN_IN_ERRORS,
  SIGN_IN_MESSAGES,
  type SignInErrorCode,
} from "@flipside/contracts/sign-in-providers-constants";
import { and, eq, gt, lt, type SQL } from "drizzle-orm";
import * as oidc from "openid-client";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import {
  facebookDeletions,
  pendingSignInLinks,
  signInFlows,
  signInIdentities,
} from "../../db/schema/sign-in.ts";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import { linkProviderMail } from "../../lib/mail-templates/sign-in-mails.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { verifyAgainstDummy, verifyPassword } from "../../lib/passwords.ts";
import type { Limiter, Rule } from "../../lib/rate-limit.ts";
import type { TokenService } from "../../lib/tokens.ts";
import type { ViewerCache } from "../../plugins/auth.ts";
import {
  assertNotSuspended,
  type ClientInfo,
  findUserByEmail,
  findUserById,
  insertUser,
  startSession,
} from "../accounts/index.ts";
import { admission, admit, type BetaGate } from "../joining/index.ts";
import type { ProviderClient, ProviderPerson } from "./provider-clients.ts";

const FLOW_TTL_MS = 10 * 60 * 1000;
const PENDING_TTL_MS = PENDING_LINK_TTL_MINUTES * 60 * 1000;
const hash = (secret: string) => createHash("sha256").update(secret, "utf8").digest("hex");
const secret = () => randomBytes(32).toString("base64url");

export interface SignInDeps {
  db: Db;
  tokens: TokenService;
  mailer: Mailer;
  limiter: Limiter;
  /** Password proofs of a pending link count like logins of that account. */
  passwordRule: Rule;
  mailRule: Rule;
  viewers: ViewerCache;
  betaGate: BetaGate;
  publicOrigin: string;
  providers: ReadonlyMap<string, ProviderClient>;
  facebookAppSecret: string | undefined;
  log: { warn(obj: object, msg: string): void };
}

export interface FlowOptions {
  linkUserId?: string;
  returnTo?: string | undefined;
  invitationCode?: string | undefined;
  betaKey?: string | undefined;
  rememberMe?: boolean | undefined;
}

/** Where a callback sends the browser next. */
export type CallbackOutcome =
  | { kind: "session"; token: string; rememberMe: boolean; returnTo: string }
  | { kind: "linked"; provider: string }
  | { kind: "pending"; token: string }
  | { kind: "error"; code: SignInErrorCode; linking: boolean };

/** Only a path on this site: never another origin (`//evil`, `/\evil`) after signing in. */
export function safeReturnTo(value: string | undefined): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  return value.slice(0, 2000);
}

class FlowError extends Error {
  constructor(readonly code: SignInErrorCode) {
    super(code);
  }
}

const SignedRequestPayload = z.object({ algorithm: z.literal("HMAC-SHA256"), user_id: z.string().min(1) });

/**
 * Facebook's signed_request: `base64url(HMAC-SHA256(payload, app secret)).base64url(JSON payload)`.
 * Anything else, or a signature that does not match, is a 400.
 */
export function parseSignedRequest(signedRequest: string, appSecret: string): { userId: string } {
  const invalid = () => badRequest("The signed request is not valid.");
  const [signature, payload, extra] = signedRequest.split(".");
  if (!signature || !payload || extra !== undefined) throw invalid();
  const expected = createHmac("sha256", appSecret).update(payload).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  const parsed = SignedRequestPayload.safeParse(json);
  if (!parsed.success) throw invalid();
  return { userId: parsed.data.user_id };
}

export function createSignInService(deps: SignInDeps) {
  const { db, tokens, mailer, limiter, viewers, betaGate, publicOrigin, providers, log } = deps;
  const redirectUri = (provider: string) => `${publicOrigin}/api/sign-in/${provider}/callback`;
  const clientOf = (provider: string) => {
    const client = providers.get(provider);
    if (!client) throw notFound("There is no such sign-in provider.");
    return client;
  };
  const labelOf = (provider: string) => providers.get(provider)?.provider.label ?? provider;

  async function linkIdentity(
    tx: Db,
    userId: string,
    provider: string,
    person: { subject: string; email: string | null },
  ) {
    const [row] = await tx
      .insert(signInIdentities)
      .values({ userId, provider, subject: person.subject, email: person.email, lastUsedAt: new Date() })
      .onConflictDoNothing()
      .returning({ id: signInIdentities.id });
    if (row) return;
    const [existing] = await tx
      .select({ userId: signInIdentities.userId })
      .from(signInIdentities)
      .where(and(eq(signInIdentities.provider, provider), eq(signInIdentities.subject, person.subject)));
    // The same identity linked again to the same account is no change; to another account, refused.
    if (existing?.userId !== userId) throw new FlowError("taken");
  }

  /** A new account for a verified address nobody has yet, activated: the provider vouched for it. */
  async function createAccount(
    provider: string,
    person: ProviderPerson & { verifiedEmail: string },
    flow: typeof signInFlows.$inferSelect,
  ) {
    let admitted: Awaited<ReturnType<typeof admission>>;
    try {
      admitted = await admission(
        db,
        {
          email: person.verifiedEmail,
          invitationCode: flow.invitationCode ?? undefined,
          betaKey: flow.betaKey ?? undefined,
        },
        betaGate,
      );
    } catch (error) {
      if (error instanceof AppError) throw new FlowError(flow.invitationCode ? "invitation" : "gate");
      throw error;
    }
    const displayName = (person.name?.trim() || person.verifiedEmail.split("@")[0] || "Flipside user").slice(
      0,
      DISPLAY_NAME_MAX_LENGTH,
    );
    return db.transaction(async (tx) => {
      const row = await insertUser(tx, {
        email: person.verifiedEmail,
        passwordHash: null,
        displayName,
        invitationCode: flow.invitationCode,
      });
      // The address was taken a moment ago by another sign-up: the proof step is for that case.
      if (!row) throw new FlowError("failed");
      await tx.update(users).set({ activated: true }).where(eq(users.id, row.id));
      try {
        await admit(tx, row.id, admitted);
      } catch (error) {
        if (error instanceof AppError) throw new FlowError(flow.invitationCode ? "invitation" : "gate");
        throw error;
      }
      await linkIdentity(tx, row.id, provider, person);
      return row;
    });
  }

  async function sessionFor(userId: string, client: ClientInfo, rememberMe: boolean) {
    const user = await findUserById(db, userId);
    if (!user) throw new FlowError("failed");
    try {
      assertNotSuspended(user);
    } catch {
      throw new FlowError("suspended");
    }
    return startSession(db, tokens, user, client, rememberMe);
  }

  async function takePending(where: SQL) {
    const [row] = await db
      .delete(pendingSignInLinks)
      .where(and(where, gt(pendingSignInLinks.expiresAt, new Date())))
      .returning();
    return row;
  }

  /** Links a proved pending identity and signs its account in. */
  async function completePending(
    row: typeof pendingSignInLinks.$inferSelect,
    client: ClientInfo,
    rememberMe: boolean,
  ) {
    try {
      await linkIdentity(db, row.userId, row.provider, { subject: row.subject, email: row.email });
      const session = await sessionFor(row.userId, client, rememberMe);
      return { ...session, returnTo: row.returnTo };
    } catch (error) {
      if (error instanceof FlowError) {
        if (error.code === "suspended") throw new AppError("forbidden", SIGN_IN_ERRORS.suspended);
        if (error.code === "taken") throw conflict(SIGN_IN_ERRORS.taken);
        throw notFound(SIGN_IN_MESSAGES.pendingLinkGone);
      }
      throw error;
    }
  }

  return {
    /** Leaves for the provider: the secrets stay in PostgreSQL, the state also in a cookie. */
    async start(provider: string, options: FlowOptions): Promise<{ url: string; state: string }> {
      const client = clientOf(provider);
      const checks = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      await db.delete(signInFlows).where(lt(signInFlows.expiresAt, new Date()));
      await db.insert(signInFlows).values({
        stateHash: hash(checks.state),
        provider,
        codeVerifier: checks.codeVerifier,
        nonce: checks.nonce,
        linkUserId: options.linkUserId ?? null,
        returnTo: safeReturnTo(options.returnTo),
        invitationCode: options.invitationCode ?? null,
        betaKey: options.betaKey ?? null,
        rememberMe: options.rememberMe === true,
        expiresAt: new Date(Date.now() + FLOW_TTL_MS),
      });
      const url = await client.authorizationUrl(redirectUri(provider), checks);
      return { url: url.href, state: checks.state };
    },

    /**
     * The provider's answer. The state must be the one this browser left with (the cookie) and a
     * flow not used yet; the code is exchanged with the PKCE verifier and the ID token's nonce checked.
     */
    async callback(
      provider: string,
      callbackUrl: URL,
      cookieState: string | undefined,
      client: ClientInfo,
    ): Promise<CallbackOutcome> {
      const state = callbackUrl.searchParams.get("state");
      let linking = false;
      try {
        const providerClient = providers.get(provider);
        if (!providerClient) throw new FlowError("unknown");
        if (!state || !cookieState || state !== cookieState) throw new FlowError("state");
        const [flow] = await db
          .delete(signInFlows)
          .where(and(eq(signInFlows.stateHash, hash(state)), eq(signInFlows.provider, provider)))
          .returning();
        if (!flow || flow.expiresAt.getTime() < Date.now()) throw new FlowError("state");
        linking = flow.linkUserId !== null;
        if (callbackUrl.searchParams.has("error")) throw new FlowError("denied");
        let person: ProviderPerson;
        try {
          person = await providerClient.person(callbackUrl, {
            state,
            nonce: flow.nonce,
            codeVerifier: flow.codeVerifier,
          });
        } catch (error) {
          log.warn({ err: error, provider }, "a provider's sign-in answer failed its checks");
          throw new FlowError("failed");
        }

        if (flow.linkUserId) {
          await linkIdentity(db, flow.linkUserId, provider, person);
          viewers.forgetUser(flow.linkUserId);
          return { kind: "linked", provider };
        }
        const [identity] = await db
          .update(signInIdentities)
          .set({ lastUsedAt: new Date() })
          .where(and(eq(signInIdentities.provider, provider), eq(signInIdentities.subject, person.subject)))
          .returning({ userId: signInIdentities.userId });
        let userId = identity?.userId;
        if (!userId) {
          const { verifiedEmail } = person;
          if (!verifiedEmail) throw new FlowError("email");
          const existing = await findUserByEmail(db, verifiedEmail);
          if (existing) {
            // The address alone does not prove the account: its owner confirms first.
            const token = secret();
            await db.delete(pendingSignInLinks).where(lt(pendingSignInLinks.expiresAt, new Date()));
            await db.insert(pendingSignInLinks).values({
              tokenHash: hash(token),
              userId: existing.id,
              provider,
              subject: person.subject,
              email: verifiedEmail,
              returnTo: flow.returnTo,
              expiresAt: new Date(Date.now() + PENDING_TTL_MS),
            });
            return { kind: "pending", token };
          }
          userId = (await createAccount(provider, { ...person, verifiedEmail }, flow)).id;
        }
        const session = await sessionFor(userId, client, flow.rememberMe);
        return {
          kind: "session",
          token: session.token,
          rememberMe: flow.rememberMe,
          returnTo: flow.returnTo,
        };
      } catch (error) {
        if (error instanceof FlowError) return { kind: "error", code: error.code, linking };
        throw error;
      }
    },

    async pending(token: string): Promise<PendingLink> {
      const [row] = await db
        .select()
        .from(pendingSignInLinks)
        .where(
          and(eq(pendingSignInLinks.tokenHash, hash(token)), gt(pendingSignInLinks.expiresAt, new Date())),
        );
      const user = row && (await findUserById(db, row.userId));
      if (!row || !user) throw notFound(SIGN_IN_MESSAGES.pendingLinkGone);
      return {
        provider: row.provider,
        label: labelOf(row.provider),
        email: user.email,
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    /** Proof by password: limited like a login of that account; a wrong password keeps the link waiting. */
    async proveWithPassword(token: string, password: string, client: ClientInfo, rememberMe: boolean) {
      const [row] = await db
        .select()
        .from(pendingSignInLinks)
        .where(
          and(eq(pendingSignInLinks.tokenHash, hash(token)), gt(pendingSignInLinks.expiresAt, new Date())),
        );
      if (!row) {
        await verifyAgainstDummy(password);
        throw notFound(SIGN_IN_MESSAGES.pendingLinkGone);
      }
      await limiter.consume("login-account", `link|${row.userId}`, deps.passwordRule);
      const user = await findUserById(db, row.userId);
      const ok = user?.passwordHash
        ? await verifyPassword(user.passwordHash, password)
        : await verifyAgainstDummy(password);
      if (!ok) {
        const message = user?.passwordHash
          ? "The password is not correct"
          : "This account has no password: use the mailed link instead";
        throw badRequest(message, [{ field: "password", message }]);
      }
      const taken = await takePending(eq(pendingSignInLinks.tokenHash, hash(token)));
      if (!taken) throw notFound(SIGN_IN_MESSAGES.pendingLinkGone);
      return completePending(taken, client, rememberMe);
    },

    /** Proof by mail: a key to the account's own address finishes the link. */
    async mailProof(token: string, origin: string): Promise<void> {
      const key = secret();
      const [row] = await db
        .update(pendingSignInLinks)
        .set({ mailKeyHash: hash(key) })
        .where(
          and(eq(pendingSignInLinks.tokenHash, hash(token)), gt(pendingSignInLinks.expiresAt, new Date())),
        )
        .returning();
      const user = row && (await findUserById(db, row.userId));
      if (!row || !user) throw notFound(SIGN_IN_MESSAGES.pendingLinkGone);
      await limiter.consume("link-mail", row.userId, deps.mailRule);
      void mailer.send({
        to: user.email,
        ...linkProviderMail({
          displayName: user.displayName,
          provider: labelOf(row.provider),
          link: `${origin}/login/link?key=${encodeURIComponent(key)}`,
        }),
      });
    },

    async confirmMail(key: string, client: ClientInfo) {
      const row = await takePending(eq(pendingSignInLinks.mailKeyHash, hash(key)));
      if (!row) throw notFound(SIGN_IN_MESSAGES.pendingLinkGone);
      return completePending(row, client, false);
    },

    async ofAccount(userId: string): Promise<SignInProvidersOfAccount> {
      const [user, linked] = await Promise.all([
        findUserById(db, userId),
        db
          .select()
          .from(signInIdentities)
          .where(eq(signInIdentities.userId, userId))
          .orderBy(signInIdentities.createdAt),
      ]);
      return {
        linked: linked.map((row) => ({
          id: row.id,
          provider: row.provider,
          label: labelOf(row.provider),
          email: row.email,
          linkedAt: row.createdAt.toISOString(),
          lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
        })),
        available: [...providers.values()].map(({ provider }) => ({
          id: provider.id,
          label: provider.label,
        })),
        hasPassword: Boolean(user?.passwordHash),
      };
    },

    /** Refused for the last way in: an account without a password keeps one provider. */
    async unlink(userId: string, identityId: string): Promise<void> {
      await db.transaction(async (tx) => {
        // The account row's lock serialises unlinks, so two at once cannot remove the last two.
        const [user] = await tx
          .select({ passwordHash: users.passwordHash })
          .from(users)
          .where(eq(users.id, userId))
          .for("update");
        const identities = await tx
          .select({ id: signInIdentities.id })
          .from(signInIdentities)
          .where(eq(signInIdentities.userId, userId));
        if (!user || !identities.some((row) => row.id === identityId))
          throw notFound("There is no such linked provider.");
        if (!user.passwordHash && identities.length === 1) throw conflict(SIGN_IN_MESSAGES.lastWay);
        await tx
          .delete(signInIdentities)
          .where(and(eq(signInIdentities.id, identityId), eq(signInIdentities.userId, userId)));
      });
      viewers.forgetUser(userId);
    },

    /** Facebook's data-deletion callback: removes the person's Facebook links, answers a status address. */
    async facebookDeletion(signedRequest: string): Promise<{ url: string; confirmation_code: string }> {
      if (!deps.facebookAppSecret) throw notFound("Facebook sign-in is not configured.");
      const { userId } = parseSignedRequest(signedRequest, deps.facebookAppSecret);
      const confirmationCode = randomBytes(12).toString("hex");
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(signInIdentities)
          .where(and(eq(signInIdentities.provider, "facebook"), eq(signInIdentities.subject, userId)))
          .returning({ userId: signInIdentities.userId });
        await tx.insert(facebookDeletions).values({ confirmationCode, removed: removed.length });
        for (const row of removed) viewers.forgetUser(row.userId);
      });
      return {
        url: `${publicOrigin}/facebook/verify?code=${confirmationCode}`,
        confirmation_code: confirmationCode,
      };
    },

    async facebookDeletionStatus(code: string): Promise<FacebookDeletion> {
      const [row] = await db
        .select()
        .from(facebookDeletions)
        .where(eq(facebookDeletions.confirmationCode, code));
      if (!row) throw notFound("There is no deletion request with this confirmation code.");
      return {
        confirmationCode: row.confirmationCode,
        status: "deleted",
        removedLinks: row.removed,
        requestedAt: row.createdAt.toISOString(),
      };
    },
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
