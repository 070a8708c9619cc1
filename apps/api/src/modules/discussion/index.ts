/**
 * The discussion core's public surface: what the kinds (comments, reviews, related pages,
 * notes, votes, site pages, activity) build on. Nothing outside this folder imports its other
 * files (biome.json enforces it). docs/discussion.md explains the rules it owns.
 */
export { attach, attachmentsOf, presentAttachment } from "./attachments.ts";
export {
  authorColumns,
  type ContributionRow,
  countWhere,
  lockContribution,
  myVoteColumn,
  myVoteJoin,
  myVotesOn,
  profileRefColumns,
  softDelete,
  withMyVote,
} from "./contributions.repository.ts";
export { createDiscussionCore, type DiscussionCore, discussionPlugin } from "./core.ts";
export { bumpPageCounters } from "./counters.ts";
export { contributionList, type ListSpec, listOf, oneOf, pageOf, type RowQuery } from "./list.ts";
export { sortFields } from "./list-order.ts";
export { renderMarkdownCached } from "./markdown-cache.ts";
export {
  setAuthorModeration,
  setContributionModeration,
  setNoteModeration,
  setPageModeration,
} from "./moderation.ts";
export { claimUuidFor, claimUuidSql } from "./official-response.ts";
export { noPageCache, type PageCache } from "./page-cache.ts";
export {
  createPageFetchQueue,
  noPageFetch,
  PAGE_FETCH_QUEUE,
  type PageFetcher,
  refreshPageMetadata,
} from "./page-fetch.ts";
export {
  findOrInsertSite,
  findPageByNormalizedUrl,
  insertPage,
  type PageWithSite,
  pageCountsByHashPrefix,
  pageRefColumns,
  type SitePageRow,
  type SiteRow,
} from "./pages.repository.ts";
export * as policy from "./policy.ts";
export {
  type AuthorColumns,
  presentContributionBase,
  presentPageRef,
  presentProfileRef,
  profileImageUrl,
  savedNotice,
  voteValue,
} from "./presenter.ts";
export { profileStats } from "./profile-stats.ts";
export { consumeVote } from "./rate-limits.ts";
export { type SerializedList, serializeList, withMyVotes } from "./serialized-list.ts";
export { ConcurrentInsert, type Written } from "./write.ts";
