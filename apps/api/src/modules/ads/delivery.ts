import type { AdDeliveryState } from "@flipside/contracts/ads-constants";
import { AD_TARGETING_LIMITS, DELIVERY_LABELS } from "@flipside/contracts/ads-constants";

/**
 * A campaign's delivery (ADS.md §4.3): derived, never stored. The first state that applies wins,
 * in the table's order, so the advertiser always sees the one thing that stops it first.
 */

export interface DeliveryFacts {
  now: Date;
  accountStatus: "ACTIVE" | "SUSPENDED" | "CLOSED";
  timezone: string;
  status: "DRAFT" | "ACTIVE" | "PAUSED" | "ARCHIVED";
  pricingModel: "CPM" | "CPC";
  bidMicros: number;
  totalBudgetMicros: number;
  dailyBudgetMicros: number | null;
  spentMicros: number;
  spentDay: string | null;
  spentDayMicros: number;
  holdRemainingMicros: number;
  startAt: Date;
  endAt: Date | null;
  weekly: readonly { day: number; fromMinute: number; toMinute: number }[] | null;
  /** Review statuses of the campaign's creatives that are not archived. */
  creatives: readonly ("PENDING_REVIEW" | "APPROVED" | "REJECTED")[];
  /** The wallet's balance, in micros. */
  walletMicros: number;
  /** People in each included audience. */
  includedAudienceSizes: readonly number[];
  usesGeoFences: boolean;
  geoConfigured: boolean;
}

export interface Delivery {
  state: AdDeliveryState;
  label: string;
  detail: string | null;
}

/** What one billed event costs: a thousandth of a CPM bid, a whole CPC bid. */
export const priceOf = (f: Pick<DeliveryFacts, "pricingModel" | "bidMicros">) =>
  f.pricingModel === "CPM" ? Math.ceil(f.bidMicros / 1000) : f.bidMicros;

const parts = new Map<string, Intl.DateTimeFormat>();
/** The local date ("2026-11-29"), ISO weekday (Monday 1) and minute of the day in a time zone. */
export function localTime(now: Date, timezone: string): { date: string; day: number; minute: number } {
  let format = parts.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone: timezone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    parts.set(timezone, format);
  }
  const p = Object.fromEntries(format.formatToParts(now).map((x) => [x.type, x.value]));
  const days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    day: days.indexOf(p.weekday ?? "Mon") + 1,
    minute: Number(p.hour) * 60 + Number(p.minute),
  };
}

function state(s: AdDeliveryState, detail: string | null = null): Delivery {
  return { state: s, label: DELIVERY_LABELS[s], detail };
}

export function deriveDelivery(f: DeliveryFacts): Delivery {
  if (f.accountStatus !== "ACTIVE") return state("ACCOUNT_SUSPENDED");
  if (f.status !== "ACTIVE") return state(f.status);
  if (f.endAt && f.endAt <= f.now) return state("ENDED");
  const price = priceOf(f);
  if (f.totalBudgetMicros - f.spentMicros < price) return state("BUDGET_SPENT");
  if (f.startAt > f.now) return state("SCHEDULED");
  const approved = f.creatives.filter((c) => c === "APPROVED").length;
  const pending = f.creatives.filter((c) => c === "PENDING_REVIEW").length;
  if (approved === 0 && pending === 0) {
    return state(
      "NO_APPROVED_ADS",
      f.creatives.length > 0 ? "Every creative was rejected." : "The campaign has no creatives.",
    );
  }
  if (approved === 0)
    return state("WAITING_FOR_REVIEW", `${pending} ${pending === 1 ? "creative" : "creatives"} in review`);
  if (f.holdRemainingMicros < price && f.walletMicros < price) return state("INSUFFICIENT_FUNDS");
  const local = localTime(f.now, f.timezone);
  if (
    f.dailyBudgetMicros !== null &&
    f.spentDay === local.date &&
    f.dailyBudgetMicros - f.spentDayMicros < price
  ) {
    return state("DAILY_BUDGET_REACHED");
  }
  if (
    f.weekly &&
    !f.weekly.some((w) => w.day === local.day && w.fromMinute <= local.minute && local.minute < w.toMinute)
  ) {
    return state("OUTSIDE_SCHEDULE");
  }
  if (
    f.includedAudienceSizes.length > 0 &&
    f.includedAudienceSizes.every((n) => n < AD_TARGETING_LIMITS.audienceMinSize)
  ) {
    return state("AUDIENCE_TOO_SMALL");
  }
  if (f.usesGeoFences && !f.geoConfigured) return state("GEO_UNAVAILABLE");
  return state("RUNNING");
}
