import { formatMoney } from "@flipside/contracts/money-constants";
import { useState } from "react";
import { redirect, useNavigate, useRevalidator } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { inputVariants } from "../../components/ui/input.tsx";
import { loginRedirectFor } from "../../features/accounts/session-guards.ts";
import { createBillingClient } from "../../features/billing/billing-client.ts";
import { BillingDetailsForm, BillingDetailsSummary } from "../../features/billing/details-form.tsx";
import { InvoiceList } from "../../features/billing/invoice-list.tsx";
import { SavedCardPanel } from "../../features/billing/saved-card.tsx";
import { SubscriptionList } from "../../features/billing/subscription-list.tsx";
import { createWalletClient } from "../../features/wallet/wallet-client.ts";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { redirectInAppMode } from "../../lib/app-mode-guard.server.ts";
import { cn } from "../../lib/cn.ts";
import { titleMeta } from "../../lib/page-title.ts";
import { isUuid } from "../../lib/uuid.ts";
import type { Route } from "./+types/billing";

export async function loader({ request, context }: Route.LoaderArgs) {
  redirectInAppMode(request);
  const url = new URL(request.url);
  const asked = url.searchParams.get("organizationId");
  const organizationId = isUuid(asked) ? asked : undefined;
  const api = serverApi(context);
  try {
    const [billing, managed] = await Promise.all([
      createBillingClient(api).overview(organizationId),
      createWalletClient(api).managed(),
    ]);
    return { billing, managed };
  } catch (error) {
    if (isApiError(error) && error.status === 401) throw redirect(loginRedirectFor(url));
    // An organisation the person does not manage: their own billing instead.
    if (isApiError(error) && (error.status === 403 || error.status === 404) && organizationId) {
      throw redirect("/profile/billing");
    }
    throw error;
  }
}

export const meta = () => titleMeta("Billing", "Profile");

/** docs/money.md#plans: billing details, the sites' plans, invoices, and how plans are paid. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { billing, managed } = loaderData;
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const refresh = () => void revalidate();
  const [editing, setEditing] = useState(false);
  const organizationId = billing.owner.kind === "ORGANIZATION" ? billing.owner.id : null;
  const walletHref = organizationId ? `/profile/wallet?organizationId=${organizationId}` : "/profile/wallet";
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title="Billing"
        description="Your plan, invoices and payment methods."
        actions={
          <Button asChild variant="outline" size="sm">
            <AppLink to="/plans">See the plans</AppLink>
          </Button>
        }
      />
      {managed.length > 0 ? (
        <label className="flex max-w-xs flex-col gap-1 text-sm">
          <span className="font-medium">Billing of</span>
          <select
            value={organizationId ?? ""}
            onChange={(e) =>
              navigate(
                e.target.value ? `/profile/billing?organizationId=${e.target.value}` : "/profile/billing",
              )
            }
            className={cn(inputVariants(), "pr-8")}
            data-testid="billing-switch"
          >
            <option value="">You</option>
            {managed.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}

      <section className="flex flex-col gap-3" aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="font-semibold text-lg">
          Plans
        </h2>
        <SubscriptionList
          key={organizationId ?? "own"}
          subscriptions={billing.subscriptions}
          onChange={refresh}
        />
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Billing details</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            {billing.details && !editing ? (
              <div className="flex items-start justify-between gap-4">
                <BillingDetailsSummary details={billing.details} />
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setEditing(true)}
                  data-testid="billing-details-edit"
                >
                  Change
                </Button>
              </div>
            ) : (
              <>
                {billing.details ? null : (
                  <p className="text-muted-foreground text-sm">
                    Not given yet. Invoices are made out to these details; the country sets the VAT.
                  </p>
                )}
                <BillingDetailsForm
                  key={organizationId ?? "own"}
                  organizationId={organizationId}
                  details={billing.details}
                  onSaved={() => {
                    setEditing(false);
                    refresh();
                  }}
                  onCancel={billing.details ? () => setEditing(false) : undefined}
                />
              </>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Payment method</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3 text-sm">
            <p>
              {"Plans are paid from the wallet, which holds "}
              <span className="font-medium tabular-nums" data-testid="billing-wallet-balance">
                {formatMoney(billing.walletBalance, billing.currency)}
              </span>
              {billing.portalAvailable
                ? ". When it is short at a renewal, the saved card pays the difference; without one, the renewal is tried again every day while the plan holds for a grace period."
                : ". A renewal it cannot pay is tried again every day while the plan holds for a grace period."}
            </p>
            <SavedCardPanel billing={billing} />
            <Button asChild variant="outline" size="sm" className="self-start">
              <AppLink to={walletHref}>Go to the wallet</AppLink>
            </Button>
          </CardContent>
        </Card>
      </div>

      <section className="flex flex-col gap-3" aria-labelledby="invoices-heading">
        <h2 id="invoices-heading" className="font-semibold text-lg">
          Invoices
        </h2>
        <InvoiceList invoices={billing.invoices} />
      </section>
    </div>
  );
}
