import {
  AD_AUTOPILOT_STATUS_LABELS,
  AD_BID_STRATEGIES,
  BID_STRATEGY_LABELS,
  formatMicros,
  AD_AUTOPILOT_TEXTS as T,
} from "@flipside/contracts/ads-constants";
import { type FormEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "../../components/ui/card.tsx";
import { CircleAlert } from "../../components/ui/icons.tsx";
import { TimeAgo } from "../../components/ui/time-ago.tsx";
import { isApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { notify } from "../../lib/toast.ts";
import { type AdBidChange, type AdBidding, type AdCampaign, adsApi } from "./ads-client.ts";
import { AutopilotFields, type AutopilotValues } from "./campaign-fields.tsx";
import { amountReader, moneyText } from "./campaign-form.ts";

const STATUS_VARIANTS = {
  OFF: "outline",
  LEARNING: "warning",
  ACTIVE: "success",
  LIMITED_BY_BUDGET: "warning",
  LIMITED_BY_CEILING: "warning",
} as const;

/** The account's campaigns with their bidding, each row opening its settings (ADS.md §1.9). */
export function AutopilotTable({
  campaigns,
  selectedId,
  currency,
}: {
  campaigns: AdCampaign[];
  selectedId: string | null;
  currency: string;
}) {
  const money = (micros: number | null) => (micros === null ? "—" : formatMicros(micros, currency));
  return (
    <table className="w-full border-collapse text-sm max-md:block" data-testid="autopilot-table">
      <thead className="max-md:sr-only">
        <tr className="border-b text-left text-muted-foreground">
          <th className="py-2 pr-3 font-medium">{T.columns.campaign}</th>
          <th className="py-2 pr-3 font-medium">{T.columns.strategy}</th>
          <th className="py-2 pr-3 text-right font-medium">{T.columns.target}</th>
          <th className="py-2 pr-3 text-right font-medium">{T.columns.bid}</th>
          <th className="py-2 pr-3 font-medium">{T.columns.status}</th>
          <th className="py-2 font-medium">{T.columns.lastChange}</th>
        </tr>
      </thead>
      <tbody className="max-md:flex max-md:flex-col max-md:gap-2">
        {campaigns.map((c) => {
          const selected = c.id === selectedId;
          const status = c.bidding.strategy === "MANUAL" ? "OFF" : c.bidding.autopilotStatus;
          return (
            <tr
              key={c.id}
              className="border-b max-md:flex max-md:flex-col max-md:gap-1 max-md:rounded-lg max-md:border max-md:p-3"
              data-testid="autopilot-row"
            >
              <td className="py-2 pr-3 font-medium max-md:p-0">
                <AppLink
                  to={`/ads/bidding-autopilot?campaign=${c.id}`}
                  aria-current={selected ? "true" : undefined}
                  // The chosen one underlined (a tinted row would dim the status badges' text).
                  className={cn(
                    "break-words underline-offset-4 hover:underline",
                    selected ? "underline decoration-2" : "no-underline",
                  )}
                  data-testid="autopilot-campaign"
                >
                  {c.name}
                </AppLink>
              </td>
              <td className="py-2 pr-3 max-md:p-0">{BID_STRATEGY_LABELS[c.bidding.strategy]}</td>
              <td className="py-2 pr-3 text-right tabular-nums max-md:p-0 max-md:text-left">
                <span className="md:sr-only">{T.columns.target}: </span>
                {money(c.bidding.targetMicros)}
              </td>
              <td className="py-2 pr-3 text-right tabular-nums max-md:p-0 max-md:text-left">
                <span className="md:sr-only">{T.columns.bid}: </span>
                {money(c.bidding.bidMicros)}
                {c.pricingModel === "CPM" ? " CPM" : " CPC"}
              </td>
              <td className="py-2 pr-3 max-md:p-0">
                <Badge variant={STATUS_VARIANTS[status]} data-testid="autopilot-status">
                  {AD_AUTOPILOT_STATUS_LABELS[status]}
                </Badge>
              </td>
              <td className="py-2 text-muted-foreground max-md:p-0">
                <span className="md:sr-only">{T.columns.lastChange}: </span>
                {c.bidding.lastChangeAt ? <TimeAgo iso={c.bidding.lastChangeAt} /> : "—"}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

const valuesOf = (b: AdBidding, currency: string): AutopilotValues => ({
  strategy: b.strategy,
  target: b.targetMicros === null ? "" : moneyText(b.targetMicros, currency),
  ceiling: b.bidCeilingMicros === null ? "" : moneyText(b.bidCeilingMicros, currency),
  floor: b.bidFloorMicros === null ? "" : moneyText(b.bidFloorMicros, currency),
});

/** One campaign's autopilot: its settings, and every change it made with the reason. */
export function AutopilotEditor({
  campaign,
  bidding,
  changes,
  currency,
  canWrite,
}: {
  campaign: AdCampaign;
  bidding: AdBidding;
  changes: AdBidChange[];
  currency: string;
  canWrite: boolean;
}) {
  const { revalidate } = useRevalidator();
  const [values, setValues] = useState<AutopilotValues>(() => valuesOf(bidding, currency));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<"save" | "off" | "undo" | null>(null);
  const money = (micros: number) => formatMicros(micros, currency);
  const on = bidding.strategy !== "MANUAL";

  async function save(next: AutopilotValues, kind: "save" | "off") {
    const found: Record<string, string> = {};
    const amount = amountReader(found);
    const targeted = next.strategy === "TARGET_CPC" || next.strategy === "TARGET_CPA";
    const manual = next.strategy === "MANUAL";
    const body = {
      strategy: next.strategy,
      targetMicros: targeted ? amount("targetMicros", next.target, true) : null,
      bidCeilingMicros: manual ? null : amount("bidCeilingMicros", next.ceiling, false),
      bidFloorMicros: manual ? null : amount("bidFloorMicros", next.floor, false),
      version: bidding.version,
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(kind);
    try {
      await adsApi.setBidding(campaign.id, body);
      notify.success(manual ? T.off : on ? T.saved : T.on);
      await revalidate();
    } catch (error) {
      if (isApiError(error) && error.errors.length > 0) setErrors(error.fieldErrors);
      notify.error(isApiError(error) ? error.message : "The settings were not saved. Try again.");
    } finally {
      setBusy(null);
    }
  }

  async function undo(change: AdBidChange) {
    setBusy("undo");
    try {
      await adsApi.undoBidChange(campaign.id, change.id);
      notify.success(T.undone);
      await revalidate();
    } catch (error) {
      notify.error(isApiError(error) ? error.message : "The change was not undone. Try again.");
    } finally {
      setBusy(null);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void save(values, "save");
  }

  const latest = changes.find((c) => c.undoneAt === null && !c.reason.startsWith("You undid"));
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:items-start">
      <Card data-testid="autopilot-editor">
        <CardHeader>
          <h2 className="break-words font-semibold leading-snug">{campaign.name}</h2>
          <p className="text-muted-foreground text-sm" data-testid="autopilot-now">
            {`Bid now ${money(bidding.bidMicros)}${campaign.pricingModel === "CPM" ? " per 1,000 impressions" : " per click"} · ${AD_AUTOPILOT_STATUS_LABELS[bidding.status]}`}
            {bidding.status === "LEARNING" ? ` (${bidding.learningEventsLeft} to go)` : ""}
          </p>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <fieldset
              disabled={!canWrite || campaign.status === "ARCHIVED"}
              className="flex min-w-0 flex-col gap-4"
            >
              <AutopilotFields
                values={values}
                onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
                strategies={AD_BID_STRATEGIES}
                currency={currency}
                err={(field) => errors[field]}
                testIdPrefix="autopilot"
              />
            </fieldset>
            {canWrite && campaign.status !== "ARCHIVED" ? (
              <div className="flex flex-wrap gap-2">
                <Button
                  type="submit"
                  loading={busy === "save"}
                  disabled={busy !== null}
                  data-testid="autopilot-save"
                >
                  {T.save}
                </Button>
                {on ? (
                  <Button
                    type="button"
                    variant="outline"
                    loading={busy === "off"}
                    disabled={busy !== null}
                    onClick={() => void save({ ...values, strategy: "MANUAL" }, "off")}
                    data-testid="autopilot-off"
                  >
                    {T.turnOff}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </form>
        </CardContent>
      </Card>

      <Card data-testid="autopilot-changes">
        <CardHeader>
          <h2 className="font-semibold leading-snug">{T.changes}</h2>
        </CardHeader>
        <CardContent>
          {changes.length === 0 ? (
            <p className="text-muted-foreground text-sm" data-testid="autopilot-no-changes">
              {T.noChanges}
            </p>
          ) : (
            <table className="w-full border-collapse text-sm max-md:block">
              <thead className="max-md:sr-only">
                <tr className="border-b text-left text-muted-foreground">
                  <th className="py-2 pr-3 font-medium">{T.changeColumns.when}</th>
                  <th className="py-2 pr-3 font-medium">{T.changeColumns.bid}</th>
                  <th className="py-2 pr-3 font-medium">{T.changeColumns.why}</th>
                  <th className="py-2 font-medium">
                    <span className="sr-only">{T.undo}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="max-md:flex max-md:flex-col max-md:gap-2">
                {changes.map((c) => (
                  <tr
                    key={c.id}
                    className="border-b align-top max-md:flex max-md:flex-col max-md:gap-1 max-md:rounded-lg max-md:border max-md:p-3"
                    data-testid="autopilot-change"
                  >
                    <td className="whitespace-nowrap py-2 pr-3 text-muted-foreground max-md:p-0">
                      <TimeAgo iso={c.at} />
                    </td>
                    <td className="whitespace-nowrap py-2 pr-3 tabular-nums max-md:p-0">
                      {`${money(c.oldBidMicros)} → ${money(c.newBidMicros)}`}
                    </td>
                    <td className="py-2 pr-3 max-md:p-0">
                      <span className="break-words">{c.reason}</span>
                      <span className="block text-muted-foreground text-xs">
                        {`${c.impressions.toLocaleString("en")} impressions, ${c.clicks.toLocaleString("en")} clicks, ${c.conversions.toLocaleString("en")} conversions, ${money(c.spendMicros)} spent`}
                        {c.undoneAt ? " · undone" : ""}
                      </span>
                    </td>
                    <td className="py-2 text-right max-md:p-0 max-md:text-left">
                      {canWrite && latest?.id === c.id ? (
                        <Button
                          type="button"
                          size="sm"
                          variant="outline"
                          loading={busy === "undo"}
                          disabled={busy !== null}
                          onClick={() => void undo(c)}
                          data-testid="autopilot-undo"
                        >
                          {T.undo}
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** What a screen without a chosen campaign says. */
export function ChooseCampaign() {
  return (
    <p className="flex items-center gap-2 text-muted-foreground text-sm" data-testid="autopilot-choose">
      <CircleAlert className="size-4" aria-hidden="true" />
      Choose a campaign to set its autopilot and see what it changed.
    </p>
  );
}
