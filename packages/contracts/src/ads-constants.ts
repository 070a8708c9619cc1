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
