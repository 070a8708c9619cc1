import { AdBidChange, AdBidding, UpdateAdBidding } from "@flipside/contracts/ads";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { repeatEvery } from "../../lib/jobs.ts";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { requireViewer } from "../../plugins/auth.ts";
import { runAutopilot } from "./autopilot.ts";
import { createBiddingService } from "./bidding.ts";

const TAGS = ["ads"];
const IdParams = z.object({ id: z.uuid() });

/** The bidding autopilot (ADS.md §1.9, §2.3; decision 043, docs/ads.md#autopilot). */
export const adsAutopilotRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const bidding = createBiddingService({
    db: app.db,
    currency: config.MONEY_CURRENCY,
    learningEvents: config.ADS_AUTOPILOT_LEARNING_EVENTS,
  });
  if (config.ADS_AUTOPILOT_INTERVAL_MS > 0) {
    await repeatEvery(
      app.jobs,
      "ads-autopilot",
      { intervalMs: config.ADS_AUTOPILOT_INTERVAL_MS, expireInSeconds: 600 },
      async () => {
        const moved = await runAutopilot(app.db, new Date(), {
          intervalMs: config.ADS_AUTOPILOT_INTERVAL_MS,
          learningEvents: config.ADS_AUTOPILOT_LEARNING_EVENTS,
          currency: config.MONEY_CURRENCY,
        });
        if (moved.length > 0) {
          app.ads.server.invalidate();
          app.invalidation.send("ads");
        }
      },
    );
  }

  app.get(
    "/v1/ad-campaigns/:id/bidding",
    {
      schema: {
        tags: TAGS,
        summary: "A campaign's bidding",
        description:
          "Its strategy (MANUAL, TARGET_CPC, TARGET_CPA, MAXIMIZE_CLICKS), the bid now, the target, floor and ceiling, the autopilot's status (OFF, LEARNING, ACTIVE, LIMITED_BY_BUDGET, LIMITED_BY_CEILING), the clicks (conversions for TARGET_CPA) it still learns from, and its last change.",
        security: SIGNED_IN,
        params: IdParams,
        response: { 200: AdBidding, ...problems(400, 401, 404) },
      },
    },
    async (request) => bidding.get(await requireViewer(request), request.params.id),
  );

  app.put(
    "/v1/ad-campaigns/:id/bidding",
    {
      config: { changes: "nothing" },
      schema: {
        tags: TAGS,
        summary: "Set a campaign's bidding",
        description:
          "MANUAL turns the autopilot off (the bid stays where it is). A new strategy or target starts a learning phase of ADS_AUTOPILOT_LEARNING_EVENTS clicks (conversions for TARGET_CPA). Every ADS_AUTOPILOT_INTERVAL_MS the autopilot moves the bid by at most 20%, within the lowest and highest bids, and logs why. The campaign's rules apply (floor below ceiling, the target's range, MAXIMIZE_CLICKS needs a daily budget: 422); a stale version or an archived campaign: 409. OWNER or ADMIN.",
        security: SIGNED_IN,
        params: IdParams,
        body: UpdateAdBidding,
        response: { 200: AdBidding, ...problems(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => bidding.update(await requireViewer(request), request.params.id, request.body),
  );

  app.get(
    "/v1/ad-campaigns/:id/bidding/changes",
    {
      schema: {
        tags: TAGS,
        summary: "What the autopilot changed, and why",
        description:
          "Newest first (the last 200): the bid before and after, the sentence that explains it, the window measured and what it held (impressions, clicks, conversions, spend), and whether the advertiser undid it.",
        security: SIGNED_IN,
        params: IdParams,
        response: { 200: z.array(AdBidChange), ...problems(400, 401, 404) },
      },
    },
    async (request) => bidding.changes(await requireViewer(request), request.params.id),
  );

  app.post(
    "/v1/ad-campaigns/:id/bidding/changes/:changeId/undo",
    {
      config: { changes: "nothing" },
      schema: {
        tags: TAGS,
        summary: "Undo the autopilot's latest change",
        description:
          "The bid goes back to what it was before, logged as a change of its own. Only the latest change can be undone (409 otherwise). The autopilot keeps running unless it is turned off.",
        security: SIGNED_IN,
        params: z.object({ id: z.uuid(), changeId: z.uuid() }),
        response: { 200: AdBidding, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => bidding.undo(await requireViewer(request), request.params.id, request.params.changeId),
  );
};
