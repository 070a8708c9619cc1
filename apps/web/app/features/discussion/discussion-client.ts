import { DEFAULT_SORT } from "@flipside/contracts/constants";
import {
  type AttachmentUploadAddress,
  type Comment,
  type CreateComment,
  type CreateNote,
  type CreateRelatedPage,
  type CreateReview,
  DISCUSSION_PAGE_SIZE,
  type Note,
  type RelatedPage,
  type Review,
  type ReviewSummary,
  type SitePage,
  type SitePageView,
  type UpdateComment,
  type UpdateNote,
  type VoteResult,
  type VoteValue,
} from "@flipside/contracts/discussion";
import { type ApiClient, api, type Query, totalCount } from "../../lib/api.ts";

/** One page of a list answer: the items and `X-Total-Count`. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

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

/** The discussion API as the browser calls it (the session cookie goes along). */
export function createDiscussionClient(client: ApiClient = api) {
  async function list<T>(path: string, query: Query): Promise<ListPage<T>> {
    const response = await client.request<T[]>(path, { query });
    return { items: response.data, total: totalCount(response.headers) };
  }

  return {
    flip: (url: string, back = false) => client.post<SitePage>("/v1/site-pages/flip", { url, back }),
    searchPages: (text: string, page = 0) =>
      list<SitePageView>("/v1/site-pages", listQueries.search(text, page)),
    pageView: async (sitePageId: string) =>
      (await list<SitePageView>("/v1/site-pages", listQueries.pageById(sitePageId))).items[0] ?? null,

    comments: (sitePageId: string, page: number, sort: CommentSort) =>
      list<Comment>("/v1/site-page-comments", listQueries.comments(sitePageId, page, sort)),
    replies: (threadId: string, page: number) =>
      list<Comment>("/v1/site-page-comments", listQueries.replies(threadId, page)),
    createComment: (body: CreateComment) => client.post<Comment>("/v1/site-page-comments", body),
    updateComment: (id: string, body: UpdateComment) =>
      client.put<Comment>(`/v1/site-page-comments/${id}`, body),
    deleteComment: (id: string) => client.delete<void>(`/v1/site-page-comments/${id}`),

    vote: (contributionId: string, vote: VoteValue, kind: "CONTRIBUTION" | "SITE_PAGE" = "CONTRIBUTION") =>
      client.post<VoteResult>("/v1/contribution-votes", { contributionId, vote, kind }),

    reviews: (sitePageId: string, page: number) =>
      list<Review>("/v1/site-page-reviews", listQueries.reviews(sitePageId, page)),
    myReview: async (sitePageId: string, profileId: string) =>
      (await list<Review>("/v1/site-page-reviews", listQueries.myReview(sitePageId, profileId))).items[0] ??
      null,
    reviewSummary: (sitePageId: string) =>
      client.get<ReviewSummary>("/v1/site-page-reviews/summary", { query: { sitePage_id: sitePageId } }),
    upsertReview: (body: CreateReview) => client.post<Review>("/v1/site-page-reviews", body),

    related: (sitePageId: string, page: number) =>
      list<RelatedPage>("/v1/site-page-related-pages", listQueries.related(sitePageId, page)),
    createRelated: (body: CreateRelatedPage) => client.post<RelatedPage>("/v1/site-page-related-pages", body),

    myNotes: (page: number) => list<Note>("/v1/notes", listQueries.myNotes(page)),
    createNote: (body: CreateNote) => client.post<Note>("/v1/notes", body),
    updateNote: (id: string, body: UpdateNote) => client.put<Note>(`/v1/notes/${id}`, body),
    deleteNote: (id: string) => client.delete<void>(`/v1/notes/${id}`),

    reserveAttachment: (
      type: "IMAGE" | "VIDEO",
      file: { name: string; size: number; type: string },
      url?: string,
    ) =>
      client.post<AttachmentUploadAddress>(
        type === "IMAGE" ? "/v1/image-attachment-urls" : "/v1/video-attachment-urls",
        {
          type,
          url,
          fileName: file.name.slice(0, 255),
          size: file.size,
          contentType: file.type || undefined,
        },
      ),
  };
}

export type DiscussionClient = ReturnType<typeof createDiscussionClient>;
export const discussionApi = createDiscussionClient();
