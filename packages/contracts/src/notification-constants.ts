/** Notifications (docs/notifications.md); no zod here: the web app imports these. */
export const NOTIFICATION_KINDS = [
  "REPLY",
  "MENTION",
  "VOTES",
  "FOLLOWED_ACTIVITY",
  "SITE_REVIEW",
  "OFFICIAL_RESPONSE",
  "REPORT_OUTCOME",
  "INVITATION",
  "VERIFICATION",
  "ADS",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const MAIL_CHOICES = ["NOW", "DIGEST", "NEVER"] as const;
export type MailChoice = (typeof MAIL_CHOICES)[number];

/** Each kind's name in the preferences, and its mail until the person chooses. */
export const NOTIFICATION_KIND_INFO: Record<NotificationKind, { label: string; mail: MailChoice }> = {
  REPLY: { label: "Replies to what you wrote", mail: "NOW" },
  MENTION: { label: "Mentions of you", mail: "NOW" },
  VOTES: { label: "Votes on what you wrote", mail: "NEVER" },
  FOLLOWED_ACTIVITY: { label: "New discussion on what you follow", mail: "DIGEST" },
  SITE_REVIEW: { label: "Reviews of your verified sites", mail: "NOW" },
  OFFICIAL_RESPONSE: { label: "Official responses to your reviews", mail: "NOW" },
  REPORT_OUTCOME: { label: "What moderators decided on your reports", mail: "NOW" },
  INVITATION: { label: "Invitations to organisations", mail: "NEVER" },
  VERIFICATION: { label: "Verification of your websites", mail: "NOW" },
  ADS: { label: "Your advertising: reviews, budgets, wallet and account", mail: "NOW" },
};

export const MAIL_CHOICE_LABELS: Record<MailChoice, string> = {
  NOW: "At once",
  DIGEST: "Daily digest",
  NEVER: "Never",
};

/** Most notifications a list page holds. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export const NOTIFICATION_MESSAGES = {
  title: "Notifications",
  empty: "Nothing yet. When someone replies to you, mentions you or votes on what you wrote, it shows here.",
  markAllRead: "Mark all as read",
  allRead: "All caught up.",
  preferencesSaved: "Mail preferences saved.",
  unknown: "There is no such notification.",
} as const;
