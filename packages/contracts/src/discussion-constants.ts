import { PAGE_SIZE } from "./constants.ts";
import type { ReviewSentiment } from "./enums.ts";

/**
 * The discussion's limits, page sizes and messages, without zod: the browser imports these on
 * every page view, the schemas only when a form is checked (decision 013).
 */

export const BODY_MAX_LENGTH = 10_000;
export const TITLE_MAX_LENGTH = 200;
export const EXPERTISE_MAX_LENGTH = 200;
export const REASON_MAX_LENGTH = 1_000;
export const URL_INPUT_MAX_LENGTH = 4_000;
export const MAX_IMAGES_PER_CONTRIBUTION = 4;
export const MAX_VIDEOS_PER_CONTRIBUTION = 1;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;
export const IMAGE_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export const VIDEO_CONTENT_TYPES = ["video/mp4", "video/webm"] as const;
/** How long a reserved upload address stays usable. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
/** Page size of lists that the specification gives none for (site pages, notes, contributions). */
export const DEFAULT_LIST_SIZE = 20;
/** Custom tabs a person may have (docs/discussion.md#custom-tabs); here, as tab-plus shows it on every page view. */
export const MAX_CUSTOM_TABS = 10;
export const DISCUSSION_PAGE_SIZE = {
  comments: PAGE_SIZE.comments,
  reviews: PAGE_SIZE.reviews,
  relatedPages: PAGE_SIZE.relatedPages,
  sitePages: DEFAULT_LIST_SIZE,
  notes: DEFAULT_LIST_SIZE,
  contributions: DEFAULT_LIST_SIZE,
} as const;

export const DISCUSSION_MESSAGES = {
  bodyRequired: "Write something first",
  /** A comment is its words; pictures go with them (they carry no description of their own). */
  attachmentNeedsWords:
    "Add a few words to go with your attachment: they are what people who cannot see it read",
  bodyTooLong: `Keep it under ${BODY_MAX_LENGTH.toLocaleString("en")} characters`,
  titleRequired: "Give it a title",
  titleTooLong: `The title must be ${TITLE_MAX_LENGTH} characters or shorter`,
  expertiseRequired: "Expert reviews say what your expertise is",
  organizationRequired: "Choose the organisation that may read this note",
  organizationNotMember: "You can share a note only with an organisation you belong to",
  pageNotFound: "There is no such page.",
  /** A page moderators hid keeps its discussion so far, closed (decision 027). */
  pageHidden: "This page was hidden by moderators: it takes no new contributions.",
  linkedPageHidden: "That page was hidden by moderators; it cannot be linked.",
  commentNotFound: "There is no such comment.",
  parentDeleted: "That comment was deleted; it cannot be answered.",
  parentOtherPage: "That comment belongs to another page.",
  notAuthor: "Only the author can change this.",
  changedMeanwhile: "The page changed while you were writing. Try again.",
  selfVote: "You cannot vote on your own contribution.",
  alreadyLinked: "These pages are already linked.",
  sameLinked: "A page cannot be related to itself.",
  attachmentsInvalid: "Attach up to 4 images or 1 video that you uploaded.",
  uploadUsed: "This upload address was already used or has expired.",
  fileType: "The file must be a JPEG, PNG, WebP or GIF image",
  videoType: "The file must be an MP4 or WebM video",
  fileTooLarge: "The file is too large",
  fileMissing: "Send the file as the multipart field file",
} as const;

export const REVIEW_SENTIMENT_LABELS: Record<ReviewSentiment, string> = {
  NEGATIVE: "Negative",
  POSITIVE: "Positive",
  EXPERT: "Expert",
};

/** What a placeholder says of a contribution moderators hid ("This comment was hidden by moderators."). */
export const HIDDEN_PLACEHOLDER = "hidden by moderators";
/** Where a reply of someone the viewer blocked was (docs/blocks.md): the thread keeps its shape. */
export const BLOCKED_REPLY_PLACEHOLDER = "A reply from someone you blocked";

/** Long enough to tell pages of one site apart, short enough for two lines of a phone's heading. */
const SHORT_ADDRESS_MAX = 48;

/**
 * An address as a name: host, path and query, without the scheme, cut with an ellipsis. The full
 * address is shown once, as the link to the page (issue 19: it was the heading and the line below).
 */
export function shortAddress(displayUrl: string): string {
  const bare = displayUrl
    .replace(/^https?:\/\//i, "")
    .replace(/#.*$/, "")
    .replace(/\/$/, "");
  return bare.length <= SHORT_ADDRESS_MAX ? bare : `${bare.slice(0, SHORT_ADDRESS_MAX - 1)}…`;
}
