import { AdCreativeReview, AdminAdCreative, AdReconciliation } from "@flipside/contracts/ads";
import { ACCOUNT_ROLE } from "@flipside/contracts/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { listQuery, setListHeaders } from "../../lib/pagination.ts";
import { requireAccountRole } from "../../plugins/auth.ts";
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
