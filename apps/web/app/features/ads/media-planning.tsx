import {
  AD_FORECAST_WARNING_TEXTS,
  formatDay,
  formatMicros,
  PRICING_LABELS,
  AD_PLANNING_TEXTS as T,
} from "@flipside/contracts/ads-constants";
import { type FormEvent, useId, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "../../components/ui/card.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { CalendarRange, CircleAlert, Save, Trash2 } from "../../components/ui/icons.tsx";
import { Input } from "../../components/ui/input.tsx";
import { isApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { notify } from "../../lib/toast.ts";
import { type AdAccount, type AdForecast, type AdPlan, adsApi } from "./ads-client.ts";
import {
  Choice,
  DateTimeField,
  Labelled,
  MoneyField,
  Section,
  TargetingFields,
  type TargetingPickers,
} from "./campaign-fields.tsx";
import {
  type CampaignForm,
  campaignForm,
  errorUnder,
  type ForecastFields,
  forecastInput,
} from "./campaign-form.ts";
import { Figure } from "./figure.tsx";

const count = (n: number) => n.toLocaleString("en");
const band = (b: { low: number; high: number }, show: (n: number) => string) =>
  b.low === b.high ? show(b.low) : `${show(b.low)}–${show(b.high)}`;

/** Media planning (ADS.md §1.7): a planned campaign's forecast, and the plans kept. */
export function MediaPlanner({
  account,
  pickers,
  plans,
  canWrite,
}: {
  account: AdAccount;
  pickers: TargetingPickers;
  plans: AdPlan[];
  canWrite: boolean;
}) {
  const zone = account.timezone;
  const currency = account.currency;
  const [form, setForm] = useState<CampaignForm>(() => ({
    ...campaignForm(null, currency, zone, new Date()),
    frequency: "3",
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ forecast: AdForecast; input: ForecastFields } | null>(null);
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState("");
  const payId = useId();
  const { revalidate } = useRevalidator();
  const change = (patch: Partial<CampaignForm>) => setForm((f) => ({ ...f, ...patch }));
  const err = (field: string) => errorUnder(errors, field);

  async function run(event: FormEvent) {
    event.preventDefault();
    const read = forecastInput(form, zone);
    if (read.errors) {
      setErrors(read.errors);
      return;
    }
    setBusy(true);
    try {
      const forecast = await adsApi.forecast({ adAccountId: account.id, ...read.fields });
      setErrors({});
      setResult({ forecast, input: read.fields });
    } catch (error) {
      if (isApiError(error) && error.errors.length > 0) setErrors(error.fieldErrors);
      notify.error(isApiError(error) ? error.message : "Could not forecast. Try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
      <Card>
        <CardContent>
          <form onSubmit={run} noValidate className="flex flex-col gap-6" data-testid="planning-form">
            <Section title="How you pay">
              <div className="flex flex-col gap-2" role="radiogroup" aria-label="How you pay">
                {(["CPM", "CPC"] as const).map((model) => (
                  <Choice
                    key={model}
                    name={payId}
                    value={model}
                    checked={form.pricingModel === model}
                    onChange={() => change({ pricingModel: model })}
                    testId={`planning-pricing-${model}`}
                  >
                    {PRICING_LABELS[model]}
                  </Choice>
                ))}
              </div>
              <MoneyField
                label="Bid"
                hint={form.pricingModel === "CPM" ? "Per 1,000 impressions." : "Per click."}
                error={err("bidding.bidMicros") ?? err("bidMicros")}
                value={form.bid}
                onChange={(bid) => change({ bid })}
                currency={currency}
                testId="planning-bid"
              />
            </Section>
            <Section title="Budget">
              <MoneyField
                label="Total budget"
                error={err("budget.totalMicros")}
                value={form.total}
                onChange={(total) => change({ total })}
                currency={currency}
                testId="planning-total"
              />
              <MoneyField
                label="Daily budget"
                hint="Optional."
                error={err("budget.dailyMicros")}
                value={form.daily}
                onChange={(daily) => change({ daily })}
                currency={currency}
                testId="planning-daily"
              />
            </Section>
            <Section title="Dates">
              <p className="text-muted-foreground text-sm">Times in {zone}.</p>
              <DateTimeField
                label="Start"
                error={err("schedule.startAt")}
                value={form.start}
                onChange={(start) => change({ start })}
                testId="planning-start"
              />
              <DateTimeField
                label="End"
                hint="Optional: without one, the next 28 days are forecast."
                error={err("schedule.endAt")}
                value={form.end}
                onChange={(end) => change({ end })}
                testId="planning-end"
              />
            </Section>
            <Section title="Where and who">
              <TargetingFields
                form={form}
                change={change}
                pickers={pickers}
                err={err}
                testIdPrefix="planning"
                frequencyLegend="Frequency cap"
              />
            </Section>
            <Button type="submit" loading={busy} data-testid="planning-forecast">
              {busy ? T.forecasting : T.forecast}
            </Button>
          </form>
        </CardContent>
      </Card>

      <div className="flex min-w-0 flex-col gap-6">
        <section
          aria-live="polite"
          aria-label="Forecast"
          className="flex flex-col gap-6"
          data-testid="forecast"
        >
          {result ? (
            <ForecastView
              forecast={result.forecast}
              input={result.input}
              currency={currency}
              onSave={canWrite ? () => setSaving(true) : null}
            />
          ) : (
            <EmptyState
              icon={CalendarRange}
              title="Plan a campaign"
              description="Choose how you pay, your bid, budget, dates and targeting, then Forecast to see the impressions, people and clicks it could reach."
            />
          )}
        </section>
        <SavedPlans plans={plans} currency={currency} canWrite={canWrite} />
      </div>

      <ConfirmDialog
        open={saving}
        onOpenChange={(open) => {
          setSaving(open);
          if (!open) setName("");
        }}
        title={T.savePlan}
        description="Keep this plan to forecast it again later or make it a draft campaign."
        confirmLabel={T.save}
        confirmDisabled={!name.trim()}
        testId="plan-dialog"
        confirmTestId="plan-save"
        onConfirm={async () => {
          if (!result) return;
          try {
            await adsApi.savePlan({ adAccountId: account.id, name: name.trim(), input: result.input });
            notify.success(T.planSaved);
            await revalidate();
          } catch (error) {
            notify.error(isApiError(error) ? error.message : "The plan was not saved. Try again.");
            throw error;
          }
        }}
      >
        <Labelled label={T.planName}>
          {(props) => (
            <Input
              {...props}
              value={name}
              maxLength={200}
              placeholder="Spring launch"
              onChange={(e) => setName(e.target.value)}
              data-testid="plan-name"
            />
          )}
        </Labelled>
      </ConfirmDialog>
    </div>
  );
}

function ForecastView({
  forecast: f,
  input,
  currency,
  onSave,
}: {
  forecast: AdForecast;
  input: ForecastFields;
  currency: string;
  onSave: (() => void) | null;
}) {
  const money = (micros: number) => formatMicros(micros, currency);
  const notEnough = f.warnings.includes("NOT_ENOUGH_HISTORY");
  const cpm = input.pricingModel === "CPM";
  const perDayMax = Math.max(1, ...f.daily.map((d) => d.impressions));
  return (
    <>
      {f.warnings.length > 0 ? (
        <ul className="flex flex-col gap-2" data-testid="forecast-warnings">
          {f.warnings.map((w) => (
            <li
              key={w}
              className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm"
            >
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {AD_FORECAST_WARNING_TEXTS[w]}
            </li>
          ))}
        </ul>
      ) : null}
      {notEnough ? null : (
        <>
          <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 xl:grid-cols-3">
            <Figure
              label={T.cards.impressions}
              value={band(f.impressions, count)}
              testId="forecast-impressions"
            />
            <Figure label={T.cards.reach} value={band(f.reach, count)} testId="forecast-reach" />
            <Figure label={T.cards.clicks} value={band(f.clicks, count)} testId="forecast-clicks" />
            <Figure label={T.cards.spend} value={band(f.spendMicros, money)} testId="forecast-spend" />
            <Figure
              label={T.cards.averageCost}
              value={money(input.bidMicros)}
              detail={cpm ? "per 1,000 impressions: you pay your bid" : "per click: you pay your bid"}
              testId="forecast-average"
            />
          </div>
          <Card>
            <CardHeader>
              <h2 className="font-semibold leading-snug">{T.perDay}</h2>
            </CardHeader>
            <CardContent>
              <ol
                className="flex h-40 items-end gap-px overflow-x-auto"
                aria-label="Impressions per day"
                data-testid="forecast-daily"
              >
                {f.daily.map((d) => (
                  <li
                    key={d.date}
                    className="flex h-full min-w-1.5 flex-1 flex-col justify-end"
                    title={`${formatDay(d.date)}: ${count(d.impressions)} impressions, ${money(d.spendMicros)}`}
                  >
                    <span className="sr-only">
                      {formatDay(d.date)}: {count(d.impressions)} impressions, {money(d.spendMicros)}
                    </span>
                    <span
                      aria-hidden="true"
                      className="block rounded-t-sm bg-primary/80"
                      style={{ height: `${(d.impressions / perDayMax) * 100}%` }}
                    />
                  </li>
                ))}
              </ol>
              <div className="mt-2 flex justify-between text-muted-foreground text-xs" aria-hidden="true">
                <span>{f.daily[0] ? formatDay(f.daily[0].date) : ""}</span>
                <span>{f.daily.at(-1) ? formatDay(f.daily.at(-1)?.date ?? "") : ""}</span>
              </div>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <h2 className="font-semibold leading-snug">{T.landscape}</h2>
            </CardHeader>
            <CardContent>
              <table className="w-full text-sm" data-testid="forecast-landscape">
                <thead>
                  <tr className="text-left text-muted-foreground">
                    <th className="py-1 font-medium">{T.landscapeColumns.bid}</th>
                    <th className="py-1 text-right font-medium">{T.landscapeColumns.impressions}</th>
                    <th className="py-1 text-right font-medium">{T.landscapeColumns.spend}</th>
                  </tr>
                </thead>
                <tbody>
                  {f.bidLandscape.map((row) => (
                    <tr
                      key={row.bidMicros}
                      className={cn(
                        "border-t tabular-nums",
                        row.bidMicros === input.bidMicros && "font-semibold",
                      )}
                      aria-current={row.bidMicros === input.bidMicros ? "true" : undefined}
                    >
                      <td className="py-1.5">{money(row.bidMicros)}</td>
                      <td className="py-1.5 text-right">{count(row.impressions)}</td>
                      <td className="py-1.5 text-right">{money(row.spendMicros)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="mt-2 text-muted-foreground text-xs">Before budget limits.</p>
            </CardContent>
          </Card>
        </>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground text-sm" data-testid="forecast-footnote">
          {T.footnote}
        </p>
        {onSave ? (
          <Button type="button" variant="outline" onClick={onSave} data-testid="plan-open-save">
            <Save aria-hidden="true" />
            {T.savePlan}
          </Button>
        ) : null}
      </div>
    </>
  );
}

function SavedPlans({ plans, currency, canWrite }: { plans: AdPlan[]; currency: string; canWrite: boolean }) {
  const { revalidate } = useRevalidator();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<AdPlan | null>(null);
  const [making, setMaking] = useState<string | null>(null);
  const money = (micros: number) => formatMicros(micros, currency);

  async function makeCampaign(plan: AdPlan) {
    setMaking(plan.id);
    try {
      const campaign = await adsApi.campaignFromPlan(plan.id);
      notify.success(T.draftCreated);
      void navigate(`/ads/campaigns?campaign=${campaign.id}`);
    } catch (error) {
      notify.error(isApiError(error) ? error.message : "The campaign was not created. Try again.");
    } finally {
      setMaking(null);
    }
  }

  return (
    <Card data-testid="saved-plans">
      <CardHeader>
        <h2 className="font-semibold leading-snug">{T.savedPlans}</h2>
      </CardHeader>
      <CardContent>
        {plans.length === 0 ? (
          <p className="text-muted-foreground text-sm" data-testid="saved-plans-empty">
            {T.noPlans}
          </p>
        ) : (
          <ul className="flex flex-col divide-y">
            {plans.map((plan) => (
              <li
                key={plan.id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                data-testid="saved-plan"
              >
                <div className="flex min-w-0 flex-col gap-0.5">
                  <span className="break-words font-medium">{plan.name}</span>
                  <span className="text-muted-foreground text-sm tabular-nums">
                    {plan.forecast.warnings.includes("NOT_ENOUGH_HISTORY")
                      ? "No forecast yet"
                      : `${band(plan.forecast.impressions, count)} impressions · ${band(plan.forecast.spendMicros, money)}`}
                    {" · "}
                    {PRICING_LABELS[plan.input.pricingModel]} {money(plan.input.bidMicros)}
                  </span>
                </div>
                {canWrite ? (
                  <div className="flex shrink-0 flex-wrap gap-2">
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      loading={making === plan.id}
                      onClick={() => void makeCampaign(plan)}
                      data-testid="plan-campaign"
                    >
                      {T.createCampaign}
                    </Button>
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      onClick={() => setDeleting(plan)}
                      data-testid="plan-delete"
                    >
                      <Trash2 aria-hidden="true" />
                      {T.delete}
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? `Delete ${deleting.name}?` : ""}
        description="The plan goes; campaigns made from it stay."
        confirmLabel={T.delete}
        destructive
        confirmTestId="plan-delete-confirm"
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await adsApi.deletePlan(deleting.id);
            notify.success(T.planDeleted);
            await revalidate();
          } catch (error) {
            notify.error(isApiError(error) ? error.message : "The plan was not deleted. Try again.");
            throw error;
          }
        }}
      />
    </Card>
  );
}
