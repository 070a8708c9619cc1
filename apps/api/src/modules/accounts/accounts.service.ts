import { createHash, randomBytes } from "node:crypto";
import {
  ACCOUNT_MESSAGES,
  type Account,
  type AccountSession,
  type ChangePasswordRequest,
  PASSWORD_MESSAGES,
  type Profile,
  type RegisterRequest,
  type UpdateAccountRequest,
} from "@flipside/contracts/accounts";
import { suspensionMessage } from "@flipside/contracts/moderation-constants";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adAudienceMembers } from "../../db/schema/ads.ts";
import { avatarFiles, decodeBase64Image, storeAvatar } from "../../lib/avatars.ts";
import { networkKey } from "../../lib/client-address.ts";
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from "../../lib/errors.ts";
import {
  activationMail,
  type MailContent,
  passwordChangedMail,
  passwordResetMail,
  registrationAttemptMail,
} from "../../lib/mail-templates/account-mails.ts";
import type { Mailer } from "../../lib/mailer.ts";
import {
  hashPassword,
  isCommonPassword,
  needsRehash,
  verifyAgainstDummy,
  verifyPassword,
} from "../../lib/passwords.ts";
import type { Limiter } from "../../lib/rate-limit.ts";
import type { Storage } from "../../lib/storage.ts";
import type { TokenService } from "../../lib/tokens.ts";
import type { ViewerCache } from "../../plugins/auth.ts";
import { storageKeysOfOwner } from "../attachments/index.ts";
import { profileStats } from "../discussion/index.ts";
import { admission, admit, type BetaGate } from "../joining/index.ts";
import { organizationsOfAccount } from "../organizations/index.ts";
import { presentAccount, presentProfile } from "./accounts.presenter.ts";
import type { AccountLimits } from "./accounts.rate-limits.ts";
import * as repo from "./accounts.repository.ts";
import { presentSession } from "./sessions.presenter.ts";

export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const REMEMBER_ME_TTL_MS = 365 * 24 * 60 * 60 * 1000;
export const ACTIVATION_KEY_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_KEY_TTL_HOURS = 24;

export interface AccountsDeps {
  db: Db;
  mailer: Mailer;
  storage: Storage;
  tokens: TokenService;
  limiter: Limiter;
  limits: AccountLimits;
  /** Sessions remembered by the auth plugin: forgotten whenever an account or its sessions change. */
  viewers: ViewerCache;
  /** BETA_GATE: sign-up needs an invitation code or an approved beta request (docs/joining.md). */
  betaGate: BetaGate;
}

/** Who is asking, as far as the account rules care. */
export interface Actor {
  id: string;
  sessionId: string;
}

export interface ClientInfo {
  ip: string;
  userAgent?: string | undefined;
}

export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

/** 256 random bits, URL-safe; only its SHA-256 is stored. */
function newSecretKey(): { key: string; hash: string } {
  const key = randomBytes(32).toString("base64url");
  return { key, hash: hashKey(key) };
}
export const hashKey = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");

function passwordError(field: string, message: string) {
  return badRequest("The password is not acceptable.", [{ field, message }]);
}

/** Beyond the composition rules the schema checks: the common-password list (server only). */
function assertAcceptablePassword(password: string, field: string) {
  if (isCommonPassword(password)) throw passwordError(field, PASSWORD_MESSAGES.common);
}

/** Only someone who proved the account learns that it is suspended, and until when. */
export function assertNotSuspended(user: { suspendedUntil: Date | null }): void {
  if (user.suspendedUntil && user.suspendedUntil.getTime() > Date.now()) {
    throw forbidden(suspensionMessage(user.suspendedUntil.toISOString()));
  }
}

/**
 * A new session for someone who proved the account (a password, or another provider): the same
 * session whichever way they came, revocable from the sessions list.
 */
export async function startSession(
  db: Db,
  tokens: TokenService,
  user: { id: string },
  client: ClientInfo,
  rememberMe: boolean,
): Promise<IssuedSession> {
  await repo.deleteExpiredSessions(db, user.id);
  const expiresAt = new Date(Date.now() + (rememberMe ? REMEMBER_ME_TTL_MS : SESSION_TTL_MS));
  const sessionId = await repo.insertSession(db, {
    userId: user.id,
    expiresAt,
    userAgent: client.userAgent?.slice(0, 500) ?? null,
  });
  return { token: await tokens.sign({ userId: user.id, sessionId }, expiresAt), expiresAt };
}

export function createAccountsService(deps: AccountsDeps) {
  const { db, mailer, storage, tokens, limiter, limits, viewers, betaGate } = deps;
  const present = async (user: repo.UserRow) =>
    presentAccount(user, storage, await organizationsOfAccount(db, user.id));
  /** `origin` is where the request came from, as lib/link-origin.ts allows; the public origin otherwise. */
  const link = (origin: string, path: string, key?: string) =>
    `${origin}${path}${key ? `?key=${encodeURIComponent(key)}` : ""}`;
  // Mails leave in the background: the answer never waits for (or reveals) the SMTP server.
  const mail = (to: string, content: MailContent) => void mailer.send({ to, ...content });

  async function issueKey(userId: string, purpose: repo.KeyPurpose, ttlMs: number): Promise<string> {
    const { key, hash } = newSecretKey();
    await repo.insertKey(db, { userId, purpose, keyHash: hash, expiresAt: new Date(Date.now() + ttlMs) });
    return key;
  }

  async function sendActivation(user: repo.UserRow, origin: string) {
    const key = await issueKey(user.id, "activation", ACTIVATION_KEY_TTL_MS);
    mail(
      user.email,
      activationMail({ displayName: user.displayName, link: link(origin, "/validate-email", key) }),
    );
  }

  const wrongPassword = (field: string) =>
    badRequest("The password is not correct.", [
      {
        field,
        message:
          field === "password" ? ACCOUNT_MESSAGES.wrongPassword : ACCOUNT_MESSAGES.wrongCurrentPassword,
      },
    ]);

  /** A signed-in user's password check, limited like a login so a stolen session cannot guess it. */
  async function checkOwnPassword(user: repo.UserRow, password: string, field: string) {
    await limiter.consume("password-check", user.id, limits.passwordCheckPerAccount);
    // An account made with another provider proves itself there until it sets a password by mail.
    if (user.passwordHash === null) {
      throw badRequest(ACCOUNT_MESSAGES.noPassword, [{ field, message: ACCOUNT_MESSAGES.noPassword }]);
    }
    if (!(await verifyPassword(user.passwordHash, password))) throw wrongPassword(field);
    await limiter.reset("password-check", user.id, limits.passwordCheckPerAccount);
  }

  async function currentUser(actor: Actor): Promise<repo.UserRow> {
    const user = await repo.findUserById(db, actor.id);
    // The session check passed a moment ago; a concurrent delete is the only way here.
    if (!user) throw unauthorized();
    return user;
  }

  return {
    /**
     * Same answer for a new and a taken address. The hash is computed in both cases so the
     * timing does not tell them apart either; the owner of a taken address gets a mail.
     */
    async register(input: RegisterRequest, origin: string): Promise<void> {
      assertAcceptablePassword(input.password, "password");
      const admitted = await admission(db, input, betaGate);
      // Each sign-up of an address may mail it (an activation link, or "someone tried to register"
      // to its owner): counted per address, new or taken alike, so the answer tells nothing and
      // nobody can fill someone's inbox from many IPs.
      await limiter.consume("register-address", input.email.toLowerCase(), limits.resendPerAccount);
      const passwordHash = await hashPassword(input.password);
      const created = await db.transaction(async (tx) => {
        const row = await repo.insertUser(tx, {
          email: input.email,
          passwordHash,
          displayName: input.displayName,
          invitationCode: input.invitationCode || null,
        });
        if (!row) return undefined;
        const { activated } = await admit(tx, row.id, admitted);
        return { ...row, activated: row.activated || activated };
      });
      if (created) {
        // A beta link proved the address already: no activation mail.
        if (!created.activated) await sendActivation(created, origin);
        return;
      }
      const existing = await repo.findUserByEmail(db, input.email);
      if (!existing) return;
      if (!existing.activated) {
        // They probably lost the first mail: a fresh activation link is the helpful answer.
        await sendActivation(existing, origin);
        return;
      }
      mail(
        existing.email,
        registrationAttemptMail({
          displayName: existing.displayName,
          loginLink: link(origin, "/login"),
        }),
      );
    },

    async activate(key: string): Promise<void> {
      const used = await repo.consumeKey(db, "activation", hashKey(key));
      if (!used) {
        throw badRequest(ACCOUNT_MESSAGES.invalidActivationKey, [
          { field: "activationKey", message: ACCOUNT_MESSAGES.invalidActivationKey },
        ]);
      }
      await repo.updateUser(db, used.userId, { activated: true });
      viewers.forgetUser(used.userId);
    },

    async resendActivation(actor: Actor, origin: string): Promise<void> {
      const user = await currentUser(actor);
      if (user.activated) throw conflict(ACCOUNT_MESSAGES.alreadyActivated);
      await limiter.consume("resend-account", user.id, limits.resendPerAccount);
      await sendActivation(user, origin);
    },

    /**
     * Wrong password and unknown address: the same error after the same work (an argon2
     * verification against a dummy hash). Failures are counted per account + network.
     */
    async login(
      input: { username: string; password: string; rememberMe: boolean },
      client: ClientInfo,
    ): Promise<IssuedSession> {
      const accountKey = `${input.username.toLowerCase()}|${networkKey(client.ip)}`;
      await limiter.consume("login-account", accountKey, limits.loginPerAccount);
      const user = await repo.findUserByEmail(db, input.username);
      const ok = user?.passwordHash
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyAgainstDummy(input.password);
      if (!user || !ok) throw unauthorized(ACCOUNT_MESSAGES.invalidCredentials);
      await limiter.reset("login-account", accountKey, limits.loginPerAccount);
      assertNotSuspended(user);
      if (user.passwordHash && needsRehash(user.passwordHash)) {
        await repo.updateUser(db, user.id, { passwordHash: await hashPassword(input.password) });
      }
      return startSession(db, tokens, user, client, input.rememberMe);
    },

    async logout(actor: Actor | null): Promise<void> {
      if (!actor) return;
      await repo.revokeSession(db, actor.id, actor.sessionId);
      viewers.forgetUser(actor.id);
    },

    async getAccount(actor: Actor): Promise<Account> {
      return await present(await currentUser(actor));
    },

    /** Only the fields of UpdateAccountRequest ever reach the row (no mass assignment). */
    async updateAccount(actor: Actor, input: UpdateAccountRequest): Promise<Account> {
      const patch: UpdateAccountRequest = {};
      if (input.displayName !== undefined) patch.displayName = input.displayName;
      if (input.bio !== undefined) patch.bio = input.bio;
      if (input.language !== undefined) patch.language = input.language;
      if (input.colorMode !== undefined) patch.colorMode = input.colorMode;
      if (input.socialLinks !== undefined) patch.socialLinks = [...new Set(input.socialLinks)];
      if (input.personalisedAds !== undefined) patch.personalisedAds = input.personalisedAds;
      const updated = await db.transaction(async (tx) => {
        const row = await repo.updateUser(tx, actor.id, patch);
        // Consent withdrawn: out of every audience now, not when the memberships expire.
        if (row && input.personalisedAds === false) {
          await tx.delete(adAudienceMembers).where(eq(adAudienceMembers.userId, actor.id));
        }
        return row;
      });
      if (!updated) throw unauthorized();
      viewers.forgetUser(actor.id);
      return present(updated);
    },

    /**
     * docs/accounts.md: the user row goes, and with it (by foreign keys) sessions, keys and
     * personal data; contributions stay, their author set to null ("deleted user").
     */
    async deleteAccount(actor: Actor, password: string): Promise<void> {
      const user = await currentUser(actor);
      await checkOwnPassword(user, password, "password");
      // Their uploads go with them (the rows by foreign key, the files here).
      const files = await storageKeysOfOwner(db, user.id);
      const deleted = await repo.deleteUser(db, user.id);
      viewers.forgetUser(user.id);
      if (deleted?.imageKey) files.push(...avatarFiles(deleted.imageKey));
      await Promise.all(files.map((key) => storage.delete(key)));
    },

    async changePassword(actor: Actor, input: ChangePasswordRequest, origin: string): Promise<void> {
      const user = await currentUser(actor);
      await checkOwnPassword(user, input.currentPassword, "currentPassword");
      assertAcceptablePassword(input.newPassword, "newPassword");
      const passwordHash = await hashPassword(input.newPassword);
      const changed = await db.transaction(async (tx) => {
        if (!(await repo.replacePasswordHash(tx, user.id, user.passwordHash, passwordHash))) return false;
        await repo.revokeSessions(tx, user.id, actor.sessionId);
        return true;
      });
      if (!changed) {
        // Another change came first: the password checked is not the current one any more.
        throw wrongPassword("currentPassword");
      }
      viewers.forgetUser(user.id);
      mail(
        user.email,
        passwordChangedMail({ displayName: user.displayName, loginLink: link(origin, "/login") }),
      );
    },

    /**
     * Stored as two square WebP copies (lib/avatars.ts) made from the decoded pixels only. A
     * GIF gives its first frame. What is not an image is a 400 here: the body is JSON, whatever
     * the base64 in it holds.
     */
    async changeImage(actor: Actor, base64: string): Promise<Account> {
      const user = await currentUser(actor);
      const imageKey = await storeAvatar(storage, user.id, decodeBase64Image(base64), "base64").catch(
        (error: unknown) => {
          if (error instanceof AppError && error.code === "unsupported_media_type") {
            throw badRequest(error.detail, error.errors);
          }
          throw error;
        },
      );
      const updated = await repo.updateUser(db, user.id, { imageKey });
      if (!updated) {
        await Promise.all(avatarFiles(imageKey).map((key) => storage.delete(key)));
        throw unauthorized();
      }
      if (user.imageKey) await Promise.all(avatarFiles(user.imageKey).map((key) => storage.delete(key)));
      viewers.forgetUser(user.id);
      return present(updated);
    },

    /** Back to the generated initials (an external picture from a social login goes too). */
    async removeImage(actor: Actor): Promise<Account> {
      const user = await currentUser(actor);
      const updated = await repo.updateUser(db, user.id, { imageKey: null, imageUrl: null });
      if (!updated) throw unauthorized();
      if (user.imageKey) await Promise.all(avatarFiles(user.imageKey).map((key) => storage.delete(key)));
      viewers.forgetUser(user.id);
      return present(updated);
    },

    /** The devices signed in to the account, the one asking marked `current`. */
    async listSessions(actor: Actor): Promise<AccountSession[]> {
      return (await repo.liveSessions(db, actor.id)).map((row) => presentSession(row, actor.sessionId));
    },

    /** Signs one device out; someone else's session (or none) is a 404, whatever its id. */
    async revokeSession(actor: Actor, sessionId: string): Promise<void> {
      if (!(await repo.revokeOwnSession(db, actor.id, sessionId)))
        throw notFound("There is no such session.");
      viewers.forgetUser(actor.id);
    },

    /** "Sign out everywhere else": every session but the one asking. */
    async revokeOtherSessions(actor: Actor): Promise<void> {
      await repo.revokeSessions(db, actor.id, actor.sessionId);
      viewers.forgetUser(actor.id);
    },

    /** Always the same answer; a mail only when the address has an account. */
    async requestPasswordReset(mailAddress: string, origin: string): Promise<void> {
      await limiter.consume("reset-account", mailAddress.toLowerCase(), limits.resetPerAccount);
      const user = await repo.findUserByEmail(db, mailAddress);
      if (!user) return;
      const key = await issueKey(user.id, "reset", RESET_KEY_TTL_HOURS * 60 * 60 * 1000);
      mail(
        user.email,
        passwordResetMail({
          displayName: user.displayName,
          link: link(origin, "/reset-password", key),
          validHours: RESET_KEY_TTL_HOURS,
        }),
      );
    },

    /**
     * Sets the new password, signs out every session and retires every other reset key.
     * The mail proved the address, so an account still waiting for activation is activated.
     */
    async finishPasswordReset(key: string, newPassword: string): Promise<void> {
      let userId: string | undefined;
      const keyHash = hashKey(key);
      const invalid = () =>
        badRequest(ACCOUNT_MESSAGES.invalidResetKey, [
          { field: "key", message: ACCOUNT_MESSAGES.invalidResetKey },
        ]);
      if (!(await repo.findUsableKey(db, "reset", keyHash))) throw invalid();
      assertAcceptablePassword(newPassword, "newPassword");
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        const used = await repo.consumeKey(tx, "reset", keyHash);
        if (!used) throw invalid();
        await repo.updateUser(tx, used.userId, { passwordHash, activated: true });
        await repo.revokeSessions(tx, used.userId);
        await repo.retireKeys(tx, used.userId, "reset");
        userId = used.userId;
      });
      if (userId) viewers.forgetUser(userId);
    },

    /**
     * Only activated accounts have a public face: an address nobody has proved cannot publish a
     * name and a bio (its owner still sees and edits them in their own account).
     */
    async getProfile(id: string): Promise<Profile> {
      const user = await repo.findUserById(db, id);
      if (!user?.activated) throw notFound("There is no profile with this id.");
      return presentProfile(user, await profileStats(db, user.id), storage);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
