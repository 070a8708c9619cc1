import { z } from "zod";
import { areaKm2, crossesAntimeridian, edgesCross } from "./ad-geo.ts";
import {
  AD_ACCOUNT_STATUSES,
  AD_ADMIN_LIMITS,
  AD_ADMIN_TEXTS,
  AD_ALERT_KINDS,
  AD_AUDIENCE_ACTIONS,
  AD_AUDIENCE_RULE_TYPES,
  AD_AUTOPILOT_STATUSES,
  AD_BID_STRATEGIES,
  AD_CAMPAIGN_LIMITS,
  AD_CAMPAIGN_MESSAGES,
  AD_CAMPAIGN_STATUSES,
  AD_CONVERSION_LIMITS,
  AD_CREATIVE_LIMITS,
  AD_CREATIVE_MESSAGES,
  AD_DELIVERY_STATES,
  AD_FILTER_MODES,
  AD_FILTER_RULE_TYPES,
  AD_FORECAST_WARNINGS,
  AD_FREQUENCY_PERIODS,
  AD_IMAGE_TYPES,
  AD_INVALID_REASONS,
  AD_LIMITS,
  AD_OWNER_KINDS,
  AD_PACINGS,
  AD_PRICING_MODELS,
  AD_REJECTION_REASONS,
  AD_REPORT_GROUPS,
  AD_REVIEW_STATUSES,
  AD_SPEND_KINDS,
  AD_STATEMENT_STATUSES,
  AD_SUMMARY_PERIODS,
  AD_TARGETING_LIMITS,
  AD_TARGETING_MESSAGES,
  AD_VIEWER_ROLES,
  AD_WHY_REASONS,
  ADS_MESSAGES,
  isCountryCode,
  isTimeZone,
} from "./ads-constants.ts";
import { lineText } from "./text.ts";

/** The advertising area's calls (../shared/ADS.md §2, docs/ads.md). */

export * from "./ads-constants.ts";

const Uuid = z.uuid();
const IsoDate = z.iso.datetime();

export const AdName = lineText()
  .min(1, { error: ADS_MESSAGES.nameRequired })
  .max(AD_LIMITS.nameMax, { error: ADS_MESSAGES.nameTooLong });
export const TimeZone = z.string().refine(isTimeZone, { error: ADS_MESSAGES.timezoneInvalid });
export const Version = z.int().min(0);

export const AdAccount = z
  .object({
    id: Uuid,
    name: z.string(),
    ownerKind: z.enum(AD_OWNER_KINDS),
    ownerId: Uuid,
    organizationName: z.string().nullable(),
    timezone: z.string(),
    currency: z.string(),
    status: z.enum(AD_ACCOUNT_STATUSES),
    suspensionReason: z.string().nullable(),
    viewerRole: z.enum(AD_VIEWER_ROLES),
    createdAt: IsoDate,
    version: Version,
  })
  .meta({ id: "AdAccount" });
export type AdAccount = z.infer<typeof AdAccount>;

export const CreateAdAccount = z
  .strictObject({
    name: AdName,
    ownerKind: z.enum(AD_OWNER_KINDS),
    organizationId: Uuid.optional(),
    timezone: TimeZone,
  })
  .refine((v) => v.ownerKind === "USER" || v.organizationId, {
    error: ADS_MESSAGES.organizationRequired,
    path: ["organizationId"],
  });
export type CreateAdAccount = z.infer<typeof CreateAdAccount>;

export const UpdateAdAccount = z.strictObject({ name: AdName, timezone: TimeZone, version: Version });
export type UpdateAdAccount = z.infer<typeof UpdateAdAccount>;

/** Where a new advertiser account could be paid from: the viewer, or an organisation they manage. */
export const AdAccountOwnerChoice = z
  .object({ ownerKind: z.enum(AD_OWNER_KINDS), organizationId: Uuid.nullable(), name: z.string() })
  .meta({ id: "AdAccountOwnerChoice" });
export type AdAccountOwnerChoice = z.infer<typeof AdAccountOwnerChoice>;

// --- Creatives (ADS.md §1.3, §2.3, §3.4) ---

export const AdCreativeImage = z
  .object({ id: Uuid, url: z.string(), width: z.int(), height: z.int() })
  .meta({ id: "AdCreativeImage" });
export type AdCreativeImage = z.infer<typeof AdCreativeImage>;

export const AdCreative = z
  .object({
    id: Uuid,
    adAccountId: Uuid,
    name: z.string(),
    headline: z.string(),
    body: z.string(),
    destinationUrl: z.string(),
    displayDomain: z.string(),
    image: AdCreativeImage.nullable(),
    reviewStatus: z.enum(AD_REVIEW_STATUSES),
    rejectionReason: z.enum(AD_REJECTION_REASONS).nullable(),
    rejectionNote: z.string().nullable(),
    submittedAt: IsoDate,
    reviewedAt: IsoDate.nullable(),
    archivedAt: IsoDate.nullable(),
    createdAt: IsoDate,
    updatedAt: IsoDate,
    version: Version,
    /** Campaigns that are not archived and show it ("Used in {n} campaigns"). */
    usedBy: z.int(),
  })
  .meta({ id: "AdCreative" });
export type AdCreative = z.infer<typeof AdCreative>;

const CreativeContent = {
  name: AdName,
  headline: lineText()
    .min(1, { error: AD_CREATIVE_MESSAGES.headlineRequired })
    .max(AD_CREATIVE_LIMITS.headlineMax, { error: AD_CREATIVE_MESSAGES.headlineTooLong }),
  body: lineText().max(AD_CREATIVE_LIMITS.bodyMax, { error: AD_CREATIVE_MESSAGES.bodyTooLong }).default(""),
  /** Checked by the server as every address is (PD §2): "{url} is not a valid domain". */
  destinationUrl: z.string().trim().min(1).max(AD_CREATIVE_LIMITS.destinationMax),
  imageId: Uuid.nullable().default(null),
};

export const CreateAdCreative = z.strictObject({ adAccountId: Uuid, ...CreativeContent });
export type CreateAdCreative = z.input<typeof CreateAdCreative>;
export const UpdateAdCreative = z.strictObject({ ...CreativeContent, version: Version });
export type UpdateAdCreative = z.input<typeof UpdateAdCreative>;

export const AdCreativeImageRequest = z.strictObject({
  adAccountId: Uuid,
  contentType: z.enum(AD_IMAGE_TYPES, { error: AD_CREATIVE_MESSAGES.imageType }),
  size: z.int().min(1).max(AD_CREATIVE_LIMITS.imageMaxBytes, { error: AD_CREATIVE_MESSAGES.imageTooLarge }),
});
export const AdCreativeImageUpload = z
  .object({ id: Uuid, uploadUrl: z.string(), expiresAt: IsoDate })
  .meta({ id: "AdCreativeImageUpload" });
export type AdCreativeImageUpload = z.infer<typeof AdCreativeImageUpload>;

/** A creative in the admins' review queue, with whose it is. */
export const AdminAdCreative = AdCreative.omit({ usedBy: true })
  .extend({
    advertiserName: z.string(),
    ownerKind: z.enum(AD_OWNER_KINDS),
  })
  .meta({ id: "AdminAdCreative" });
export type AdminAdCreative = z.infer<typeof AdminAdCreative>;

export const AdCreativeReview = z
  .strictObject({
    decision: z.enum(["APPROVE", "REJECT"]),
    reason: z.enum(AD_REJECTION_REASONS, { error: AD_CREATIVE_MESSAGES.reasonRequired }).optional(),
    note: lineText().max(AD_CREATIVE_LIMITS.noteMax, { error: AD_CREATIVE_MESSAGES.noteTooLong }).optional(),
    /** The version the admin looked at: an edit since then (a new submission) is a 409. */
    version: Version.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.decision !== "REJECT") return;
    if (!v.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: AD_CREATIVE_MESSAGES.reasonRequired });
    else if (v.reason === "OTHER" && !v.note) {
      ctx.addIssue({ code: "custom", path: ["note"], message: AD_CREATIVE_MESSAGES.noteRequired });
    }
  });
export type AdCreativeReview = z.infer<typeof AdCreativeReview>;

// --- Filter lists (ADS.md §1.4, §3.5) ---

export const AdFilterRule = z
  .object({
    type: z.enum(AD_FILTER_RULE_TYPES),
    value: z.string().trim().min(1).max(AD_TARGETING_LIMITS.ruleValueMax),
  })
  .meta({ id: "AdFilterRule" });
export type AdFilterRule = z.infer<typeof AdFilterRule>;
const FilterRules = z
  .array(AdFilterRule)
  .max(AD_TARGETING_LIMITS.rulesPerFilter, { error: AD_TARGETING_MESSAGES.tooManyRules });

const FilterSummaryFields = {
  id: Uuid,
  adAccountId: Uuid,
  name: z.string(),
  mode: z.enum(AD_FILTER_MODES),
  ruleCount: z.int(),
  usedBy: z.int(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
  version: Version,
};
export const AdFilterSummary = z.object(FilterSummaryFields).meta({ id: "AdFilterSummary" });
export type AdFilterSummary = z.infer<typeof AdFilterSummary>;
export const AdFilter = z
  .object({ ...FilterSummaryFields, rules: z.array(AdFilterRule) })
  .meta({ id: "AdFilter" });
export type AdFilter = z.infer<typeof AdFilter>;

export const CreateAdFilter = z.strictObject({
  adAccountId: Uuid,
  name: AdName,
  mode: z.enum(AD_FILTER_MODES).default("EXCLUDE"),
  rules: FilterRules,
});
export type CreateAdFilter = z.input<typeof CreateAdFilter>;
export const UpdateAdFilter = z.strictObject({
  name: AdName,
  mode: z.enum(AD_FILTER_MODES),
  rules: FilterRules,
  version: Version,
});
export type UpdateAdFilter = z.input<typeof UpdateAdFilter>;
/** Rules checked and normalised without saving (the paste dialog's per-line errors). */
export const CheckAdFilterRules = z.strictObject({ rules: FilterRules });
export const AdFilterTest = z.strictObject({
  url: z.string().trim().min(1).max(AD_TARGETING_LIMITS.ruleValueMax),
});
export const AdFilterTestResult = z
  .object({ matches: z.boolean(), rule: AdFilterRule.nullable() })
  .meta({ id: "AdFilterTestResult" });
export type AdFilterTestResult = z.infer<typeof AdFilterTestResult>;

// --- Geo fences (ADS.md §1.5, §3.6) ---

const Latitude = z.number().min(-90, { error: AD_TARGETING_MESSAGES.latitude }).max(90, {
  error: AD_TARGETING_MESSAGES.latitude,
});
const Longitude = z.number().min(-180, { error: AD_TARGETING_MESSAGES.longitude }).max(180, {
  error: AD_TARGETING_MESSAGES.longitude,
});
export const AdGeoShape = z
  .discriminatedUnion("type", [
    z.strictObject({
      type: z.literal("COUNTRY"),
      country: z
        .string()
        .trim()
        .toUpperCase()
        .refine(isCountryCode, { error: AD_TARGETING_MESSAGES.unknownCountry }),
    }),
    z.strictObject({
      type: z.literal("CIRCLE"),
      lat: Latitude,
      lng: Longitude,
      radiusKm: z
        .number()
        .min(AD_TARGETING_LIMITS.radiusMinKm, { error: AD_TARGETING_MESSAGES.radius })
        .max(AD_TARGETING_LIMITS.radiusMaxKm, { error: AD_TARGETING_MESSAGES.radius }),
    }),
    z.strictObject({
      type: z.literal("POLYGON"),
      points: z
        .array(z.tuple([Latitude, Longitude]))
        .min(AD_TARGETING_LIMITS.polygonMinPoints, { error: AD_TARGETING_MESSAGES.tooFewPoints, abort: true })
        .max(AD_TARGETING_LIMITS.polygonMaxPoints, {
          error: AD_TARGETING_MESSAGES.tooManyPoints,
          abort: true,
        })
        .superRefine((points, ctx) => {
          const problem = crossesAntimeridian(points)
            ? AD_TARGETING_MESSAGES.antimeridian
            : edgesCross(points)
              ? AD_TARGETING_MESSAGES.edgesCross
              : areaKm2(points) < AD_TARGETING_LIMITS.polygonMinAreaKm2
                ? AD_TARGETING_MESSAGES.areaTooSmall
                : null;
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
    }),
  ])
  .meta({ id: "AdGeoShape" });
export type AdGeoShape = z.infer<typeof AdGeoShape>;
const Shapes = z
  .array(AdGeoShape)
  .min(1, { error: AD_TARGETING_MESSAGES.noPlaces })
  .max(AD_TARGETING_LIMITS.shapesPerFence, { error: AD_TARGETING_MESSAGES.tooManyPlaces });

export const AdGeoFence = z
  .object({
    id: Uuid,
    adAccountId: Uuid,
    name: z.string(),
    shapes: z.array(AdGeoShape),
    usedBy: z.int(),
    createdAt: IsoDate,
    updatedAt: IsoDate,
    version: Version,
  })
  .meta({ id: "AdGeoFence" });
export type AdGeoFence = z.infer<typeof AdGeoFence>;
export const CreateAdGeoFence = z.strictObject({ adAccountId: Uuid, name: AdName, shapes: Shapes });
export type CreateAdGeoFence = z.infer<typeof CreateAdGeoFence>;
export const UpdateAdGeoFence = z.strictObject({ name: AdName, shapes: Shapes, version: Version });
export type UpdateAdGeoFence = z.infer<typeof UpdateAdGeoFence>;

// --- Audiences (ADS.md §1.6, §3.7) ---

export const AdAudienceRule = z
  .object({
    action: z.enum(AD_AUDIENCE_ACTIONS),
    type: z.enum(AD_AUDIENCE_RULE_TYPES),
    value: z.string().trim().min(1).max(AD_TARGETING_LIMITS.ruleValueMax),
  })
  .meta({ id: "AdAudienceRule" });
export type AdAudienceRule = z.infer<typeof AdAudienceRule>;
const AudienceRules = z
  .array(AdAudienceRule)
  .min(AD_TARGETING_LIMITS.audienceRulesMin, { error: AD_TARGETING_MESSAGES.noRules })
  .max(AD_TARGETING_LIMITS.audienceRulesMax, { error: AD_TARGETING_MESSAGES.tooManyAudienceRules });
const MembershipDays = z
  .int({ error: AD_TARGETING_MESSAGES.days })
  .min(AD_TARGETING_LIMITS.membershipDaysMin, { error: AD_TARGETING_MESSAGES.days })
  .max(AD_TARGETING_LIMITS.membershipDaysMax, { error: AD_TARGETING_MESSAGES.days });

export const AdAudience = z
  .object({
    id: Uuid,
    adAccountId: Uuid,
    name: z.string(),
    membershipDays: z.int(),
    rules: z.array(AdAudienceRule),
    size: z.object({ bucket: z.enum(["UNDER_100", "APPROX"]), approximate: z.int().nullable() }),
    servable: z.boolean(),
    usedBy: z.int(),
    createdAt: IsoDate,
    updatedAt: IsoDate,
    version: Version,
  })
  .meta({ id: "AdAudience" });
export type AdAudience = z.infer<typeof AdAudience>;
export const CreateAdAudience = z.strictObject({
  adAccountId: Uuid,
  name: AdName,
  membershipDays: MembershipDays.default(AD_TARGETING_LIMITS.membershipDaysDefault),
  rules: AudienceRules,
});
export type CreateAdAudience = z.input<typeof CreateAdAudience>;
export const UpdateAdAudience = z.strictObject({
  name: AdName,
  membershipDays: MembershipDays,
  rules: AudienceRules,
  version: Version,
});
export type UpdateAdAudience = z.input<typeof UpdateAdAudience>;

// --- Campaigns (ADS.md §1.2, §2.3, §3.2–3.3, §4.2–4.3) ---

const Micros = z.int().min(0).max(Number.MAX_SAFE_INTEGER);
const Ids = (max: number, message: string) => z.array(Uuid).max(max, { error: message });
const TargetIds = Ids(AD_CAMPAIGN_LIMITS.targetsPerKind, AD_CAMPAIGN_MESSAGES.tooManyTargets);

export const AdWeeklyWindow = z
  .strictObject({
    day: z.int().min(1).max(7),
    fromMinute: z.int().min(0).max(1440),
    toMinute: z.int().min(0).max(1440),
  })
  .refine((w) => w.fromMinute % 15 === 0 && w.toMinute % 15 === 0 && w.fromMinute < w.toMinute, {
    error: AD_CAMPAIGN_MESSAGES.timeSlot,
  })
  .meta({ id: "AdWeeklyWindow" });
export type AdWeeklyWindow = z.infer<typeof AdWeeklyWindow>;

export const AdFrequencyCap = z
  .strictObject({
    impressions: z
      .int({ error: AD_CAMPAIGN_MESSAGES.frequency })
      .min(1, { error: AD_CAMPAIGN_MESSAGES.frequency })
      .max(AD_CAMPAIGN_LIMITS.frequencyMax, { error: AD_CAMPAIGN_MESSAGES.frequency }),
    period: z.enum(AD_FREQUENCY_PERIODS),
  })
  .meta({ id: "AdFrequencyCap" });

const CampaignFields = {
  name: AdName,
  pricingModel: z.enum(AD_PRICING_MODELS),
  bidding: z.strictObject({
    strategy: z.enum(AD_BID_STRATEGIES).default("MANUAL"),
    bidMicros: Micros,
    targetMicros: Micros.nullable().default(null),
    bidCeilingMicros: Micros.nullable().default(null),
    bidFloorMicros: Micros.nullable().default(null),
  }),
  budget: z.strictObject({
    totalMicros: Micros,
    dailyMicros: Micros.nullable().default(null),
    pacing: z.enum(AD_PACINGS).default("EVEN"),
  }),
  schedule: z.strictObject({
    startAt: IsoDate,
    endAt: IsoDate.nullable().default(null),
    /** Windows in the account's time zone; null: always. */
    weekly: z
      .array(AdWeeklyWindow)
      .max(AD_CAMPAIGN_LIMITS.weeklyWindowsMax, { error: AD_CAMPAIGN_MESSAGES.tooManySlots })
      .nullable()
      .default(null),
  }),
  frequencyCap: AdFrequencyCap.nullable().default({ impressions: 3, period: "DAY" }),
  creativeIds: Ids(AD_CAMPAIGN_LIMITS.creativesPerCampaign, AD_CAMPAIGN_MESSAGES.tooManyCreatives).default(
    [],
  ),
  filterIds: TargetIds.default([]),
  geoFences: z.strictObject({ include: TargetIds.default([]), exclude: TargetIds.default([]) }).default({
    include: [],
    exclude: [],
  }),
  audiences: z.strictObject({ include: TargetIds.default([]), exclude: TargetIds.default([]) }).default({
    include: [],
    exclude: [],
  }),
};

export const CreateAdCampaign = z.strictObject({ adAccountId: Uuid, ...CampaignFields });
export type CreateAdCampaign = z.input<typeof CreateAdCampaign>;
export type AdCampaignInput = Omit<z.output<typeof CreateAdCampaign>, "adAccountId">;
export const UpdateAdCampaign = z.strictObject({ ...CampaignFields, version: Version });
export type UpdateAdCampaign = z.input<typeof UpdateAdCampaign>;

export const AdCampaign = z
  .object({
    id: Uuid,
    adAccountId: Uuid,
    name: z.string(),
    status: z.enum(AD_CAMPAIGN_STATUSES),
    pricingModel: z.enum(AD_PRICING_MODELS),
    bidding: z.object({
      strategy: z.enum(AD_BID_STRATEGIES),
      bidMicros: z.int(),
      targetMicros: z.int().nullable(),
      bidCeilingMicros: z.int().nullable(),
      bidFloorMicros: z.int().nullable(),
      autopilotStatus: z.enum(AD_AUTOPILOT_STATUSES),
      learningEventsLeft: z.int(),
      /** The autopilot's last change of the bid, or null. */
      lastChangeAt: IsoDate.nullable(),
    }),
    budget: z.object({ totalMicros: z.int(), dailyMicros: z.int().nullable(), pacing: z.enum(AD_PACINGS) }),
    schedule: z.object({
      startAt: IsoDate,
      endAt: IsoDate.nullable(),
      weekly: z.array(AdWeeklyWindow).nullable(),
    }),
    frequencyCap: AdFrequencyCap.nullable(),
    creativeIds: z.array(Uuid),
    filterIds: z.array(Uuid),
    geoFences: z.object({ include: z.array(Uuid), exclude: z.array(Uuid) }),
    audiences: z.object({ include: z.array(Uuid), exclude: z.array(Uuid) }),
    delivery: z.object({
      state: z.enum(AD_DELIVERY_STATES),
      label: z.string(),
      detail: z.string().nullable(),
    }),
    /**
     * Counted events (billed or not: over a cap, the advertiser's own), what they cost, and how
     * many of the pricing model's events were charged (for the average cost).
     */
    stats: z.object({
      impressions: z.int(),
      clicks: z.int(),
      billedEvents: z.int(),
      spentMicros: z.int(),
      spentTodayMicros: z.int(),
    }),
    launchedAt: IsoDate.nullable(),
    createdAt: IsoDate,
    updatedAt: IsoDate,
    version: Version,
  })
  .meta({ id: "AdCampaign" });
export type AdCampaign = z.infer<typeof AdCampaign>;

export const AdCampaignStatusChange = z.strictObject({ status: z.enum(["ACTIVE", "PAUSED", "ARCHIVED"]) });
export const AdCampaignBulk = z.strictObject({
  adAccountId: Uuid,
  ids: z.array(Uuid).min(1).max(100),
  action: z.enum(["PAUSE", "RESUME", "ARCHIVE"]),
});
export type AdCampaignBulk = z.infer<typeof AdCampaignBulk>;
export const AdCampaignBulkResult = z.object({ updated: z.array(Uuid) }).meta({ id: "AdCampaignBulkResult" });

/** An ad for a page (ADS.md §2.3 Serving): what the slot shows, and where its beacons go. */
export const Advertising = z
  .object({
    id: Uuid.describe("The creative's id: the same ad keeps it across lookups."),
    label: z.literal("Ad"),
    advertiserName: z.string(),
    displayDomain: z.string(),
    headline: z.string(),
    body: z.string(),
    image: z.object({ url: z.string(), width: z.int(), height: z.int() }).nullable(),
    clickUrl: z.string(),
    impressionUrl: z.string(),
    feedbackUrl: z.string(),
    expiresAt: IsoDate,
    why: z.array(z.enum(AD_WHY_REASONS)),
  })
  .meta({ id: "Advertising" });
export type Advertising = z.infer<typeof Advertising>;

/** The money of ads checked against itself (ADS.md §4.5's invariants): what admins reconcile. */
export const AdReconciliation = z
  .object({
    campaigns: z.array(
      z.object({
        campaignId: Uuid,
        billedMicros: z.int(),
        billedEvents: z.int(),
        unbilledEvents: z.object({ BUDGET: z.int(), SELF: z.int() }),
        spentMicros: z.int(),
        settledMinor: z.int(),
        carryMicros: z.int(),
        holdMinor: z.int(),
        holdRemainingMicros: z.int(),
        totalBudgetMicros: z.int(),
        ok: z.boolean(),
      }),
    ),
    ledgerUnbalancedTransactions: z.int(),
    ok: z.boolean(),
  })
  .meta({ id: "AdReconciliation" });
export type AdReconciliation = z.infer<typeof AdReconciliation>;

/** What an advertiser account has and spends (ADS.md §2.3 Billing). */
export const AdBilling = z
  .object({
    currency: z.string(),
    /** The paying wallet's balance; null for an organisation's MEMBER (its wallet is not theirs to see). */
    walletBalanceMinor: z.int().nullable(),
    /** Still reserved by the account's campaigns for what they may spend (not yet billed). */
    reservedMicros: z.int(),
    /** Billed from the 1st of this month in the account's time zone (settled or not). */
    spentThisMonthMicros: z.int(),
    /** Billed over the last 7 days, divided by 7. */
    averageDailySpendMicros: z.int(),
    /** When wallet and reserves would run out at that average (account time zone); null without spend or wallet. */
    runsOutOn: z.iso.date().nullable(),
  })
  .meta({ id: "AdBilling" });
export type AdBilling = z.infer<typeof AdBilling>;

export const AdSpendLine = z
  .object({
    id: Uuid,
    /** The day in the account's time zone. */
    date: z.iso.date(),
    at: z.iso.datetime(),
    campaignId: Uuid.nullable(),
    campaignName: z.string().nullable(),
    kind: z.enum(AD_SPEND_KINDS),
    /** How much moved, always positive: the kind says which way. */
    amountMinor: z.int(),
    currency: z.string(),
    ledgerTransactionId: Uuid,
  })
  .meta({ id: "AdSpendLine" });
export type AdSpendLine = z.infer<typeof AdSpendLine>;

export const AdStatement = z
  .object({
    id: Uuid,
    /** YYYY-MM, the month in the account's time zone. */
    period: z.string().regex(/^\d{4}-\d{2}$/),
    periodType: z.literal("MONTH"),
    status: z.enum(AD_STATEMENT_STATUSES),
    number: z.string().nullable(),
    totalMinor: z.int(),
    currency: z.string(),
    issuedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "AdStatement" });
export type AdStatement = z.infer<typeof AdStatement>;

const IsoDay = z.iso.date();

/** One line of a report (ADS.md §2.3 Reports); money in micros of the account's currency. */
export const AdReportMetrics = z
  .object({
    /** Viewable impressions counted (billed, past a cap, or the advertiser's own). */
    impressions: z.int(),
    /** Distinct readers among those impressions. */
    reach: z.int(),
    clicks: z.int(),
    /** Clicks per impression, 0–1; 0 without impressions. */
    ctr: z.number(),
    /** What was billed: CPM impressions and CPC clicks charged. */
    spendMicros: z.int(),
    /** Spend per 1,000 impressions; null without impressions. */
    cpmMicros: z.int().nullable(),
    /** Spend per click; null without clicks. */
    cpcMicros: z.int().nullable(),
    /** Conversions the advertiser's site reported for clicks within the window, by the day they happened. */
    conversions: z.int(),
    /** Spend per conversion; null without conversions. */
    costPerConversionMicros: z.int().nullable(),
    invalidImpressions: z.int(),
    invalidClicks: z.int(),
  })
  .meta({ id: "AdReportMetrics" });
export type AdReportMetrics = z.infer<typeof AdReportMetrics>;

export const AdReportRow = AdReportMetrics.extend({
  /** The day (YYYY-MM-DD), campaign or creative id, site domain or country code; "" when not known. */
  key: z.string(),
  label: z.string(),
}).meta({ id: "AdReportRow" });
export type AdReportRow = z.infer<typeof AdReportRow>;

export const AdReport = z
  .object({
    from: IsoDay,
    to: IsoDay,
    groupBy: z.enum(AD_REPORT_GROUPS),
    timezone: z.string(),
    currency: z.string(),
    totals: AdReportMetrics,
    /** The same number of days just before `from`, for comparison. */
    previous: AdReportMetrics.extend({ from: IsoDay, to: IsoDay }),
    rows: z.array(AdReportRow),
    updatedAt: IsoDate,
  })
  .meta({ id: "AdReport" });
export type AdReport = z.infer<typeof AdReport>;

const AdSummaryFigures = z.object({
  spendMicros: z.int(),
  impressions: z.int(),
  clicks: z.int(),
  ctr: z.number(),
});

/** The dashboard's figures and alerts (ADS.md §1.1, §2.3). */
export const AdSummary = z
  .object({
    period: z.enum(AD_SUMMARY_PERIODS),
    from: IsoDay,
    to: IsoDay,
    currency: z.string(),
    ...AdSummaryFigures.shape,
    previous: AdSummaryFigures,
    /** Null for an organisation's MEMBER. */
    walletBalanceMinor: z.int().nullable(),
    reservedMicros: z.int(),
    runsOutOn: IsoDay.nullable(),
    alerts: z.array(
      z.object({
        kind: z.enum(AD_ALERT_KINDS),
        objectType: z.enum(["CAMPAIGN", "CREATIVE", "AUDIENCE", "WALLET"]),
        objectId: z.string(),
        name: z.string(),
        /** The sentence the list shows. */
        detail: z.string(),
      }),
    ),
  })
  .meta({ id: "AdSummary" });
export type AdSummary = z.infer<typeof AdSummary>;

/** An advertiser as Flipside staff see it (ADS.md §1.12 Advertisers). */
export const AdminAdAccount = z
  .object({
    id: Uuid,
    name: z.string(),
    ownerKind: z.enum(AD_OWNER_KINDS),
    /** The person's display name, or the organisation's name. */
    ownerName: z.string(),
    status: z.enum(AD_ACCOUNT_STATUSES),
    suspensionReason: z.string().nullable(),
    suspendedAt: IsoDate.nullable(),
    currency: z.string(),
    /** Billed over the last 30 days. */
    spend30DaysMicros: z.int(),
    /** Campaigns not archived. */
    campaigns: z.int(),
    createdAt: IsoDate,
  })
  .meta({ id: "AdminAdAccount" });
export type AdminAdAccount = z.infer<typeof AdminAdAccount>;

const AdminReason = lineText()
  .min(1, { error: AD_ADMIN_TEXTS.reasonRequired })
  .max(AD_ADMIN_LIMITS.reasonMax, { error: `Use at most ${AD_ADMIN_LIMITS.reasonMax} characters.` });

export const AdSuspension = z.strictObject({ reason: AdminReason });
export type AdSuspension = z.infer<typeof AdSuspension>;

export const AdCreditRequest = z.strictObject({
  amountMinor: z.int().min(1).max(AD_ADMIN_LIMITS.creditMaxMinor),
  reason: AdminReason,
});
export type AdCreditRequest = z.infer<typeof AdCreditRequest>;

export const AdCredit = z
  .object({
    transactionId: Uuid,
    adAccountId: Uuid,
    amountMinor: z.int(),
    currency: z.string(),
    /** The paying wallet's balance after the credit. */
    walletBalanceMinor: z.int(),
  })
  .meta({ id: "AdCredit" });
export type AdCredit = z.infer<typeof AdCredit>;

export const AdInvalidTrafficRow = z
  .object({ day: IsoDay, reason: z.enum(AD_INVALID_REASONS), impressions: z.int(), clicks: z.int() })
  .meta({ id: "AdInvalidTrafficRow" });
export type AdInvalidTrafficRow = z.infer<typeof AdInvalidTrafficRow>;

/** How an advertiser's site reports conversions (ADS.md amendments). */
export const AdConversionSettings = z
  .object({
    /** A conversion counts for a click at most this many days before it. */
    windowDays: z.int(),
    /** Signs server-to-server reports; null for an organisation's MEMBER. */
    secret: z.string().nullable(),
    /** The parameter the click adds to the ad's address: the click id to report. */
    clickParam: z.string(),
    endpoint: z.string(),
    /** The pixel's address, `{fs_click}` standing for the click id. */
    pixel: z.string(),
  })
  .meta({ id: "AdConversionSettings" });
export type AdConversionSettings = z.infer<typeof AdConversionSettings>;

export const UpdateAdConversionSettings = z.strictObject({
  windowDays: z
    .int()
    .min(AD_CONVERSION_LIMITS.windowMinDays)
    .max(AD_CONVERSION_LIMITS.windowMaxDays, { error: "Choose from 1 to 90 days." }),
});

/** A conversion reported by the advertiser's server, signed with the account's secret. */
export const AdConversionReport = z
  .strictObject({
    clickId: Uuid,
    /** When it happened, as signed (ISO 8601). */
    occurredAt: z.iso.datetime({ offset: true }),
    /** What it was worth, in micros of the account's currency. */
    valueMicros: z.int().min(0).max(1_000_000_000_000).optional(),
    /** Hex HMAC-SHA256 of `${clickId}.${occurredAt}.${valueMicros ?? ""}` with the account's secret. */
    signature: z.string().regex(/^[0-9a-fA-F]{64}$/),
  })
  .meta({ id: "AdConversionReport" });
export type AdConversionReport = z.infer<typeof AdConversionReport>;

// --- Media planning (ADS.md §1.7, §2.3 Planning; decision 042) ---

/** What a forecast replays: a campaign's pricing, budget, schedule and targeting. */
const ForecastFields = {
  pricingModel: z.enum(AD_PRICING_MODELS),
  bidMicros: Micros,
  budget: z.strictObject({ totalMicros: Micros, dailyMicros: Micros.nullable().default(null) }),
  schedule: z.strictObject({ startAt: IsoDate, endAt: IsoDate.nullable().default(null) }),
  filterIds: TargetIds.default([]),
  geoFences: CampaignFields.geoFences,
  audiences: CampaignFields.audiences,
  frequencyCap: AdFrequencyCap.nullable().default(null),
};
export const AdForecastInput = z.strictObject(ForecastFields);
export type AdForecastInput = z.output<typeof AdForecastInput>;
export const AdForecastRequest = z.strictObject({
  adAccountId: Uuid,
  /** The campaign being edited: left out of the rivals it would otherwise compete with. */
  campaignId: Uuid.optional(),
  ...ForecastFields,
});
export type AdForecastRequest = z.input<typeof AdForecastRequest>;

const Band = z.object({ low: z.int(), high: z.int() });
export const AdForecast = z
  .object({
    impressions: Band,
    reach: Band,
    clicks: Band,
    spendMicros: Band,
    /** What the targeting matches in the replayed days, before budgets and rivals. */
    availableImpressions: z.int(),
    daily: z.array(z.object({ date: IsoDay, impressions: z.int(), spendMicros: z.int() })),
    /** Five bids and what each would win (before budget limits): never less as the bid rises. */
    bidLandscape: z.array(z.object({ bidMicros: z.int(), impressions: z.int(), spendMicros: z.int() })),
    basedOnDays: z.int(),
    warnings: z.array(z.enum(AD_FORECAST_WARNINGS)),
  })
  .meta({ id: "AdForecast" });
export type AdForecast = z.infer<typeof AdForecast>;

export const CreateAdPlan = z.strictObject({ adAccountId: Uuid, name: AdName, input: AdForecastInput });
export type CreateAdPlan = z.input<typeof CreateAdPlan>;
export const AdPlan = z
  .object({
    id: Uuid,
    adAccountId: Uuid,
    name: z.string(),
    input: AdForecastInput,
    /** Recomputed on every read (ADS.md §2.3): today's traffic, not the day it was saved. */
    forecast: AdForecast,
    createdAt: IsoDate,
  })
  .meta({ id: "AdPlan" });
export type AdPlan = z.infer<typeof AdPlan>;

// --- Bidding autopilot (ADS.md §1.9, §2.3 Bidding autopilot; decision 043) ---

export const AdBidding = z
  .object({
    campaignId: Uuid,
    strategy: z.enum(AD_BID_STRATEGIES),
    bidMicros: z.int(),
    targetMicros: z.int().nullable(),
    bidCeilingMicros: z.int().nullable(),
    bidFloorMicros: z.int().nullable(),
    status: z.enum(AD_AUTOPILOT_STATUSES),
    /** Clicks (conversions for TARGET_CPA) still to come before the autopilot moves the bid. */
    learningEventsLeft: z.int(),
    lastChangeAt: IsoDate.nullable(),
    version: Version,
  })
  .meta({ id: "AdBidding" });
export type AdBidding = z.infer<typeof AdBidding>;

export const UpdateAdBidding = z.strictObject({
  strategy: z.enum(AD_BID_STRATEGIES),
  targetMicros: Micros.nullable().default(null),
  bidCeilingMicros: Micros.nullable().default(null),
  bidFloorMicros: Micros.nullable().default(null),
  version: Version,
});
export type UpdateAdBidding = z.input<typeof UpdateAdBidding>;

export const AdBidChange = z
  .object({
    id: Uuid,
    at: IsoDate,
    oldBidMicros: z.int(),
    newBidMicros: z.int(),
    /** What was measured and why the bid moved (or "You undid the change of …"). */
    reason: z.string(),
    window: z.object({ from: IsoDate, to: IsoDate }),
    clicks: z.int(),
    impressions: z.int(),
    conversions: z.int(),
    spendMicros: z.int(),
    /** When the advertiser undid it, or null. */
    undoneAt: IsoDate.nullable(),
  })
  .meta({ id: "AdBidChange" });
export type AdBidChange = z.infer<typeof AdBidChange>;
