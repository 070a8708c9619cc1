import {
  AD_AUTOPILOT_TEXTS,
  AD_FREQUENCY_PERIODS,
  type AdBidStrategy,
  type AdFrequencyPeriod,
  audienceSizeLabel,
  BID_STRATEGY_LABELS,
} from "@flipside/contracts/ads-constants";
import { type ReactNode, useId } from "react";
import { AppLink } from "../../components/shell/app-link.tsx";
import { FieldError } from "../../components/ui/field.tsx";
import { Input, inputVariants } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { cn } from "../../lib/cn.ts";
import type { AdAudience, AdFilterSummary, AdGeoFence } from "./ads-client.ts";
import type { CampaignForm } from "./campaign-form.ts";

/**
 * The parts of the campaign form that media planning asks for too (ADS.md §1.2, §1.7): one
 * set of fields, laid out and labelled alike in the campaign editor and the planner.
 */

const PERIOD_LABELS: Record<AdFrequencyPeriod, string> = { DAY: "day", WEEK: "week", MONTH: "month" };

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 border-t pt-5">
      <legend className="float-left mb-1 w-full font-semibold text-base">{title}</legend>
      {children}
    </fieldset>
  );
}

/** A labelled input tied to its hint and error, as `Field` does, for controls laid out freely. */
export function Labelled({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  children: (props: {
    id: string;
    "aria-invalid": true | undefined;
    "aria-describedby": string | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="text-muted-foreground text-sm">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function MoneyInput({
  value,
  onChange,
  currency,
  testId,
  ...props
}: {
  value: string;
  onChange: (value: string) => void;
  currency: string;
  testId: string;
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}) {
  return (
    <div className="flex max-w-56 items-center gap-2">
      <Input
        {...props}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
      <span className="text-muted-foreground text-sm">{currency}</span>
    </div>
  );
}

/** An amount in the account's currency with its label, hint and error. */
export function MoneyField({
  label,
  hint,
  error,
  ...input
}: {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  currency: string;
  testId: string;
}) {
  return (
    <Labelled label={label} hint={hint} error={error}>
      {(props) => <MoneyInput {...props} {...input} />}
    </Labelled>
  );
}

/** A local date and time (the account's zone, said above the fields), with its label and error. */
export function DateTimeField({
  label,
  hint,
  error,
  value,
  onChange,
  testId,
}: {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <Labelled label={label} hint={hint} error={error}>
      {(props) => (
        <Input
          {...props}
          type="datetime-local"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          data-testid={testId}
        />
      )}
    </Labelled>
  );
}

export function Choice({
  name,
  value,
  checked,
  onChange,
  children,
  testId,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="size-4 accent-primary"
        data-testid={testId}
      />
      {children}
    </label>
  );
}

/** A list of checkboxes over the account's objects; `taken` ones are in the other group. */
export function Picks<T extends { id: string; name: string }>({
  legend,
  items,
  chosen,
  onChange,
  describe,
  taken = [],
  empty,
  testId,
  error,
}: {
  legend: string;
  items: T[];
  chosen: string[];
  onChange: (ids: string[]) => void;
  describe?: (item: T) => ReactNode;
  taken?: string[];
  empty: ReactNode;
  testId: string;
  error?: string | undefined;
}) {
  const errorId = useId();
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? errorId : undefined}
      data-testid={testId}
    >
      <legend className="mb-1 font-medium text-sm">{legend}</legend>
      {items.length === 0 ? (
        <p className="text-muted-foreground text-sm">{empty}</p>
      ) : (
        <ul className="flex max-h-56 flex-col gap-1 overflow-y-auto rounded-md border p-2">
          {items.map((item) => (
            <li key={item.id}>
              <label className="flex items-start gap-2 rounded-sm px-1 py-1 text-sm hover:bg-accent">
                <input
                  type="checkbox"
                  checked={chosen.includes(item.id)}
                  disabled={taken.includes(item.id)}
                  onChange={(e) =>
                    onChange(
                      e.currentTarget.checked ? [...chosen, item.id] : chosen.filter((id) => id !== item.id),
                    )
                  }
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                />
                <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="break-words">{item.name}</span>
                  {describe ? describe(item) : null}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

/** The account's targeting a campaign or a plan picks. */
export interface TargetingPickers {
  filters: AdFilterSummary[];
  fences: AdGeoFence[];
  audiences: AdAudience[];
}

/** Filters, geo fences in and out, audiences in and out, and the frequency cap. */
export function TargetingFields({
  form,
  change,
  pickers,
  err,
  testIdPrefix,
  frequencyLegend = "Frequency",
}: {
  form: CampaignForm;
  change: (patch: Partial<CampaignForm>) => void;
  pickers: TargetingPickers;
  err: (field: string) => string | undefined;
  testIdPrefix: string;
  frequencyLegend?: string;
}) {
  const frequencyErrorId = useId();
  return (
    <>
      <Picks
        legend="Filters"
        items={pickers.filters}
        chosen={form.filterIds}
        onChange={(filterIds) => change({ filterIds })}
        describe={(f) => (
          <span className="text-muted-foreground text-xs">
            {f.mode === "EXCLUDE" ? "Exclude" : "Only these"}
          </span>
        )}
        empty={
          <>
            No filter lists yet.{" "}
            <AppLink to="/ads/filters" className="underline underline-offset-4">
              Make one in Filters
            </AppLink>
            .
          </>
        }
        testId={`${testIdPrefix}-filters-pick`}
        error={err("filterIds")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Picks
          legend="Geo fences: Show in"
          items={pickers.fences}
          chosen={form.geoInclude}
          taken={form.geoExclude}
          onChange={(geoInclude) => change({ geoInclude })}
          empty={
            <>
              No geo fences yet.{" "}
              <AppLink to="/ads/geo-fence" className="underline underline-offset-4">
                Draw one in Geo Fence
              </AppLink>
              .
            </>
          }
          testId={`${testIdPrefix}-fences-include`}
          error={err("geoFences.include")}
        />
        <Picks
          legend="Geo fences: Don't show in"
          items={pickers.fences}
          chosen={form.geoExclude}
          taken={form.geoInclude}
          onChange={(geoExclude) => change({ geoExclude })}
          empty="—"
          testId={`${testIdPrefix}-fences-exclude`}
          error={err("geoFences.exclude")}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Picks
          legend="Audiences: Include"
          items={pickers.audiences}
          chosen={form.audienceInclude}
          taken={form.audienceExclude}
          onChange={(audienceInclude) => change({ audienceInclude })}
          describe={(a) => <span className="text-muted-foreground text-xs">{audienceSizeLabel(a.size)}</span>}
          empty={
            <>
              No audiences yet.{" "}
              <AppLink to="/ads/retargeting" className="underline underline-offset-4">
                Build one in Retargeting
              </AppLink>
              .
            </>
          }
          testId={`${testIdPrefix}-audiences-include`}
          error={err("audiences.include")}
        />
        <Picks
          legend="Audiences: Exclude"
          items={pickers.audiences}
          chosen={form.audienceExclude}
          taken={form.audienceInclude}
          onChange={(audienceExclude) => change({ audienceExclude })}
          empty="—"
          testId={`${testIdPrefix}-audiences-exclude`}
          error={err("audiences.exclude")}
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-medium text-sm">{frequencyLegend}</legend>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          At most
          <input
            type="number"
            min={1}
            max={100}
            value={form.frequency}
            onChange={(e) => change({ frequency: e.target.value })}
            aria-label="Ads per person"
            aria-invalid={err("frequencyCap") ? true : undefined}
            className={inputVariants({ width: "narrow" })}
            data-testid={`${testIdPrefix}-frequency`}
          />
          ads per person per
          <select
            aria-label="Period"
            value={form.period}
            onChange={(e) =>
              change({ period: AD_FREQUENCY_PERIODS.find((p) => p === e.target.value) ?? "DAY" })
            }
            className={cn(inputVariants({ width: "auto" }), "pr-8")}
          >
            {AD_FREQUENCY_PERIODS.map((p) => (
              <option key={p} value={p}>
                {PERIOD_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
        <FieldError id={`${frequencyErrorId}`} message={err("frequencyCap")} />
      </fieldset>
    </>
  );
}

export interface AutopilotValues {
  strategy: AdBidStrategy;
  target: string;
  ceiling: string;
  floor: string;
}

/**
 * The autopilot's settings (ADS.md §1.9), in the campaign editor and on Bidding Autopilot:
 * the strategy, its target, the highest and lowest bids, and what the autopilot will do.
 */
export function AutopilotFields({
  values,
  onChange,
  strategies,
  currency,
  err,
  testIdPrefix,
}: {
  values: AutopilotValues;
  onChange: (patch: Partial<AutopilotValues>) => void;
  strategies: readonly AdBidStrategy[];
  currency: string;
  /** The message for a field of the API's bidding (targetMicros, bidCeilingMicros, …). */
  err: (field: string) => string | undefined;
  testIdPrefix: string;
}) {
  const targeted = values.strategy === "TARGET_CPC" || values.strategy === "TARGET_CPA";
  return (
    <>
      <Labelled label={AD_AUTOPILOT_TEXTS.strategy} error={err("strategy")}>
        {(props) => (
          <select
            {...props}
            value={values.strategy}
            onChange={(e) =>
              onChange({ strategy: strategies.find((s) => s === e.target.value) ?? values.strategy })
            }
            className={cn(inputVariants(), "max-w-72 pr-8")}
            data-testid={`${testIdPrefix}-strategy`}
          >
            {strategies.map((s) => (
              <option key={s} value={s}>
                {BID_STRATEGY_LABELS[s]}
              </option>
            ))}
          </select>
        )}
      </Labelled>
      {values.strategy === "MANUAL" ? null : (
        <>
          {targeted ? (
            <MoneyField
              label={BID_STRATEGY_LABELS[values.strategy]}
              error={err("targetMicros")}
              value={values.target}
              onChange={(target) => onChange({ target })}
              currency={currency}
              testId={`${testIdPrefix}-target`}
            />
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <MoneyField
              label={AD_AUTOPILOT_TEXTS.highest}
              error={err("bidCeilingMicros")}
              value={values.ceiling}
              onChange={(ceiling) => onChange({ ceiling })}
              currency={currency}
              testId={`${testIdPrefix}-ceiling`}
            />
            <MoneyField
              label={AD_AUTOPILOT_TEXTS.lowest}
              error={err("bidFloorMicros")}
              value={values.floor}
              onChange={(floor) => onChange({ floor })}
              currency={currency}
              testId={`${testIdPrefix}-floor`}
            />
          </div>
          <p className="text-muted-foreground text-sm">{AD_AUTOPILOT_TEXTS.help}</p>
        </>
      )}
    </>
  );
}
