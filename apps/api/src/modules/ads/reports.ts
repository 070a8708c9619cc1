import type { AdReport, AdReportMetrics, AdReportRow } from "@flipside/contracts/ads";
import {
  AD_ANALYTICS_TEXTS,
  AD_REPORT_COLUMNS,
  AD_REPORT_GROUP_LABELS,
  AD_REPORT_LIMITS,
  type AdReportGroup,
  MICROS_PER_UNIT,
  previousRange,
  rangeDays,
} from "@flipside/contracts/ads-constants";
import { countryName } from "@flipside/contracts/billing-constants";
import { minorDigits } from "@flipside/contracts/money-constants";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  adCampaigns,
  adClicks,
  adConversions,
  adCreatives,
  adImpressions,
  adInvalidEvents,
} from "../../db/schema/ads.ts";
import { csvFile } from "../../lib/csv.ts";
import { badRequest } from "../../lib/errors.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { type AdAccountRow, requireAdAccount } from "./access.ts";

/**
 * An account's performance over days of its time zone (ADS.md §1.8, §2.3 Reports), read from the
 * counted events themselves (decision 040): what a report says was spent is what was billed, to
 * the micro, and its impressions and clicks are the rows the beacons wrote.
 */

export interface ReportQuery {
  adAccountId: string;
  from: string;
  to: string;
  groupBy: AdReportGroup;
  /** Only these campaigns (none: all of the account's). */
  campaignIds: readonly string[];
}

type EventTable = typeof adImpressions | typeof adClicks | typeof adInvalidEvents | typeof adConversions;

/** What a row is keyed by, for one event table: "" where the event does not say. */
function keyOf(table: EventTable, group: AdReportGroup | null, zone: string): SQL<string> {
  switch (group) {
    case null:
      return sql<string>`''`;
    case "day":
      return sql<string>`to_char(${table.at} at time zone ${zone}, 'YYYY-MM-DD')`;
    case "campaign":
      return sql<string>`coalesce(${table.campaignId}::text, '')`;
    case "creative":
      return sql<string>`coalesce(${table.creativeId}::text, '')`;
    case "site":
      return sql<string>`coalesce(${table.siteDomain}, '')`;
    case "country":
      return sql<string>`coalesce(${table.country}, '')`;
  }
}

export interface Window {
  from: string;
  to: string;
}

/** The events of the account's chosen campaigns from the start of `from` to the end of `to` in `zone`. */
function within(table: EventTable, account: AdAccountRow, range: Window, campaignIds: readonly string[]) {
  const zone = account.timezone;
  return and(
    eq(table.adAccountId, account.id),
    sql`${table.at} >= (${range.from}::date)::timestamp at time zone ${zone}`,
    sql`${table.at} < ((${range.to}::date + 1)::timestamp) at time zone ${zone}`,
    campaignIds.length > 0 ? inArray(table.campaignId, [...campaignIds]) : undefined,
  );
}

interface Counts {
  impressions: number;
  reach: number;
  clicks: number;
  spendMicros: number;
  conversions: number;
  invalidImpressions: number;
  invalidClicks: number;
}

const NONE: Counts = {
  impressions: 0,
  reach: 0,
  clicks: 0,
  spendMicros: 0,
  conversions: 0,
  invalidImpressions: 0,
  invalidClicks: 0,
};

/** Counts per key over a window: three grouped reads, merged. */
async function countBy(
  db: Db,
  account: AdAccountRow,
  range: Window,
  campaignIds: readonly string[],
  group: AdReportGroup | null,
): Promise<Map<string, Counts>> {
  const zone = account.timezone;
  const counted = (table: typeof adImpressions | typeof adClicks) =>
    db
      .select({
        key: keyOf(table, group, zone),
        n: sql<number>`count(*)::int`,
        reach: sql<number>`count(distinct ${table.viewerKey})::int`,
        spend:
          sql<number>`coalesce(sum(${table.priceMicros}) filter (where ${table.billed}), 0)::bigint`.mapWith(
            Number,
          ),
      })
      .from(table)
      .where(within(table, account, range, campaignIds))
      // Grouped by the first column: the zone is a parameter, and two parameters are never one
      // expression to PostgreSQL.
      .groupBy(sql`1`);
  const [impressions, clicks, conversions, invalid] = await Promise.all([
    counted(adImpressions),
    counted(adClicks),
    db
      .select({ key: keyOf(adConversions, group, zone), n: sql<number>`count(*)::int` })
      .from(adConversions)
      .where(within(adConversions, account, range, campaignIds))
      .groupBy(sql`1`),
    db
      .select({
        key: keyOf(adInvalidEvents, group, zone),
        impressions: sql<number>`count(*) filter (where ${adInvalidEvents.event} = 'IMPRESSION')::int`,
        clicks: sql<number>`count(*) filter (where ${adInvalidEvents.event} = 'CLICK')::int`,
      })
      .from(adInvalidEvents)
      .where(within(adInvalidEvents, account, range, campaignIds))
      .groupBy(sql`1`),
  ]);
  const byKey = new Map<string, Counts>();
  const at = (key: string) => {
    let counts = byKey.get(key);
    if (!counts) {
      counts = { ...NONE };
      byKey.set(key, counts);
    }
    return counts;
  };
  for (const r of impressions) Object.assign(at(r.key), { impressions: r.n, reach: r.reach });
  for (const r of impressions) at(r.key).spendMicros += r.spend;
  for (const r of clicks) {
    const c = at(r.key);
    c.clicks = r.n;
    c.spendMicros += r.spend;
  }
  for (const r of conversions) at(r.key).conversions = r.n;
  for (const r of invalid)
    Object.assign(at(r.key), { invalidImpressions: r.impressions, invalidClicks: r.clicks });
  return byKey;
}

/** The account's totals over days of its zone (all its campaigns). */
export async function accountTotals(db: Db, account: AdAccountRow, range: Window): Promise<AdReportMetrics> {
  return metrics((await countBy(db, account, range, [], null)).get("") ?? NONE);
}

function metrics(c: Counts): AdReportMetrics {
  return {
    ...c,
    ctr: c.impressions > 0 ? c.clicks / c.impressions : 0,
    cpmMicros: c.impressions > 0 ? Math.round((c.spendMicros * 1000) / c.impressions) : null,
    cpcMicros: c.clicks > 0 ? Math.round(c.spendMicros / c.clicks) : null,
    costPerConversionMicros: c.conversions > 0 ? Math.round(c.spendMicros / c.conversions) : null,
  };
}

/** Every day of the range, so a chart has no gaps. */
function daysOf(range: Window): string[] {
  const days: string[] = [];
  for (
    let t = Date.parse(`${range.from}T00:00:00Z`);
    t <= Date.parse(`${range.to}T00:00:00Z`);
    t += 86_400_000
  ) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/** The rows' labels: names of campaigns and creatives (even archived ones), countries' names. */
async function labelsOf(db: Db, account: AdAccountRow, group: AdReportGroup, keys: string[]) {
  const ids = keys.filter((k) => k !== "");
  const names = new Map<string, string>();
  if (group === "campaign" && ids.length > 0) {
    const rows = await db
      .select({ id: adCampaigns.id, name: adCampaigns.name })
      .from(adCampaigns)
      .where(and(eq(adCampaigns.adAccountId, account.id), inArray(adCampaigns.id, ids)));
    for (const r of rows) names.set(r.id, r.name);
  }
  if (group === "creative" && ids.length > 0) {
    const rows = await db
      .select({ id: adCreatives.id, name: adCreatives.name })
      .from(adCreatives)
      .where(and(eq(adCreatives.adAccountId, account.id), inArray(adCreatives.id, ids)));
    for (const r of rows) names.set(r.id, r.name);
  }
  return (key: string): string => {
    if (group === "day") return key;
    if (key === "")
      return group === "site" ? AD_ANALYTICS_TEXTS.unknownSite : AD_ANALYTICS_TEXTS.unknownCountry;
    if (group === "country") return countryName(key);
    return names.get(key) ?? key;
  };
}

/** The order a table reads best in: days in time, the rest by spend, then impressions, then name. */
function ordered(rows: AdReportRow[], group: AdReportGroup): AdReportRow[] {
  if (group === "day") return rows.sort((a, b) => a.key.localeCompare(b.key));
  return rows.sort(
    (a, b) =>
      b.spendMicros - a.spendMicros || b.impressions - a.impressions || a.label.localeCompare(b.label, "en"),
  );
}

/** A range of days a report may cover (else a 400): not reversed, at most AD_REPORT_LIMITS.maxDays. */
export function checkRange(from: string, to: string): void {
  const days = rangeDays(from, to);
  if (days < 1) {
    throw badRequest(AD_ANALYTICS_TEXTS.rangeReversed, [
      { field: "from", message: AD_ANALYTICS_TEXTS.rangeReversed },
    ]);
  }
  if (days > AD_REPORT_LIMITS.maxDays) {
    throw badRequest(AD_ANALYTICS_TEXTS.rangeTooLong, [
      { field: "to", message: AD_ANALYTICS_TEXTS.rangeTooLong },
    ]);
  }
}

export async function accountReport(db: Db, viewer: Viewer, q: ReportQuery, now: Date): Promise<AdReport> {
  checkRange(q.from, q.to);
  const { account } = await requireAdAccount(db, viewer, q.adAccountId, "read");
  const range = { from: q.from, to: q.to };
  const before = previousRange(q.from, q.to);
  const [grouped, [totals], [previous]] = await Promise.all([
    countBy(db, account, range, q.campaignIds, q.groupBy),
    countBy(db, account, range, q.campaignIds, null).then((m) => [m.get("") ?? NONE]),
    countBy(db, account, before, q.campaignIds, null).then((m) => [m.get("") ?? NONE]),
  ]);
  if (q.groupBy === "day")
    for (const day of daysOf(range)) if (!grouped.has(day)) grouped.set(day, { ...NONE });
  const label = await labelsOf(db, account, q.groupBy, [...grouped.keys()]);
  const rows = [...grouped].map(([key, counts]) => ({ key, label: label(key), ...metrics(counts) }));
  return {
    from: q.from,
    to: q.to,
    groupBy: q.groupBy,
    timezone: account.timezone,
    currency: account.currency,
    totals: metrics(totals ?? NONE),
    previous: { ...before, ...metrics(previous ?? NONE) },
    rows: ordered(rows, q.groupBy),
    updatedAt: now.toISOString(),
  };
}

const percent = (ratio: number) => `${(ratio * 100).toFixed(2)}%`;

/** Micros as a decimal amount, to the micro, never fewer digits than the currency's minor unit. */
function microsToDecimal(micros: number, currency: string): string {
  const whole = Math.floor(micros / MICROS_PER_UNIT);
  const fraction = String(micros % MICROS_PER_UNIT)
    .padStart(6, "0")
    .replace(/0+$/, "")
    .padEnd(minorDigits(currency), "0");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** The report as the table shows it: a header, its rows, then the total (ADS.md §1.8 "Export CSV"). */
export function reportCsv(report: AdReport): { filename: string; text: string } {
  const money = (micros: number | null) => (micros === null ? "" : microsToDecimal(micros, report.currency));
  const cells = (m: AdReportMetrics) =>
    AD_REPORT_COLUMNS.map(([metric]) => {
      switch (metric) {
        case "ctr":
          return percent(m.ctr);
        case "spendMicros":
        case "cpmMicros":
        case "cpcMicros":
        case "costPerConversionMicros":
          return money(m[metric]);
        default:
          return String(m[metric]);
      }
    });
  // Money columns name their currency: the cells are plain amounts a spreadsheet can add up.
  const header = [
    AD_REPORT_GROUP_LABELS[report.groupBy],
    ...AD_REPORT_COLUMNS.map(([metric, title]) =>
      metric.endsWith("Micros") ? `${title} (${report.currency})` : title,
    ),
  ];
  return {
    filename: `flipside-ads-${report.groupBy}-${report.from}-${report.to}.csv`,
    text: csvFile([
      header,
      ...report.rows.map((row) => [row.label, ...cells(row)]),
      [AD_ANALYTICS_TEXTS.total, ...cells(report.totals)],
    ]),
  };
}
