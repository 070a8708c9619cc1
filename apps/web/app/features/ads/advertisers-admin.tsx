import {
  AD_ACCOUNT_STATUS_LABELS,
  AD_ADMIN_LIMITS,
  AD_INVALID_REASON_LABELS,
  formatDay,
  formatMicros,
  AD_ADMIN_TEXTS as T,
} from "@flipside/contracts/ads-constants";
import { formatMoney } from "@flipside/contracts/money-constants";
import { type FormEvent, useId, useState } from "react";
import { Form, useRevalidator } from "react-router";
import { CreditDialog } from "../../components/money/credit-dialog.tsx";
import { PageSteps } from "../../components/shell/page-steps.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Search, ShieldCheck } from "../../components/ui/icons.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { isApiError } from "../../lib/api.ts";
import { notify } from "../../lib/toast.ts";
import { type AdInvalidTrafficRow, type AdminAdAccount, adsApi } from "./ads-client.ts";
import { OwnedTable } from "./owned-table.tsx";

export const ADVERTISERS_PAGE_SIZE = 20;

/** "Suspend": the reason the advertiser will read, then "Suspend account". */
function SuspendDialog({ account, onDone }: { account: AdminAdAccount; onDone: () => void }) {
  const ids = { reason: useId(), error: useId() };
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setError(T.reasonRequired);
    setSending(true);
    try {
      await adsApi.suspend(account.id, reason.trim());
      notify.success(T.suspended);
      setOpen(false);
      setReason("");
      onDone();
    } catch (failure) {
      notify.error(isApiError(failure) ? failure.message : "The account was not suspended. Try again.");
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} data-testid="advertiser-suspend">
        {T.suspend}
      </Button>
      <DialogContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{`Suspend ${account.name}?`}</DialogTitle>
            <DialogDescription>
              Its ads stop at once and it cannot launch or resume campaigns until reinstated.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.reason}>{T.suspendReason}</Label>
            <Textarea
              id={ids.reason}
              value={reason}
              maxLength={AD_ADMIN_LIMITS.reasonMax}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                setError(undefined);
              }}
              data-testid="advertiser-suspend-reason"
            />
            {error ? (
              <p id={ids.error} className="text-destructive text-sm">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="destructive"
              loading={sending}
              data-testid="advertiser-suspend-submit"
            >
              {T.suspendAccount}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function Reinstate({ account, onDone }: { account: AdminAdAccount; onDone: () => void }) {
  const [sending, setSending] = useState(false);
  return (
    <Button
      size="sm"
      variant="outline"
      loading={sending}
      data-testid="advertiser-reinstate"
      onClick={async () => {
        setSending(true);
        try {
          await adsApi.reinstate(account.id);
          notify.success(T.reinstated);
          onDone();
        } catch (failure) {
          notify.error(isApiError(failure) ? failure.message : "The account was not reinstated. Try again.");
        } finally {
          setSending(false);
        }
      }}
    >
      {T.reinstate}
      <span className="sr-only">{` ${account.name}`}</span>
    </Button>
  );
}

/** "Advertisers" (ADS.md §1.12): search, then suspend, reinstate or credit each. */
export function AdvertisersAdmin({
  items,
  total,
  search,
  page,
}: {
  items: AdminAdAccount[];
  total: number;
  search: string;
  page: number;
}) {
  const { revalidate } = useRevalidator();
  const searchId = useId();
  const hrefFor = (p: number) => {
    const params = new URLSearchParams({ tab: "advertisers" });
    if (search) params.set("q", search);
    if (p > 1) params.set("page", String(p));
    return `/ads/admin?${params}`;
  };
  return (
    <section className="flex flex-col gap-4" aria-label="Advertisers">
      <Form method="get" role="search" className="flex max-w-md items-end gap-2">
        <input type="hidden" name="tab" value="advertisers" />
        <div className="flex flex-1 flex-col gap-1">
          <Label htmlFor={searchId}>{T.searchAdvertisers}</Label>
          <Input
            id={searchId}
            type="search"
            name="q"
            defaultValue={search}
            data-testid="advertisers-search"
          />
        </div>
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" />
          Search
        </Button>
      </Form>
      {items.length === 0 ? (
        <EmptyState
          icon={ShieldCheck}
          title={search ? T.noAdvertisersMatch : T.noAdvertisers}
          data-testid="advertisers-empty"
        />
      ) : (
        <>
          <OwnedTable
            items={items}
            testId="advertisers"
            rowTestId="advertiser-row"
            columns={[
              { label: "Name", cell: (a) => <span className="break-words font-medium">{a.name}</span> },
              { label: "Owner", cell: (a) => <span className="break-words">{a.ownerName}</span> },
              {
                label: "Status",
                cell: (a) => (
                  <span className="flex flex-col gap-1">
                    <Badge variant={a.status === "ACTIVE" ? "outline" : "destructive"}>
                      {AD_ACCOUNT_STATUS_LABELS[a.status]}
                    </Badge>
                    {a.suspensionReason ? (
                      <span className="text-muted-foreground text-xs">{a.suspensionReason}</span>
                    ) : null}
                  </span>
                ),
              },
              {
                label: "Spend (30 days)",
                numeric: true,
                cell: (a) => formatMicros(a.spend30DaysMicros, a.currency),
              },
              { label: "Campaigns", numeric: true, cell: (a) => a.campaigns },
              {
                label: "Actions",
                cell: (a) => (
                  <div className="flex flex-wrap gap-2">
                    {a.status === "ACTIVE" ? (
                      <SuspendDialog account={a} onDone={() => void revalidate()} />
                    ) : null}
                    {a.status === "SUSPENDED" ? (
                      <Reinstate account={a} onDone={() => void revalidate()} />
                    ) : null}
                    {a.status === "CLOSED" ? null : (
                      <CreditDialog
                        currency={a.currency}
                        title={`Credit ${a.name}`}
                        description="An ad credit from Flipside into the wallet that pays this account; the reason is kept in the ledger and the audit log."
                        openLabel={T.credit}
                        submitLabel={T.creditWallet}
                        amountLabel={`${T.amount} (${a.currency})`}
                        reasonPlaceholder="Invalid clicks we missed in March."
                        credit={async (minor, reason, key) => {
                          const credit = await adsApi.adCredit(a.id, { amountMinor: minor, reason }, key);
                          void revalidate();
                          return `${T.credited}: ${formatMoney(minor, a.currency)} (balance ${formatMoney(credit.walletBalanceMinor, a.currency)})`;
                        }}
                      />
                    )}
                  </div>
                ),
              },
            ]}
          />
          <PageSteps
            page={page}
            pages={Math.ceil(total / ADVERTISERS_PAGE_SIZE)}
            hrefForPage={hrefFor}
            testIdPrefix="advertisers"
          />
        </>
      )}
    </section>
  );
}

/** "Invalid traffic": refused impressions and clicks by day and reason. */
export function InvalidTraffic({ rows }: { rows: AdInvalidTrafficRow[] }) {
  if (rows.length === 0) {
    return <EmptyState icon={ShieldCheck} title={T.noInvalidTraffic} data-testid="invalid-traffic-empty" />;
  }
  return (
    <OwnedTable
      items={rows.map((r) => ({ ...r, id: `${r.day}-${r.reason}` }))}
      testId="invalid-traffic"
      rowTestId="invalid-traffic-row"
      columns={[
        {
          label: "Day",
          cell: (r) => <time dateTime={r.day}>{formatDay(r.day)}</time>,
        },
        { label: "Reason", cell: (r) => AD_INVALID_REASON_LABELS[r.reason] },
        { label: "Impressions", numeric: true, cell: (r) => r.impressions.toLocaleString("en") },
        { label: "Clicks", numeric: true, cell: (r) => r.clicks.toLocaleString("en") },
      ]}
    />
  );
}
