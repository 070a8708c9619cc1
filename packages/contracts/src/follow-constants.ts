/** What can be followed (docs/follows.md); no zod here: the web app imports these. */
export const FOLLOW_KINDS = ["PAGE", "SITE", "PERSON"] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

/** How many pages, sites and people one person may follow. */
export const MAX_FOLLOWS = 1000;

/** Words of the follow feature, shared by the API's errors and the web app's copy. */
export const FOLLOW_MESSAGES = {
  self: "You cannot follow yourself.",
  tooMany: "You follow 1,000 pages, sites and people already. Unfollow some first.",
  unknownPage: "There is no such page.",
  unknownSite: "There is no such site.",
  unknownPerson: "There is no such person.",
  follow: "Follow",
  following: "Following",
  followedPage: "Following this page. Its new comments, reviews and related pages show in your feed.",
  followedSite: "Following this site. New discussion on any of its pages shows in your feed.",
  followedPerson: "Following. What they write shows in your feed.",
  unfollowed: "Unfollowed.",
  feedTitle: "Following",
  feedEmpty:
    "Nothing new from what you follow yet. Follow a page, a site or a person to see their new discussion here.",
  feedSignedOut: "Sign in to follow pages, sites and people.",
} as const;
