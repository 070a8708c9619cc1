import {
  Credit,
  CreditRequest,
  TopUp,
  TopUpRequest,
  Transfer,
  TransferRequest,
  Wallet,
  WalletLine,
  WalletLinesQuery,
} from "@flipside/contracts/money";
import { ACCOUNT_ROLE } from "@flipside/contracts/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  forgetOldIdempotencyKeys,
  IDEMPOTENCY_NOTE,
  IdempotencyHeaders,
  idempotencyClaim,
  idempotent,
  idempotentCall,
  sendOnce,
} from "../../lib/idempotency.ts";
import { repeatEvery } from "../../lib/jobs.ts";
import { linkOrigin } from "../../lib/link-origin.ts";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { setListHeaders } from "../../lib/pagination.ts";
import { requireAccountRole, requireViewer } from "../../plugins/auth.ts";
import { gate } from "../admin/index.ts";
import { paymentsFor } from "../payments/index.ts";
import { createWalletService } from "./wallet.service.ts";

const TAGS = ["wallet"];

/** Wallets on the ledger (docs/money.md). */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = paymentsFor(app);
  const service = createWalletService({
    db: app.db,
    config: app.config,
    paymentsConfigured: payments.configured,
  });

  await repeatEvery(
    app.jobs,
    "idempotency-keys-sweep",
    { intervalMs: 60 * 60 * 1000, expireInSeconds: 600 },
    async () => {
      await forgetOldIdempotencyKeys(app.db);
    },
  );

  app.get(
    "/v1/wallet",
    {
      schema: {
        tags: TAGS,
        summary: "A wallet's balance",
        description:
          "Your own wallet, or with `organizationId` an organisation's (its OWNERs and ADMINs; a MEMBER gets 403, anyone else 404). Amounts are whole minor units of `currency` (cents for EUR).",
        security: SIGNED_IN,
        querystring: z.object({ organizationId: z.uuid().optional() }),
        response: { 200: Wallet, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => service.wallet(await requireViewer(request), request.query.organizationId),
  );

  app.get(
    "/v1/wallet/transactions",
    {
      schema: {
        tags: TAGS,
        summary: "A wallet's history",
        description:
          "Newest first with X-Total-Count, each line with the balance right after it. Filters: `kind`, `direction` (IN, OUT), `from` and `to` (UTC dates, inclusive). `format=csv`: every matching line, oldest first, as a file.",
        security: SIGNED_IN,
        querystring: WalletLinesQuery,
        response: { 200: z.union([z.array(WalletLine), z.string()]), ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      if (request.query.format === "csv") {
        const { filename, text } = await service.csv(viewer, request.query);
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${filename}"`)
          .send(text);
      }
      const { items, total } = await service.lines(viewer, request.query);
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      return items;
    },
  );

  app.post(
    "/v1/wallet/transfers",
    {
      config: { changes: "nothing", idempotency: "own" },
      schema: {
        tags: TAGS,
        summary: "Move money between your wallets",
        description: `Between your own wallet and those of organisations you manage (OWNER, ADMIN; \`null\` is your own). A wallet that does not hold the amount: 409, and nothing moves. ${IDEMPOTENCY_NOTE}`,
        security: SIGNED_IN,
        headers: IdempotencyHeaders,
        body: TransferRequest,
        response: { 201: Transfer, ...problems(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const claim = idempotencyClaim(request, viewer.id);
      const outcome = await idempotent(app.db, claim, Transfer, async (tx) => ({
        status: 201,
        body: await service.transfer(tx, viewer, request.body),
      }));
      return sendOnce(reply, outcome);
    },
  );

  app.post(
    "/v1/wallet/top-ups",
    {
      config: { changes: "nothing", idempotency: "own" },
      schema: {
        tags: TAGS,
        summary: "Top up a wallet",
        description: `Opens the payment provider's checkout for \`amount\` (between TOP_UP_MIN_MINOR and TOP_UP_MAX_MINOR, else 422) into your wallet or an organisation's you manage. Send the person to \`checkoutUrl\`; the wallet is credited when the provider confirms the payment (its webhook), and the person comes back to /profile/wallet?topUp={session} (with \`returnTo\`: to that site's checkout, /profile/websites/{domain}/checkout?plan={plan}&topUp={session}). 409 while payments are not configured; 503 when the provider cannot be reached (nothing is charged). ${IDEMPOTENCY_NOTE}`,
        security: SIGNED_IN,
        headers: IdempotencyHeaders,
        body: TopUpRequest,
        response: { 201: TopUp, ...problems(400, 401, 403, 404, 409, 422, 503) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const claim = idempotencyClaim(request, viewer.id);
      const outcome = await idempotentCall(app.db, claim, TopUp, async () => {
        const owner = await service.owner(viewer, request.body.organizationId);
        const topUp = await payments.start({
          owner,
          amount: request.body.amount,
          startedBy: { id: viewer.id, email: viewer.email },
          key: claim.key,
          origin: linkOrigin(app.config.publicOrigin, request),
          returnTo: request.body.returnTo,
        });
        return { status: 201, body: topUp };
      });
      return sendOnce(reply, outcome);
    },
  );

  app.get(
    "/v1/wallet/top-ups/:id",
    {
      schema: {
        tags: TAGS,
        summary: "A top-up's state",
        description:
          "By its id or its checkout session's id (the `topUp` the person comes back with): OPEN until the provider confirms the payment, then PAID (the wallet is credited) or EXPIRED. Only top-ups into wallets you may manage; others are 404.",
        security: SIGNED_IN,
        params: z.object({ id: z.string().min(1).max(255) }),
        querystring: z.object({ organizationId: z.uuid().optional() }),
        response: { 200: TopUp, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      const owner = await service.owner(viewer, request.query.organizationId);
      return payments.find(owner, request.params.id);
    },
  );

  app.post(
    "/v1/admin/wallet-credits",
    {
      onRequest: gate(ACCOUNT_ROLE.ADMIN),
      config: { changes: "nothing", idempotency: "own" },
      schema: {
        tags: ["admin", ...TAGS],
        summary: "Credit a wallet (admins)",
        description: `Adds money to a person's or an organisation's wallet from the platform's operator credits, with a reason kept in the ledger and the audit log. A 404 for anyone who is not an admin. ${IDEMPOTENCY_NOTE}`,
        security: SIGNED_IN,
        headers: IdempotencyHeaders,
        body: CreditRequest,
        response: { 201: Credit, ...problems(400, 404, 422) },
      },
    },
    async (request, reply) => {
      const admin = await requireAccountRole(request, ACCOUNT_ROLE.ADMIN);
      const claim = idempotencyClaim(request, admin.id);
      const outcome = await idempotent(app.db, claim, Credit, async (tx) => ({
        status: 201,
        body: await service.credit(tx, { id: admin.id, displayName: admin.displayName }, request.body),
      }));
      return sendOnce(reply, outcome);
    },
  );
};
