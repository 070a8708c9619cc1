/**
 * Reports and moderation (docs/moderation.md), zod-free: the report dialog and the moderation
 * queue read these in the browser.
 */
export const REPORT_REASONS = [
  "SPAM",
  "HARASSMENT",
  "HATE",
  "VIOLENCE",
  "CHILD_SAFETY",
  "MISINFORMATION",
  "ILLEGAL",
  "PRIVACY",
  "OTHER",
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  SPAM: "Spam or advertising",
  HARASSMENT: "Harassment or bullying",
  HATE: "Hate",
  VIOLENCE: "Violence or threats",
  CHILD_SAFETY: "Sexual content involving minors",
  MISINFORMATION: "Misinformation",
  ILLEGAL: "Something illegal",
  PRIVACY: "Someone's private information",
  OTHER: "Something else",
};

export const REPORT_TEXT_MAX = 1_000;

export const REPORT_TARGET_KINDS = [
  "SITE_PAGE",
  "COMMENT",
  "REVIEW",
  "RELATED_PAGE",
  "NOTE",
  "ACCOUNT",
] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];

/** "a comment", "a person": what a report or its outcome is about, in words. */
export const REPORT_TARGET_WORDS: Record<ReportTargetKind, string> = {
  SITE_PAGE: "a page",
  COMMENT: "a comment",
  REVIEW: "a review",
  RELATED_PAGE: "a related page",
  NOTE: "a note",
  ACCOUNT: "a person",
};

export const MODERATION_ACTIONS = ["DISMISS", "HIDE", "RESTORE", "SUSPEND", "UNSUSPEND"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** How long a suspension lasts, in days; null: for good. */
export const SUSPENSION_CHOICES: readonly { days: number | null; label: string }[] = [
  { days: 1, label: "1 day" },
  { days: 7, label: "7 days" },
  { days: 30, label: "30 days" },
  { days: null, label: "For good" },
];

/** A suspension without end is stored as this date. */
export const SUSPENDED_FOR_GOOD_ISO = "9999-12-31T00:00:00.000Z";

export function suspensionMessage(untilIso: string): string {
  if (untilIso >= SUSPENDED_FOR_GOOD_ISO) return "This account is suspended.";
  const until = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(untilIso),
  );
  return `This account is suspended until ${until}.`;
}

export const MODERATION_MESSAGES = {
  ownContent: "You cannot report what you wrote yourself.",
  yourself: "You cannot report yourself.",
  noTarget: "There is nothing to report at this address.",
  changed: "It changed since you opened it: read it again, then decide.",
  cannotHide:
    "Only a contribution or a note can be hidden; dismiss the reports or suspend the person instead.",
  notSuspended: "This person is not suspended.",
  notHidden: "This is not hidden.",
  noSubject: "Nobody is behind this to suspend.",
  selfAction: "You cannot moderate yourself.",
} as const;
