/** Topics (docs/topics.md): numbers and words, without zod (the web app's page view imports them). */
export const TOPIC_LIMITS = {
  /** SPEC.md §9: the topics list's page size. */
  pageSize: 100,
  /** Topics one person may suggest for one site. */
  perPersonPerSite: 5,
  /** Topics a page view shows (the site's most suggested). */
  shownOnPage: 3,
} as const;

export const TOPIC_MESSAGES = {
  unknownTopic: "There is no such topic.",
  unknownSite: "There is no such site.",
  tooMany: `You can suggest at most ${TOPIC_LIMITS.perPersonPerSite} topics for a site. Withdraw one first.`,
} as const;
