import type { Plan } from "@flipside/contracts/billing";
import { PLAN_BENEFITS, PLAN_IDS, PLAN_NAMES, type PlanId } from "@flipside/contracts/billing-constants";
import type { Config } from "../../config.ts";

/** The catalogue as configured (docs/money.md#plans): Free, then the paid plans by price. */
export function plansOf(config: Config): Plan[] {
  return PLAN_IDS.map((id) => ({
    id,
    name: PLAN_NAMES[id],
    price: priceOf(config, id),
    currency: config.MONEY_CURRENCY,
    period: "MONTH" as const,
    benefits: [...PLAN_BENEFITS[id]],
  }));
}

export function priceOf(config: Config, plan: PlanId): number {
  if (plan === "PRO") return config.PLAN_PRO_PRICE_MINOR;
  if (plan === "BUSINESS") return config.PLAN_BUSINESS_PRICE_MINOR;
  return 0;
}

/** The tax rate for a buyer's country, in basis points (none listed: 0). */
export const taxRateOf = (config: Config, country: string): number => config.TAX_RATES[country] ?? 0;

/**
 * `months` calendar months after `anchor`, on the anchor's day or the month's last day when it
 * has fewer (31 January + 1 → 28 or 29 February; + 2 → 31 March), at the anchor's time of day (UTC).
 */
export function addMonths(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/**
 * What the rest of a period of a higher plan costs: the price difference times the share of the
 * period left, in whole milliseconds, rounded half up. Integers only.
 */
export function prorated(difference: number, start: Date, end: Date, now: Date): number {
  const total = end.getTime() - start.getTime();
  const left = Math.max(0, Math.min(total, end.getTime() - now.getTime()));
  if (total <= 0) return 0;
  // difference × milliseconds passes 2^53 for large prices: BigInt keeps it exact.
  return Number((BigInt(difference) * BigInt(left) * 2n + BigInt(total)) / (2n * BigInt(total)));
}

/** "March 2027": the month a period starts in, as lines and the wallet history say it. */
export const monthOf = (date: Date) =>
  new Intl.DateTimeFormat("en", { month: "long", year: "numeric", timeZone: "UTC" }).format(date);
