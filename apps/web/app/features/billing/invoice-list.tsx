import { PLAN_NAMES } from "@flipside/contracts/billing-constants";
import { formatMoney } from "@flipside/contracts/money-constants";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Download, Receipt } from "../../components/ui/icons.tsx";
import { formatAbsolute } from "../../lib/relative-time.ts";
import { type Invoice, invoicePdfHref } from "./billing-client.ts";

const KIND: Record<Invoice["kind"], string> = {
  START: "First month",
  RENEWAL: "Renewal",
  UPGRADE: "Upgrade",
};

/** Every invoice, newest first, each with its PDF. */
export function InvoiceList({ invoices }: { invoices: Invoice[] }) {
  if (invoices.length === 0) {
    return (
      <EmptyState
        compact
        headingLevel={3}
        icon={Receipt}
        title="No invoices yet"
        description="An invoice is issued, and mailed with its PDF, for every payment of a plan."
        data-testid="invoices-empty"
      />
    );
  }
  return (
    <ul className="flex flex-col divide-y rounded-lg border text-sm" data-testid="invoices">
      {invoices.map((invoice) => (
        <li
          key={invoice.id}
          className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3"
          data-testid="invoice"
          data-number={invoice.number}
        >
          <div className="flex min-w-0 flex-1 basis-56 flex-col">
            <span className="font-medium tabular-nums">{invoice.number}</span>
            <span className="text-muted-foreground text-xs">
              {`${formatAbsolute(invoice.issuedDate)} · ${KIND[invoice.kind]}`}
            </span>
          </div>
          <span className="min-w-0 flex-1 basis-56 break-words">{`${PLAN_NAMES[invoice.plan]} for ${invoice.domain}`}</span>
          <span className="ml-auto font-medium tabular-nums">
            {formatMoney(invoice.total, invoice.currency)}
          </span>
          <a
            href={invoicePdfHref(invoice.id)}
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-1 underline-offset-2 hover:underline"
            aria-label={`Invoice ${invoice.number} as PDF`}
            data-testid="invoice-pdf"
          >
            <Download className="size-3.5" aria-hidden="true" />
            PDF
          </a>
        </li>
      ))}
    </ul>
  );
}
