/** Plans, subscriptions and invoices (docs/money.md#plans): ids, texts and rules shared by the API and the web, without zod. */

/** Every verified website is on one plan; FREE needs no subscription. */
export const PLAN_IDS = ["FREE", "PRO", "BUSINESS"] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export type PaidPlanId = Exclude<PlanId, "FREE">;
export const PAID_PLAN_IDS = ["PRO", "BUSINESS"] as const satisfies readonly PaidPlanId[];

/** SPEC.md §3: the one billing period. */
export const BILLING_PERIOD = "MONTH";

/** ACTIVE: paid for the current period. PAST_DUE: the renewal failed, the plan holds until the grace ends. ENDED: over. */
export const SUBSCRIPTION_STATUSES = ["ACTIVE", "PAST_DUE", "ENDED"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Why a subscription ended. */
export const SUBSCRIPTION_END_REASONS = ["CANCELED", "UNPAID", "SITE_LOST"] as const;
export type SubscriptionEndReason = (typeof SUBSCRIPTION_END_REASONS)[number];

/** What an invoice bills. */
export const INVOICE_KINDS = ["START", "RENEWAL", "UPGRADE"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** The most characters of a billing name and of each address line. */
export const BILLING_NAME_MAX = 200;
export const BILLING_ADDRESS_MAX = 500;
export const TAX_ID_MAX = 40;

/** What each plan gives; only what the product does. */
export const PLAN_BENEFITS: Record<PlanId, readonly string[]> = {
  FREE: [
    "Verify that the site is yours (DNS, meta tag or file)",
    "Official responses: yours are listed first on every page of the site, with its badge",
    "The site's overview: most discussed pages, recent comments and reviews, sentiment by month",
  ],
  PRO: ["Everything in Free", "Export every comment and review on the site's pages as CSV"],
  BUSINESS: [
    "Everything in Pro",
    "A notice from the site's owner pinned above the discussion of every page of the site",
  ],
};

export const PLAN_NAMES: Record<PlanId, string> = { FREE: "Free", PRO: "Pro", BUSINESS: "Business" };

/** Which plans unlock a feature (checked by the API; shown on /plans). */
export const PLAN_FEATURES = {
  discussionExport: ["PRO", "BUSINESS"],
  siteNotice: ["BUSINESS"],
} as const satisfies Record<string, readonly PaidPlanId[]>;
export type PlanFeature = keyof typeof PLAN_FEATURES;

export function planAllows(plan: PlanId, feature: PlanFeature): boolean {
  return (PLAN_FEATURES[feature] as readonly PlanId[]).includes(plan);
}

/** The rank used to tell an upgrade (charged now, prorated) from a downgrade (at the period's end). */
export const PLAN_RANK: Record<PlanId, number> = { FREE: 0, PRO: 1, BUSINESS: 2 };

export const BILLING_MESSAGES = {
  siteNotVerified: "Plans are for verified websites: verify this site first.",
  notSiteManager: "Only the site's owner (for an organisation: its owners and admins) can change its plan.",
  alreadySubscribed: "This site already has this plan.",
  noSubscription: "This site has no paid plan.",
  notCanceled: "This plan is not set to end.",
  alreadyCanceled: "This plan is already set to end at the end of the period.",
  pastDue:
    "The last renewal of this plan is not paid yet. Add money to the wallet (the renewal is tried again every day) before changing the plan.",
  ended: "This plan has ended. Choose a plan again to start a new one.",
  billingDetailsRequired:
    "Add your billing details (name and country) before buying a plan: they go on the invoice.",
  countryUnknown: "Choose a country from the list.",
  invoiceNotFound: "There is no such invoice.",
  featureNeedsPlan: (feature: string, plans: string) => `${feature} comes with the ${plans} plan.`,
} as const;

/** ISO 3166-1 alpha-2: the countries a billing address may be in (a fixed list, so the API and every browser agree). */
export const COUNTRY_CODES =
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW".split(
    " ",
  );

export function countryName(code: string, locale = "en"): string {
  return new Intl.DisplayNames(locale, { type: "region", fallback: "code" }).of(code) ?? code;
}

/** A tax rate in basis points (1900 = 19%) as a person reads it: "19%", "5.5%". */
export function formatTaxRate(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const rest = basisPoints % 100;
  return rest === 0 ? `${whole}%` : `${whole}.${String(rest).padStart(2, "0").replace(/0$/, "")}%`;
}
