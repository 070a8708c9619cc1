import {
  AdCreativeReview,
  AdCredit,
  AdCreditRequest,
  AdInvalidTrafficRow,
  AdminAdAccount,
  AdminAdCreative,
  AdReconciliation,
  AdSuspension,
} from "@flipside/contracts/ads";
import { ACCOUNT_ROLE } from "@flipside/contracts/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  IDEMPOTENCY_NOTE,
  IdempotencyHeaders,
  idempotencyClaim,
  idempotent,
  sendOnce,
} from "../../lib/idempotency.ts";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { listQuery, setListHeaders } from "../../lib/pagination.ts";
import { requireAccountRole } from "../../plugins/auth.ts";
import { createAdvertisersAdmin } from "./advertisers.ts";
import { reconcile } from "./reconciliation.ts";
import { createReviewService } from "./review.ts";

const TAGS = ["ads admin"];

/**
 * Flipside staff's side of the ads (ADS.md §1.12): every call answers 404 to anyone who is not a
 * platform admin, anonymous included, before its input is even read.
 */
export const adsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", async (request) => {
    await requireAccountRole(request, ACCOUNT_ROLE.ADMIN);
  });
  const review = createReviewService({ db: app.db, storage: app.storage });
  const advertisers = createAdvertisersAdmin(app.db);
  const IdParams = z.object({ id: z.uuid() });

  app.get(
    "/v1/admin/ad-accounts",
    {
      schema: {
        tags: TAGS,
        summary: "Advertisers (admins)",
        description:
          "Every advertiser account with its owner, status, what it was billed over the last 30 days and its campaigns not archived. `searchAnd`: `name||`, `status==`; sort `name` (default), `createdAt`, `status`. A 404 for anyone who is not an admin.",
        security: SIGNED_IN,
        querystring: listQuery(20),
        response: { 200: z.array(AdminAdAccount), ...problems(400, 404) },
      },
    },
    async (request, reply) => {
      const { items, total } = await advertisers.list(request.query, new Date());
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      return items;
    },
  );

  app.post(
    "/v1/admin/ad-accounts/:id/suspension",
    {
      schema: {
        tags: TAGS,
        summary: "Suspend an advertiser (admins)",
        description:
          "Its ads stop at once on every instance (serving reads its campaigns again), launching and resuming answer 422, and its screens show the reason. Already suspended or closed: 409. Written to the audit log.",
        security: SIGNED_IN,
        params: IdParams,
        body: AdSuspension,
        response: { 204: z.null(), ...problems(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const admin = await requireAccountRole(request, ACCOUNT_ROLE.ADMIN);
      await advertisers.suspend(admin, request.params.id, request.body.reason, new Date());
      return reply.code(204).send(null);
    },
  );

  app.delete(
    "/v1/admin/ad-accounts/:id/suspension",
    {
      schema: {
        tags: TAGS,
        summary: "Reinstate an advertiser (admins)",
        description:
          "Its running campaigns serve again at once. Not suspended: 409. Written to the audit log.",
        security: SIGNED_IN,
        params: IdParams,
        response: { 204: z.null(), ...problems(404, 409) },
      },
    },
    async (request, reply) => {
      const admin = await requireAccountRole(request, ACCOUNT_ROLE.ADMIN);
      await advertisers.reinstate(admin, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/v1/admin/ad-accounts/:id/credits",
    {
      config: { changes: "nothing", idempotency: "own" },
      schema: {
        tags: TAGS,
        summary: "Credit an advertiser (admins)",
        description: `Money from Flipside's ad credits into the wallet that pays the account (AD_CREDIT), with the reason in the ledger and the audit log; campaigns waiting for funds resume. ${IDEMPOTENCY_NOTE}`,
        security: SIGNED_IN,
        headers: IdempotencyHeaders,
        params: IdParams,
        body: AdCreditRequest,
        response: { 201: AdCredit, ...problems(400, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const admin = await requireAccountRole(request, ACCOUNT_ROLE.ADMIN);
      const outcome = await idempotent(app.db, idempotencyClaim(request, admin.id), AdCredit, async (tx) => ({
        status: 201,
        body: await advertisers.credit(tx, admin, request.params.id, request.body),
      }));
      return sendOnce(reply, outcome);
    },
  );

  app.get(
    "/v1/admin/ad-invalid-traffic",
    {
      schema: {
        tags: TAGS,
        summary: "Invalid ad traffic (admins)",
        description:
          "Impressions and clicks refused (bots, bad signatures, expired tokens, replays, too fast, prefetches) by UTC day and reason, days `from`–`to` (at most 366), newest first.",
        security: SIGNED_IN,
        querystring: z.object({ from: z.iso.date(), to: z.iso.date() }),
        response: { 200: z.array(AdInvalidTrafficRow), ...problems(400, 404) },
      },
    },
    async (request) => advertisers.invalidTraffic(request.query.from, request.query.to),
  );

  app.get(
    "/v1/admin/ad-creatives",
    {
      schema: {
        tags: TAGS,
        summary: "Creatives to review (admins)",
        description:
          "Oldest submission first by default. `searchAnd`: `reviewStatus==PENDING_REVIEW`, `archived==false`, `adAccountId==`, `name||`. A 404 for anyone who is not an admin.",
        security: SIGNED_IN,
        querystring: listQuery(20),
        response: { 200: z.array(AdminAdCreative), ...problems(400, 404) },
      },
    },
    async (request, reply) => {
      const { items, total } = await review.list(request.query);
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      return items;
    },
  );

  app.post(
    "/v1/admin/ad-creatives/:id/review",
    {
      config: { changes: "nothing" },
      schema: {
        tags: TAGS,
        summary: "Approve or reject a creative (admins)",
        description:
          'Only a creative waiting for review (else 409 "Someone else has already reviewed this creative."); with `version`, only the submission you looked at. REJECT needs a `reason` (400) and OTHER a `note`. Written to the audit log.',
        security: SIGNED_IN,
        params: z.object({ id: z.uuid() }),
        body: AdCreativeReview,
        response: { 200: AdminAdCreative, ...problems(400, 404, 409) },
      },
    },
    async (request) => {
      const admin = await requireAccountRole(request, ACCOUNT_ROLE.ADMIN);
      return review.review(admin, request.params.id, request.body);
    },
  );

  app.get(
    "/v1/admin/ad-reconciliation",
    {
      schema: {
        tags: TAGS,
        summary: "Ads' money, reconciled (admins)",
        description:
          "Per campaign that ran: what its counted events billed, against what its counters say it spent, what the ledger settled (the carry under one minor unit waits for the next settlement, and is never charged once the campaign is archived), and its reserve against what is left of it and what awaits settlement. `ok` is false when any of these, or the ledger's own checks, or a wallet below zero, does not hold. A 404 for anyone who is not an admin.",
        security: SIGNED_IN,
        response: { 200: AdReconciliation, ...problems(404) },
      },
    },
    async () => reconcile(app.db),
  );
};
