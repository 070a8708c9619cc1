import {
  AD_CAMPAIGN_LIMITS,
  formatMicros,
  PRICING_LABELS,
  REVIEW_STATUS_LABELS,
} from "@flipside/contracts/ads-constants";
import { type FormEvent, useEffect, useId, useState } from "react";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { FieldError } from "../../components/ui/field.tsx";
import { CircleAlert, ExternalLink, Plus, X } from "../../components/ui/icons.tsx";
import { Input, inputVariants } from "../../components/ui/input.tsx";
import {
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from "../../components/ui/sheet.tsx";
import { isApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { notify } from "../../lib/toast.ts";
import { type AdAccount, type AdCampaign, type AdCreative, adsApi } from "./ads-client.ts";
import {
  AutopilotFields,
  Choice,
  DateTimeField,
  Labelled,
  MoneyField,
  Picks,
  Section,
  TargetingFields,
  type TargetingPickers,
} from "./campaign-fields.tsx";
import {
  type CampaignForm,
  campaignForm,
  campaignInput,
  errorUnder,
  type FormSlot,
  forecastInput,
  keyedSlots,
  minuteText,
  parseMoney,
  type TimeSlot,
} from "./campaign-form.ts";

/** What the editor's pickers offer: the account's own creatives and targeting (ADS.md §1.2). */
export interface CampaignPickers extends TargetingPickers {
  creatives: AdCreative[];
}

const AUTOPILOT_STRATEGIES = ["TARGET_CPC", "TARGET_CPA", "MAXIMIZE_CLICKS"] as const;
const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const STEPS = Array.from({ length: 97 }, (_, i) => i * 15);
const WORKING_HOURS = keyedSlots([1, 2, 3, 4, 5].map((day) => ({ day, fromMinute: 540, toMinute: 1020 })));

const KNOWN_FIELDS = [
  "name",
  "pricingModel",
  "bidding",
  "budget",
  "schedule",
  "creativeIds",
  "filterIds",
  "geoFences",
  "audiences",
  "frequencyCap",
];

function WeekSlots({
  slots,
  onChange,
  error,
}: {
  slots: FormSlot[];
  onChange: (slots: FormSlot[]) => void;
  error?: string | undefined;
}) {
  const errorId = useId();
  const set = (i: number, change: Partial<TimeSlot>) =>
    onChange(slots.map((slot, j) => (j === i ? { ...slot, ...change } : slot)));
  const select = cn(inputVariants(), "w-auto pr-8");
  return (
    <div className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <ul className="flex flex-col gap-2" data-testid="campaign-slots">
        {slots.map((slot, i) => (
          <li key={slot.key} className="flex flex-wrap items-center gap-2">
            <select
              aria-label={`Time slot ${i + 1}: day`}
              value={slot.day}
              onChange={(e) => set(i, { day: Number(e.target.value) })}
              className={select}
            >
              {DAYS.map((day, d) => (
                <option key={day} value={d + 1}>
                  {day}
                </option>
              ))}
            </select>
            <select
              aria-label={`Time slot ${i + 1}: from`}
              value={slot.fromMinute}
              onChange={(e) => set(i, { fromMinute: Number(e.target.value) })}
              className={select}
            >
              {STEPS.slice(0, -1).map((m) => (
                <option key={m} value={m}>
                  {minuteText(m)}
                </option>
              ))}
            </select>
            <span className="text-muted-foreground text-sm">to</span>
            <select
              aria-label={`Time slot ${i + 1}: to`}
              value={slot.toMinute}
              onChange={(e) => set(i, { toMinute: Number(e.target.value) })}
              className={select}
            >
              {STEPS.slice(1).map((m) => (
                <option key={m} value={m}>
                  {minuteText(m)}
                </option>
              ))}
            </select>
            <Button
              type="button"
              variant="ghost"
              size="icon-sm"
              aria-label={`Remove time slot ${i + 1}`}
              onClick={() => onChange(slots.filter((_, j) => j !== i))}
            >
              <X aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      {slots.length < AD_CAMPAIGN_LIMITS.weeklyWindowsMax ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() =>
            onChange([
              ...slots,
              { day: 1, fromMinute: 540, toMinute: 1020, key: Math.max(-1, ...slots.map((s) => s.key)) + 1 },
            ])
          }
        >
          <Plus aria-hidden="true" />
          Add a time slot
        </Button>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * The campaign editor (ADS.md §1.2): a sheet over the list, linkable as `?campaign={id}` or
 * `?new=1`. Every message the API gives lands under its field; a launch refused for want of
 * money or a creative says so above the buttons.
 */
/**
 * "About {low}–{high} impressions a day" for the campaign as typed (ADS.md §1.2), asked for once
 * the typing pauses; null while there is none (fields not valid yet, too little history).
 */
function useDailyForecast(
  adAccountId: string,
  campaignId: string | undefined,
  form: CampaignForm,
  zone: string,
): string | null {
  const [line, setLine] = useState<string | null>(null);
  useEffect(() => {
    const read = forecastInput(form, zone);
    // Only what the server would take: a field it would refuse is the editor's to name on save.
    const { budget, schedule } = read.fields ?? {};
    const sound =
      budget &&
      schedule &&
      budget.totalMicros > 0 &&
      (budget.dailyMicros ?? 0) <= budget.totalMicros &&
      (!schedule.endAt || Date.parse(schedule.endAt) > Date.parse(schedule.startAt));
    if (!read.fields || !sound) {
      setLine(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      adsApi
        .forecast({ adAccountId, ...(campaignId ? { campaignId } : {}), ...read.fields })
        .then((f) => {
          if (!current) return;
          const days = Math.max(1, f.daily.length);
          const perDay = (n: number) => Math.round(n / days).toLocaleString("en");
          setLine(
            f.warnings.includes("NOT_ENOUGH_HISTORY")
              ? null
              : `About ${perDay(f.impressions.low)}–${perDay(f.impressions.high)} impressions a day`,
          );
        })
        .catch(() => {
          if (current) setLine(null);
        });
    }, 600);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [adAccountId, campaignId, form, zone]);
  return line;
}

export function CampaignEditor({
  account,
  campaign,
  pickers,
  canWrite,
  onClose,
  onSaved,
}: {
  account: AdAccount;
  campaign: AdCampaign | null;
  pickers: CampaignPickers;
  canWrite: boolean;
  onClose: () => void;
  /** After a save: the campaign as it is now, and whether the editor should stay open on it. */
  onSaved: (saved: AdCampaign, stayOpen: boolean) => void;
}) {
  const zone = account.timezone;
  const currency = account.currency;
  // The campaign as last saved here: a draft saved by a refused launch is edited from then on.
  const [current, setCurrent] = useState<AdCampaign | null>(campaign);
  const [form, setForm] = useState<CampaignForm>(() => campaignForm(campaign, currency, zone, new Date()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState<string | null>(null);
  const [busy, setBusy] = useState<"save" | "launch" | null>(null);
  const ids = { pay: useId(), bidding: useId(), pacing: useId(), when: useId() };
  const readOnly = !canWrite || current?.status === "ARCHIVED";
  const isDraft = !current || current.status === "DRAFT";
  const change = (patch: Partial<CampaignForm>) => {
    setForm((f) => ({ ...f, ...patch }));
  };
  const err = (field: string) => errorUnder(errors, field);
  const forecast = useDailyForecast(account.id, current?.id, form, zone);
  const total = parseMoney(form.total);
  const approved = pickers.creatives.some(
    (c) => form.creativeIds.includes(c.id) && c.reviewStatus === "APPROVED",
  );
  const offered = pickers.creatives.filter((c) => c.archivedAt === null || form.creativeIds.includes(c.id));
  const others = Object.entries(errors).filter(
    ([key]) => !KNOWN_FIELDS.some((f) => key === f || key.startsWith(`${f}.`)),
  );

  async function submit(launch: boolean) {
    setStale(null);
    const result = campaignInput(form, zone, current);
    if (result.errors) {
      setErrors(result.errors);
      notify.error("Some fields need another look: see the messages under them.");
      return;
    }
    setBusy(launch ? "launch" : "save");
    let saved: AdCampaign | null = null;
    try {
      saved = current
        ? await adsApi.updateCampaign(current.id, { ...result.fields, version: current.version })
        : await adsApi.createCampaign({ adAccountId: account.id, ...result.fields });
      setCurrent(saved);
      setErrors({});
      if (launch) {
        saved = await adsApi.setCampaignStatus(saved.id, "ACTIVE");
        notify.success("Campaign launched");
      } else notify.success("Campaign saved");
      onSaved(saved, false);
    } catch (error) {
      if (isApiError(error) && error.status === 409) setStale(error.message);
      else if (isApiError(error) && error.errors.length > 0) setErrors(error.fieldErrors);
      notify.error(isApiError(error) ? error.message : "The campaign was not saved. Try again.");
      // Saved but not launched: the editor stays on the draft it now is.
      if (saved) onSaved(saved, true);
    } finally {
      setBusy(null);
    }
  }

  /** After a stale save: the campaign as it is now, over what was typed. */
  async function reload() {
    if (!current) return;
    try {
      const fresh = await adsApi.campaign(current.id);
      setCurrent(fresh);
      setForm(campaignForm(fresh, currency, zone, new Date()));
      setErrors({});
      setStale(null);
    } catch (error) {
      notify.error(isApiError(error) ? error.message : "Could not load the campaign. Try again.");
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit(false);
  }

  const title = current ? current.name : "New campaign";
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()}>
      <SheetContent size="wide" spacing="flush" data-testid="campaign-editor">
        <SheetHeader className="border-b">
          <SheetTitle className="text-lg">{title}</SheetTitle>
          <SheetDescription>
            {current
              ? `${current.delivery.label}${current.delivery.detail ? `: ${current.delivery.detail}` : ""}`
              : "Plan your campaign: what it pays, when and where it runs."}
          </SheetDescription>
        </SheetHeader>
        <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
          <SheetBody className="py-5">
            <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-6">
              <Labelled label="Campaign name" error={err("name")}>
                {(props) => (
                  <Input
                    {...props}
                    value={form.name}
                    maxLength={200}
                    placeholder="Spring launch"
                    onChange={(e) => change({ name: e.target.value })}
                    data-testid="campaign-name-input"
                  />
                )}
              </Labelled>

              <Section title="How you pay">
                <div className="flex flex-col gap-2" role="radiogroup" aria-label="How you pay">
                  {(["CPM", "CPC"] as const).map((model) => (
                    <Choice
                      key={model}
                      name={ids.pay}
                      value={model}
                      checked={form.pricingModel === model}
                      onChange={() => change({ pricingModel: model })}
                      testId={`campaign-pricing-${model}`}
                    >
                      {PRICING_LABELS[model]}
                    </Choice>
                  ))}
                </div>
              </Section>

              <Section title="Bidding">
                <div className="flex flex-col gap-2" role="radiogroup" aria-label="Bidding">
                  <Choice
                    name={ids.bidding}
                    value="manual"
                    checked={!form.autopilot}
                    onChange={() => change({ autopilot: false })}
                  >
                    Set my bid
                  </Choice>
                  <Choice
                    name={ids.bidding}
                    value="autopilot"
                    checked={form.autopilot}
                    onChange={() => change({ autopilot: true })}
                    testId="campaign-autopilot"
                  >
                    Autopilot
                  </Choice>
                </div>
                <MoneyField
                  label={
                    form.pricingModel === "CPM"
                      ? "Maximum bid per 1,000 impressions"
                      : "Maximum bid per click"
                  }
                  hint="You pay your bid for each impression or click you win, never more."
                  error={err("bidding.bidMicros")}
                  value={form.bid}
                  onChange={(bid) => change({ bid })}
                  currency={currency}
                  testId="campaign-bid"
                />
                {form.autopilot ? (
                  <div
                    className="flex flex-col gap-4 rounded-lg border bg-muted/30 p-4"
                    data-testid="campaign-autopilot-fields"
                  >
                    <AutopilotFields
                      values={form}
                      onChange={({ strategy, ...rest }) =>
                        change({ ...rest, ...(strategy && strategy !== "MANUAL" ? { strategy } : {}) })
                      }
                      strategies={AUTOPILOT_STRATEGIES}
                      currency={currency}
                      err={(field) =>
                        err(`bidding.${field}`) ??
                        (field === "strategy" ? err("budget.dailyMicros") : undefined)
                      }
                      testIdPrefix="campaign"
                    />
                  </div>
                ) : null}
              </Section>

              <Section title="Budget">
                <div className="grid gap-4 sm:grid-cols-2">
                  <MoneyField
                    label="Total budget"
                    hint="We never spend more than this."
                    error={err("budget.totalMicros")}
                    value={form.total}
                    onChange={(t) => change({ total: t })}
                    currency={currency}
                    testId="campaign-total"
                  />
                  <MoneyField
                    label="Daily budget (optional)"
                    hint={`We never spend more than this in a day (${zone}).`}
                    error={err("budget.dailyMicros")}
                    value={form.daily}
                    onChange={(daily) => change({ daily })}
                    currency={currency}
                    testId="campaign-daily"
                  />
                </div>
              </Section>

              <Section title="Delivery">
                <div className="flex flex-col gap-2" role="radiogroup" aria-label="Delivery">
                  <Choice
                    name={ids.pacing}
                    value="EVEN"
                    checked={form.pacing === "EVEN"}
                    onChange={() => change({ pacing: "EVEN" })}
                  >
                    Spread evenly over the day
                  </Choice>
                  <Choice
                    name={ids.pacing}
                    value="ASAP"
                    checked={form.pacing === "ASAP"}
                    onChange={() => change({ pacing: "ASAP" })}
                    testId="campaign-asap"
                  >
                    As fast as possible
                  </Choice>
                </div>
                <FieldError id={`${ids.pacing}-error`} message={err("budget.pacing")} />
              </Section>

              <Section title="Dates">
                <p className="text-muted-foreground text-sm">Times in {zone}.</p>
                <div className="grid gap-4 sm:grid-cols-2">
                  <DateTimeField
                    label="Start"
                    error={err("schedule.startAt")}
                    value={form.start}
                    onChange={(start) => change({ start })}
                    testId="campaign-start"
                  />
                  <DateTimeField
                    label="End (optional)"
                    error={err("schedule.endAt")}
                    value={form.end}
                    onChange={(end) => change({ end })}
                    testId="campaign-end"
                  />
                </div>
                <div className="flex flex-col gap-2" role="radiogroup" aria-label="Days and hours">
                  <span className="font-medium text-sm" aria-hidden="true">
                    Days and hours
                  </span>
                  <Choice
                    name={ids.when}
                    value="always"
                    checked={form.always}
                    onChange={() => change({ always: true })}
                  >
                    Always
                  </Choice>
                  <Choice
                    name={ids.when}
                    value="times"
                    checked={!form.always}
                    onChange={() =>
                      change({ always: false, weekly: form.weekly.length ? form.weekly : WORKING_HOURS })
                    }
                    testId="campaign-only-at"
                  >
                    Only at these times
                  </Choice>
                </div>
                {form.always ? null : (
                  <WeekSlots
                    slots={form.weekly}
                    onChange={(weekly) => change({ weekly })}
                    error={err("schedule.weekly")}
                  />
                )}
              </Section>

              <Section title="Ads">
                <Picks
                  legend="Choose creatives"
                  items={offered}
                  chosen={form.creativeIds}
                  onChange={(creativeIds) => change({ creativeIds })}
                  describe={(c) => (
                    <Badge
                      variant={
                        c.archivedAt
                          ? "outline"
                          : c.reviewStatus === "APPROVED"
                            ? "success"
                            : c.reviewStatus === "REJECTED"
                              ? "destructive"
                              : "warning"
                      }
                    >
                      {REVIEW_STATUS_LABELS[c.archivedAt ? "ARCHIVED" : c.reviewStatus]}
                    </Badge>
                  )}
                  empty="You have no creatives yet."
                  testId="campaign-creatives"
                  error={err("creativeIds")}
                />
                <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  {!approved ? (
                    <p className="text-muted-foreground">
                      This campaign runs once one of its creatives is approved.
                    </p>
                  ) : (
                    <span />
                  )}
                  <AppLink
                    to="/ads/creative-lib"
                    className="inline-flex items-center gap-1 underline underline-offset-4"
                  >
                    Open Creative Library
                    <ExternalLink className="size-3.5" aria-hidden="true" />
                  </AppLink>
                </div>
              </Section>

              <Section title="Where and who">
                <TargetingFields
                  form={form}
                  change={change}
                  pickers={pickers}
                  err={err}
                  testIdPrefix="campaign"
                />
              </Section>

              <section
                className="flex flex-col gap-1 rounded-lg border bg-muted/30 p-4 text-sm"
                aria-label="Summary"
                data-testid="campaign-summary"
              >
                <p className="font-medium">
                  {total !== null && total > 0
                    ? `You will spend at most ${formatMicros(total, currency)}.`
                    : "Set a total budget to see what you will spend at most."}
                </p>
                <p className="text-muted-foreground" data-testid="campaign-forecast">
                  {forecast ?? "No forecast yet"}
                </p>
              </section>
            </fieldset>
          </SheetBody>
          <SheetFooter className="border-t">
            {stale ? (
              <div
                role="alert"
                className="flex flex-wrap items-center gap-2 text-destructive text-sm"
                data-testid="campaign-stale"
              >
                <CircleAlert className="size-4" aria-hidden="true" />
                <span className="flex-1">{stale}</span>
                <Button type="button" size="sm" variant="outline" onClick={() => void reload()}>
                  Reload
                </Button>
              </div>
            ) : null}
            {others.length > 0 ? (
              <ul
                role="alert"
                className="flex flex-col gap-1 text-destructive text-sm"
                data-testid="campaign-errors"
              >
                {others.map(([key, message]) => (
                  <li key={key} className="flex items-start gap-1.5">
                    <CircleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                    {message}
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={onClose}>
                {readOnly ? "Close" : "Cancel"}
              </Button>
              {readOnly ? null : isDraft ? (
                <>
                  <Button
                    type="submit"
                    variant="outline"
                    loading={busy === "save"}
                    disabled={busy !== null}
                    data-testid="campaign-save"
                  >
                    Save draft
                  </Button>
                  <Button
                    type="button"
                    loading={busy === "launch"}
                    disabled={busy !== null}
                    onClick={() => void submit(true)}
                    data-testid="campaign-launch"
                  >
                    Launch campaign
                  </Button>
                </>
              ) : (
                <Button
                  type="submit"
                  loading={busy === "save"}
                  disabled={busy !== null}
                  data-testid="campaign-save"
                >
                  Save changes
                </Button>
              )}
            </div>
          </SheetFooter>
        </form>
      </SheetContent>
    </Sheet>
  );
}
