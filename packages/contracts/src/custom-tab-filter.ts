import { MAX_CUSTOM_TABS } from "./discussion-constants.ts";
import type { ReviewSentiment } from "./enums.ts";

export { MAX_CUSTOM_TABS };

/**
 * Custom tabs (PRODUCT.md §8): a named, saved filter over a page's contributions. The filter is
 * data, compiled here into the `searchAnd` and `sort` of `GET /v1/contributions`, so the API's
 * allow-list checks it like any other list query. Without zod: the page view imports this on
 * every load (decision 013).
 */

export const CUSTOM_TAB_NAME_MAX_LENGTH = 40;
export const CUSTOM_TAB_MIN_SCORE_LIMIT = 10_000;

/** COMMENT covers replies too: on a page both are "comments". */
export const CUSTOM_TAB_KINDS = ["COMMENT", "REVIEW", "RELATED_PAGE"] as const;
export type CustomTabKind = (typeof CUSTOM_TAB_KINDS)[number];
/** "organization": the members of `organizationId`, an organisation the tab's owner belongs to. */
export const CUSTOM_TAB_AUTHORS = ["anyone", "me", "organization"] as const;
export const CUSTOM_TAB_ATTACHMENTS = ["any", "with", "without"] as const;
export const CUSTOM_TAB_SORTS = ["newest", "top"] as const;

export interface CustomTabFilter {
  /** At least one. */
  kinds: CustomTabKind[];
  /** Which reviews, when reviews are among the kinds; empty means every sentiment. */
  sentiments: ReviewSentiment[];
  author: (typeof CUSTOM_TAB_AUTHORS)[number];
  /** With author "organization" only (tabs saved before organisations have none). */
  organizationId?: string | null;
  /** Only contributions with at least this score (up votes minus down votes); null: any. */
  minScore: number | null;
  attachments: (typeof CUSTOM_TAB_ATTACHMENTS)[number];
  sort: (typeof CUSTOM_TAB_SORTS)[number];
}

export const CUSTOM_TAB_KIND_LABELS: Record<CustomTabKind, string> = {
  COMMENT: "Comments",
  REVIEW: "Reviews",
  RELATED_PAGE: "Related pages",
};

export const CUSTOM_TAB_MESSAGES = {
  nameRequired: "Give the tab a name",
  nameTooLong: `Keep the name under ${CUSTOM_TAB_NAME_MAX_LENGTH + 1} characters`,
  nameTaken: "You already have a tab with this name",
  kindsRequired: "Choose at least one kind of contribution",
  sentimentsNeedReviews: "Sentiments apply to reviews: include reviews or clear the sentiments",
  tooMany: `You have ${MAX_CUSTOM_TABS} tabs, the most there can be: delete one first`,
  minScore: `The minimum score is a whole number from -${CUSTOM_TAB_MIN_SCORE_LIMIT.toLocaleString("en")} to ${CUSTOM_TAB_MIN_SCORE_LIMIT.toLocaleString("en")}`,
  orderMismatch: "List each of your tabs exactly once",
  notFound: "There is no such tab.",
  organizationRequired: "Choose the organisation whose members' contributions the tab shows",
  organizationOnlyWithMembers: "An organisation is chosen only for a tab of its members' contributions",
} as const;

export const DEFAULT_CUSTOM_TAB_FILTER: CustomTabFilter = {
  kinds: ["COMMENT", "REVIEW", "RELATED_PAGE"],
  sentiments: [],
  author: "anyone",
  organizationId: null,
  minScore: null,
  attachments: "any",
  sort: "newest",
};

const ALL_SENTIMENTS: readonly ReviewSentiment[] = ["POSITIVE", "NEGATIVE", "EXPERT"];

/**
 * The conditions of a tab on one page. The API's filter has AND only, so a set of kinds or
 * sentiments is said by leaving the others out; `sentiment!=X` keeps what is not a review.
 */
export function customTabSearchAnd(
  filter: CustomTabFilter,
  on: { sitePageId: string; viewerId: string },
): string {
  const clauses = [`sitePage_id==${on.sitePageId}`];
  for (const kind of CUSTOM_TAB_KINDS) {
    if (filter.kinds.includes(kind)) continue;
    clauses.push(`contributionType!=${kind}`);
    if (kind === "COMMENT") clauses.push("contributionType!=REPLY");
  }
  if (filter.kinds.includes("REVIEW") && filter.sentiments.length > 0) {
    for (const sentiment of ALL_SENTIMENTS) {
      if (!filter.sentiments.includes(sentiment)) clauses.push(`sentiment!=${sentiment}`);
    }
  }
  if (filter.author === "me") clauses.push(`authorId==${on.viewerId}`);
  // The API answers 404 unless the viewer belongs to the organisation (its members are its own).
  if (filter.author === "organization" && filter.organizationId) {
    clauses.push(`authorOrganization==${filter.organizationId}`);
  }
  if (filter.minScore !== null) clauses.push(`score>=${filter.minScore}`);
  if (filter.attachments === "with") clauses.push("attachmentCount>0");
  if (filter.attachments === "without") clauses.push("attachmentCount==0");
  return clauses.join(",");
}

export function customTabSort(filter: CustomTabFilter): string[] {
  return filter.sort === "top" ? ["top,desc", "createdDate,desc"] : ["createdDate,desc"];
}

/**
 * "Reviews · positive, expert · score ≥ 2", for the list of tabs. `organizationName` is the name
 * of the tab's organisation, when its owner still belongs to it.
 */
export function describeCustomTab(filter: CustomTabFilter, organizationName?: string | null): string {
  const parts: string[] = [];
  parts.push(
    filter.kinds.length === CUSTOM_TAB_KINDS.length
      ? "Everything"
      : filter.kinds.map((k) => CUSTOM_TAB_KIND_LABELS[k]).join(", "),
  );
  if (filter.kinds.includes("REVIEW") && filter.sentiments.length > 0) {
    parts.push(`${filter.sentiments.map((s) => s.toLowerCase()).join(", ")} reviews`);
  }
  if (filter.author === "me") parts.push("by me");
  if (filter.author === "organization") {
    parts.push(
      organizationName ? `by members of ${organizationName}` : "by members of an organisation you have left",
    );
  }
  if (filter.minScore !== null) parts.push(`score ≥ ${filter.minScore}`);
  if (filter.attachments === "with") parts.push("with attachments");
  if (filter.attachments === "without") parts.push("without attachments");
  parts.push(filter.sort === "top" ? "top first" : "newest first");
  return parts.join(" · ");
}
