import type { CookieSerializeOptions } from "@fastify/cookie";
import { SESSION_COOKIE } from "@flipside/contracts/constants";
import {
  FacebookDeletion,
  LinkStart,
  PendingLink,
  PendingLinkMailKey,
  PendingLinkPassword,
  PendingLinkToken,
  SignInProvidersOfAccount,
} from "@flipside/contracts/sign-in-providers";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { clientKey } from "../../lib/client-address.ts";
import { linkOrigin } from "../../lib/link-origin.ts";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { requireViewer, signedInOnly } from "../../plugins/auth.ts";
import { accountLimits, HOUR_SEC, sessionCookieOptions } from "../accounts/index.ts";
import { betaGateOf } from "../joining/index.ts";
import { providerClient } from "./provider-clients.ts";
import { createSignInService, type FlowOptions } from "./sign-in.service.ts";

const TAGS = ["sign-in providers"];
/** The `state` this browser left with; SameSite=Lax so it comes back on the provider's redirect. */
const STATE_COOKIE = "fs_signin_state";
const ProviderParams = z.object({ provider: z.string().min(1).max(40) });
const Redirect = z.null().describe("A redirect (Location)");
const bool = z.enum(["true", "false"]).transform((v) => v === "true");
const StartQuery = z.object({
  returnTo: z.string().max(2000).optional(),
  invitationCode: z.string().max(40).optional(),
  betaKey: z.string().max(100).optional(),
  rememberMe: bool.optional(),
});
const SignedIn = z.object({ returnTo: z.string() });

/** Signing in with other providers (docs/sign-in-providers.md). */
export const signInProvidersRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = accountLimits(app.config);
  const service = createSignInService({
    db: app.db,
    tokens: app.tokens,
    mailer: app.mailer,
    limiter: app.limiter,
    passwordRule: limits.loginPerAccount,
    mailRule: { points: app.config.RATE_LIMIT_RESEND_PER_ACCOUNT, durationSec: HOUR_SEC },
    viewers: app.viewers,
    betaGate: betaGateOf(app.config),
    publicOrigin: app.config.publicOrigin,
    providers: new Map(app.config.signInProviders.map((p) => [p.id, providerClient(p)])),
    facebookAppSecret: app.config.FACEBOOK_APP_SECRET,
    log: app.log,
  });
  const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers["user-agent"] });
  /** Each start writes a flow row and costs the provider a round trip: counted like logins per IP. */
  const startsPerIp = async (request: FastifyRequest) => {
    await app.limiter.consume("sign-in-start-ip", clientKey(request.ip), limits.loginPerIp);
  };
  const stateCookie = (request: FastifyRequest): CookieSerializeOptions => ({
    path: "/api/sign-in",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    maxAge: 10 * 60,
  });
  const leave = async (
    request: FastifyRequest,
    reply: FastifyReply,
    provider: string,
    options: FlowOptions,
  ) => {
    const { url, state } = await service.start(provider, options);
    reply.setCookie(STATE_COOKIE, state, stateCookie(request));
    return url;
  };
  const signIn = (request: FastifyRequest, reply: FastifyReply, token: string, rememberMe: boolean) =>
    reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(request, rememberMe));

  app.get(
    "/sign-in/:provider/start",
    {
      onRequest: startsPerIp,
      schema: {
        tags: TAGS,
        summary: "Leave for a provider's sign-in page (302)",
        description:
          "Sets a short-lived state cookie; PKCE verifier and nonce stay on the server. An invitation code or beta key is carried to the account it may create.",
        params: ProviderParams,
        querystring: StartQuery,
        response: { 302: Redirect, ...problems(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const url = await leave(request, reply, request.params.provider, request.query);
      return reply.redirect(url, 302);
    },
  );

  app.get(
    "/sign-in/:provider/callback",
    {
      schema: {
        tags: TAGS,
        summary: "Where the provider sends the browser back (302)",
        description:
          "Signed in: to the page the sign-in started from. A provider address that is an existing account's: to /login/link to prove the account. Failures: to /login?signInError=… (or /profile/socials when linking).",
        params: ProviderParams,
        querystring: z.record(z.string(), z.string()),
        response: { 302: Redirect },
      },
    },
    async (request, reply) => {
      const url = new URL(request.url, app.config.publicOrigin);
      const outcome = await service.callback(
        request.params.provider,
        url,
        request.cookies[STATE_COOKIE],
        client(request),
      );
      reply.clearCookie(STATE_COOKIE, stateCookie(request));
      switch (outcome.kind) {
        case "session":
          signIn(request, reply, outcome.token, outcome.rememberMe);
          return reply.redirect(outcome.returnTo, 302);
        case "linked":
          return reply.redirect(`/profile/socials?linked=${encodeURIComponent(outcome.provider)}`, 302);
        case "pending":
          return reply.redirect(`/login/link?token=${encodeURIComponent(outcome.token)}`, 302);
        default:
          return reply.redirect(
            `${outcome.linking ? "/profile/socials" : "/login"}?signInError=${outcome.code}`,
            302,
          );
      }
    },
  );

  app.get(
    "/v1/account/sign-in-providers",
    {
      onRequest: signedInOnly,
      schema: {
        tags: TAGS,
        summary: "The providers linked to the signed-in account, and those that could be",
        security: SIGNED_IN,
        response: { 200: SignInProvidersOfAccount, ...problems(401) },
      },
    },
    async (request) => service.ofAccount((await requireViewer(request)).id),
  );

  app.post(
    "/v1/account/sign-in-providers/:provider/link",
    {
      onRequest: [signedInOnly, startsPerIp],
      schema: {
        tags: TAGS,
        summary: "Start linking a provider to the signed-in account: answers the provider's address to go to",
        security: SIGNED_IN,
        params: ProviderParams,
        response: { 200: LinkStart, ...problems(401, 404, 429) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      return { url: await leave(request, reply, request.params.provider, { linkUserId: viewer.id }) };
    },
  );

  app.delete(
    "/v1/account/sign-in-providers/:id",
    {
      onRequest: signedInOnly,
      schema: {
        tags: TAGS,
        summary: "Unlink a provider (refused for the last way to sign in of an account without a password)",
        security: SIGNED_IN,
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null().describe("Unlinked"), ...problems(401, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.unlink((await requireViewer(request)).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/v1/sign-in/pending/:token",
    {
      schema: {
        tags: TAGS,
        summary: "A provider sign-in waiting for its account's proof",
        params: PendingLinkToken,
        response: { 200: PendingLink, ...problems(400, 404) },
      },
    },
    async (request) => service.pending(request.params.token),
  );

  app.post(
    "/v1/sign-in/pending/:token/password",
    {
      schema: {
        tags: TAGS,
        summary: "Prove the account with its password: links the provider and signs in",
        params: PendingLinkToken,
        body: PendingLinkPassword,
        response: { 200: SignedIn, ...problems(400, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const rememberMe = request.body.rememberMe === true;
      const done = await service.proveWithPassword(
        request.params.token,
        request.body.password,
        client(request),
        rememberMe,
      );
      signIn(request, reply, done.token, rememberMe);
      return { returnTo: done.returnTo };
    },
  );

  app.post(
    "/v1/sign-in/pending/:token/mail",
    {
      schema: {
        tags: TAGS,
        summary: "Prove the account by mail: sends a link to the account's address",
        params: PendingLinkToken,
        response: { 202: z.object({ message: z.string() }), ...problems(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await service.mailProof(request.params.token, linkOrigin(app.config.publicOrigin, request));
      return reply
        .status(202)
        .send({ message: "Check your mail: we sent a link that finishes linking your account." });
    },
  );

  app.post(
    "/v1/sign-in/pending/confirm",
    {
      schema: {
        tags: TAGS,
        summary: "Finish a link with the key of its mail: links the provider and signs in",
        body: PendingLinkMailKey,
        response: { 200: SignedIn, ...problems(400, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const done = await service.confirmMail(request.body.key, client(request));
      signIn(request, reply, done.token, false);
      return { returnTo: done.returnTo };
    },
  );

  await app.register(async (facebook) => {
    // Facebook posts the signed request as a form; only this route reads forms.
    facebook.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    facebook.withTypeProvider<ZodTypeProvider>().post(
      "/facebook/data-deletion",
      {
        schema: {
          tags: TAGS,
          summary: "Facebook's data-deletion callback (signed_request, HMAC-SHA256 with the app secret)",
          description:
            "Removes the person's Facebook link and answers the status page's address and a confirmation code.",
          body: z.strictObject({ signed_request: z.string().min(1).max(8000) }),
          response: {
            200: z.object({ url: z.string(), confirmation_code: z.string() }),
            ...problems(400, 404),
          },
        },
      },
      async (request) => service.facebookDeletion(request.body.signed_request),
    );
  });

  app.get(
    "/v1/facebook/deletions/:code",
    {
      schema: {
        tags: TAGS,
        summary: "The status of a Facebook data-deletion request, by its confirmation code",
        params: z.object({ code: z.string().min(1).max(64) }),
        response: { 200: FacebookDeletion, ...problems(404) },
      },
    },
    async (request) => service.facebookDeletionStatus(request.params.code),
  );
};
