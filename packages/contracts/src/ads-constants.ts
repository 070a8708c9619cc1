import { minorDigits } from "./money-constants.ts";

/**
 * The advertising area's rules and texts without zod (docs/ARCHITECTURE.md#boundaries; the design
 * is ../shared/ADS.md, decision 036): the web app's pages import these as values; `ads.ts`
 * re-exports them beside its schemas.
 */

export const AD_OWNER_KINDS = ["USER", "ORGANIZATION"] as const;
export type AdOwnerKind = (typeof AD_OWNER_KINDS)[number];
export const AD_ACCOUNT_STATUSES = ["ACTIVE", "SUSPENDED", "CLOSED"] as const;
export type AdAccountStatus = (typeof AD_ACCOUNT_STATUSES)[number];
export const AD_VIEWER_ROLES = ["OWNER", "ADMIN", "MEMBER"] as const;
export type AdViewerRole = (typeof AD_VIEWER_ROLES)[number];

/** The advertiser account the ads screens show, chosen in the switcher (ADS.md §1.0). */
export const AD_ACCOUNT_COOKIE = "flipside_ad_account";

export const AD_LIMITS = {
  nameMax: 100,
} as const;

export const ADS_MESSAGES = {
  nameRequired: "Enter a name.",
  nameTooLong: `Use at most ${AD_LIMITS.nameMax} characters.`,
  timezoneInvalid: "Choose a time zone.",
  organizationRequired: "Choose the organisation that pays.",
  accountExists: "This owner already has an advertiser account.",
  accountNotFound: "There is no such advertiser account.",
  membersReadOnly: "Only the organisation's owners and admins can change its advertising.",
  accountClosed: "This advertiser account is closed.",
  stale: "This was changed elsewhere. Reload to see the latest version.",
  accountFilterRequired: "Name the advertiser account: searchAnd=adAccountId=={id}.",
} as const;

/** The word the switcher shows under an account its owner holds alone (SPEC's PERSONAL). */
export const PERSONAL_LABEL = "Personal";

/** Whether `zone` is an IANA time zone this runtime knows (what Intl and the database accept). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const AD_REVIEW_STATUSES = ["PENDING_REVIEW", "APPROVED", "REJECTED"] as const;
export type AdReviewStatus = (typeof AD_REVIEW_STATUSES)[number];
export const AD_REJECTION_REASONS = [
  "MISLEADING",
  "PROHIBITED",
  "DESTINATION",
  "QUALITY",
  "RIGHTS",
  "OTHER",
] as const;
export type AdRejectionReason = (typeof AD_REJECTION_REASONS)[number];

/** The reasons an admin picks when rejecting a creative, as the advertiser reads them (ADS.md §1.12). */
export const REJECTION_REASON_LABELS: Record<AdRejectionReason, string> = {
  MISLEADING: "Misleading or false claims",
  PROHIBITED: "Prohibited product or service",
  DESTINATION: "Link does not work or does not match the ad",
  QUALITY: "Image or text quality",
  RIGHTS: "Uses others' trademarks or rights",
  OTHER: "Other",
};

/** The creative library's badges (ADS.md §1.3); an archived creative shows "Archived" whatever its review. */
export const REVIEW_STATUS_LABELS: Record<AdReviewStatus | "ARCHIVED", string> = {
  PENDING_REVIEW: "In review",
  APPROVED: "Approved",
  REJECTED: "Rejected",
  ARCHIVED: "Archived",
};

export const AD_CREATIVE_LIMITS = {
  headlineMax: 60,
  bodyMax: 150,
  destinationMax: 2000,
  noteMax: 500,
  perAccount: 500,
  imageMaxBytes: 5 * 1024 * 1024,
  imageMinShortSide: 400,
  /** Width ÷ height, from square to twice as wide as tall. */
  imageMinAspect: 1,
  imageMaxAspect: 2,
} as const;

export const AD_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export const AD_CREATIVE_MESSAGES = {
  headlineRequired: "Enter a headline.",
  headlineTooLong: `Use at most ${AD_CREATIVE_LIMITS.headlineMax} characters.`,
  bodyTooLong: `Use at most ${AD_CREATIVE_LIMITS.bodyMax} characters.`,
  imageType: "Use a JPEG, PNG or WebP image.",
  imageTooLarge: "The image is larger than 5 MB.",
  imageTooSmall: `The image must be at least ${AD_CREATIVE_LIMITS.imageMinShortSide} px on its short side.`,
  imageAspect: "Use an image from square to twice as wide as it is tall.",
  imageMissing: "Choose an image to upload.",
  imageUnknown: "Unknown image.",
  uploadUsed: "This upload address has been used or has expired. Ask for a new one.",
  tooMany: `An advertiser account can have at most ${AD_CREATIVE_LIMITS.perAccount} creatives. Archive some first.`,
  notFound: "There is no such creative.",
  reasonRequired: "Choose a reason.",
  noteRequired: "Write a note to the advertiser.",
  noteTooLong: `Use at most ${AD_CREATIVE_LIMITS.noteMax} characters.`,
  alreadyReviewed: "Someone else has already reviewed this creative.",
  stale: "This creative was changed elsewhere. Reload to see the latest version.",
  reviewNotice: "Every creative is reviewed before it runs. Most are reviewed within one business day.",
  rereviewNotice:
    "Saving changes sends this creative back to review. It will not run until it is approved again.",
} as const;

// --- Targeting: filter lists, geo fences, audiences (ADS.md §1.4–1.6, §3.5–3.7) ---

export const AD_FILTER_MODES = ["EXCLUDE", "INCLUDE"] as const;
export type AdFilterMode = (typeof AD_FILTER_MODES)[number];
export const AD_FILTER_RULE_TYPES = ["DOMAIN", "URL_PREFIX", "URL_EXACT", "KEYWORD", "TOPIC"] as const;
export type AdFilterRuleType = (typeof AD_FILTER_RULE_TYPES)[number];
export const AD_AUDIENCE_ACTIONS = ["VIEWED", "CONTRIBUTED"] as const;
export type AdAudienceAction = (typeof AD_AUDIENCE_ACTIONS)[number];
export const AD_AUDIENCE_RULE_TYPES = ["DOMAIN", "URL_PREFIX", "URL_EXACT"] as const;
export type AdAudienceRuleType = (typeof AD_AUDIENCE_RULE_TYPES)[number];

export const FILTER_MODE_LABELS: Record<AdFilterMode, string> = { EXCLUDE: "Exclude", INCLUDE: "Only these" };
export const FILTER_MODE_CHOICES: Record<AdFilterMode, string> = {
  EXCLUDE: "Don't show ads on matching pages",
  INCLUDE: "Show ads only on matching pages",
};
export const FILTER_RULE_LABELS: Record<AdFilterRuleType, string> = {
  DOMAIN: "Site",
  URL_PREFIX: "Address starts with",
  URL_EXACT: "Exact address",
  KEYWORD: "Keyword",
  TOPIC: "Topic",
};
export const AUDIENCE_ACTION_LABELS: Record<AdAudienceAction, string> = {
  VIEWED: "Viewed",
  CONTRIBUTED: "Commented or reviewed on",
};

export const AD_TARGETING_LIMITS = {
  perAccount: 100,
  rulesPerFilter: 5000,
  ruleValueMax: 2000,
  keywordMin: 2,
  keywordMax: 50,
  shapesPerFence: 100,
  radiusMinKm: 1,
  radiusMaxKm: 500,
  polygonMinPoints: 3,
  polygonMaxPoints: 100,
  /** Smaller areas are below what an address-based location can tell apart. */
  polygonMinAreaKm2: 1,
  audienceRulesMin: 1,
  audienceRulesMax: 10,
  membershipDaysMin: 1,
  membershipDaysMax: 180,
  membershipDaysDefault: 30,
  /** ADS_AUDIENCE_MIN_SIZE: an audience serves from this many people. */
  audienceMinSize: 100,
} as const;

export const AD_TARGETING_MESSAGES = {
  keywordLength: `Use ${AD_TARGETING_LIMITS.keywordMin} to ${AD_TARGETING_LIMITS.keywordMax} characters.`,
  unknownTopic: "Unknown topic.",
  tooManyRules: `A list can have at most ${AD_TARGETING_LIMITS.rulesPerFilter} rules.`,
  tooManyObjects: `An advertiser account can have at most ${AD_TARGETING_LIMITS.perAccount} of these.`,
  inUse: (n: number) =>
    `This list is used by ${n} ${n === 1 ? "campaign" : "campaigns"}. Remove it from them first.`,
  filterNotFound: "There is no such filter list.",
  fenceNotFound: "There is no such geo fence.",
  audienceNotFound: "There is no such audience.",
  stale: "This was changed elsewhere. Reload to see the latest version.",
  matches: "Matches this list.",
  noMatch: "Does not match this list.",
  radius: "The radius must be between 1 and 500 km.",
  tooFewPoints: "An area needs at least 3 points.",
  tooManyPoints: "An area can have at most 100 points.",
  edgesCross: "The area's edges must not cross.",
  areaTooSmall: "The area must cover at least 1 km².",
  antimeridian: "An area cannot cross the 180th meridian.",
  unknownCountry: "Unknown country code.",
  noPlaces: "Add at least one place.",
  tooManyPlaces: `A geo fence can have at most ${AD_TARGETING_LIMITS.shapesPerFence} places.`,
  latitude: "Enter a latitude between -90 and 90.",
  longitude: "Enter a longitude between -180 and 180.",
  days: "Choose between 1 and 180 days.",
  noRules: "Add at least one rule.",
  tooManyAudienceRules: "Use at most 10 rules.",
  locationNote:
    "Places are estimated from the reader's internet address and can be off by several kilometres.",
  geoNotConfigured:
    "Reader locations are not set up on this server, so campaigns with geo fences will not run.",
  audienceInfo:
    "Only signed-in readers who allow personalised ads are added. An audience serves once it has at least 100 people.",
} as const;

/**
 * Region codes ICU names that are not ISO 3166-1 countries: groupings (EU, UN…), pseudo-locales,
 * "unknown", exceptionally reserved codes (AC, IC…) and withdrawn ones (BU, DD, YU…). Kosovo (XK)
 * stays: GeoIP databases use it.
 */
const NOT_COUNTRIES = new Set(
  "EU EZ UN QO XA XB ZZ AC CP CQ DG EA IC TA UK AN BU CS DD DY FX HV NH RH SU TP VD YD YU ZR".split(" "),
);
let countries: readonly { code: string; name: string }[] | null = null;

/** ISO 3166-1 alpha-2 countries with their English names, by name (from the runtime's ICU data). */
export function countryList(): readonly { code: string; name: string }[] {
  if (countries) return countries;
  const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
  const found: { code: string; name: string }[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = names.of(code);
      if (name && name !== code && !NOT_COUNTRIES.has(code)) found.push({ code, name });
    }
  }
  countries = found.sort((x, y) => x.name.localeCompare(y.name, "en"));
  return countries;
}

export function isCountryCode(code: string): boolean {
  return countryList().some((c) => c.code === code);
}

/** An audience's size as the advertiser sees it: a bucket below the minimum, else two significant digits. */
export function audienceSizeLabel(size: {
  bucket: "UNDER_100" | "APPROX";
  approximate: number | null;
}): string {
  return size.bucket === "UNDER_100" || size.approximate === null
    ? "Fewer than 100"
    : `About ${size.approximate.toLocaleString("en")}`;
}

/** Rounds to two significant digits: 1234 → 1200, 98765 → 99000. */
export function twoSignificant(n: number): number {
  if (n <= 0) return 0;
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return Math.round(n / magnitude) * magnitude;
}

// --- Campaigns (ADS.md §1.2, §3.2, §4.2–4.3) ---

export const AD_CAMPAIGN_STATUSES = ["DRAFT", "ACTIVE", "PAUSED", "ARCHIVED"] as const;
export type AdCampaignStatus = (typeof AD_CAMPAIGN_STATUSES)[number];
export const AD_PRICING_MODELS = ["CPM", "CPC"] as const;
export type AdPricingModel = (typeof AD_PRICING_MODELS)[number];
export const AD_BID_STRATEGIES = ["MANUAL", "TARGET_CPC", "TARGET_CPA", "MAXIMIZE_CLICKS"] as const;
export type AdBidStrategy = (typeof AD_BID_STRATEGIES)[number];
export const AD_AUTOPILOT_STATUSES = [
  "OFF",
  "LEARNING",
  "ACTIVE",
  "LIMITED_BY_BUDGET",
  "LIMITED_BY_CEILING",
] as const;
export type AdAutopilotStatus = (typeof AD_AUTOPILOT_STATUSES)[number];
export const AD_PACINGS = ["EVEN", "ASAP"] as const;
export type AdPacing = (typeof AD_PACINGS)[number];
export const AD_FREQUENCY_PERIODS = ["DAY", "WEEK", "MONTH"] as const;
export type AdFrequencyPeriod = (typeof AD_FREQUENCY_PERIODS)[number];
export const AD_TARGET_KINDS = [
  "FILTER",
  "GEO_INCLUDE",
  "GEO_EXCLUDE",
  "AUDIENCE_INCLUDE",
  "AUDIENCE_EXCLUDE",
] as const;
export type AdTargetKind = (typeof AD_TARGET_KINDS)[number];

export const MICROS_PER_UNIT = 1_000_000;

/** Micros of one minor unit of `currency` (10,000 for cents): bids and budgets are whole multiples. */
export function microsPerMinor(currency: string): number {
  return MICROS_PER_UNIT / 10 ** minorDigits(currency);
}

/** Micros as money in the account's currency, e.g. 1_500_000 EUR → "€1.50" (ADS.md §1.0: Intl.NumberFormat). */
export function formatMicros(micros: number, currency: string, locale = "en"): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(micros / MICROS_PER_UNIT);
}

/** ADS.md §4.2 and §4.7, in micros. */
export const AD_CAMPAIGN_LIMITS = {
  minCpmMicros: 500_000,
  maxCpmMicros: 100_000_000,
  minCpcMicros: 50_000,
  maxCpcMicros: 50_000_000,
  minBudgetMicros: 1_000_000,
  maxBudgetMicros: 1_000_000_000_000,
  perAccount: 200,
  creativesPerCampaign: 50,
  targetsPerKind: 20,
  /** A new campaign may start this long ago (the form was filled in a moment earlier). */
  startGraceMs: 5 * 60 * 1000,
  minDurationMs: 60 * 60 * 1000,
  maxDurationMs: 3 * 366 * 24 * 60 * 60 * 1000,
  weeklyWindowsMax: 28,
  frequencyMax: 100,
  /** ADS_AUTOPILOT_LEARNING_EVENTS. */
  learningEvents: 50,
  /** A cost per conversion target can be at most this (a cost per click's is its maximum bid). */
  maxCpaMicros: 1_000_000_000,
} as const;

export const AD_CAMPAIGN_MESSAGES = {
  nameTaken: "A campaign with this name already exists.",
  minBid: (amount: string) => `The minimum bid is ${amount}.`,
  maxBid: (amount: string) => `The maximum bid is ${amount}.`,
  wholeCents: "Use whole cents.",
  minTotal: (amount: string) => `The total budget must be at least ${amount}.`,
  maxTotal: (amount: string) => `The total budget can be at most ${amount}.`,
  minDaily: (amount: string) => `The daily budget must be at least ${amount}.`,
  dailyAboveTotal: "The daily budget cannot be more than the total budget.",
  totalBelowSpent: (amount: string) =>
    `The total budget cannot be less than what was already spent (${amount}).`,
  startInPast: "The start cannot be in the past.",
  endBeforeStart: "The end must be after the start.",
  endTooFar: "The end can be at most 3 years after the start.",
  endTooSoon: "The end must be at least an hour after the start.",
  evenNeedsLimit: "Even delivery needs a daily budget or an end date.",
  noTimeSlot: "Choose at least one time slot.",
  timeSlot: "Use 15-minute steps, with the start of a slot before its end.",
  tooManySlots: "Use at most 28 time slots.",
  unknownCreative: "Unknown creative.",
  unknownFilter: "Unknown filter list.",
  unknownFence: "Unknown geo fence.",
  unknownAudience: "Unknown audience.",
  tooManyCreatives: "Use at most 50 creatives.",
  tooManyTargets: "Use at most 20.",
  tooMany: `An advertiser account can have at most ${AD_CAMPAIGN_LIMITS.perAccount} campaigns that are not archived. Archive some first.`,
  frequency: "Choose between 1 and 100 ads.",
  floorAboveCeiling: "The lowest bid must be below the highest bid.",
  targetRange: (min: string, max: string) => `The target must be between ${min} and ${max}.`,
  maximizeNeedsDaily: "Most clicks for my budget needs a daily budget.",
  noCreative: "Add at least one creative before launching.",
  noFunds: "Add funds to your wallet to launch this campaign.",
  ended: "The end date has passed.",
  suspended: "This advertiser account is suspended.",
  stale: "This campaign was changed elsewhere. Reload to see the latest version.",
  notFound: "There is no such campaign.",
  onlyDrafts: "Only drafts can be deleted; archive this campaign instead.",
  archived: "An archived campaign cannot be changed.",
  transition: (from: string, to: string) => `A campaign cannot go from ${from} to ${to}.`,
  unknownInBulk: "Unknown campaign.",
  cannotMove: (status: string, to: string) => `This campaign is ${status.toLowerCase()} and cannot be ${to}.`,
} as const;

export const CAMPAIGN_STATUS_LABELS: Record<AdCampaignStatus, string> = {
  DRAFT: "Draft",
  ACTIVE: "Active",
  PAUSED: "Paused",
  ARCHIVED: "Archived",
};

/** ADS.md §4.3: a campaign's delivery, derived; the first that applies wins. */
export const AD_DELIVERY_STATES = [
  "ACCOUNT_SUSPENDED",
  "DRAFT",
  "PAUSED",
  "ARCHIVED",
  "ENDED",
  "BUDGET_SPENT",
  "SCHEDULED",
  "NO_APPROVED_ADS",
  "WAITING_FOR_REVIEW",
  "INSUFFICIENT_FUNDS",
  "DAILY_BUDGET_REACHED",
  "OUTSIDE_SCHEDULE",
  "AUDIENCE_TOO_SMALL",
  "GEO_UNAVAILABLE",
  "RUNNING",
] as const;
export type AdDeliveryState = (typeof AD_DELIVERY_STATES)[number];
export const DELIVERY_LABELS: Record<AdDeliveryState, string> = {
  ACCOUNT_SUSPENDED: "Account suspended",
  DRAFT: "Draft",
  PAUSED: "Paused",
  ARCHIVED: "Archived",
  ENDED: "Ended",
  BUDGET_SPENT: "Budget spent",
  SCHEDULED: "Scheduled",
  NO_APPROVED_ADS: "No approved ads",
  WAITING_FOR_REVIEW: "Waiting for review",
  INSUFFICIENT_FUNDS: "Add funds to run",
  DAILY_BUDGET_REACHED: "Daily budget reached",
  OUTSIDE_SCHEDULE: "Outside schedule",
  AUDIENCE_TOO_SMALL: "Audience too small",
  GEO_UNAVAILABLE: "Locations not set up",
  RUNNING: "Running",
};

export const PRICING_LABELS: Record<AdPricingModel, string> = {
  CPM: "Per 1,000 impressions (CPM)",
  CPC: "Per click (CPC)",
};
export const BID_STRATEGY_LABELS: Record<AdBidStrategy, string> = {
  MANUAL: "Manual bid",
  TARGET_CPC: "Target cost per click",
  TARGET_CPA: "Target cost per conversion",
  MAXIMIZE_CLICKS: "Most clicks for my budget",
};

/* ---------- Serving: the ad on a discussion page (ADS.md §1.13, §4.4–4.6) ---------- */

export const AD_EVENT_KINDS = ["IMPRESSION", "CLICK"] as const;
export type AdEventKind = (typeof AD_EVENT_KINDS)[number];
/** Why an event was not counted; such events are kept apart and never billed. */
export const AD_INVALID_REASONS = [
  "BOT",
  "BAD_SIGNATURE",
  "EXPIRED",
  "DUPLICATE",
  "RATE",
  "PREFETCH",
] as const;
export type AdInvalidReason = (typeof AD_INVALID_REASONS)[number];
/**
 * Why a counted event was not charged: past a cap or the hold (BUDGET), the advertiser's own
 * (SELF), or the kind the campaign does not pay for (NOT_PRICED: a CPC ad's impression, a CPM
 * ad's click).
 */
export const AD_NOT_BILLED_REASONS = ["BUDGET", "SELF", "NOT_PRICED"] as const;
export type AdNotBilledReason = (typeof AD_NOT_BILLED_REASONS)[number];
/** Why a reader sees an ad ("Why this ad?", EU DSA Art. 26): the targeting that applied. */
export const AD_WHY_REASONS = ["SITE", "PLACE", "AUDIENCE", "EVERYONE"] as const;
export type AdWhyReason = (typeof AD_WHY_REASONS)[number];

/** The lines of an account's spend (ADS.md §2.3 Billing): its campaigns' reserves and charges. */
export const AD_SPEND_KINDS = ["AD_HOLD", "AD_RELEASE", "AD_SPEND", "AD_CREDIT"] as const;
export type AdSpendKind = (typeof AD_SPEND_KINDS)[number];
export const AD_SPEND_KIND_LABELS: Record<AdSpendKind, string> = {
  AD_SPEND: "Ad spend",
  AD_CREDIT: "Credit",
  AD_HOLD: "Reserved",
  AD_RELEASE: "Released",
};

export const AD_STATEMENT_STATUSES = ["OPEN", "ISSUED"] as const;
export type AdStatementStatus = (typeof AD_STATEMENT_STATUSES)[number];
/** A statement's month, "2026-11", as "November 2026". */
export const periodLabel = (period: string) =>
  new Date(`${period}-01T12:00:00Z`).toLocaleDateString("en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
/** Statement numbers: gapless per year of issue, "ADS-2026-000001". */
export const AD_STATEMENT_PREFIX = "ADS";

/** The Billing screen's words (ADS.md §1.10). */
export const AD_BILLING_TEXTS = {
  title: "Billing",
  description: "Payments and invoices for your advertising.",
  wallet: "Wallet balance",
  reserved: "Reserved for running campaigns",
  spentThisMonth: "Spent this month",
  runsOut: (date: string) => `Runs out around ${date}`,
  addFunds: "Add funds",
  spend: "Spend",
  statements: "Monthly statements",
  exportCsv: "Export CSV",
  downloadPdf: "Download PDF",
  soFar: (month: string) => `${month} (so far)`,
  notFinal: "Not final",
  footnote: "Ads are paid from your Flipside wallet. Invalid clicks and impressions are never charged.",
  emptyTitle: "No spend yet",
  emptyText: "Spend appears here once your ads run.",
  error: "Could not load billing.",
  retry: "Try again",
} as const;

/* ---------- Reports (ADS.md §1.8, §2.3 Reports) ---------- */

export const AD_REPORT_GROUPS = ["day", "campaign", "creative", "site", "country"] as const;
export type AdReportGroup = (typeof AD_REPORT_GROUPS)[number];
export const AD_REPORT_GROUP_LABELS: Record<AdReportGroup, string> = {
  day: "Day",
  campaign: "Campaign",
  creative: "Creative",
  site: "Site",
  country: "Country",
};
export const AD_REPORT_LIMITS = {
  /** The longest range a report covers, in days (both ends counted). */
  maxDays: 366,
  /** Campaigns one report may pick. */
  maxCampaigns: 50,
} as const;

/** The Analytics screen's words (ADS.md §1.8). */
export const AD_ANALYTICS_TEXTS = {
  title: "Analytics",
  description: "How your campaigns perform over time.",
  rangeTooLong: "Choose a range of at most 366 days.",
  rangeReversed: "The start of the range must not be after its end.",
  allCampaigns: "All campaigns",
  campaigns: "Campaigns",
  breakDownBy: "Break down by",
  total: "Total",
  exportCsv: "Export CSV",
  /** The footer reads "Times in {zone}. Updated {relative time}. Invalid traffic is never charged." */
  footerZone: (zone: string) => `Times in ${zone}.`,
  footerUpdated: "Updated",
  footerInvalid: "Invalid traffic is never charged.",
  emptyTitle: "No data for this period",
  emptyText: "Your ads were not shown in this period.",
  error: "Could not load the report.",
  retry: "Try again",
  unknownCountry: "Unknown",
  unknownSite: "Unknown",
} as const;
export const AD_RANGE_PRESETS = [
  "TODAY",
  "YESTERDAY",
  "LAST_7_DAYS",
  "LAST_30_DAYS",
  "THIS_MONTH",
  "LAST_MONTH",
  "CUSTOM",
] as const;
export type AdRangePreset = (typeof AD_RANGE_PRESETS)[number];
export const AD_RANGE_PRESET_LABELS: Record<AdRangePreset, string> = {
  TODAY: "Today",
  YESTERDAY: "Yesterday",
  LAST_7_DAYS: "Last 7 days",
  LAST_30_DAYS: "Last 30 days",
  THIS_MONTH: "This month",
  LAST_MONTH: "Last month",
  CUSTOM: "Custom range",
};
/** The report's columns in the table's and the CSV's order. */
export const AD_REPORT_COLUMNS = [
  ["impressions", "Impressions"],
  ["reach", "People reached"],
  ["clicks", "Clicks"],
  ["ctr", "CTR"],
  ["spendMicros", "Spend"],
  ["cpmMicros", "Avg. CPM"],
  ["cpcMicros", "Avg. CPC"],
  ["conversions", "Conversions"],
  ["costPerConversionMicros", "Cost per conversion"],
  ["invalidImpressions", "Invalid impressions"],
  ["invalidClicks", "Invalid clicks"],
] as const;
export type AdReportMetric = (typeof AD_REPORT_COLUMNS)[number][0];

/** A preset's days (YYYY-MM-DD, both ends counted) for `today`, the day in the account's zone. */
export function presetRange(
  preset: Exclude<AdRangePreset, "CUSTOM">,
  today: string,
): { from: string; to: string } {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const at = new Date(`${today}T00:00:00Z`);
  const back = (days: number) => day(new Date(at.getTime() - days * 86_400_000));
  switch (preset) {
    case "TODAY":
      return { from: today, to: today };
    case "YESTERDAY":
      return { from: back(1), to: back(1) };
    case "LAST_7_DAYS":
      return { from: back(6), to: today };
    case "LAST_30_DAYS":
      return { from: back(29), to: today };
    case "THIS_MONTH":
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case "LAST_MONTH": {
      const firstOfThis = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
      const lastOfPrevious = new Date(firstOfThis.getTime() - 86_400_000);
      return { from: `${day(lastOfPrevious).slice(0, 7)}-01`, to: day(lastOfPrevious) };
    }
  }
}

/** Days from `from` to `to`, both counted (1 for a single day). */
export const rangeDays = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The same number of days just before the range: the comparison's period. */
export function previousRange(from: string, to: string): { from: string; to: string } {
  const days = rangeDays(from, to);
  const start = Date.parse(`${from}T00:00:00Z`);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(start - days * 86_400_000), to: day(start - 86_400_000) };
}

/* ---------- The dashboard (ADS.md §1.1) ---------- */

export const AD_SUMMARY_PERIODS = ["TODAY", "LAST_7_DAYS", "LAST_30_DAYS"] as const;
export type AdSummaryPeriod = (typeof AD_SUMMARY_PERIODS)[number];
export const AD_SUMMARY_PERIOD_LABELS: Record<AdSummaryPeriod, string> = {
  TODAY: "Today",
  LAST_7_DAYS: "Last 7 days",
  LAST_30_DAYS: "Last 30 days",
};
/** What the "Needs attention" list names. */
export const AD_ALERT_KINDS = [
  "NO_FUNDS",
  "DAILY_BUDGET_REACHED",
  "CREATIVE_REJECTED",
  "AUDIENCE_TOO_SMALL",
  "WALLET_LOW",
] as const;
export type AdAlertKind = (typeof AD_ALERT_KINDS)[number];
/** The wallet is "low" when, at the last 7 days' spend, it lasts fewer days than this. */
export const AD_WALLET_LOW_DAYS = 3;

/* ---------- Ads admin: advertisers and invalid traffic (ADS.md §1.12) ---------- */

export const AD_ACCOUNT_STATUS_LABELS = {
  ACTIVE: "Active",
  SUSPENDED: "Suspended",
  CLOSED: "Closed",
} as const;
export const AD_INVALID_REASON_LABELS: Record<AdInvalidReason, string> = {
  BOT: "Bot",
  BAD_SIGNATURE: "Bad signature",
  EXPIRED: "Expired",
  DUPLICATE: "Duplicate",
  RATE: "Too fast",
  PREFETCH: "Prefetch",
};
export const AD_ADMIN_LIMITS = {
  reasonMax: 500,
  /** The most one ad credit may be, in minor units (€10,000). */
  creditMaxMinor: 1_000_000,
} as const;
export const AD_ADMIN_TEXTS = {
  searchAdvertisers: "Search advertisers",
  suspend: "Suspend",
  suspendReason: "Reason (shown to the advertiser)",
  suspendAccount: "Suspend account",
  reinstate: "Reinstate",
  credit: "Credit",
  creditWallet: "Credit wallet",
  amount: "Amount",
  reason: "Reason",
  suspended: "Account suspended",
  reinstated: "Account reinstated",
  credited: "Wallet credited",
  alreadySuspended: "This account is already suspended.",
  notSuspended: "This account is not suspended.",
  reasonRequired: "Give a reason.",
  noAdvertisers: "No advertisers yet",
  noAdvertisersMatch: "No advertisers match your search.",
  noInvalidTraffic: "No invalid traffic in this period.",
} as const;

/* ---------- Notifications (ADS.md §5 "Notifications") ---------- */

export const AD_NOTICE_EVENTS = [
  "CREATIVE_APPROVED",
  "CREATIVE_REJECTED",
  "BUDGET_SPENT",
  "WALLET_LOW",
  "ACCOUNT_SUSPENDED",
] as const;
export type AdNoticeEvent = (typeof AD_NOTICE_EVENTS)[number];

/** A day (YYYY-MM-DD, already in the zone it belongs to) as people read it: "1 Dec 2026". */
export const formatDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });

/* ---------- Conversions (ADS.md amendments) ---------- */

export const AD_CONVERSION_SOURCES = ["SERVER", "PIXEL"] as const;
export type AdConversionSource = (typeof AD_CONVERSION_SOURCES)[number];
export const AD_CONVERSION_LIMITS = {
  windowMinDays: 1,
  windowMaxDays: 90,
  windowDefaultDays: 30,
  /** A reported time may be this far ahead of ours (clocks differ), and no more. */
  clockSkewMs: 5 * 60 * 1000,
  /** The query parameter the click adds to the advertiser's address. */
  clickParam: "fs_click",
} as const;

// --- Media planning (ADS.md §1.7, §2.3 Planning, §5 Forecasting; decision 042) ---

export const AD_FORECAST_WARNINGS = [
  "NOT_ENOUGH_HISTORY",
  "AUDIENCE_TOO_SMALL",
  "GEO_NOT_CONFIGURED",
] as const;
export type AdForecastWarning = (typeof AD_FORECAST_WARNINGS)[number];

export const AD_PLANNING_LIMITS = {
  /** Page views replayed: the last 28 days (ADS.md §4.7). */
  historyDays: 28,
  /** Fewer days of history than this and the forecast is only a warning. */
  minHistoryDays: 7,
  /** A plan without an end is forecast over this many days. */
  openEndedDays: 28,
  /** The longest schedule forecast day by day. */
  maxDays: 366,
  /** The bid landscape's five bids, as multiples of the planned bid. */
  landscape: [0.5, 0.75, 1, 1.5, 2],
  plansPerAccount: 100,
} as const;

export const AD_FORECAST_WARNING_TEXTS: Record<AdForecastWarning, string> = {
  NOT_ENOUGH_HISTORY: "Not enough traffic history for a forecast yet: Flipside needs 7 days of page views.",
  AUDIENCE_TOO_SMALL: "An included audience has fewer than 100 people, so it cannot be shown ads yet.",
  GEO_NOT_CONFIGURED:
    "This Flipside cannot place readers yet (no GeoIP database), so campaigns with geo fences are not shown.",
};

export const AD_PLANNING_TEXTS = {
  forecast: "Forecast",
  forecasting: "Forecasting…",
  cards: {
    impressions: "Impressions",
    reach: "People reached",
    clicks: "Clicks",
    spend: "Spend",
    averageCost: "Average cost",
  },
  perDay: "Per day",
  landscape: "If you change your bid",
  landscapeColumns: { bid: "Bid", impressions: "Impressions", spend: "Spend" },
  footnote: "Based on the last 28 days of Flipside traffic. Actual delivery varies.",
  savePlan: "Save plan",
  planName: "Plan name",
  save: "Save",
  savedPlans: "Saved plans",
  createCampaign: "Create campaign",
  delete: "Delete",
  noPlans: "No saved plans yet",
  planSaved: "Plan saved",
  draftCreated: "Draft campaign created",
  planDeleted: "Plan deleted",
  planNotFound: "There is no such plan.",
  tooManyPlans: `An advertiser account can keep at most ${AD_PLANNING_LIMITS.plansPerAccount} plans. Delete some first.`,
  tooLong: "Forecast at most 366 days at a time.",
} as const;

// --- Bidding autopilot (ADS.md §1.9, §4.3 Autopilot, §5; decision 043) ---

export const AD_AUTOPILOT_STATUS_LABELS: Record<AdAutopilotStatus, string> = {
  OFF: "Off",
  LEARNING: "Learning",
  ACTIVE: "Active",
  LIMITED_BY_BUDGET: "Limited by budget",
  LIMITED_BY_CEILING: "Limited by bid ceiling",
};

export const AD_AUTOPILOT = {
  /** ADS_AUTOPILOT_INTERVAL_MS's default: a run every 15 minutes. */
  intervalMs: 900_000,
  /** At most this share up or down per run. */
  maxStep: 0.2,
  /** Cost per click is measured over this many hours; cost per conversion over a day. */
  cpcWindowHours: 6,
  cpaWindowHours: 24,
  /** Fewer clicks than this in the window: not yet a cost per click to steer by. */
  minClicks: 3,
} as const;

export const AD_AUTOPILOT_TEXTS = {
  title: "Bidding Autopilot",
  description: "Let Flipside set your bids to reach a goal within your budget.",
  columns: {
    campaign: "Campaign",
    strategy: "Strategy",
    target: "Target",
    bid: "Current bid",
    status: "Status",
    lastChange: "Last change",
  },
  strategy: "Strategy",
  highest: "Highest bid",
  lowest: "Lowest bid",
  help: "Autopilot changes your bid at most every 15 minutes and by at most 20% each time. It learns from the first 50 clicks before it moves.",
  save: "Save",
  turnOff: "Turn off autopilot",
  on: "Autopilot on",
  off: "Autopilot off",
  saved: "Autopilot settings saved",
  changes: "Changes",
  changeColumns: { when: "When", bid: "Bid", why: "Why" },
  noChanges: "Autopilot has not changed this bid yet.",
  undo: "Undo",
  undone: "Change undone",
  noCampaigns: "No campaigns yet",
  noCampaignsText: "Autopilot works on campaigns. Create one first.",
  newCampaign: "New campaign",
} as const;

/** Why the autopilot moved a bid, in the advertiser's words (every change says what it measured). */
export const AD_AUTOPILOT_REASONS = {
  cpcAbove: (x: string, target: string) =>
    `Cost per click was ${x} over the last 6 hours, above your ${target} target.`,
  cpcBelow: (x: string, target: string) =>
    `Cost per click was ${x} over the last 6 hours, below your ${target} target: bidding more for more clicks.`,
  noClicks: (target: string) =>
    `Too few clicks in the last 6 hours to measure a cost per click: bidding towards your ${target} target from the click rate.`,
  cpaAbove: (x: string, target: string) =>
    `Cost per conversion was ${x} over the last 24 hours, above your ${target} target.`,
  cpaBelow: (x: string, target: string) =>
    `Cost per conversion was ${x} over the last 24 hours, below your ${target} target: bidding more for more conversions.`,
  noConversions: (spent: string, target: string) =>
    `No conversions in the last 24 hours for ${spent} spent, more than your ${target} target.`,
  underBudget: (spent: string, daily: string) =>
    `Spent ${spent} in the last 6 hours, on course to leave much of your ${daily} daily budget unspent: bidding more for more clicks.`,
  overBudget: (daily: string) =>
    `Your ${daily} daily budget ran out before the day was over: bidding less for more clicks from the same budget.`,
  undone: (at: string) => `You undid the change of ${at}.`,
} as const;
