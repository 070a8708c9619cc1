import { HOME_TRENDING_SIZE } from "@flipside/contracts/discovery-constants";
import type {
  Comment,
  RelatedPage,
  Review,
  ReviewSummary,
  SitePage,
  SitePageView,
} from "@flipside/contracts/discussion";
import { TOPIC_LIMITS } from "@flipside/contracts/topic-constants";
import { type AppLoadContext, data } from "react-router";
import { serverApi } from "../../lib/api.server.ts";
import { type ApiClient, isApiError, type ListPage } from "../../lib/api.ts";
import type { SharedRef } from "../../lib/share-links.ts";
import { isUuid } from "../../lib/uuid.ts";
import { createDiscussionClient } from "./discussion-client.ts";
import type { FlipErrorData, HomeData, PageViewData, SharedContribution } from "./page-data.ts";

const EMPTY: ListPage<never> = { items: [], total: 0 };

/** docs/web-app.md#new-versions-and-failures: a list that fails to load is silent; the page shows it empty. */
function orEmpty<T>(list: Promise<ListPage<T>>): Promise<ListPage<T>> {
  return list.catch(() => EMPTY);
}

/**
 * The comment a share link points at (docs/sharing.md), with its thread's first comment when it
 * is a reply; nothing when it is not on this page, gone, or not for this viewer.
 */
async function sharedThread(
  discussion: ReturnType<typeof createDiscussionClient>,
  pageId: string,
  commentId: string,
): Promise<Comment[] | undefined> {
  const comment = await discussion.comment(commentId).catch(() => null);
  if (!comment || comment.sitePage_id !== pageId || comment.deleted) return undefined;
  if (comment.contributionType !== "REPLY" || !comment.parent_id) return [comment];
  const root = await discussion.comment(comment.parent_id).catch(() => null);
  return root?.contributionType === "COMMENT" ? [root, comment] : [comment];
}

/**
 * What a share link points at (docs/sharing.md), read as this viewer would see it on this page;
 * nothing when it is not on this page, gone, or not for this viewer.
 */
async function sharedContribution(
  client: ApiClient,
  discussion: ReturnType<typeof createDiscussionClient>,
  pageId: string,
  ref: SharedRef,
): Promise<SharedContribution | undefined> {
  const id = ref.id.toLowerCase();
  // One item of the page's list, as that list shows it to this viewer (this server-only code
  // keeps it out of the browser's discussion client).
  const one = async <T>(path: string) =>
    (
      await client.list<T>(path, {
        searchAnd: `sitePage_id==${pageId},id==${id}`,
        page: 0,
        size: 1,
      })
    ).items[0] ?? null;
  switch (ref.kind) {
    case "comment": {
      const thread = await sharedThread(discussion, pageId, id);
      return thread ? { kind: "comment", thread } : undefined;
    }
    case "review": {
      const review = await one<Review>("/v1/site-page-reviews").catch(() => null);
      return review ? { kind: "review", review } : undefined;
    }
    case "related": {
      const link = await one<RelatedPage>("/v1/site-page-related-pages").catch(() => null);
      return link ? { kind: "related", link } : undefined;
    }
  }
}

/**
 * Resolves the address (`back: true` first, so a known page costs no write), creating its page
 * when it is new, then loads the first page of every tab in parallel. The page is read once
 * more only for what the flip does not answer, a signed-in viewer's vote and notes, and only
 * when the page was not just created (nobody has voted on or noted a new page).
 */
export async function loadPageView(
  context: AppLoadContext,
  url: string,
  /** Whether a viewer is signed in; asked while the address is being resolved. */
  signedIn: Promise<boolean>,
  /** `?comment=`, `?review=` or `?related=`: what a share link points at, shown first. */
  shared?: SharedRef | null,
): Promise<PageViewData | FlipErrorData> {
  const client = serverApi(context);
  const discussion = createDiscussionClient(client);
  let flipped: SitePage;
  let created = false;
  try {
    flipped = await discussion.flip(url, true).catch((error: unknown) => {
      if (!isApiError(error) || error.status !== 404) throw error;
      created = true;
      return discussion.flip(url, false);
    });
  } catch (error) {
    // Our failure is not the visitor's: the error page, with the status the API answered.
    if (isApiError(error) && error.status >= 500) {
      throw data(error.problem.detail ?? "Something went wrong on our side. Please try again.", {
        status: error.status,
      });
    }
    // The API's own words ("{url} is not a valid domain", a rate limit…) when it gave any.
    const message =
      (isApiError(error) && error.status !== 0 && error.problem.detail) ||
      `${url.trim()} could not be opened. Try again in a moment.`;
    // A refusal keeps its status (429 for a rate limit); anything else is a bad address.
    const status = isApiError(error) && error.status >= 400 && error.status < 500 ? error.status : 400;
    return { kind: "flip-error", requestedUrl: url, message, status };
  }
  const id = flipped.id;
  const readView = !created && (await signedIn);
  const [view, comments, reviews, summary, related, sharedPart, topics] = await Promise.all([
    readView ? discussion.pageView(id).catch(() => null) : null,
    orEmpty(discussion.comments(id)),
    orEmpty(discussion.reviews(id)),
    discussion.reviewSummary(id).catch(() => null),
    orEmpty(discussion.related(id)),
    shared && isUuid(shared.id) ? sharedContribution(client, discussion, id, shared) : undefined,
    discussion.siteTopics(flipped.site.id, TOPIC_LIMITS.shownOnPage).catch(() => []),
  ]);
  const reviewSummary: ReviewSummary = summary ?? {
    sitePage_id: id,
    total: 0,
    counts: { POSITIVE: 0, NEGATIVE: 0, EXPERT: 0 },
  };
  // Without a view of the viewer's own (anonymous, a new page, or a page merged away in between),
  // the flip's answer holds, with no vote and no notes.
  const page: SitePageView = view ?? { ...flipped, myVote: 0, notes: [] };
  return {
    kind: "page",
    loadedAt: Date.now(),
    requestedUrl: url,
    page,
    comments,
    reviews,
    reviewSummary,
    related,
    topics,
    ...(sharedPart ? { shared: sharedPart } : {}),
  };
}

/** Recently flipped and most discussed pages; an empty home is honest, so failures give empty lists. */
export async function loadHome(context: AppLoadContext): Promise<HomeData> {
  const discussion = createDiscussionClient(serverApi(context));
  const [trending, recent, mostDiscussed] = await Promise.all([
    orEmpty(discussion.rankedPages({ sort: "trending", size: HOME_TRENDING_SIZE })),
    orEmpty(discussion.recentPages()),
    orEmpty(discussion.mostDiscussedPages()),
  ]);
  return { kind: "home", trending: trending.items, recent: recent.items, mostDiscussed: mostDiscussed.items };
}
