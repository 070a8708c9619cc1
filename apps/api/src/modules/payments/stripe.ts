import Stripe from "stripe";
import type { Config } from "../../config.ts";

export { Stripe };

/** The payment provider as configured, or null when payments are not configured. */
export interface PaymentProvider {
  stripe: Stripe;
  webhookSecret: string;
}

/**
 * The official SDK, pointed at Stripe or, with STRIPE_API_URL, at another server speaking its API
 * (the tests' local one). Without keys there are no payments, and the product says so.
 */
export function createPaymentProvider(config: Config): PaymentProvider | null {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) return null;
  const base = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  const stripe = new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "Flipside" },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
  return { stripe, webhookSecret: config.STRIPE_WEBHOOK_SECRET };
}
