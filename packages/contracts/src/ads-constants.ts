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
