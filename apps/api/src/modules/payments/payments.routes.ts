import { MONEY_MESSAGES } from "@flipside/contracts/money-constants";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest } from "../../lib/errors.ts";
import { problems } from "../../lib/openapi-responses.ts";
import { createPaymentProvider, type Stripe } from "./stripe.ts";
import { createTopUps, type TopUps } from "./top-ups.ts";

const made = new WeakMap<FastifyInstance, TopUps>();

/** The app's payments: one provider client and one top-up service, whoever asks first makes them. */
export function paymentsFor(app: FastifyInstance): TopUps {
  let topUps = made.get(app);
  if (!topUps) {
    topUps = createTopUps({
      db: app.db,
      config: app.config,
      provider: createPaymentProvider(app.config),
      log: app.log,
    });
    made.set(app, topUps);
  }
  return topUps;
}

/** The payment provider's webhook (docs/money.md#paying). Encapsulated: its body stays raw bytes. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const topUps = paymentsFor(app);
  const { provider } = topUps;
  // The signature is over the exact bytes sent: parsed and serialised again, it would not match.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    "/v1/payments/stripe/webhook",
    {
      config: { changes: "nothing" },
      schema: {
        tags: ["payments"],
        summary: "Stripe's webhook",
        description:
          "Called by Stripe, not by people: each event verified by its `Stripe-Signature` (400 without a valid one), handled once by its id (a delivery that comes again answers 200 and changes nothing), in any order. 400 while payments are not configured.",
        response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }), ...problems(400) },
      },
    },
    async (request) => {
      if (!provider) throw badRequest(MONEY_MESSAGES.paymentsNotConfigured);
      const signature = request.headers["stripe-signature"];
      const body = request.body;
      if (typeof signature !== "string" || !Buffer.isBuffer(body))
        throw badRequest(MONEY_MESSAGES.webhookSignature);
      let event: Stripe.Event;
      try {
        event = provider.stripe.webhooks.constructEvent(body, signature, provider.webhookSecret);
      } catch {
        throw badRequest(MONEY_MESSAGES.webhookSignature);
      }
      const outcome = await topUps.handle(event);
      request.log.info({ event: event.id, type: event.type, outcome }, "payment event");
      return { received: true as const, duplicate: outcome === "duplicate" };
    },
  );
};
