import {
  AD_ANALYTICS_TEXTS,
  AD_RANGE_PRESETS,
  AD_REPORT_GROUPS,
  AD_REPORT_LIMITS,
  type AdRangePreset,
  type AdReportGroup,
  presetRange,
  rangeDays,
} from "@flipside/contracts/ads-constants";

/** What the Analytics screen shows, read from its address (every view can be linked and reloaded). */
export interface ReportView {
  preset: AdRangePreset;
  from: string;
  to: string;
  by: AdReportGroup;
  campaignIds: string[];
  /** Why the custom range cannot be shown (the range stays as typed, nothing is loaded). */
  error: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isDay = (value: string | null): value is string =>
  value !== null &&
  DAY.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** Today's date (YYYY-MM-DD) in `zone`. */
export const todayIn = (zone: string, now = new Date()) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);

export function readReportView(params: URLSearchParams, zone: string, now = new Date()): ReportView {
  const today = todayIn(zone, now);
  const preset = AD_RANGE_PRESETS.find((p) => p === params.get("range")) ?? "LAST_7_DAYS";
  const by = AD_REPORT_GROUPS.find((g) => g === params.get("by")) ?? "day";
  const campaignIds = [...new Set(params.getAll("campaign").filter((id) => UUID.test(id)))].slice(
    0,
    AD_REPORT_LIMITS.maxCampaigns,
  );
  if (preset !== "CUSTOM") return { preset, ...presetRange(preset, today), by, campaignIds, error: null };
  const from = params.get("from");
  const to = params.get("to");
  if (!isDay(from) || !isDay(to)) {
    // A custom range starts as the last 7 days, to be changed.
    return { preset, ...presetRange("LAST_7_DAYS", today), by, campaignIds, error: null };
  }
  const days = rangeDays(from, to);
  const error =
    days < 1
      ? AD_ANALYTICS_TEXTS.rangeReversed
      : days > AD_REPORT_LIMITS.maxDays
        ? AD_ANALYTICS_TEXTS.rangeTooLong
        : null;
  return { preset, from, to, by, campaignIds, error };
}

/** The address of a view of the screen. */
export function reportViewHref(
  view: Pick<ReportView, "preset" | "from" | "to" | "by" | "campaignIds">,
): string {
  const params = new URLSearchParams();
  if (view.preset !== "LAST_7_DAYS") params.set("range", view.preset);
  if (view.preset === "CUSTOM") {
    params.set("from", view.from);
    params.set("to", view.to);
  }
  if (view.by !== "day") params.set("by", view.by);
  for (const id of view.campaignIds) params.append("campaign", id);
  const qs = params.toString();
  return `/ads/analytics${qs ? `?${qs}` : ""}`;
}

/** "+12%", "−3%", "0%"; null when the previous period had nothing to compare with. */
export function changeVsPrevious(current: number, previous: number): string | null {
  if (previous === 0) return null;
  const change = Math.round(((current - previous) / previous) * 100);
  return change > 0 ? `+${change}%` : change < 0 ? `−${Math.abs(change)}%` : "0%";
}
