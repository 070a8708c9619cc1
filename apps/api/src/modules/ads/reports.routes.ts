import { AD_REPORT_GROUPS, AD_REPORT_LIMITS, AdReport } from "@flipside/contracts/ads";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adCampaigns } from "../../db/schema/ads.ts";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { parseSearchAnd } from "../../lib/search-filter.ts";
import { requireViewer } from "../../plugins/auth.ts";
import { accountReport, reportCsv } from "./reports.ts";

const TAGS = ["ads"];
const Campaigns = z.union([z.uuid(), z.array(z.uuid()).max(AD_REPORT_LIMITS.maxCampaigns)]);
const ReportQuery = z.strictObject({
  adAccountId: z.uuid(),
  from: z.iso.date(),
  to: z.iso.date(),
  groupBy: z.enum(AD_REPORT_GROUPS).default("day"),
  /** Repeat for several campaigns. */
  campaignId: Campaigns.optional(),
  /** ADS.md's form for one campaign: `campaignId==…`. */
  searchAnd: z.string().max(200).optional(),
  format: z.enum(["json", "csv"]).default("json"),
});
const SEARCH_SPEC = {
  fields: { campaignId: { column: adCampaigns.id, type: "uuid" as const, ops: ["=="] as const } },
};

/** Ads reports (ADS.md §1.8, §2.3 Reports; docs/ads.md#reports). */
export const adsReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/v1/ad-reports",
    {
      schema: {
        tags: TAGS,
        summary: "An advertiser account's performance",
        description:
          "Impressions, people reached (distinct readers), clicks, spend (what was billed, to the micro), average costs and invalid traffic (never charged) over days `from`–`to` of the account's time zone (at most 366), by `groupBy` (day — every day of the range —, campaign, creative, site or country), with the totals and the same number of days just before for comparison. `campaignId` (repeatable, or `searchAnd=campaignId==…`) keeps those campaigns only. `format=csv`: the rows and the total as a file, amounts in the account's currency.",
        security: SIGNED_IN,
        querystring: ReportQuery,
        response: { 200: z.union([AdReport, z.string()]), ...problems(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const picked =
        q.campaignId === undefined ? [] : typeof q.campaignId === "string" ? [q.campaignId] : q.campaignId;
      const searched = parseSearchAnd(q.searchAnd, SEARCH_SPEC).flatMap((c) =>
        typeof c.value === "string" ? [c.value] : [],
      );
      const report = await accountReport(
        app.db,
        await requireViewer(request),
        { ...q, campaignIds: [...new Set([...picked, ...searched])] },
        new Date(),
      );
      if (q.format !== "csv") return report;
      const { filename, text } = reportCsv(report);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(text);
    },
  );
};
