import type { AdForecastRequest, CreateAdCampaign } from "@flipside/contracts/ads";
import {
  AD_CAMPAIGN_MESSAGES,
  AD_LIMITS,
  ADS_MESSAGES,
  type AdBidStrategy,
  type AdFrequencyPeriod,
  type AdPacing,
  type AdPricingModel,
  MICROS_PER_UNIT,
} from "@flipside/contracts/ads-constants";
import { minorDigits } from "@flipside/contracts/money-constants";
import type { AdCampaign } from "./ads-client.ts";

/**
 * The campaign editor's fields as typed (ADS.md §1.2): amounts as the advertiser writes them in
 * the account's currency, dates as wall-clock times in the account's time zone. The API speaks
 * micros and instants; these helpers translate both ways, exactly (no floating point on money).
 */
export interface CampaignForm {
  name: string;
  pricingModel: AdPricingModel;
  autopilot: boolean;
  /** The autopilot's goal when `autopilot` is on. */
  strategy: Exclude<AdBidStrategy, "MANUAL">;
  bid: string;
  target: string;
  ceiling: string;
  floor: string;
  total: string;
  daily: string;
  pacing: AdPacing;
  /** "YYYY-MM-DDTHH:mm" in the account's zone, as a datetime-local input holds it. */
  start: string;
  end: string;
  always: boolean;
  weekly: FormSlot[];
  creativeIds: string[];
  filterIds: string[];
  geoInclude: string[];
  geoExclude: string[];
  audienceInclude: string[];
  audienceExclude: string[];
  frequency: string;
  period: AdFrequencyPeriod;
}

/** A weekly window: day 1 (Monday) to 7, minutes from midnight in 15-minute steps. */
export interface TimeSlot {
  day: number;
  fromMinute: number;
  toMinute: number;
}

/** A slot as the form lists it: `key` tells rows apart while they are edited. */
export type FormSlot = TimeSlot & { key: number };

/** The slots with keys of their own, numbered on from `first`. */
export function keyedSlots(slots: readonly TimeSlot[], first = 0): FormSlot[] {
  return slots.map((slot, i) => ({ ...slot, key: first + i }));
}

export const ENTER_AMOUNT = "Enter an amount such as 12.50.";
export const ENTER_DATE = "Enter a date and time.";

const formats = new Map<string, Intl.DateTimeFormat>();
function partsIn(date: Date, zone: string) {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formats.set(zone, format);
  }
  return Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
}

/** An instant as the wall clock of `zone` shows it, "YYYY-MM-DDTHH:mm". */
export function wallClock(iso: string, zone: string): string {
  const p = partsIn(new Date(iso), zone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant `zone`'s wall clock shows as `local`, or null when `local` is not a time. In a
 * daylight-saving gap the clock skips, the time an hour later is taken, as calendars do.
 */
export function fromWallClock(local: string, zone: string): string | null {
  const m = WALL_CLOCK.exec(local);
  if (!m) return null;
  const wanted = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  if (Number.isNaN(wanted)) return null;
  let guess = wanted;
  // Two corrections settle the zone's offset, including across a daylight-saving change.
  for (let i = 0; i < 2; i++) {
    const p = partsIn(new Date(guess), zone);
    const shown = Date.UTC(
      Number(p.year),
      Number(p.month) - 1,
      Number(p.day),
      Number(p.hour),
      Number(p.minute),
    );
    guess += wanted - shown;
  }
  return new Date(guess).toISOString();
}

const AMOUNT = /^(\d{1,9})(?:[.,](\d{1,6}))?$/;

/** A typed amount ("12.50", "12,5", "3") in micros; null when it is not an amount. */
export function parseMoney(text: string): number | null {
  const m = AMOUNT.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * MICROS_PER_UNIT + Number((m[2] ?? "").padEnd(6, "0"));
}

/** Micros as the amount field shows them: "12.50" for EUR, "1250" for JPY. */
export function moneyText(micros: number, currency: string): string {
  const digits = minorDigits(currency);
  const whole = Math.trunc(micros / MICROS_PER_UNIT);
  const fraction = String(micros % MICROS_PER_UNIT)
    .padStart(6, "0")
    .replace(/0+$/, "");
  return digits === 0 && !fraction ? String(whole) : `${whole}.${fraction.padEnd(digits, "0")}`;
}

/** "09:15" for 555; "24:00" for the end of the day. */
export function minuteText(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}

/** The form of a campaign being edited, or of a new one starting now. */
export function campaignForm(
  campaign: AdCampaign | null,
  currency: string,
  zone: string,
  now: Date,
): CampaignForm {
  const money = (micros: number | null | undefined) => (micros == null ? "" : moneyText(micros, currency));
  if (!campaign) {
    return {
      name: "",
      pricingModel: "CPM",
      autopilot: false,
      strategy: "TARGET_CPC",
      bid: "",
      target: "",
      ceiling: "",
      floor: "",
      total: "",
      daily: "",
      pacing: "EVEN",
      start: wallClock(now.toISOString(), zone),
      end: "",
      always: true,
      weekly: [],
      creativeIds: [],
      filterIds: [],
      geoInclude: [],
      geoExclude: [],
      audienceInclude: [],
      audienceExclude: [],
      frequency: "3",
      period: "DAY",
    };
  }
  const { bidding, budget, schedule } = campaign;
  return {
    name: campaign.name,
    pricingModel: campaign.pricingModel,
    autopilot: bidding.strategy !== "MANUAL",
    strategy: bidding.strategy === "MANUAL" ? "TARGET_CPC" : bidding.strategy,
    bid: money(bidding.bidMicros),
    target: money(bidding.targetMicros),
    ceiling: money(bidding.bidCeilingMicros),
    floor: money(bidding.bidFloorMicros),
    total: money(budget.totalMicros),
    daily: money(budget.dailyMicros),
    pacing: budget.pacing,
    start: wallClock(schedule.startAt, zone),
    end: schedule.endAt ? wallClock(schedule.endAt, zone) : "",
    always: schedule.weekly === null,
    weekly: keyedSlots(schedule.weekly ?? []),
    creativeIds: campaign.creativeIds,
    filterIds: campaign.filterIds,
    geoInclude: campaign.geoFences.include,
    geoExclude: campaign.geoFences.exclude,
    audienceInclude: campaign.audiences.include,
    audienceExclude: campaign.audiences.exclude,
    frequency: String(campaign.frequencyCap?.impressions ?? 3),
    period: campaign.frequencyCap?.period ?? "DAY",
  };
}

export type CampaignFields = Omit<CreateAdCampaign, "adAccountId">;

/**
 * Reads typed amounts into micros, noting under `errors` (by field) the ones that are not
 * amounts, or are missing when required.
 */
export function amountReader(errors: Record<string, string>) {
  return (field: string, text: string, required: boolean): number | null => {
    if (!text.trim()) {
      if (required) errors[field] = ENTER_AMOUNT;
      return null;
    }
    const micros = parseMoney(text);
    if (micros === null) errors[field] = ENTER_AMOUNT;
    return micros;
  };
}

/** The first message for a field or anything under it ("schedule.weekly" and "schedule.weekly.2"). */
export function errorUnder(errors: Record<string, string>, field: string): string | undefined {
  return errors[field] ?? Object.entries(errors).find(([key]) => key.startsWith(`${field}.`))?.[1];
}

/**
 * What the form sends, or the fields it cannot send yet, keyed as the API names them (so its
 * own messages and the server's land under the same fields). A start left as it was keeps its
 * exact instant: minutes shown are not a change.
 */
export function campaignInput(
  form: CampaignForm,
  zone: string,
  before: AdCampaign | null,
): { fields: CampaignFields; errors: null } | { fields: null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const name = form.name.trim();
  if (!name) errors.name = ADS_MESSAGES.nameRequired;
  else if (name.length > AD_LIMITS.nameMax) errors.name = ADS_MESSAGES.nameTooLong;

  const amount = amountReader(errors);
  const bidMicros = amount("bidding.bidMicros", form.bid, true);
  const targetMicros =
    form.autopilot && (form.strategy === "TARGET_CPC" || form.strategy === "TARGET_CPA")
      ? amount("bidding.targetMicros", form.target, true)
      : null;
  const bidCeilingMicros = form.autopilot ? amount("bidding.bidCeilingMicros", form.ceiling, false) : null;
  const bidFloorMicros = form.autopilot ? amount("bidding.bidFloorMicros", form.floor, false) : null;
  const totalMicros = amount("budget.totalMicros", form.total, true);
  const dailyMicros = amount("budget.dailyMicros", form.daily, false);

  const startAt =
    before && form.start === wallClock(before.schedule.startAt, zone)
      ? before.schedule.startAt
      : fromWallClock(form.start, zone);
  if (!startAt) errors["schedule.startAt"] = ENTER_DATE;
  const endAt = form.end.trim() ? fromWallClock(form.end, zone) : null;
  if (form.end.trim() && !endAt) errors["schedule.endAt"] = ENTER_DATE;

  const frequency = Number(form.frequency);
  if (!Number.isInteger(frequency) || frequency < 1 || frequency > 100)
    errors["frequencyCap.impressions"] = AD_CAMPAIGN_MESSAGES.frequency;

  if (Object.keys(errors).length > 0 || bidMicros === null || totalMicros === null || !startAt) {
    return { fields: null, errors };
  }
  return {
    errors: null,
    fields: {
      name,
      pricingModel: form.pricingModel,
      bidding: {
        strategy: form.autopilot ? form.strategy : "MANUAL",
        bidMicros,
        targetMicros,
        bidCeilingMicros,
        bidFloorMicros,
      },
      budget: { totalMicros, dailyMicros, pacing: form.pacing },
      schedule: {
        startAt,
        endAt,
        weekly: form.always
          ? null
          : form.weekly.map(({ day, fromMinute, toMinute }) => ({ day, fromMinute, toMinute })),
      },
      frequencyCap: { impressions: frequency, period: form.period },
      creativeIds: form.creativeIds,
      filterIds: form.filterIds,
      geoFences: { include: form.geoInclude, exclude: form.geoExclude },
      audiences: { include: form.audienceInclude, exclude: form.audienceExclude },
    },
  };
}

export type ForecastFields = Omit<AdForecastRequest, "adAccountId">;

/**
 * What media planning forecasts (ADS.md §1.7): the campaign form's pricing, bid, budgets, dates
 * and targeting, read by the same rules and keyed by the same fields as a campaign's.
 */
export function forecastInput(
  form: CampaignForm,
  zone: string,
): { fields: ForecastFields; errors: null } | { fields: null; errors: Record<string, string> } {
  const result = campaignInput({ ...form, name: "Plan", autopilot: false, always: true }, zone, null);
  if (result.errors) return result;
  const { pricingModel, bidding, budget, schedule, frequencyCap, filterIds, geoFences, audiences } =
    result.fields;
  return {
    errors: null,
    fields: {
      pricingModel,
      bidMicros: bidding.bidMicros,
      budget: { totalMicros: budget.totalMicros, dailyMicros: budget.dailyMicros ?? null },
      schedule: { startAt: schedule.startAt, endAt: schedule.endAt ?? null },
      frequencyCap: frequencyCap ?? null,
      filterIds: filterIds ?? [],
      geoFences: geoFences ?? { include: [], exclude: [] },
      audiences: audiences ?? { include: [], exclude: [] },
    },
  };
}
