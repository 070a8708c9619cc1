import type {
  Comment,
  RelatedPage,
  Review,
  ReviewSummary,
  SitePageView,
} from "@flipside/contracts/discussion";
import type { SiteTopic } from "@flipside/contracts/topics";
import type { ListPage } from "./discussion-client.ts";
import type { PageTab } from "./discussion-state.tsx";

/** What the page view needs for its first paint, all of it in the server's HTML. */
export interface PageViewData {
  kind: "page";
  /**
   * When the loader ran: part of every cache key of the page view, so a loader run (a sign-in,
   * the same address asked again) starts its lists from this data (decision 009).
   */
  loadedAt: number;
  /** The address as asked for (`?url=`), for the search box. */
  requestedUrl: string;
  page: SitePageView;
  comments: ListPage<Comment>;
  reviews: ListPage<Review>;
  reviewSummary: ReviewSummary;
  related: ListPage<RelatedPage>;
  /** The site's most suggested topics (docs/topics.md), at most three. */
  topics: SiteTopic[];
  /** What a share link points at, shown first on its tab and highlighted (docs/sharing.md). */
  shared?: SharedContribution;
}

/**
 * A shared comment (`?comment=`) comes after its thread's first comment when it is a reply; a
 * review (`?review=`) or a related page (`?related=`) comes as its list shows it.
 */
export type SharedContribution =
  | { kind: "comment"; thread: Comment[] }
  | { kind: "review"; review: Review }
  | { kind: "related"; link: RelatedPage };

/** A lookup the API refused (docs/web-app.md#guards-and-redirects): the page shows the message and goes home. */
export interface FlipErrorData {
  kind: "flip-error";
  requestedUrl: string;
  message: string;
  /** The page's status: the API's 4xx (429 for a rate limit), else 400. */
  status: number;
}

/** The home page without an address: real pages only, or nothing. */
export interface HomeData {
  kind: "home";
  /** The first pages of trending (docs/discovery.md). */
  trending: SitePageView[];
  recent: SitePageView[];
  mostDiscussed: SitePageView[];
}

/** The tab a page view opens on: the one holding what a share link points at, else the first. */
export function sharedTab(data: { shared?: SharedContribution | undefined }): PageTab {
  switch (data.shared?.kind) {
    case "review":
      return "reviews";
    case "related":
      return "related-page";
    default:
      return "comments";
  }
}
