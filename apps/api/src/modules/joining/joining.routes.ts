import {
  AdminInvitationCode,
  BetaActivation,
  BetaKey,
  BetaRequestAccepted,
  BetaRequestCreate,
  BetaUser,
  InvitationCheck,
  InvitationCode,
  InvitationCodeParams,
  MintInvitationCodesRequest,
} from "@flipside/contracts/joining";
import { JOINING_MESSAGES } from "@flipside/contracts/joining-constants";
import { ACCOUNT_ROLE } from "@flipside/contracts/roles";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { clientKey } from "../../lib/client-address.ts";
import { linkOrigin } from "../../lib/link-origin.ts";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { listQuery, setListHeaders } from "../../lib/pagination.ts";
import { describeFilter } from "../../lib/search-filter.ts";
import { requireAccountRole, requireViewer } from "../../plugins/auth.ts";
import { gate } from "../admin/index.ts";
import {
  activateWithBetaLink,
  activationOf,
  BETA_USERS_FILTER,
  decide,
  listRequests,
  requestBeta,
} from "./beta-users.ts";
import { ADMIN_CODES_FILTER, checkCode, listCodes, mintCodes, ownCodes, revokeCode } from "./invitations.ts";

const TAGS = ["joining"];
const MINUTE_SEC = 60;
const HOUR_SEC = 60 * MINUTE_SEC;
const IdParams = z.object({ id: z.uuid() });

/** Invitation codes (docs/joining.md). */
export const joiningRoutes: FastifyPluginAsyncZod = async (app) => {
  const origin = (request: FastifyRequest) => linkOrigin(app.config.publicOrigin, request);
  const checkRule = { points: app.config.RATE_LIMIT_INVITATION_CHECK_PER_IP, durationSec: MINUTE_SEC };
  const requestRule = { points: app.config.RATE_LIMIT_BETA_REQUEST_PER_IP, durationSec: HOUR_SEC };
  /** Codes and beta links are short secrets typed or clicked by anyone: each check is counted per IP. */
  const countedCheck = async (request: FastifyRequest) => {
    await app.limiter.consume("invitation-check-ip", clientKey(request.ip), checkRule);
  };

  app.get(
    "/v1/invitation-codes/:code",
    {
      onRequest: countedCheck,
      schema: {
        tags: TAGS,
        summary: "Check an invitation code",
        description:
          "What /join/{code} shows: who invited (null for a code an admin minted) and until when the code is valid. Any case, with or without the dash. A 404 says plainly why a code cannot be used: unknown, used, expired or revoked. Rate limited per IP, so codes cannot be guessed.",
        params: InvitationCodeParams,
        response: { 200: InvitationCheck, ...problems(400, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return checkCode(app.db, request.params.code);
    },
  );

  app.get(
    "/v1/invitation-codes",
    {
      schema: {
        tags: TAGS,
        summary: "Your invitation codes and who joined with them",
        description: `Every activated account has ${app.config.INVITATION_CODES_PER_ACCOUNT} personal codes, single-use and without expiry, made the first time it asks; codes an admin minted are listed too. Who joined is shown by display name only. 403 for an account that is not activated.`,
        security: SIGNED_IN,
        response: { 200: z.array(InvitationCode), ...problems(401, 403) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      reply.header("cache-control", "private, no-store");
      return ownCodes(app.db, viewer, app.config.INVITATION_CODES_PER_ACCOUNT, origin(request));
    },
  );

  app.get(
    "/v1/admin/invitation-codes",
    {
      onRequest: gate(ACCOUNT_ROLE.ADMIN),
      schema: {
        tags: TAGS,
        summary: "Every invitation code (admins)",
        description: `Newest first, with X-Total-Count and Link. ${describeFilter(ADMIN_CODES_FILTER)} Sort by createdDate, uses, expiresAt. A 404 for anyone who is not an admin.`,
        security: SIGNED_IN,
        querystring: listQuery(20),
        response: { 200: z.array(AdminInvitationCode), ...problems(400, 404) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listCodes(app.db, request.query, origin(request));
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      return items;
    },
  );

  app.post(
    "/v1/admin/invitation-codes",
    {
      onRequest: gate(ACCOUNT_ROLE.ADMIN),
      schema: {
        tags: TAGS,
        summary: "Mint invitation codes (admins)",
        description:
          "`count` codes (1–100) of `maxUses` uses each (1–10,000), valid until `expiresAt` if given; `note` says what they are for and is only shown here. Each is written to the audit log.",
        security: SIGNED_IN,
        body: MintInvitationCodesRequest,
        response: { 201: z.array(AdminInvitationCode), ...problems(400, 404) },
      },
    },
    async (request, reply) => {
      const admin = await requireAccountRole(request, ACCOUNT_ROLE.ADMIN);
      const codes = await mintCodes(app.db, admin, request.body, origin(request));
      return reply.status(201).send(codes);
    },
  );

  app.delete(
    "/v1/admin/invitation-codes/:id",
    {
      onRequest: gate(ACCOUNT_ROLE.ADMIN),
      schema: {
        tags: TAGS,
        summary: "Revoke an invitation code (admins)",
        description:
          "Nobody can join with it any more; who joined with it keeps their account. Revoking again answers the same. Written to the audit log.",
        security: SIGNED_IN,
        params: z.object({ id: z.uuid() }),
        response: { 200: AdminInvitationCode, ...problems(400, 404) },
      },
    },
    async (request) => {
      const admin = await requireAccountRole(request, ACCOUNT_ROLE.ADMIN);
      return revokeCode(app.db, admin, request.params.id, origin(request));
    },
  );

  // --- Beta requests (docs/joining.md#beta-requests) ---

  app.post(
    "/v1/beta-users",
    {
      onRequest: async (request) => {
        await app.limiter.consume("beta-request-ip", clientKey(request.ip), requestRule);
      },
      schema: {
        tags: TAGS,
        summary: "Ask to join the beta",
        description:
          "Puts the address on the waiting list with an optional reason (at most 1,000 characters). 202 with the same answer whether the address is new, already waiting, decided or has an account, and nothing is mailed until an admin approves. Rate limited per IP.",
        body: BetaRequestCreate,
        response: { 202: BetaRequestAccepted, ...problems(400, 429) },
      },
    },
    async (request, reply) => {
      await requestBeta(app.db, request.body);
      return reply.status(202).send({ message: JOINING_MESSAGES.betaRequested });
    },
  );

  app.get(
    "/v1/beta-users",
    {
      onRequest: gate(ACCOUNT_ROLE.ADMIN),
      schema: {
        tags: TAGS,
        summary: "The beta waiting list (admins)",
        description: `Oldest first, with X-Total-Count and Link. ${describeFilter(BETA_USERS_FILTER)} Sort by createdDate, email, status. A 404 for anyone who is not an admin.`,
        security: SIGNED_IN,
        querystring: listQuery(20),
        response: { 200: z.array(BetaUser), ...problems(400, 404) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listRequests(app.db, request.query);
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      return items;
    },
  );

  for (const [action, decision, summary, description] of [
    [
      "approve",
      "APPROVED",
      "Approve a beta request (admins)",
      "Mails a single-use link to /beta-user/activate/{key}, valid 14 days: it opens sign-up past the gate for that address, or activates the address's account. Approving again mails a fresh link and the earlier one stops working. Written to the audit log.",
    ],
    [
      "reject",
      "REJECTED",
      "Reject a beta request (admins)",
      "Nothing is mailed; a link already sent stops working. Written to the audit log.",
    ],
  ] as const) {
    app.post(
      `/v1/beta-users/:id/${action}`,
      {
        onRequest: gate(ACCOUNT_ROLE.ADMIN),
        schema: {
          tags: TAGS,
          summary,
          description,
          security: SIGNED_IN,
          params: IdParams,
          response: { 200: BetaUser, ...problems(400, 404) },
        },
      },
      async (request) => {
        const admin = await requireAccountRole(request, ACCOUNT_ROLE.ADMIN);
        return decide(app, admin, request.params.id, decision, origin(request));
      },
    );
  }

  app.get(
    "/v1/beta-users/activation/:key",
    {
      onRequest: countedCheck,
      schema: {
        tags: TAGS,
        summary: "What an approved request's link opens",
        description:
          "The address the link was mailed to, and whether it has an account (the link then activates it). 404 for a link that was used, replaced, rejected or is older than 14 days.",
        params: z.object({ key: BetaKey }),
        response: { 200: BetaActivation, ...problems(400, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return activationOf(app.db, request.params.key);
    },
  );

  app.post(
    "/v1/beta-users/activation",
    {
      onRequest: countedCheck,
      schema: {
        tags: TAGS,
        summary: "Activate an existing account with an approved request's link",
        description:
          "For an address that already has an account: the mail proved the address, so the account is activated. The link works once. Sign-up with the link is `POST /register` with `betaKey`.",
        body: z.strictObject({ key: BetaKey }),
        response: { 200: z.object({ activated: z.literal(true) }), ...problems(400, 429) },
      },
    },
    async (request) => {
      const userId = await activateWithBetaLink(app.db, request.body.key);
      app.viewers.forgetUser(userId);
      return { activated: true as const };
    },
  );
};
