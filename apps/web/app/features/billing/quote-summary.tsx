import { formatTaxRate, PLAN_NAMES, PLAN_RANK, taxOn } from "@flipside/contracts/billing-constants";
import { formatMoney } from "@flipside/contracts/money-constants";
import { formatAbsolute } from "../../lib/relative-time.ts";
import type { CheckoutQuote } from "./billing-client.ts";

/** A downgrade: nothing is charged now; the smaller plan starts when the paid period ends. */
export const isDowngrade = (quote: CheckoutQuote) =>
  PLAN_RANK[quote.plan.id] < PLAN_RANK[quote.currentPlan] && quote.subscription?.status === "ACTIVE";

/** What the checkout charges today and then each month, line by line, as the invoice will read. */
export function QuoteSummary({ quote }: { quote: CheckoutQuote }) {
  const money = (minor: number) => formatMoney(minor, quote.currency);
  const monthlyTax = taxOn(quote.plan.price, quote.taxRate);
  const monthly = money(quote.plan.price + monthlyTax);
  const withTax = quote.taxRate > 0 ? `${monthly} a month with VAT` : `${money(quote.plan.price)} a month`;
  if (isDowngrade(quote)) {
    return (
      <div className="flex flex-col gap-2 text-sm" data-testid="quote-summary">
        <p className="font-medium">Nothing to pay today.</p>
        <p>
          {`${quote.domain} stays on ${PLAN_NAMES[quote.currentPlan]} until ${formatAbsolute(quote.effectiveDate)}, then moves to ${quote.plan.name} at ${withTax}.`}
        </p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="quote-summary">
      <dl className="flex flex-col gap-2">
        {quote.lines.map((line) => (
          <div key={line.description} className="flex items-start justify-between gap-4">
            <dt>{line.description}</dt>
            <dd className="shrink-0 tabular-nums">{money(line.amount)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t pt-2 text-muted-foreground">
          <dt>Subtotal</dt>
          <dd className="tabular-nums">{money(quote.subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-4 text-muted-foreground">
          <dt>{quote.details ? `VAT ${formatTaxRate(quote.taxRate)}` : "VAT (by your billing country)"}</dt>
          <dd className="tabular-nums">{quote.details ? money(quote.tax) : "—"}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t pt-2 font-semibold text-base">
          <dt>Due today</dt>
          <dd className="tabular-nums" data-testid="quote-total">
            {money(quote.total)}
          </dd>
        </div>
      </dl>
      <p className="text-muted-foreground">
        {quote.subscription && quote.subscription.status !== "ENDED"
          ? `Then ${withTax}, renewed from the wallet on ${formatAbsolute(quote.subscription.currentPeriodEnd)} and every month after; cancel at any time in Billing.`
          : `Then ${withTax}, renewed from the wallet every month; cancel at any time in Billing.`}
      </p>
    </div>
  );
}
