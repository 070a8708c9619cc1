import type { Contribution } from "@flipside/contracts/discussion";
import type { FollowKind } from "@flipside/contracts/follow-constants";
import type { Follow, Follower } from "@flipside/contracts/follows";
import { type ApiClient, api, type ListPage } from "./api.ts";

/**
 * The calls of the follows API (docs/follows.md); each throws `ApiError`. Shared: pages, sites
 * and people are followed from the page view, the public profile and the profile area.
 */
export function createFollowsClient(client: ApiClient = api) {
  return {
    list: (
      query: { page?: number; size?: number; targetKind?: FollowKind } = {},
    ): Promise<ListPage<Follow>> => client.list<Follow>("/v1/follows", query),
    /** Whether the viewer follows this page, site or person. */
    isFollowing: (targetKind: FollowKind, targetId: string): Promise<boolean> =>
      client.list<Follow>("/v1/follows", { targetKind, targetId, size: 1 }).then((page) => page.total > 0),
    follow: (targetKind: FollowKind, targetId: string) =>
      client.post<Follow>("/v1/follows", { targetKind, targetId }),
    unfollow: (targetKind: FollowKind, targetId: string) =>
      client.delete(`/v1/follows/${targetKind}/${encodeURIComponent(targetId)}`),
    followers: (query: { page?: number; size?: number } = {}): Promise<ListPage<Follower>> =>
      client.list<Follower>("/v1/follows/followers", query),
    feed: (query: { page?: number; size?: number } = {}): Promise<ListPage<Contribution>> =>
      client.list<Contribution>("/v1/follows/feed", query),
  };
}

export const follows = createFollowsClient();
