import {
  formatMoney,
  LEDGER_TRANSACTION_KINDS,
  TRANSACTION_KIND_LABELS,
} from "@flipside/contracts/money-constants";
import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { PageSteps } from "../../components/shell/page-steps.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Download, ListFilter, Receipt } from "../../components/ui/icons.tsx";
import { Input, inputVariants } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { cn } from "../../lib/cn.ts";
import { formatFull } from "../../lib/relative-time.ts";
import { csvHref, type LineFilters, WALLET_PAGE_SIZE, type WalletPage } from "./wallet-client.ts";

const dateTime = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

/** The wallet's lines with their filters, paging and the CSV of what the filters show. */
export function WalletHistory({
  lines,
  filters,
  page,
  currency,
  hrefFor,
}: {
  lines: WalletPage;
  filters: LineFilters;
  /** 1-based. */
  page: number;
  currency: string;
  hrefFor(page: number): string;
}) {
  const ids = { kind: useId(), direction: useId(), from: useId(), to: useId() };
  const filtering = useNavigation().state === "loading";
  const filtered = Boolean(filters.kind || filters.direction || filters.from || filters.to);
  return (
    <section className="flex flex-col gap-4" aria-labelledby="wallet-history-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="wallet-history-title" className="font-semibold text-lg">
          History
        </h2>
        <Button asChild variant="outline" size="sm">
          <a href={csvHref(filters)} download data-testid="wallet-csv">
            <Download aria-hidden="true" />
            Download CSV
          </a>
        </Button>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-2" data-testid="wallet-filters">
        {filters.organizationId ? (
          <input type="hidden" name="organizationId" value={filters.organizationId} />
        ) : null}
        <div className="flex min-w-36 flex-1 flex-col gap-1 text-sm">
          <Label htmlFor={ids.kind}>Type</Label>
          <select
            id={ids.kind}
            name="kind"
            defaultValue={filters.kind ?? ""}
            className={cn(inputVariants(), "pr-8")}
          >
            <option value="">All types</option>
            {LEDGER_TRANSACTION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {TRANSACTION_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-32 flex-1 flex-col gap-1 text-sm">
          <Label htmlFor={ids.direction}>Money</Label>
          <select
            id={ids.direction}
            name="direction"
            defaultValue={filters.direction ?? ""}
            className={cn(inputVariants(), "pr-8")}
          >
            <option value="">In and out</option>
            <option value="IN">Received</option>
            <option value="OUT">Paid</option>
          </select>
        </div>
        <div className="flex min-w-36 flex-1 flex-col gap-1 text-sm">
          <Label htmlFor={ids.from}>From</Label>
          <Input id={ids.from} name="from" type="date" defaultValue={filters.from ?? ""} />
        </div>
        <div className="flex min-w-36 flex-1 flex-col gap-1 text-sm">
          <Label htmlFor={ids.to}>To</Label>
          <Input id={ids.to} name="to" type="date" defaultValue={filters.to ?? ""} />
        </div>
        <Button type="submit" variant="secondary" loading={filtering}>
          <ListFilter aria-hidden="true" />
          Filter
        </Button>
      </Form>
      {lines.items.length === 0 ? (
        <EmptyState
          icon={Receipt}
          title={filtered ? "No line matches these filters" : "No money has moved yet"}
          description={
            filtered
              ? "Widen the dates or choose another type."
              : "Top-ups, credits, plan payments and transfers will each show here with the balance they left."
          }
        />
      ) : (
        <>
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {`${lines.total} ${lines.total === 1 ? "line" : "lines"}`}
          </p>
          <ul className="divide-y rounded-xl border" data-testid="wallet-lines">
            {lines.items.map((line) => (
              <li
                key={line.id}
                className="flex items-start justify-between gap-3 p-3 sm:p-4"
                data-testid="wallet-line"
                data-kind={line.kind}
              >
                <div className="flex min-w-0 flex-col gap-0.5">
                  <span className="break-words font-medium">{line.description}</span>
                  <span className="text-muted-foreground text-xs">
                    {TRANSACTION_KIND_LABELS[line.kind]}
                    {" · "}
                    <time dateTime={line.createdDate} title={formatFull(line.createdDate)}>
                      {`${dateTime.format(new Date(line.createdDate))} UTC`}
                    </time>
                  </span>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-0.5 tabular-nums">
                  <span
                    className={cn(
                      "font-semibold",
                      line.amount > 0 ? "text-emerald-700 dark:text-emerald-400" : "",
                    )}
                    data-testid="wallet-line-amount"
                  >
                    {`${line.amount > 0 ? "+" : "−"}${formatMoney(Math.abs(line.amount), currency)}`}
                  </span>
                  <span className="text-muted-foreground text-xs">
                    {`Balance ${formatMoney(line.balanceAfter, currency)}`}
                  </span>
                </div>
              </li>
            ))}
          </ul>
          <PageSteps
            page={page}
            pages={Math.ceil(lines.total / WALLET_PAGE_SIZE)}
            hrefForPage={hrefFor}
            testIdPrefix="wallet"
          />
        </>
      )}
    </section>
  );
}
