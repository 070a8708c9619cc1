import {
  Billing,
  BillingDetails,
  BillingDetailsRequest,
  CheckoutQuote,
  CheckoutRequest,
  CheckoutResult,
  Invoice,
  PaidPlanId,
  Plan,
  PortalRequest,
  PortalSession,
  Subscription,
} from "@flipside/contracts/billing";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  IDEMPOTENCY_NOTE,
  IdempotencyHeaders,
  idempotencyClaim,
  idempotent,
  sendOnce,
} from "../../lib/idempotency.ts";
import { repeatEvery } from "../../lib/jobs.ts";
import { linkOrigin } from "../../lib/link-origin.ts";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { requireViewer } from "../../plugins/auth.ts";
import { paymentsFor } from "../payments/index.ts";
import { ownerFor } from "../wallet/index.ts";
import { createBillingService } from "./billing.service.ts";
import { invoicePdf } from "./invoice-pdf.ts";
import { createBillingNotices } from "./notices.ts";

const TAGS = ["billing"];
const IdParams = z.object({ id: z.uuid() });

/** Plans, subscriptions and invoices (docs/money.md#plans). */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = paymentsFor(app);
  const service = createBillingService({ db: app.db, config: app.config, cards: payments });
  const notices = createBillingNotices({
    db: app.db,
    config: app.config,
    mailer: app.mailer,
    service,
    log: app.log,
    onSiteChanged: (siteId) => app.discussion.siteChanged(siteId, app.log),
  });

  await repeatEvery(
    app.jobs,
    "billing-renewals",
    { intervalMs: app.config.BILLING_RENEWAL_INTERVAL_MS, expireInSeconds: 600 },
    async () => notices.send(await service.renewDue()),
  );

  app.get(
    "/v1/plans",
    {
      schema: {
        tags: TAGS,
        summary: "Plans",
        description:
          "Free, Pro and Business, per verified website, billed monthly; prices before tax in minor units of `currency`.",
        response: { 200: z.array(Plan) },
      },
    },
    async () => service.plans(),
  );

  app.get(
    "/v1/billing",
    {
      schema: {
        tags: TAGS,
        summary: "Your billing",
        description:
          "Billing details, the plans of the websites you pay for and your invoices (newest first, the last 100). With `organizationId`: an organisation's (its OWNERs and ADMINs; a MEMBER 403, anyone else 404).",
        security: SIGNED_IN,
        querystring: z.object({ organizationId: z.uuid().optional() }),
        response: { 200: Billing, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => service.overview(await requireViewer(request), request.query.organizationId),
  );

  app.put(
    "/v1/billing/details",
    {
      config: { changes: "nothing" },
      schema: {
        tags: TAGS,
        summary: "Save billing details",
        description:
          "The name, address, country (ISO 3166-1 alpha-2: it sets the tax) and VAT ID that invoices are made out to. Invoices already issued keep the details they were issued with.",
        security: SIGNED_IN,
        body: BillingDetailsRequest,
        response: { 200: BillingDetails, ...problems(400, 401, 403, 404, 422) },
      },
    },
    async (request) => service.saveDetails(await requireViewer(request), request.body),
  );

  app.get(
    "/v1/billing/checkout",
    {
      schema: {
        tags: TAGS,
        summary: "What a plan costs now",
        description:
          "For a verified website you manage: what choosing `plan` would charge now (a new plan's first month; an upgrade's price difference for the rest of the period; nothing for a downgrade, which takes effect at the period's end), the tax by your billing country, and whether the wallet holds it.",
        security: SIGNED_IN,
        querystring: z.object({ domain: z.string().min(1).max(253), plan: PaidPlanId }),
        response: { 200: CheckoutQuote, ...problems(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => service.quote(await requireViewer(request), request.query.domain, request.query.plan),
  );

  app.post(
    "/v1/billing/checkout",
    {
      // A plan shows on its site's pages (the notice): they are rendered again (notices.ts).
      config: { changes: "pages", idempotency: "own" },
      schema: {
        tags: TAGS,
        summary: "Buy or change a website's plan",
        description: `Pays from the wallet of the site's owner (you, or the organisation) and issues the invoice (mailed with its PDF). A wallet without enough: 409 and nothing changes. Billing details are required first (422). Then the plan renews monthly from the wallet; a renewal it cannot pay is tried again daily for BILLING_GRACE_DAYS while the plan holds. ${IDEMPOTENCY_NOTE}`,
        security: SIGNED_IN,
        headers: IdempotencyHeaders,
        body: CheckoutRequest,
        response: { 201: CheckoutResult, ...problems(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const claim = idempotencyClaim(request, viewer.id);
      let events: Awaited<ReturnType<typeof service.checkout>>["events"] = [];
      const outcome = await idempotent(app.db, claim, CheckoutResult, async (tx) => {
        const done = await service.checkout(tx, viewer, request.body.domain, request.body.plan);
        events = done.events;
        return { status: 201, body: done.result };
      });
      await notices.send(events);
      return sendOnce(reply, outcome);
    },
  );

  app.post(
    "/v1/billing/subscriptions/:id/cancel",
    {
      // A plan shows on its site's pages (the notice): they are rendered again (notices.ts).
      config: { changes: "pages" },
      schema: {
        tags: TAGS,
        summary: "Cancel a plan",
        description:
          "The plan ends with the current period (nothing more is charged) and can be resumed until then. A plan whose renewal is unpaid ends at once. 409 when it already ends or ended.",
        security: SIGNED_IN,
        params: IdParams,
        response: { 200: Subscription, ...problems(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const { subscription, events } = await service.cancel(await requireViewer(request), request.params.id);
      await notices.send(events);
      return subscription;
    },
  );

  app.post(
    "/v1/billing/subscriptions/:id/resume",
    {
      config: { changes: "nothing" },
      schema: {
        tags: TAGS,
        summary: "Resume a canceled plan",
        description:
          "Before the period ends: the plan renews again. 409 when it is not set to end, or has ended.",
        security: SIGNED_IN,
        params: IdParams,
        response: { 200: Subscription, ...problems(400, 401, 404, 409) },
      },
    },
    async (request) => service.resume(await requireViewer(request), request.params.id),
  );

  app.post(
    "/v1/billing/portal",
    {
      config: { changes: "nothing" },
      schema: {
        tags: TAGS,
        summary: "Open the payment provider's portal",
        description:
          "Where you (or an organisation you manage, as OWNER or ADMIN) add, change or remove the saved card that pays renewals the wallet cannot. Send the person to `url`; they come back to /profile/billing. 409 while payments are not configured; 503 when the provider cannot be reached.",
        security: SIGNED_IN,
        body: PortalRequest,
        response: { 200: PortalSession, ...problems(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      const owner = await ownerFor(app.db, viewer, request.body.organizationId);
      const back = `${linkOrigin(app.config.publicOrigin, request)}/profile/billing${
        owner.kind === "ORGANIZATION" ? `?organizationId=${owner.id}` : ""
      }`;
      return { url: await payments.portal(owner, viewer.email, back) };
    },
  );

  app.get(
    "/v1/billing/invoices/:id",
    {
      schema: {
        tags: TAGS,
        summary: "An invoice",
        description: "Yours, or an organisation's you manage; anyone else's is a 404.",
        security: SIGNED_IN,
        params: IdParams,
        response: { 200: Invoice, ...problems(400, 401, 404) },
      },
    },
    async (request) => service.invoice(await requireViewer(request), request.params.id),
  );

  app.get(
    "/v1/billing/invoices/:id/pdf",
    {
      schema: {
        tags: TAGS,
        summary: "An invoice as PDF",
        security: SIGNED_IN,
        params: IdParams,
        response: { 200: z.any().describe("application/pdf"), ...problems(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const invoice = await service.invoice(await requireViewer(request), request.params.id);
      return reply
        .type("application/pdf")
        .header("content-disposition", `inline; filename="${invoice.number}.pdf"`)
        .send(await invoicePdf(invoice));
    },
  );
};
