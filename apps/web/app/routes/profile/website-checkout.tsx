import { BILLING_MESSAGES, type PaidPlanId, PLAN_NAMES } from "@flipside/contracts/billing-constants";
import { formatMoney, MONEY_MESSAGES } from "@flipside/contracts/money-constants";
import { WEBSITE_MESSAGES } from "@flipside/contracts/website-proof";
import { useState } from "react";
import { data, redirect, useLoaderData, useRevalidator } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import {
  ArrowLeft,
  CircleAlert,
  CircleCheck,
  CreditCard,
  Download,
  Wallet,
} from "../../components/ui/icons.tsx";
import { loginRedirectFor } from "../../features/accounts/session-guards.ts";
import {
  billingApi,
  type CheckoutQuote,
  type CheckoutResult,
  checkoutPath,
  createBillingClient,
  invoicePdfHref,
} from "../../features/billing/billing-client.ts";
import { BillingDetailsForm, BillingDetailsSummary } from "../../features/billing/details-form.tsx";
import { isDowngrade, QuoteSummary } from "../../features/billing/quote-summary.tsx";
import { openTopUpCheckout, TopUpReturn } from "../../features/wallet/top-up.tsx";
import { createWalletClient, type Wallet as WalletData } from "../../features/wallet/wallet-client.ts";
import { websitePath } from "../../features/websites/websites-client.ts";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { redirectInAppMode } from "../../lib/app-mode-guard.server.ts";
import { cn } from "../../lib/cn.ts";
import { newIdempotencyKey } from "../../lib/idempotency-key.ts";
import { titleMeta } from "../../lib/page-title.ts";
import { formatAbsolute } from "../../lib/relative-time.ts";
import { notify } from "../../lib/toast.ts";
import type { Route } from "./+types/website-checkout";

const planOf = (url: URL): PaidPlanId => (url.searchParams.get("plan") === "PRO" ? "PRO" : "BUSINESS");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  redirectInAppMode(request);
  const url = new URL(request.url);
  const plan = planOf(url);
  const api = serverApi(context);
  const topUpReturn = url.searchParams.get("topUp")?.slice(0, 255) || null;
  try {
    const quote = await createBillingClient(api).quote(params.domain, plan);
    const wallet = await createWalletClient(api).wallet(
      quote.payer.kind === "ORGANIZATION" ? quote.payer.id : undefined,
    );
    return { plan, quote, topUp: wallet.topUp, refused: null, topUpReturn };
  } catch (error) {
    if (isApiError(error) && error.status === 401) throw redirect(loginRedirectFor(url));
    // Unknown or not yours: the same 404 either way, as on the site's own page.
    if (isApiError(error) && error.status === 404) throw data(WEBSITE_MESSAGES.notYours, { status: 404 });
    // Not verified, not a manager of it, or a renewal unpaid: said on the page, with the way on.
    if (isApiError(error) && [403, 409, 422].includes(error.status)) {
      return { plan, quote: null, topUp: null, refused: error.message, topUpReturn };
    }
    throw error;
  }
}

export function meta({ params }: Route.MetaArgs) {
  return titleMeta("Checkout", params.domain, "Profile");
}

/** docs/money.md#plans: a plan for one of your verified sites, paid from its owner's wallet. */
export default function WebsiteCheckout({ loaderData, params }: Route.ComponentProps) {
  const { plan, quote, refused } = loaderData;
  const organizationId = quote?.payer.kind === "ORGANIZATION" ? quote.payer.id : null;
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <div className="flex flex-col gap-3">
        <AppLink
          to={websitePath(params.domain, organizationId)}
          className="inline-flex items-center gap-1 self-start text-muted-foreground text-sm hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {params.domain}
        </AppLink>
        <PageHeading title="Checkout" description={`The ${PLAN_NAMES[plan]} plan for ${params.domain}.`} />
        <nav aria-label="Plan" className="flex gap-2">
          {(["PRO", "BUSINESS"] as const).map((id) => (
            <Button
              key={id}
              asChild
              size="sm"
              variant={id === plan ? "default" : "outline"}
              aria-current={id === plan ? "page" : undefined}
            >
              <AppLink to={checkoutPath(params.domain, id)} replace data-testid="checkout-plan">
                {PLAN_NAMES[id]}
              </AppLink>
            </Button>
          ))}
          <Button asChild size="sm" variant="ghost">
            <AppLink to={`/plans?site=${encodeURIComponent(params.domain)}`}>Compare plans</AppLink>
          </Button>
        </nav>
      </div>
      {quote ? (
        <Checkout key={`${quote.domain}-${plan}`} quote={quote} plan={plan} />
      ) : (
        <Refused message={refused ?? ""} domain={params.domain} />
      )}
    </div>
  );
}

function Refused({ message, domain }: { message: string; domain: string }) {
  return (
    <div
      className="flex flex-col items-start gap-3 rounded-lg border p-4 text-sm"
      data-testid="checkout-refused"
    >
      <p className="flex items-start gap-2">
        <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
        <span>{message}</span>
      </p>
      {message === BILLING_MESSAGES.pastDue ? (
        <Button asChild size="sm" variant="outline">
          <AppLink to="/profile/billing">Go to Billing</AppLink>
        </Button>
      ) : (
        <Button asChild size="sm" variant="outline">
          <AppLink to={websitePath(domain)}>{`Back to ${domain}`}</AppLink>
        </Button>
      )}
    </div>
  );
}

function Checkout({ quote, plan }: { quote: CheckoutQuote; plan: PaidPlanId }) {
  const { topUp, topUpReturn } = useLoaderData<typeof loader>();
  const { revalidate } = useRevalidator();
  const [editing, setEditing] = useState(quote.details === null);
  const [paying, setPaying] = useState(false);
  const [done, setDone] = useState<CheckoutResult | null>(null);
  // One key for every try of this purchase: a retry after a lost answer cannot pay twice.
  const [key] = useState(newIdempotencyKey);
  const organizationId = quote.payer.kind === "ORGANIZATION" ? quote.payer.id : null;
  const money = (minor: number) => formatMoney(minor, quote.currency);
  const live = quote.subscription !== null && quote.subscription.status !== "ENDED";
  const same = live && quote.currentPlan === quote.plan.id;
  const keeping = same && quote.subscription?.nextPlan != null;

  if (done) return <Done result={done} />;
  if (same && !keeping) {
    return (
      <p className="flex items-start gap-2 rounded-lg border p-4 text-sm" data-testid="checkout-current">
        <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
        <span>
          {`${quote.domain} is on ${quote.plan.name}, paid until ${formatAbsolute(quote.subscription?.currentPeriodEnd ?? quote.effectiveDate)}. `}
          <AppLink to="/profile/billing" className="underline">
            Manage it in Billing
          </AppLink>
        </span>
      </p>
    );
  }

  async function pay() {
    setPaying(true);
    try {
      const result = await billingApi.checkout(quote.domain, plan, `${key}-${plan}`);
      notify.success(
        isDowngrade(quote)
          ? `${quote.domain} moves to ${quote.plan.name} when the paid month ends`
          : `${quote.plan.name} is active on ${quote.domain}`,
      );
      setDone(result);
    } catch (error) {
      notify.error(
        isApiError(error) ? error.message : "The payment did not go through. Nothing was charged. Try again.",
      );
      if (isApiError(error) && error.status === 409) void revalidate();
    } finally {
      setPaying(false);
    }
  }

  const short = Math.max(0, quote.total - quote.walletBalance);
  return (
    <div className="flex flex-col gap-6">
      {topUpReturn ? (
        <TopUpReturn
          session={topUpReturn}
          organizationId={organizationId ?? undefined}
          onPaid={() => void revalidate()}
        />
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>
            {keeping ? `Keep ${quote.plan.name}` : `${quote.plan.name} for ${quote.domain}`}
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {keeping ? (
            <p className="text-sm">
              {`${quote.domain} is set to move to ${PLAN_NAMES[quote.subscription?.nextPlan ?? quote.plan.id]} when the paid month ends. Keep ${quote.plan.name} instead; nothing is charged today.`}
            </p>
          ) : (
            <QuoteSummary quote={quote} />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Billing details</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {editing ? (
            <>
              {quote.details === null ? (
                <p className="text-muted-foreground text-sm">{BILLING_MESSAGES.billingDetailsRequired}</p>
              ) : null}
              <BillingDetailsForm
                organizationId={organizationId}
                details={quote.details}
                onSaved={() => {
                  setEditing(false);
                  void revalidate();
                }}
                onCancel={quote.details ? () => setEditing(false) : undefined}
              />
            </>
          ) : quote.details ? (
            <div className="flex items-start justify-between gap-4">
              <BillingDetailsSummary details={quote.details} />
              <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                Change
              </Button>
            </div>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Payment</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 text-sm">
          <p className="flex items-center gap-2" data-testid="checkout-wallet">
            <Wallet className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span>
              {`${quote.payer.kind === "ORGANIZATION" ? `${quote.payer.name}'s wallet` : "Your wallet"} holds `}
              <span className="font-medium tabular-nums">{money(quote.walletBalance)}</span>.
            </span>
          </p>
          {quote.payableFromWallet ? (
            <Button
              className="self-start"
              loading={paying}
              disabled={quote.details === null || editing}
              onClick={() => void pay()}
              data-testid="checkout-pay"
            >
              <CreditCard aria-hidden="true" />
              {quote.total > 0
                ? `Pay ${money(quote.total)}`
                : keeping
                  ? `Keep ${quote.plan.name}`
                  : "Confirm"}
            </Button>
          ) : (
            <ShortWallet
              quote={quote}
              plan={plan}
              short={short}
              topUp={topUp}
              disabled={quote.details === null || editing}
            />
          )}
          {quote.details === null ? (
            <p className="text-muted-foreground">Save your billing details first: they go on the invoice.</p>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}

/** The wallet lacks `short`: top up that much (at least the smallest top-up) and come back here. */
function ShortWallet({
  quote,
  plan,
  short,
  topUp,
  disabled,
}: {
  quote: CheckoutQuote;
  plan: PaidPlanId;
  short: number;
  topUp: WalletData["topUp"] | null;
  disabled: boolean;
}) {
  const [sending, setSending] = useState(false);
  const [key] = useState(newIdempotencyKey);
  const money = (minor: number) => formatMoney(minor, quote.currency);
  if (!topUp?.available) {
    return (
      <div className="flex flex-col gap-2" data-testid="checkout-short">
        <p>{`The wallet is ${money(short)} short. ${MONEY_MESSAGES.paymentsNotConfigured}`}</p>
        <Button asChild variant="outline" size="sm" className="self-start">
          <AppLink to="/profile/wallet">Go to the wallet</AppLink>
        </Button>
      </div>
    );
  }
  const amount = Math.min(topUp.maximum, Math.max(short, topUp.minimum));
  async function start() {
    setSending(true);
    try {
      await openTopUpCheckout(
        {
          organizationId: quote.payer.kind === "ORGANIZATION" ? quote.payer.id : null,
          amount,
          returnTo: { domain: quote.domain, plan },
        },
        `${key}-${amount}`,
      );
    } catch (error) {
      notify.error(isApiError(error) ? error.message : "The checkout did not open. Try again.");
      setSending(false);
    }
  }
  return (
    <div className="flex flex-col gap-2" data-testid="checkout-short">
      <p>
        {`The wallet is ${money(short)} short.`}
        {amount > short
          ? ` The smallest top-up is ${money(topUp.minimum)}; the rest stays in the wallet.`
          : ""}
      </p>
      <Button
        className="self-start"
        loading={sending}
        disabled={disabled}
        onClick={() => void start()}
        data-testid="checkout-top-up"
      >
        <CreditCard aria-hidden="true" />
        {`Top up ${money(amount)}`}
      </Button>
      <p className="text-muted-foreground text-xs">
        You pay on the payment provider's page and come back here to confirm the plan.
      </p>
    </div>
  );
}

function Done({ result }: { result: CheckoutResult }) {
  const { subscription, invoice } = result;
  return (
    <div
      className={cn(
        "flex flex-col items-start gap-3 rounded-lg p-4 text-sm",
        "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
      )}
      role="status"
      data-testid="checkout-done"
    >
      <p className="flex items-start gap-2 font-medium">
        <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {subscription.nextPlan
          ? `${subscription.domain} moves to ${PLAN_NAMES[subscription.nextPlan]} on ${formatAbsolute(subscription.currentPeriodEnd)}.`
          : `${PLAN_NAMES[subscription.plan]} is active on ${subscription.domain} until ${formatAbsolute(subscription.currentPeriodEnd)}, then renews monthly.`}
      </p>
      {invoice ? (
        <p>
          {`Invoice ${invoice.number} is on its way to your mail. `}
          <a
            href={invoicePdfHref(invoice.id)}
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-1 underline"
          >
            <Download className="size-3.5" aria-hidden="true" />
            Download the PDF
          </a>
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button asChild size="sm" variant="outline">
          <AppLink to="/profile/billing">Go to Billing</AppLink>
        </Button>
        <Button asChild size="sm" variant="ghost">
          <AppLink
            to={websitePath(
              subscription.domain,
              subscription.payer.kind === "ORGANIZATION" ? subscription.payer.id : null,
            )}
          >
            {`Back to ${subscription.domain}`}
          </AppLink>
        </Button>
      </div>
    </div>
  );
}
