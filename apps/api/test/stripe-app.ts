import { createTestApp, type TestApp } from "./helper.ts";
import { type StripeServer, startStripeServer } from "./stripe-server.ts";

/**
 * A test app paying through a local Stripe server that delivers its webhooks to the app over HTTP,
 * as Stripe would. Close both after the file.
 */
export async function startAppWithStripe(): Promise<{ t: TestApp; stripe: StripeServer }> {
  const stripe = await startStripeServer();
  const t = await createTestApp({
    RATE_LIMIT_ENABLED: "false",
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
    PUBLIC_ORIGIN: "http://flipside.test",
  });
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  stripe.webhookUrl = `${address}/api/v1/payments/stripe/webhook`;
  return { t, stripe };
}
