import type { ProfileBlock } from "@flipside/contracts/blocks";
import { type ApiClient, api, type ListPage } from "../../lib/api.ts";

/** Most blocks the settings page lists at once (the API's largest page). */
export const BLOCKS_PAGE_SIZE = 100;

/** The calls of the blocks API (docs/blocks.md); each throws `ApiError`. */
export function createBlocksClient(client: ApiClient = api) {
  return {
    list: (): Promise<ListPage<ProfileBlock>> =>
      client.list<ProfileBlock>("/v1/profile-blocks", { size: BLOCKS_PAGE_SIZE }),
    /** Whether the viewer blocked this person. */
    isBlocked: (id: string): Promise<boolean> =>
      client
        .list<ProfileBlock>("/v1/profile-blocks", { blockedId: id, size: 1 })
        .then((page) => page.total > 0),
    block: (blockedId: string) => client.post<ProfileBlock>("/v1/profile-blocks", { blockedId }),
    unblock: (blockedId: string) => client.delete(`/v1/profile-blocks/${encodeURIComponent(blockedId)}`),
  };
}
