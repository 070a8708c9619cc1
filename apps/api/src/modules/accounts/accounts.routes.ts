import type { CookieSerializeOptions } from "@fastify/cookie";
import {
  ACCOUNT_MESSAGES,
  Account,
  AccountSession,
  ActivateQuery,
  ActivateRequest,
  ActivateResponse,
  AVATAR_MAX_BYTES,
  ChangeImageRequest,
  ChangePasswordRequest,
  DeleteAccountRequest,
  LoginRequest,
  LoginResponse,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordFinishRequest,
  ResetPasswordInitRequest,
  ResetPasswordInitResponse,
  UpdateAccountRequest,
} from "@flipside/contracts/accounts";
import {
  SESSION_COOKIE,
  SESSION_COOKIE_MAX_AGE_DAYS,
  sessionCookieSecurity,
} from "@flipside/contracts/constants";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { clientKey } from "../../lib/client-address.ts";
import { forbidden } from "../../lib/errors.ts";
import { originMatcher } from "../../lib/extension-origins.ts";
import { linkOrigin } from "../../lib/link-origin.ts";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import type { Rule } from "../../lib/rate-limit.ts";
import { requireViewer, signedInOnly, type Viewer } from "../../plugins/auth.ts";
import { betaGateOf } from "../joining/index.ts";
import { accountLimits } from "./accounts.rate-limits.ts";
import { createAccountsService } from "./accounts.service.ts";

const TAGS = ["accounts"];
const NoContent = z.null().describe("No content");

/**
 * docs/web-app.md#session, with decision 021: "remember me" keeps the cookie 365 days; without
 * it, it goes when the browser closes. Secure and SameSite=None over https, Lax over plain http.
 */
export function sessionCookieOptions(request: FastifyRequest, rememberMe: boolean): CookieSerializeOptions {
  return {
    path: "/",
    httpOnly: true,
    ...sessionCookieSecurity(request.protocol === "https"),
    ...(rememberMe ? { maxAge: SESSION_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60 } : {}),
  };
}

/** Base64 inflates by 4/3; leave room for a `data:` prefix and the JSON around it. */
const IMAGE_BODY_LIMIT = Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 64 * 1024;

const actorOf = (viewer: Viewer) => ({ id: viewer.id, sessionId: viewer.sessionId });

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = accountLimits(app.config);
  const service = createAccountsService({
    db: app.db,
    mailer: app.mailer,
    storage: app.storage,
    tokens: app.tokens,
    limiter: app.limiter,
    limits,
    viewers: app.viewers,
    betaGate: betaGateOf(app.config),
  });
  const allowedOrigin = originMatcher([app.config.publicOrigin, ...app.config.EXTENSION_ORIGINS]);
  const mailOrigin = (request: FastifyRequest) => linkOrigin(app.config.publicOrigin, request);

  /** Counted before the body is even parsed, so malformed attempts count too. */
  const perIp = (bucket: string, rule: Rule) => async (request: FastifyRequest) => {
    await app.limiter.consume(bucket, clientKey(request.ip), rule);
  };

  /**
   * Login CSRF: a foreign page must not sign a visitor into the attacker's account. The auth
   * plugin only checks requests that carry the cookie, so the login form checks Origin itself.
   */
  const sameOriginOnly = async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    const site = request.headers["sec-fetch-site"];
    if (origin) {
      let host: string | undefined;
      try {
        host = new URL(origin).host;
      } catch {
        host = undefined;
      }
      if (!allowedOrigin(origin) && host !== request.headers.host) {
        throw forbidden("Cross-site request refused.");
      }
    } else if (site === "cross-site") {
      throw forbidden("Cross-site request refused.");
    }
  };

  const clearSession = (reply: FastifyReply) => {
    reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(reply.request, false));
  };

  app.post(
    "/register",
    {
      onRequest: perIp("register-ip", limits.registerPerIp),
      schema: {
        tags: TAGS,
        summary: "Create an account and mail its activation link",
        description:
          "Answers 201 whether or not the address already has an account; the owner of a taken address is told by mail.",
        body: RegisterRequest,
        response: { 201: RegisterResponse, ...problems(400, 429) },
      },
    },
    async (request, reply) => {
      await service.register(request.body, mailOrigin(request));
      return reply.status(201).send({ message: ACCOUNT_MESSAGES.registered });
    },
  );

  const activated = { activated: true as const };
  app.put(
    "/v1/users/activate",
    {
      schema: {
        tags: TAGS,
        summary: "Activate an account with the key of its activation mail",
        body: ActivateRequest,
        response: { 200: ActivateResponse, ...problems(400) },
      },
    },
    async (request) => {
      await service.activate(request.body.activationKey);
      return activated;
    },
  );
  app.put(
    "/activate",
    {
      schema: {
        tags: TAGS,
        summary: "Activate an account (key in the query)",
        querystring: ActivateQuery,
        response: { 200: ActivateResponse, ...problems(400) },
      },
    },
    async (request) => {
      await service.activate(request.query.key);
      return activated;
    },
  );

  app.post(
    "/account/resend-activation",
    {
      onRequest: signedInOnly,
      schema: {
        tags: TAGS,
        summary: "Mail a new activation link to the signed-in, not yet activated user",
        security: SIGNED_IN,
        response: { 204: NoContent, ...problems(401, 409, 429) },
      },
    },
    async (request, reply) => {
      await service.resendActivation(actorOf(await requireViewer(request)), mailOrigin(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/authenticate",
    {
      onRequest: [sameOriginOnly, perIp("login-ip", limits.loginPerIp)],
      schema: {
        tags: TAGS,
        summary: "Log in: returns a JWT and sets the session cookie",
        description:
          "The token expires in 24 hours, or 365 days with rememberMe. Wrong password and unknown address give the same 401.",
        body: LoginRequest,
        response: { 200: LoginResponse, ...problems(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const session = await service.login(request.body, {
        ip: request.ip,
        userAgent: request.headers["user-agent"],
      });
      reply.setCookie(
        SESSION_COOKIE,
        session.token,
        sessionCookieOptions(request, request.body.rememberMe === true),
      );
      return { id_token: session.token };
    },
  );

  app.post(
    "/logout",
    {
      schema: {
        tags: TAGS,
        summary: "Log out: revokes the session and clears the cookie",
        security: SIGNED_IN,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      const viewer = await request.viewer();
      await service.logout(viewer ? actorOf(viewer) : null);
      clearSession(reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/account",
    {
      onRequest: signedInOnly,
      schema: {
        tags: TAGS,
        summary: "The signed-in user's account",
        security: SIGNED_IN,
        response: { 200: Account, ...problems(401) },
      },
    },
    async (request) => service.getAccount(actorOf(await requireViewer(request))),
  );

  app.post(
    "/account",
    {
      onRequest: signedInOnly,
      schema: {
        tags: TAGS,
        summary: "Update display name, bio, language and colour mode",
        description: "Any other field in the body (email, roles, activated…) is ignored.",
        security: SIGNED_IN,
        body: UpdateAccountRequest,
        response: { 200: Account, ...problems(400, 401) },
      },
    },
    async (request) => service.updateAccount(actorOf(await requireViewer(request)), request.body),
  );

  app.delete(
    "/account",
    {
      onRequest: signedInOnly,
      schema: {
        tags: TAGS,
        summary: "Erase the account (requires the password)",
        description:
          "Contributions stay, shown as by a deleted user; the account, its sessions and personal data are removed. An organisation of which you are the only owner goes too when you are its only member; when others are members, the deletion is refused (409) until another member is an owner.",
        security: SIGNED_IN,
        body: DeleteAccountRequest,
        response: { 204: NoContent, ...problems(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      await service.deleteAccount(actorOf(await requireViewer(request)), request.body.password);
      clearSession(reply);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/account/change-password",
    {
      onRequest: signedInOnly,
      schema: {
        tags: TAGS,
        summary: "Change the password; signs out every other session",
        security: SIGNED_IN,
        body: ChangePasswordRequest,
        response: { 204: NoContent, ...problems(400, 401, 429) },
      },
    },
    async (request, reply) => {
      await service.changePassword(actorOf(await requireViewer(request)), request.body, mailOrigin(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/account/change-image-url",
    {
      bodyLimit: IMAGE_BODY_LIMIT,
      onRequest: signedInOnly,
      schema: {
        tags: TAGS,
        summary: "Upload an avatar (JPEG, PNG, WebP or GIF, up to 5 MB, as base64)",
        description:
          "Checked by content (anything else is a 400), re-encoded to square WebP copies of 256 and 64 px with the metadata stripped; a GIF gives its first frame. Answers the updated account; the old picture's files are deleted.",
        security: SIGNED_IN,
        body: ChangeImageRequest,
        response: { 200: Account, ...problems(400, 401, 413) },
      },
    },
    async (request) => service.changeImage(actorOf(await requireViewer(request)), request.body.base64),
  );

  app.delete(
    "/account/image",
    {
      onRequest: signedInOnly,
      schema: {
        tags: TAGS,
        summary: "Remove the avatar",
        description: "Profiles then show generated initials; the picture's files are deleted.",
        security: SIGNED_IN,
        response: { 200: Account, ...problems(401) },
      },
    },
    async (request) => service.removeImage(actorOf(await requireViewer(request))),
  );

  app.get(
    "/account/sessions",
    {
      onRequest: signedInOnly,
      schema: {
        tags: TAGS,
        summary: "The devices signed in to the account",
        description:
          "Live sessions, the most recently used first, each with the browser and system its user agent named; the one this request came with is `current`. No addresses or places are kept.",
        security: SIGNED_IN,
        response: { 200: z.array(AccountSession), ...problems(401) },
      },
    },
    async (request) => service.listSessions(actorOf(await requireViewer(request))),
  );

  app.delete(
    "/account/sessions",
    {
      onRequest: signedInOnly,
      schema: {
        tags: TAGS,
        summary: "Sign out everywhere else",
        description: "Revokes every session of the account but the one this request came with.",
        security: SIGNED_IN,
        response: { 204: NoContent, ...problems(401) },
      },
    },
    async (request, reply) => {
      await service.revokeOtherSessions(actorOf(await requireViewer(request)));
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/account/sessions/:id",
    {
      onRequest: signedInOnly,
      schema: {
        tags: TAGS,
        summary: "Sign one device out",
        description:
          "Only the account's own live sessions; any other id is a 404. Revoking the current session signs this browser out (its cookie is cleared).",
        security: SIGNED_IN,
        params: z.object({ id: z.uuid() }),
        response: { 204: NoContent, ...problems(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(await requireViewer(request));
      await service.revokeSession(actor, request.params.id);
      if (request.params.id === actor.sessionId) clearSession(reply);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/account/reset-password/init",
    {
      onRequest: perIp("reset-ip", limits.resetPerIp),
      schema: {
        tags: TAGS,
        summary: "Mail a password reset link",
        description: "Always answers 200, whether or not the address has an account.",
        body: ResetPasswordInitRequest,
        response: { 200: ResetPasswordInitResponse, ...problems(400, 429) },
      },
    },
    async (request) => {
      await service.requestPasswordReset(request.body.mail, mailOrigin(request));
      return { message: ACCOUNT_MESSAGES.resetRequested };
    },
  );

  app.post(
    "/account/reset-password/finish",
    {
      onRequest: perIp("reset-finish-ip", limits.resetPerIp),
      schema: {
        tags: TAGS,
        summary: "Set a new password with the key of a reset mail; signs out every session",
        body: ResetPasswordFinishRequest,
        response: { 204: NoContent, ...problems(400, 429) },
      },
    },
    async (request, reply) => {
      await service.finishPasswordReset(request.body.key, request.body.newPassword);
      return reply.status(204).send(null);
    },
  );
};
