import { DEFAULT_SORT } from "@flipside/contracts/constants";
import {
  AttachmentUploadAddress,
  Comment,
  type CreateComment,
  type CreateNote,
  type CreateRelatedPage,
  type CreateReview,
  DISCUSSION_PAGE_SIZE,
  MyPageState,
  Note,
  RelatedPage,
  Review,
  ReviewSummary,
  SitePage,
  SitePageView,
  type UpdateComment,
  type UpdateNote,
  VoteResult,
  type VoteValue,
} from "@flipside/contracts/discussion";
import { type ApiClient, api, NoContent, type Query } from "../../lib/api.ts";

export type { ListPage } from "../../lib/api.ts";

/** The comment orders of the sort menu (docs/discussion.md#comments-and-replies); official responses stay first in each. */
export const COMMENT_SORTS = {
  newest: { label: "Newest", sort: [...DEFAULT_SORT] },
  oldest: { label: "Oldest", sort: ["createdDate,asc"] },
  top: { label: "Top", sort: ["top,desc"] },
} as const;
export type CommentSort = keyof typeof COMMENT_SORTS;

/**
 * `searchAnd` values are comma-separated conditions; a comma inside a value is escaped `\,`
 * (docs/discussion.md#lists), so free text typed by a visitor cannot add a condition of its own.
 */
export function escapeFilterValue(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/,/g, "\\,");
}

/** The queries of every list of the page view, shared by the server render and the browser. */
export const listQueries = {
  comments: (sitePageId: string, page = 0, sort: CommentSort = "newest"): Query => ({
    searchAnd: `sitePage_id==${sitePageId},COMMENT`,
    page,
    size: DISCUSSION_PAGE_SIZE.comments,
    sort: COMMENT_SORTS[sort].sort,
  }),
  replies: (threadId: string, page = 0): Query => ({
    searchAnd: `parent_id==${threadId}`,
    page,
    size: DISCUSSION_PAGE_SIZE.comments,
    sort: ["createdDate,asc"],
  }),
  reviews: (sitePageId: string, page = 0): Query => ({
    searchAnd: `sitePage_id==${sitePageId}`,
    page,
    size: DISCUSSION_PAGE_SIZE.reviews,
    sort: [...DEFAULT_SORT],
  }),
  myReview: (sitePageId: string, profileId: string): Query => ({
    searchAnd: `sitePage_id==${sitePageId},authorId==${profileId}`,
    page: 0,
    size: 1,
  }),
  related: (sitePageId: string, page = 0): Query => ({
    searchAnd: `sitePage_id==${sitePageId}`,
    page,
    size: DISCUSSION_PAGE_SIZE.relatedPages,
  }),
  pageById: (sitePageId: string): Query => ({ searchAnd: `id==${sitePageId}`, page: 0, size: 1 }),
  /** The search box: pages whose address or title contains the text (docs/discussion.md#lists). */
  search: (text: string, page = 0, size = 10): Query => ({
    searchAnd: `text||${escapeFilterValue(text.trim())}`,
    page,
    size,
  }),
  recent: (size = 6): Query => ({ page: 0, size, sort: ["createdDate,desc"] }),
  mostDiscussed: (size = 6): Query => ({
    searchAnd: "commentCount>0",
    page: 0,
    size,
    sort: ["commentCount,desc", "createdDate,desc"],
  }),
  myNotes: (page = 0): Query => ({ page, size: DISCUSSION_PAGE_SIZE.notes }),
};

/**
 * The discussion API: in the browser (the session cookie goes along) and, with `serverApi`, in
 * server loaders. Every answer is checked against its contract schema.
 */
export function createDiscussionClient(client: ApiClient = api) {
  return {
    flip: (url: string, back = false) => client.post("/v1/site-pages/flip", { url, back }, SitePage),
    searchPages: (text: string, page = 0, size?: number) =>
      client.list("/v1/site-pages", SitePageView, listQueries.search(text, page, size)),
    recentPages: () => client.list("/v1/site-pages", SitePageView, listQueries.recent()),
    mostDiscussedPages: () => client.list("/v1/site-pages", SitePageView, listQueries.mostDiscussed()),
    pageView: async (sitePageId: string) =>
      (await client.list("/v1/site-pages", SitePageView, listQueries.pageById(sitePageId))).items[0] ?? null,

    /** The viewer's own vote, notes and votes on a page (for a page view rendered for everyone). */
    mine: (sitePageId: string) => client.get(`/v1/site-pages/${sitePageId}/mine`, MyPageState),
    comments: (sitePageId: string, page = 0, sort: CommentSort = "newest") =>
      client.list("/v1/site-page-comments", Comment, listQueries.comments(sitePageId, page, sort)),
    replies: (threadId: string, page: number) =>
      client.list("/v1/site-page-comments", Comment, listQueries.replies(threadId, page)),
    createComment: (body: CreateComment) => client.post("/v1/site-page-comments", body, Comment),
    updateComment: (id: string, body: UpdateComment) =>
      client.put(`/v1/site-page-comments/${id}`, body, Comment),
    deleteComment: (id: string) => client.delete(`/v1/site-page-comments/${id}`, NoContent),

    vote: (contributionId: string, vote: VoteValue, kind: "CONTRIBUTION" | "SITE_PAGE" = "CONTRIBUTION") =>
      client.post("/v1/contribution-votes", { contributionId, vote, kind }, VoteResult),

    reviews: (sitePageId: string, page = 0) =>
      client.list("/v1/site-page-reviews", Review, listQueries.reviews(sitePageId, page)),
    myReview: async (sitePageId: string, profileId: string) =>
      (await client.list("/v1/site-page-reviews", Review, listQueries.myReview(sitePageId, profileId)))
        .items[0] ?? null,
    reviewSummary: (sitePageId: string) =>
      client.get("/v1/site-page-reviews/summary", ReviewSummary, { query: { sitePage_id: sitePageId } }),
    upsertReview: (body: CreateReview) => client.post("/v1/site-page-reviews", body, Review),

    related: (sitePageId: string, page = 0) =>
      client.list("/v1/site-page-related-pages", RelatedPage, listQueries.related(sitePageId, page)),
    createRelated: (body: CreateRelatedPage) => client.post("/v1/site-page-related-pages", body, RelatedPage),

    myNotes: (page: number) => client.list("/v1/notes", Note, listQueries.myNotes(page)),
    createNote: (body: CreateNote) => client.post("/v1/notes", body, Note),
    updateNote: (id: string, body: UpdateNote) => client.put(`/v1/notes/${id}`, body, Note),
    deleteNote: (id: string) => client.delete(`/v1/notes/${id}`, NoContent),

    reserveAttachment: (
      type: "IMAGE" | "VIDEO",
      file: { name: string; size: number; type: string },
      url?: string,
    ) =>
      client.post(
        type === "IMAGE" ? "/v1/image-attachment-urls" : "/v1/video-attachment-urls",
        {
          type,
          url,
          fileName: file.name.slice(0, 255),
          size: file.size,
          contentType: file.type || undefined,
        },
        AttachmentUploadAddress,
      ),
  };
}

export type DiscussionClient = ReturnType<typeof createDiscussionClient>;
export const discussionApi = createDiscussionClient();
