import {
  AD_RANGE_PRESET_LABELS,
  AD_RANGE_PRESETS,
  AD_REPORT_COLUMNS,
  AD_REPORT_GROUP_LABELS,
  AD_REPORT_GROUPS,
  type AdReportMetric,
  formatDay,
  formatMicros,
  AD_ANALYTICS_TEXTS as T,
} from "@flipside/contracts/ads-constants";
import { useId, useMemo, useState } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Button } from "../../components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ChartColumn, ChevronDown, Download } from "../../components/ui/icons.tsx";
import { inputVariants } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { TimeAgo } from "../../components/ui/time-ago.tsx";
import { cn } from "../../lib/cn.ts";
import type { AdCampaign, AdReport, AdReportMetrics, AdReportRow } from "./ads-client.ts";
import { reportCsvHref } from "./ads-client.ts";
import { Figure } from "./figure.tsx";
import { type ChartSeries, ReportChart } from "./report-chart.tsx";
import { changeVsPrevious, type ReportView, reportViewHref } from "./report-view.ts";

type CampaignChoice = Pick<AdCampaign, "id" | "name" | "status">;

/** A row's day: "Mon 3 Nov" (the range says the year). */
const rowDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });

/** A metric as the table and the chart show it. */
function formatMetric(metric: AdReportMetric, value: number | null, currency: string): string {
  if (value === null) return "—";
  switch (metric) {
    case "ctr":
      return `${(value * 100).toFixed(2)}%`;
    case "spendMicros":
    case "cpmMicros":
    case "cpcMicros":
    case "costPerConversionMicros":
      return formatMicros(value, currency);
    default:
      return value.toLocaleString("en");
  }
}
const columnTitle = (metric: AdReportMetric) => AD_REPORT_COLUMNS.find(([m]) => m === metric)?.[1] ?? metric;

/** The range preset, and the days of a custom range; a change of preset shows it at once. */
export function RangeFields({ view }: { view: Pick<ReportView, "preset" | "from" | "to" | "error"> }) {
  const rangeId = useId();
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  return (
    <>
      <div className="flex flex-col gap-1 text-sm">
        <Label htmlFor={rangeId}>Range</Label>
        <select
          id={rangeId}
          name="range"
          defaultValue={view.preset}
          className={cn(inputVariants(), "pr-8")}
          onChange={submitOnChange}
        >
          {AD_RANGE_PRESETS.map((p) => (
            <option key={p} value={p}>
              {AD_RANGE_PRESET_LABELS[p]}
            </option>
          ))}
        </select>
      </div>
      {view.preset === "CUSTOM" ? (
        <>
          <div className="flex flex-col gap-1 text-sm">
            <Label htmlFor={fromId}>From</Label>
            <input
              id={fromId}
              type="date"
              name="from"
              required
              defaultValue={view.from}
              aria-invalid={view.error ? true : undefined}
              aria-describedby={view.error ? errorId : undefined}
              className={inputVariants()}
            />
          </div>
          <div className="flex flex-col gap-1 text-sm">
            <Label htmlFor={toId}>To</Label>
            <input
              id={toId}
              type="date"
              name="to"
              required
              defaultValue={view.to}
              aria-invalid={view.error ? true : undefined}
              aria-describedby={view.error ? errorId : undefined}
              className={inputVariants()}
            />
          </div>
          <Button type="submit" variant="secondary" data-testid="report-show">
            Show
          </Button>
        </>
      ) : (
        // Without scripts, every change needs a button.
        <noscript>
          <Button type="submit" variant="secondary">
            Show
          </Button>
        </noscript>
      )}
      {view.error ? (
        <p
          id={errorId}
          role="alert"
          className="basis-full text-destructive text-sm"
          data-testid="report-range-error"
        >
          {view.error}
        </p>
      ) : null}
    </>
  );
}

const submitOnChange = (event: React.ChangeEvent<HTMLSelectElement>) =>
  event.currentTarget.form?.requestSubmit();

/** Range, campaigns and breakdown: each change is a new address, so a view can be linked. */
export function ReportControls({
  view,
  campaigns,
}: {
  view: ReportView;
  campaigns: readonly CampaignChoice[];
}) {
  const byId = useId();
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" data-testid="report-controls">
      <RangeFields view={view} />
      <CampaignPicker view={view} campaigns={campaigns} />
      {view.campaignIds.map((id) => (
        <input key={id} type="hidden" name="campaign" value={id} />
      ))}
      <div className="flex flex-col gap-1 text-sm">
        <Label htmlFor={byId}>{T.breakDownBy}</Label>
        <select
          id={byId}
          name="by"
          defaultValue={view.by}
          className={cn(inputVariants(), "pr-8")}
          onChange={submitOnChange}
        >
          {AD_REPORT_GROUPS.map((g) => (
            <option key={g} value={g}>
              {AD_REPORT_GROUP_LABELS[g]}
            </option>
          ))}
        </select>
      </div>
    </Form>
  );
}

/** "Campaigns": all by default, or the ones ticked; the view changes when the menu closes. */
function CampaignPicker({ view, campaigns }: { view: ReportView; campaigns: readonly CampaignChoice[] }) {
  const navigate = useNavigate();
  const [picked, setPicked] = useState<string[]>(view.campaignIds);
  const labelId = useId();
  const names = campaigns.filter((c) => view.campaignIds.includes(c.id)).map((c) => c.name);
  const summary =
    view.campaignIds.length === 0
      ? T.allCampaigns
      : names.length === 1
        ? names[0]
        : `${view.campaignIds.length} campaigns`;
  const apply = (ids: string[]) => {
    if (ids.join() !== view.campaignIds.join()) void navigate(reportViewHref({ ...view, campaignIds: ids }));
  };
  return (
    <div className="flex flex-col gap-1 text-sm">
      <span id={labelId} className="font-medium text-sm leading-none">
        {T.campaigns}
      </span>
      <DropdownMenu
        onOpenChange={(open) => {
          if (open) setPicked(view.campaignIds);
          else apply(picked);
        }}
      >
        <DropdownMenuTrigger asChild>
          <Button
            variant="outline"
            aria-labelledby={labelId}
            aria-describedby={undefined}
            className="max-w-64"
            data-testid="report-campaigns"
          >
            <span className="truncate">{summary}</span>
            <ChevronDown aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="max-h-80 overflow-y-auto">
          <DropdownMenuItem onSelect={() => setPicked([])} data-testid="report-campaigns-all">
            {T.allCampaigns}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          {campaigns.length === 0 ? (
            <p className="px-2 py-1.5 text-muted-foreground text-sm">No campaigns yet</p>
          ) : (
            campaigns.map((c) => (
              <DropdownMenuCheckboxItem
                key={c.id}
                checked={picked.includes(c.id)}
                onCheckedChange={(on) =>
                  setPicked((now) => (on ? [...now, c.id] : now.filter((id) => id !== c.id)))
                }
                // Ticking several keeps the menu open; closing it shows them.
                onSelect={(event) => event.preventDefault()}
              >
                {c.name}
                {c.status === "ARCHIVED" ? <span className="text-muted-foreground"> (archived)</span> : null}
              </DropdownMenuCheckboxItem>
            ))
          )}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

const FIGURES: readonly AdReportMetric[] = ["impressions", "clicks", "ctr", "spendMicros"];

/** The period's totals with their change from the period before. */
export function ReportFigures({ report }: { report: AdReport }) {
  return (
    <section aria-label="Totals" className="grid grid-cols-2 gap-3 xl:grid-cols-4">
      {FIGURES.map((metric) => {
        const change = changeVsPrevious(report.totals[metric] ?? 0, report.previous[metric] ?? 0);
        return (
          <Figure
            key={metric}
            label={columnTitle(metric)}
            value={formatMetric(metric, report.totals[metric], report.currency)}
            detail={
              change
                ? `${change} vs previous period`
                : `Nothing in the previous period (${formatDay(report.previous.from)} – ${formatDay(report.previous.to)})`
            }
            testId={`report-figure-${metric}`}
          />
        );
      })}
    </section>
  );
}

const CHART_METRICS: readonly AdReportMetric[] = [
  "impressions",
  "reach",
  "clicks",
  "ctr",
  "spendMicros",
  "conversions",
  "invalidImpressions",
  "invalidClicks",
];

/** Metric chips (at most two: one per axis) over the day-by-day chart with the previous period dashed. */
export function ReportTrend({
  daily,
  previousDaily,
  currency,
}: {
  daily: AdReport;
  previousDaily: AdReport;
  currency: string;
}) {
  const [metrics, setMetrics] = useState<AdReportMetric[]>(["impressions", "clicks"]);
  const toggle = (metric: AdReportMetric) =>
    setMetrics((now) =>
      now.includes(metric)
        ? now.length > 1
          ? now.filter((m) => m !== metric)
          : now
        : [...now.slice(-1), metric],
    );
  const days = useMemo(() => daily.rows.map((r) => r.key), [daily]);
  const series = useMemo(
    () =>
      metrics.map(
        (metric): ChartSeries => ({
          label: columnTitle(metric),
          values: daily.rows.map((r) => r[metric] ?? 0),
          previous: previousDaily.rows.map((r) => r[metric] ?? 0),
          format: (v) => formatMetric(metric, v, currency),
          whole: metric !== "ctr" && !metric.endsWith("Micros"),
        }),
      ),
    [metrics, daily, previousDaily, currency],
  );
  return (
    <section aria-labelledby="report-trend-title" className="flex flex-col gap-3">
      <h2 id="report-trend-title" className="sr-only">
        Day by day
      </h2>
      <fieldset className="flex flex-wrap gap-2" data-testid="report-chips">
        <legend className="sr-only">Metrics on the chart (two at most)</legend>
        {CHART_METRICS.map((metric) => {
          const on = metrics.includes(metric);
          return (
            <Button
              key={metric}
              type="button"
              size="sm"
              variant={on ? "default" : "outline"}
              aria-pressed={on}
              onClick={() => toggle(metric)}
            >
              {columnTitle(metric)}
            </Button>
          );
        })}
      </fieldset>
      <ReportChart
        days={days}
        series={series}
        label={`${metrics.map(columnTitle).join(" and ")} per day from ${formatDay(daily.from)} to ${formatDay(daily.to)}, with the previous period dashed. The table below has every figure.`}
      />
    </section>
  );
}

/** A row's first cell: a day, a campaign (to its editor), a creative, a site, a country. */
function rowLabel(report: AdReport, row: AdReportRow) {
  if (report.groupBy === "day") return <time dateTime={row.key}>{rowDay(row.key)}</time>;
  if (report.groupBy === "campaign" && row.key) {
    return (
      <AppLink
        to={`/ads/campaigns?campaign=${row.key}`}
        className="font-medium underline-offset-4 hover:underline"
      >
        {row.label}
      </AppLink>
    );
  }
  return <span className="break-words font-medium">{row.label}</span>;
}

/** The table: one row per day, campaign, creative, site or country, then "Total"; cards below md. */
export function ReportTable({
  report,
  view,
  adAccountId,
}: {
  report: AdReport;
  view: ReportView;
  adAccountId: string;
}) {
  const exporting = useNavigation().state === "loading";
  const metricCells = (m: AdReportMetrics) =>
    AD_REPORT_COLUMNS.map(([metric, title]) => (
      <td
        key={metric}
        className="px-2 py-2 text-right tabular-nums max-md:flex max-md:justify-between max-md:p-0"
      >
        <span className="text-muted-foreground md:hidden">{title}</span>
        {formatMetric(metric, m[metric], report.currency)}
      </td>
    ));
  return (
    <section aria-labelledby="report-table-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="report-table-title" className="font-semibold text-lg">
          By {AD_REPORT_GROUP_LABELS[report.groupBy].toLowerCase()}
        </h2>
        <Button asChild variant="outline" disabled={exporting}>
          <a
            href={reportCsvHref({
              adAccountId,
              from: view.from,
              to: view.to,
              groupBy: view.by,
              campaignIds: view.campaignIds,
            })}
            download
            data-testid="report-csv"
          >
            <Download aria-hidden="true" />
            {T.exportCsv}
          </a>
        </Button>
      </div>
      <div className="md:overflow-x-auto">
        <table className="w-full border-collapse text-sm max-md:block" data-testid="report-table">
          <thead className="border-b text-muted-foreground max-md:hidden">
            <tr>
              <th scope="col" className="px-2 py-2 text-left font-medium">
                {AD_REPORT_GROUP_LABELS[report.groupBy]}
              </th>
              {AD_REPORT_COLUMNS.map(([metric, title]) => (
                <th key={metric} scope="col" className="px-2 py-2 text-right font-medium">
                  {title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="max-md:flex max-md:flex-col max-md:gap-3 md:divide-y">
            {report.rows.map((row) => (
              <tr
                key={row.key || "unknown"}
                className="max-md:flex max-md:flex-col max-md:gap-1 max-md:rounded-lg max-md:border max-md:p-3"
                data-testid="report-row"
              >
                <th scope="row" className="px-2 py-2 text-left font-normal max-md:p-0">
                  {rowLabel(report, row)}
                </th>
                {metricCells(row)}
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 font-semibold max-md:mt-3 max-md:block">
            <tr
              className="max-md:flex max-md:flex-col max-md:gap-1 max-md:rounded-lg max-md:border max-md:p-3"
              data-testid="report-total"
            >
              <th scope="row" className="px-2 py-2 text-left max-md:p-0">
                {T.total}
              </th>
              {metricCells(report.totals)}
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

export function ReportFooter({ report }: { report: AdReport }) {
  return (
    <p className="text-muted-foreground text-sm" data-testid="report-footer">
      {`${T.footerZone(report.timezone)} ${T.footerUpdated} `}
      <TimeAgo iso={report.updatedAt} />
      {`. ${T.footerInvalid}`}
    </p>
  );
}

export function ReportEmpty() {
  return (
    <EmptyState
      icon={ChartColumn}
      title={T.emptyTitle}
      description={T.emptyText}
      data-testid="report-empty"
    />
  );
}

/** Nothing counted in the range, valid or not. */
export const isEmptyReport = (r: AdReport) =>
  r.totals.impressions + r.totals.clicks + r.totals.invalidImpressions + r.totals.invalidClicks === 0;
