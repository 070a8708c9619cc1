import { AdCampaign, AdForecast, AdForecastRequest, AdPlan, CreateAdPlan } from "@flipside/contracts/ads";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { requireViewer } from "../../plugins/auth.ts";
import { createCampaignsService } from "./campaigns.ts";
import { createPlanning } from "./planning.ts";

const TAGS = ["ads"];
const IdParams = z.object({ id: z.uuid() });

/** Media planning (ADS.md §1.7, §2.3 Planning; decision 042, docs/ads.md#planning). */
export const adsPlanningRoutes: FastifyPluginAsyncZod = async (app) => {
  const geoConfigured = Boolean(app.config.GEOIP_DB);
  const campaigns = createCampaignsService({
    db: app.db,
    currency: app.config.MONEY_CURRENCY,
    geoConfigured,
  });
  const planning = createPlanning({
    db: app.db,
    running: () => app.ads.server.running(),
    geoConfigured,
    createCampaign: campaigns.create,
  });

  app.post(
    "/v1/ad-forecasts",
    {
      config: { changes: "nothing" },
      schema: {
        tags: TAGS,
        summary: "Forecast a planned campaign",
        description:
          "Replays the sampled page views of the last 28 days (whole days of the account's time zone) through the targeting, against the campaigns running now (those that would rank higher take the page), then projects them onto the planned days by weekday and cuts them by the budgets: impressions, people reached, clicks and spend as low–high bands, per day, and five bids with what each would win before budget limits (never less as the bid rises). Under 7 days of history: zeros and the warning NOT_ENOUGH_HISTORY. Writes nothing. Any role of the account.",
        security: SIGNED_IN,
        body: AdForecastRequest,
        response: { 200: AdForecast, ...problems(400, 401, 404, 422) },
      },
    },
    async (request) => planning.forecast(await requireViewer(request), request.body),
  );

  app.get(
    "/v1/ad-plans",
    {
      schema: {
        tags: TAGS,
        summary: "An advertiser account's saved plans",
        description: "Newest first, each forecast again from today's history (what was saved is the input).",
        security: SIGNED_IN,
        querystring: z.object({ adAccountId: z.uuid() }),
        response: { 200: z.array(AdPlan), ...problems(400, 401, 404) },
      },
    },
    async (request) => planning.list(await requireViewer(request), request.query.adAccountId),
  );

  app.post(
    "/v1/ad-plans",
    {
      config: { changes: "nothing" },
      schema: {
        tags: TAGS,
        summary: "Save a plan",
        description: "At most 100 per account (409 beyond). OWNER or ADMIN.",
        security: SIGNED_IN,
        body: CreateAdPlan,
        response: { 201: AdPlan, ...problems(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await planning.create(await requireViewer(request), request.body)),
  );

  app.delete(
    "/v1/ad-plans/:id",
    {
      config: { changes: "nothing" },
      schema: {
        tags: TAGS,
        summary: "Delete a plan",
        security: SIGNED_IN,
        params: IdParams,
        response: { 204: z.null(), ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await planning.remove(await requireViewer(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/v1/ad-plans/:id/campaign",
    {
      config: { changes: "nothing" },
      schema: {
        tags: TAGS,
        summary: "Make a plan a draft campaign",
        description:
          "A DRAFT named as the plan, with its pricing, bid, budgets, schedule (a start now past moves to now, keeping the length), frequency cap and targeting; creatives are added in the campaign editor. The campaign rules apply (a name in use: 422).",
        security: SIGNED_IN,
        params: IdParams,
        response: { 201: AdCampaign, ...problems(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await planning.toCampaign(await requireViewer(request), request.params.id)),
  );
};
