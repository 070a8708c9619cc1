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

/**
 * ISO 3166-1 alpha-2: the countries a billing address may be in, with their English names, in the
 * order a list shows them. Written out rather than asked of Intl: the server and each browser
 * carry different ICU data (Turkey or Türkiye), and a page rendered by one and hydrated by the
 * other must read the same.
 */
export const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  AF: "Afghanistan",
  AX: "Åland Islands",
  AL: "Albania",
  DZ: "Algeria",
  AS: "American Samoa",
  AD: "Andorra",
  AO: "Angola",
  AI: "Anguilla",
  AQ: "Antarctica",
  AG: "Antigua & Barbuda",
  AR: "Argentina",
  AM: "Armenia",
  AW: "Aruba",
  AU: "Australia",
  AT: "Austria",
  AZ: "Azerbaijan",
  BS: "Bahamas",
  BH: "Bahrain",
  BD: "Bangladesh",
  BB: "Barbados",
  BY: "Belarus",
  BE: "Belgium",
  BZ: "Belize",
  BJ: "Benin",
  BM: "Bermuda",
  BT: "Bhutan",
  BO: "Bolivia",
  BA: "Bosnia & Herzegovina",
  BW: "Botswana",
  BV: "Bouvet Island",
  BR: "Brazil",
  IO: "British Indian Ocean Territory",
  VG: "British Virgin Islands",
  BN: "Brunei",
  BG: "Bulgaria",
  BF: "Burkina Faso",
  BI: "Burundi",
  KH: "Cambodia",
  CM: "Cameroon",
  CA: "Canada",
  CV: "Cape Verde",
  BQ: "Caribbean Netherlands",
  KY: "Cayman Islands",
  CF: "Central African Republic",
  TD: "Chad",
  CL: "Chile",
  CN: "China",
  CX: "Christmas Island",
  CC: "Cocos (Keeling) Islands",
  CO: "Colombia",
  KM: "Comoros",
  CG: "Congo - Brazzaville",
  CD: "Congo - Kinshasa",
  CK: "Cook Islands",
  CR: "Costa Rica",
  CI: "Côte d’Ivoire",
  HR: "Croatia",
  CU: "Cuba",
  CW: "Curaçao",
  CY: "Cyprus",
  CZ: "Czechia",
  DK: "Denmark",
  DJ: "Djibouti",
  DM: "Dominica",
  DO: "Dominican Republic",
  EC: "Ecuador",
  EG: "Egypt",
  SV: "El Salvador",
  GQ: "Equatorial Guinea",
  ER: "Eritrea",
  EE: "Estonia",
  SZ: "Eswatini",
  ET: "Ethiopia",
  FK: "Falkland Islands",
  FO: "Faroe Islands",
  FJ: "Fiji",
  FI: "Finland",
  FR: "France",
  GF: "French Guiana",
  PF: "French Polynesia",
  TF: "French Southern Territories",
  GA: "Gabon",
  GM: "Gambia",
  GE: "Georgia",
  DE: "Germany",
  GH: "Ghana",
  GI: "Gibraltar",
  GR: "Greece",
  GL: "Greenland",
  GD: "Grenada",
  GP: "Guadeloupe",
  GU: "Guam",
  GT: "Guatemala",
  GG: "Guernsey",
  GN: "Guinea",
  GW: "Guinea-Bissau",
  GY: "Guyana",
  HT: "Haiti",
  HM: "Heard & McDonald Islands",
  HN: "Honduras",
  HK: "Hong Kong SAR China",
  HU: "Hungary",
  IS: "Iceland",
  IN: "India",
  ID: "Indonesia",
  IR: "Iran",
  IQ: "Iraq",
  IE: "Ireland",
  IM: "Isle of Man",
  IL: "Israel",
  IT: "Italy",
  JM: "Jamaica",
  JP: "Japan",
  JE: "Jersey",
  JO: "Jordan",
  KZ: "Kazakhstan",
  KE: "Kenya",
  KI: "Kiribati",
  KW: "Kuwait",
  KG: "Kyrgyzstan",
  LA: "Laos",
  LV: "Latvia",
  LB: "Lebanon",
  LS: "Lesotho",
  LR: "Liberia",
  LY: "Libya",
  LI: "Liechtenstein",
  LT: "Lithuania",
  LU: "Luxembourg",
  MO: "Macao SAR China",
  MG: "Madagascar",
  MW: "Malawi",
  MY: "Malaysia",
  MV: "Maldives",
  ML: "Mali",
  MT: "Malta",
  MH: "Marshall Islands",
  MQ: "Martinique",
  MR: "Mauritania",
  MU: "Mauritius",
  YT: "Mayotte",
  MX: "Mexico",
  FM: "Micronesia",
  MD: "Moldova",
  MC: "Monaco",
  MN: "Mongolia",
  ME: "Montenegro",
  MS: "Montserrat",
  MA: "Morocco",
  MZ: "Mozambique",
  MM: "Myanmar (Burma)",
  NA: "Namibia",
  NR: "Nauru",
  NP: "Nepal",
  NL: "Netherlands",
  NC: "New Caledonia",
  NZ: "New Zealand",
  NI: "Nicaragua",
  NE: "Niger",
  NG: "Nigeria",
  NU: "Niue",
  NF: "Norfolk Island",
  KP: "North Korea",
  MK: "North Macedonia",
  MP: "Northern Mariana Islands",
  NO: "Norway",
  OM: "Oman",
  PK: "Pakistan",
  PW: "Palau",
  PS: "Palestinian Territories",
  PA: "Panama",
  PG: "Papua New Guinea",
  PY: "Paraguay",
  PE: "Peru",
  PH: "Philippines",
  PN: "Pitcairn Islands",
  PL: "Poland",
  PT: "Portugal",
  PR: "Puerto Rico",
  QA: "Qatar",
  RE: "Réunion",
  RO: "Romania",
  RU: "Russia",
  RW: "Rwanda",
  WS: "Samoa",
  SM: "San Marino",
  ST: "São Tomé & Príncipe",
  SA: "Saudi Arabia",
  SN: "Senegal",
  RS: "Serbia",
  SC: "Seychelles",
  SL: "Sierra Leone",
  SG: "Singapore",
  SX: "Sint Maarten",
  SK: "Slovakia",
  SI: "Slovenia",
  SB: "Solomon Islands",
  SO: "Somalia",
  ZA: "South Africa",
  GS: "South Georgia & South Sandwich Islands",
  KR: "South Korea",
  SS: "South Sudan",
  ES: "Spain",
  LK: "Sri Lanka",
  BL: "St. Barthélemy",
  SH: "St. Helena",
  KN: "St. Kitts & Nevis",
  LC: "St. Lucia",
  MF: "St. Martin",
  PM: "St. Pierre & Miquelon",
  VC: "St. Vincent & Grenadines",
  SD: "Sudan",
  SR: "Suriname",
  SJ: "Svalbard & Jan Mayen",
  SE: "Sweden",
  CH: "Switzerland",
  SY: "Syria",
  TW: "Taiwan",
  TJ: "Tajikistan",
  TZ: "Tanzania",
  TH: "Thailand",
  TL: "Timor-Leste",
  TG: "Togo",
  TK: "Tokelau",
  TO: "Tonga",
  TT: "Trinidad & Tobago",
  TN: "Tunisia",
  TR: "Türkiye",
  TM: "Turkmenistan",
  TC: "Turks & Caicos Islands",
  TV: "Tuvalu",
  UM: "U.S. Outlying Islands",
  VI: "U.S. Virgin Islands",
  UG: "Uganda",
  UA: "Ukraine",
  AE: "United Arab Emirates",
  GB: "United Kingdom",
  US: "United States",
  UY: "Uruguay",
  UZ: "Uzbekistan",
  VU: "Vanuatu",
  VA: "Vatican City",
  VE: "Venezuela",
  VN: "Vietnam",
  WF: "Wallis & Futuna",
  EH: "Western Sahara",
  YE: "Yemen",
  ZM: "Zambia",
  ZW: "Zimbabwe",
};

export const COUNTRY_CODES = Object.keys(COUNTRY_NAMES);

export function countryName(code: string): string {
  return COUNTRY_NAMES[code] ?? code;
}

/** Tax on an amount at a rate in basis points, rounded half up to the minor unit: integers only. */
export const taxOn = (amount: number, basisPoints: number): number =>
  Math.floor((amount * basisPoints + 5_000) / 10_000);

/** A tax rate in basis points (1900 = 19%) as a person reads it: "19%", "5.5%". */
export function formatTaxRate(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const rest = basisPoints % 100;
  return rest === 0 ? `${whole}%` : `${whole}.${String(rest).padStart(2, "0").replace(/0$/, "")}%`;
}
