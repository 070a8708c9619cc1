import {
  AD_SPEND_KIND_LABELS,
  formatDay,
  formatMicros,
  periodLabel,
  AD_BILLING_TEXTS as T,
} from "@flipside/contracts/ads-constants";
import { formatMoney, minorDigits } from "@flipside/contracts/money-constants";
import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { PageSteps } from "../../components/shell/page-steps.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Download, Receipt } from "../../components/ui/icons.tsx";
import { inputVariants } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { cn } from "../../lib/cn.ts";
import { walletPath } from "./ad-account.ts";
import {
  type AccountListQuery,
  type AdAccount,
  type AdBilling,
  type AdSpendLine,
  type AdStatement,
  spendCsvHref,
  statementPdfHref,
} from "./ads-client.ts";
import { Figure } from "./figure.tsx";
import { OwnedTable } from "./owned-table.tsx";

export const SPEND_PAGE_SIZE = 25;

/** The last twelve months of the account's time zone, newest first, as the spend filter offers them. */
export function spendMonths(zone: string, now = new Date()) {
  const [year = 1970, month = 1] = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
  })
    .format(now)
    .split("-")
    .map(Number);
  return Array.from({ length: 12 }, (_, i) => {
    const first = new Date(Date.UTC(year, month - 1 - i, 1));
    const last = new Date(Date.UTC(year, month - i, 0));
    const value = first.toISOString().slice(0, 7);
    return { value, label: periodLabel(value), from: `${value}-01`, to: last.toISOString().slice(0, 10) };
  });
}

/** The four cards: wallet, reserve, this month, runway; and "Add funds" for those who may. */
export function BillingFigures({ account, billing }: { account: AdAccount; billing: AdBilling }) {
  const money = (micros: number) => formatMicros(micros, billing.currency);
  // Beyond a year a date says less than the plain fact, and at today's spend it may be centuries.
  const yearAhead = new Date(Date.now() + 366 * 86_400_000).toISOString().slice(0, 10);
  const runway = billing.runsOutOn
    ? billing.runsOutOn > yearAhead
      ? "Lasts more than a year"
      : T.runsOut(formatDay(billing.runsOutOn))
    : billing.walletBalanceMinor === null
      ? "Only the organisation's owners and admins see its wallet."
      : "No spend in the last 7 days to project from.";
  const daily = billing.averageDailySpendMicros;
  const cent = 10_000 * 10 ** (2 - minorDigits(billing.currency));
  return (
    <section aria-label="Money" className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {billing.walletBalanceMinor !== null ? (
          <Figure
            label={T.wallet}
            value={formatMoney(billing.walletBalanceMinor, billing.currency)}
            testId="billing-wallet"
          />
        ) : null}
        <Figure label={T.reserved} value={money(billing.reservedMicros)} testId="billing-reserved" />
        <Figure
          label={T.spentThisMonth}
          value={money(billing.spentThisMonthMicros)}
          detail={`In your time zone, ${account.timezone}`}
          testId="billing-this-month"
        />
        <Figure
          label="Runway"
          value={runway}
          detail={
            daily <= 0
              ? undefined
              : `At ${daily < cent ? `less than ${money(cent)}` : money(daily)} a day, the last 7 days' average`
          }
          sentence
          testId="billing-runway"
        />
      </div>
      {account.viewerRole === "MEMBER" ? null : (
        <div>
          <Button asChild variant="outline">
            <AppLink to={walletPath(account)} data-testid="billing-add-funds">
              {T.addFunds}
            </AppLink>
          </Button>
        </div>
      )}
    </section>
  );
}

/** "Spend": the ledger's lines of the account's campaigns, by month, paged, with their CSV. */
export function SpendLines({
  account,
  lines,
  query,
  month,
  page,
}: {
  account: AdAccount;
  lines: { items: AdSpendLine[]; total: number };
  query: AccountListQuery;
  month: string | null;
  page: number;
}) {
  const monthId = useId();
  const filtering = useNavigation().state === "loading";
  const months = spendMonths(account.timezone);
  const hrefFor = (p: number) => {
    const params = new URLSearchParams();
    if (month) params.set("month", month);
    if (p > 1) params.set("page", String(p));
    const qs = params.toString();
    return `/ads/billing${qs ? `?${qs}` : ""}`;
  };
  return (
    <section className="flex flex-col gap-4" aria-labelledby="billing-spend-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="billing-spend-title" className="font-semibold text-lg">
          {T.spend}
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <Form method="get" className="flex items-end gap-2" data-testid="billing-month-filter">
            <div className="flex flex-col gap-1 text-sm">
              <Label htmlFor={monthId}>Month</Label>
              <select
                id={monthId}
                name="month"
                defaultValue={month ?? ""}
                className={cn(inputVariants(), "pr-8")}
                onChange={(event) => event.currentTarget.form?.requestSubmit()}
              >
                <option value="">All months</option>
                {months.map((m) => (
                  <option key={m.value} value={m.value}>
                    {m.label}
                  </option>
                ))}
              </select>
            </div>
            <noscript>
              <Button type="submit" variant="secondary">
                Show
              </Button>
            </noscript>
          </Form>
          <Button asChild variant="outline" disabled={filtering}>
            <a href={spendCsvHref(query)} download data-testid="billing-csv">
              <Download aria-hidden="true" />
              {T.exportCsv}
            </a>
          </Button>
        </div>
      </div>
      {lines.items.length === 0 ? (
        month ? (
          <EmptyState
            icon={Receipt}
            title={`No spend in ${periodLabel(month)}`}
            description="Choose another month, or all months."
            data-testid="billing-spend-empty"
          />
        ) : (
          <EmptyState
            icon={Receipt}
            title={T.emptyTitle}
            description={T.emptyText}
            data-testid="billing-spend-empty"
          />
        )
      ) : (
        <>
          <OwnedTable
            items={lines.items}
            testId="billing-spend"
            rowTestId="billing-spend-row"
            columns={[
              {
                label: "Date",
                cell: (line) => <time dateTime={line.at}>{formatDay(line.date)}</time>,
              },
              {
                label: "Campaign",
                cell: (line) => <span className="break-words font-medium">{line.campaignName ?? "—"}</span>,
              },
              { label: "Type", cell: (line) => AD_SPEND_KIND_LABELS[line.kind] },
              {
                label: "Amount",
                numeric: true,
                cell: (line) => formatMoney(line.amountMinor, line.currency),
              },
            ]}
          />
          <PageSteps
            page={page}
            pages={Math.ceil(lines.total / SPEND_PAGE_SIZE)}
            hrefForPage={hrefFor}
            testIdPrefix="billing-spend"
          />
        </>
      )}
    </section>
  );
}

/** "Monthly statements": one per month with charges, the running one "(so far)". */
export function MonthlyStatements({
  account,
  statements,
}: {
  account: AdAccount;
  statements: AdStatement[];
}) {
  return (
    <section className="flex flex-col gap-4" aria-labelledby="billing-statements-title">
      <h2 id="billing-statements-title" className="font-semibold text-lg">
        {T.statements}
      </h2>
      {statements.length === 0 ? (
        <p className="text-muted-foreground text-sm" data-testid="billing-statements-empty">
          {`A statement of each month's charges appears here once your ads have run, issued on the 1st (${account.timezone}).`}
        </p>
      ) : (
        <OwnedTable
          items={statements}
          testId="billing-statements"
          rowTestId="billing-statement-row"
          columns={[
            {
              label: "Month",
              cell: (s) =>
                s.status === "OPEN" ? T.soFar(periodLabel(s.period)) : <span>{periodLabel(s.period)}</span>,
            },
            {
              label: "Number",
              cell: (s) => s.number ?? <span className="text-muted-foreground">{T.notFinal}</span>,
            },
            { label: "Total", numeric: true, cell: (s) => formatMoney(s.totalMinor, s.currency) },
            {
              label: T.downloadPdf,
              cell: (s) => (
                <a
                  href={statementPdfHref(s.id)}
                  className="inline-flex items-center gap-1 font-medium underline-offset-4 hover:underline"
                  data-testid="billing-statement-pdf"
                >
                  <Download className="size-4" aria-hidden="true" />
                  {T.downloadPdf}
                  <span className="sr-only">{` for ${periodLabel(s.period)}`}</span>
                </a>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
