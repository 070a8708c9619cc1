import { AdBilling, AdSpendLine, AdStatement, periodLabel } from "@flipside/contracts/ads";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { repeatEvery } from "../../lib/jobs.ts";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { listQuery, setListHeaders } from "../../lib/pagination.ts";
import { requireViewer } from "../../plugins/auth.ts";
import {
  accountBilling,
  issueDueStatements,
  listSpend,
  listStatements,
  spendCsv,
  statementWithLines,
} from "./billing.ts";
import { statementPdf } from "./statement-pdf.ts";
import { noticeLowWallets } from "./wallet-low.ts";

const TAGS = ["ads"];
const IdParams = z.object({ id: z.uuid() });
const SpendQuery = listQuery(20).extend({ format: z.enum(["json", "csv"]).default("json") });
/** Statements are issued early on the 1st, and low wallets told of: looking hourly is enough for both. */
const STATEMENTS_INTERVAL_MS = 3_600_000;

/** Ads billing (ADS.md §1.10, §2.3 Billing; docs/ads.md#billing). */
export const adsBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  await repeatEvery(
    app.jobs,
    "ads-statements",
    { intervalMs: STATEMENTS_INTERVAL_MS, expireInSeconds: 600 },
    () => issueDueStatements(app.db, new Date()),
  );
  // A wallet about to run out (within days) is worth telling once a day, not looking for every minute.
  await repeatEvery(
    app.jobs,
    "ads-wallet-low",
    { intervalMs: STATEMENTS_INTERVAL_MS, expireInSeconds: 600 },
    async () => {
      await noticeLowWallets(app.db, new Date());
    },
  );

  app.get(
    "/v1/ad-accounts/:id/billing",
    {
      schema: {
        tags: TAGS,
        summary: "An advertiser account's money",
        description:
          "The paying wallet's balance, what running campaigns still hold in reserve, what was billed this month (account time zone, settled or not), the average of the last 7 days and the day wallet and reserves would run out at that average (null without spend).",
        security: SIGNED_IN,
        params: IdParams,
        response: { 200: AdBilling, ...problems(400, 401, 404) },
      },
    },
    async (request) => accountBilling(app.db, await requireViewer(request), request.params.id, new Date()),
  );

  app.get(
    "/v1/ad-spend",
    {
      schema: {
        tags: TAGS,
        summary: "An advertiser account's spend lines",
        description:
          "The ledger's lines on the account's campaign reserves, newest first: AD_HOLD (reserved from the wallet), AD_RELEASE (given back), AD_SPEND (charged). `searchAnd` must contain `adAccountId==…`; it may use `campaignId==`, `kind==`, `date>=` and `date<=` (days in the account's time zone). `amountMinor` is always positive. `format=csv`: every matching line, oldest first, as a file.",
        security: SIGNED_IN,
        querystring: SpendQuery,
        response: { 200: z.union([z.array(AdSpendLine), z.string()]), ...problems(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      if (request.query.format === "csv") {
        const { filename, text } = await spendCsv(app.db, viewer, request.query.searchAnd);
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${filename}"`)
          .send(text);
      }
      const { items, total } = await listSpend(app.db, viewer, request.query);
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      return items;
    },
  );

  app.get(
    "/v1/ad-statements",
    {
      schema: {
        tags: TAGS,
        summary: "An advertiser account's monthly statements",
        description:
          "One per month with charges, newest first (`searchAnd=adAccountId==…`). The running month is OPEN with its total so far; a month is ISSUED early on the 1st in the account's time zone, with a number gapless per year of issue (ADS-YYYY-NNNNNN) and its total frozen.",
        security: SIGNED_IN,
        querystring: listQuery(24),
        response: { 200: z.array(AdStatement), ...problems(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listStatements(
        app.db,
        await requireViewer(request),
        request.query,
        new Date(),
      );
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      return items;
    },
  );

  app.get(
    "/v1/ad-statements/:id/pdf",
    {
      schema: {
        tags: TAGS,
        summary: "A monthly statement as PDF",
        description: "The running month's is marked Not final.",
        security: SIGNED_IN,
        params: IdParams,
        response: { 200: z.any().describe("application/pdf"), ...problems(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const found = await statementWithLines(
        app.db,
        await requireViewer(request),
        request.params.id,
        new Date(),
      );
      const name =
        found.statement.number ?? `Flipside ads ${periodLabel(found.statement.period)} (not final)`;
      return reply
        .type("application/pdf")
        .header("content-disposition", `inline; filename="${name}.pdf"`)
        .send(await statementPdf(found));
    },
  );
};
