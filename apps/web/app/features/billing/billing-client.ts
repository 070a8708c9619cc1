import type {
  Billing,
  BillingDetails,
  CheckoutQuote,
  CheckoutResult,
  Plan,
  Subscription,
} from "@flipside/contracts/billing";
import type { PaidPlanId } from "@flipside/contracts/billing-constants";
import { IDEMPOTENCY_HEADER } from "@flipside/contracts/money-constants";
import { type ApiClient, api, buildApiUrl } from "../../lib/api.ts";

export type {
  Billing,
  BillingDetails,
  CheckoutQuote,
  CheckoutResult,
  Invoice,
  Plan,
  Subscription,
} from "@flipside/contracts/billing";

/** Plans, billing and checkout (docs/money.md#plans); each call throws `ApiError`. */
export function createBillingClient(client: ApiClient = api) {
  return {
    plans: () => client.get<Plan[]>("/v1/plans"),
    overview: (organizationId?: string) => client.get<Billing>("/v1/billing", { query: { organizationId } }),
    saveDetails: (organizationId: string | null, details: BillingDetails) =>
      client.put<BillingDetails>("/v1/billing/details", { organizationId, ...details }),
    quote: (domain: string, plan: PaidPlanId) =>
      client.get<CheckoutQuote>("/v1/billing/checkout", { query: { domain, plan } }),
    /** `key` stays the same for every try of one intended purchase, so a retry never pays twice. */
    checkout: (domain: string, plan: PaidPlanId, key: string) =>
      client.post<CheckoutResult>(
        "/v1/billing/checkout",
        { domain, plan },
        { headers: { [IDEMPOTENCY_HEADER]: key } },
      ),
    cancel: (id: string) => client.post<Subscription>(`/v1/billing/subscriptions/${id}/cancel`, undefined),
    resume: (id: string) => client.post<Subscription>(`/v1/billing/subscriptions/${id}/resume`, undefined),
    /** The payment provider's page for the saved card; send the person to `url`. */
    portal: (organizationId: string | null) =>
      client.post<{ url: string }>("/v1/billing/portal", { organizationId }),
  };
}

export const billingApi = createBillingClient();

/** The invoice's PDF (the browser opens it with the session cookie). */
export const invoicePdfHref = (id: string) => buildApiUrl(`/v1/billing/invoices/${id}/pdf`);

/** The checkout of `plan` for a site. */
export const checkoutPath = (domain: string, plan: PaidPlanId) =>
  `/profile/websites/${encodeURIComponent(domain)}/checkout?plan=${plan}`;
