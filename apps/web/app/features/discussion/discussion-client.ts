import { DEFAULT_SORT } from "@flipside/contracts/constants";
import {
  DEFAULT_POPULAR_WINDOW,
  type PopularWindow,
  RANKED_PAGE_SIZE,
  type RankedSort,
} from "@flipside/contracts/discovery-constants";
import type {
  AttachmentUploadAddress,
  Comment,
  CreateComment,
  CreateNote,
  CreateRelatedPage,
  CreateReview,
  MyPageState,
  Note,
  ProfileRef,
  RelatedPage,
  Review,
  ReviewSummary,
  SitePage,
  SitePageView,
  UpdateComment,
  UpdateNote,
  VoteResult,
  VoteValue,
} from "@flipside/contracts/discussion";
import { DISCUSSION_PAGE_SIZE } from "@flipside/contracts/discussion-constants";
import type { PageSearchResult, PageSuggestion } from "@flipside/contracts/search";
import { SEARCH_PAGE_SIZE } from "@flipside/contracts/search-constants";
import type { SiteTopic } from "@flipside/contracts/topics";
import { type ApiClient, api, type Query } from "../../lib/api.ts";
import { escapeFilterValue } from "../../lib/search-and.ts";

export type { ListPage } from "../../lib/api.ts";

/** The comment orders of the sort menu (docs/discussion.md#comments-and-replies); official responses stay first in each. */
export const COMMENT_SORTS = {
  newest: { label: "Newest", sort: [...DEFAULT_SORT] },
  oldest: { label: "Oldest", sort: ["createdDate,asc"] },
  top: { label: "Top", sort: ["top,desc"] },
} as const;
export type CommentSort = keyof typeof COMMENT_SORTS;

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
  recent: (size = 6): Query => ({ page: 0, size, sort: ["createdDate,desc"] }),
  mostDiscussed: (size = 6): Query => ({
    searchAnd: "commentCount>0",
    page: 0,
    size,
    sort: ["commentCount,desc", "createdDate,desc"],
  }),
  myNotes: (page = 0): Query => ({ page, size: DISCUSSION_PAGE_SIZE.notes }),
  /**
   * A ranking (docs/discovery.md): trending, or popular in a window; narrowed to one site
   * (its registrable domain) or one topic.
   */
  ranked: (r: RankedQuery): Query => {
    const filter = [
      r.site ? `domain==${escapeFilterValue(r.site)}` : null,
      r.topic ? `topic==${escapeFilterValue(r.topic)}` : null,
    ].filter((c) => c !== null);
    return {
      sort: [r.sort],
      page: r.page ?? 0,
      size: r.size ?? RANKED_PAGE_SIZE,
      ...(r.sort === "popular" ? { window: r.window ?? DEFAULT_POPULAR_WINDOW } : {}),
      ...(filter.length > 0 ? { searchAnd: filter.join(",") } : {}),
    };
  },
};

export interface RankedQuery {
  sort: RankedSort;
  window?: PopularWindow;
  site?: string | null;
  topic?: string | null;
  /** 0-based. */
  page?: number;
  size?: number;
}

/**
 * The discussion API: in the browser (the session cookie goes along) and, with `serverApi`, in
 * server loaders. Answers are typed by the contracts (decision 013).
 */
export function createDiscussionClient(client: ApiClient = api) {
  return {
    flip: (url: string, back = false) => client.post<SitePage>("/v1/site-pages/flip", { url, back }),
    /** Pages matching words, with their highlights (docs/search.md); `page` is 0-based. */
    searchPages: (q: string, page = 0) =>
      client.list<PageSearchResult>("/v1/page-search", { q, page, size: SEARCH_PAGE_SIZE }),
    /** What the search box suggests while typing (cancelled by `signal` when more is typed). */
    suggestPages: (q: string, signal?: AbortSignal) =>
      client.get<PageSuggestion[]>("/v1/page-search/suggestions", {
        query: { q },
        ...(signal ? { signal } : {}),
      }),
    /** The people the "@" picker offers (docs/notifications.md#mentions). */
    mentionSuggestions: (q: string, pageId: string | null, signal?: AbortSignal) =>
      client.get<ProfileRef[]>("/v1/mention-suggestions", {
        query: { q, ...(pageId ? { pageId } : {}) },
        ...(signal ? { signal } : {}),
      }),
    recentPages: () => client.list<SitePageView>("/v1/site-pages", listQueries.recent()),
    mostDiscussedPages: () => client.list<SitePageView>("/v1/site-pages", listQueries.mostDiscussed()),
    rankedPages: (r: RankedQuery) => client.list<SitePageView>("/v1/site-pages", listQueries.ranked(r)),
    pageView: async (sitePageId: string) =>
      (await client.list<SitePageView>("/v1/site-pages", listQueries.pageById(sitePageId))).items[0] ?? null,

    /** The viewer's own vote, notes and votes on a page (for a page view rendered for everyone). */
    mine: (sitePageId: string) => client.get<MyPageState>(`/v1/site-pages/${sitePageId}/mine`),
    comments: (sitePageId: string, page = 0, sort: CommentSort = "newest") =>
      client.list<Comment>("/v1/site-page-comments", listQueries.comments(sitePageId, page, sort)),
    /** A site's topics, most suggested first. */
    siteTopics: (siteId: string, size?: number) =>
      client.get<SiteTopic[]>("/v1/site-topics", { query: size ? { siteId, size } : { siteId } }),
    comment: (id: string) => client.get<Comment>(`/v1/site-page-comments/${encodeURIComponent(id)}`),
    replies: (threadId: string, page: number) =>
      client.list<Comment>("/v1/site-page-comments", listQueries.replies(threadId, page)),
    createComment: (body: CreateComment) => client.post<Comment>("/v1/site-page-comments", body),
    updateComment: (id: string, body: UpdateComment) =>
      client.put<Comment>(`/v1/site-page-comments/${id}`, body),
    deleteComment: (id: string) => client.delete(`/v1/site-page-comments/${id}`),

    vote: (contributionId: string, vote: VoteValue, kind: "CONTRIBUTION" | "SITE_PAGE" = "CONTRIBUTION") =>
      client.post<VoteResult>("/v1/contribution-votes", { contributionId, vote, kind }),

    reviews: (sitePageId: string, page = 0) =>
      client.list<Review>("/v1/site-page-reviews", listQueries.reviews(sitePageId, page)),
    myReview: async (sitePageId: string, profileId: string) =>
      (await client.list<Review>("/v1/site-page-reviews", listQueries.myReview(sitePageId, profileId)))
        .items[0] ?? null,
    reviewSummary: (sitePageId: string) =>
      client.get<ReviewSummary>("/v1/site-page-reviews/summary", { query: { sitePage_id: sitePageId } }),
    upsertReview: (body: CreateReview) => client.post<Review>("/v1/site-page-reviews", body),
    deleteReview: (id: string) => client.delete(`/v1/site-page-reviews/${id}`),

    related: (sitePageId: string, page = 0) =>
      client.list<RelatedPage>("/v1/site-page-related-pages", listQueries.related(sitePageId, page)),
    createRelated: (body: CreateRelatedPage) => client.post<RelatedPage>("/v1/site-page-related-pages", body),
    deleteRelated: (id: string) => client.delete(`/v1/site-page-related-pages/${id}`),

    myNotes: (page: number) => client.list<Note>("/v1/notes", listQueries.myNotes(page)),
    createNote: (body: CreateNote) => client.post<Note>("/v1/notes", body),
    updateNote: (id: string, body: UpdateNote) => client.put<Note>(`/v1/notes/${id}`, body),
    deleteNote: (id: string) => client.delete(`/v1/notes/${id}`),

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
