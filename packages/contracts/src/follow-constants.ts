/** What can be followed (docs/follows.md); no zod here: the web app imports these. */
export const FOLLOW_KINDS = ["PAGE", "SITE", "PERSON"] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

/** How many pages, sites and people one person may follow. */
export const MAX_FOLLOWS = 1000;

/** Why a follow is refused (the API's problem details). */
export const FOLLOW_MESSAGES = {
  self: "You cannot follow yourself.",
  tooMany: "You follow 1,000 pages, sites and people already. Unfollow some first.",
  unknownPage: "There is no such page.",
  unknownSite: "There is no such site.",
  unknownPerson: "There is no such person.",
} as const;

/** The follow button's words (kept apart: the page view carries them, not the errors). */
export const FOLLOW_LABELS = {
  follow: "Follow",
  following: "Following",
  PAGE: "Following. New discussion of this page shows on your front page.",
  SITE: "Following. New discussion of any page of this site shows on your front page.",
  PERSON: "Following. What they write shows on your front page.",
  unfollowed: "Unfollowed.",
} as const;
