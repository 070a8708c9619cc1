import type { CustomTab } from "@flipside/contracts/custom-tabs";
import type { Contribution } from "@flipside/contracts/discussion";
import { DISCUSSION_PAGE_SIZE } from "@flipside/contracts/discussion-constants";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { type ApiClient, api } from "../../lib/api.ts";
import type { CustomTabKey } from "./discussion-state.tsx";

export type { CustomTab } from "@flipside/contracts/custom-tabs";

/** The signed-in person's tabs, shared by every page view and the tabs page (docs/discussion.md#custom-tabs). */
export const customTabsKey = (userId: string) => ["custom-tabs", userId] as const;

/** A custom tab's key among the page view's tabs (the built-in ones are plain words). */
export const customTabValue = (id: string): CustomTabKey => `custom-${id}`;

export function createCustomTabsClient(client: ApiClient = api) {
  return {
    list: () => client.get<CustomTab[]>("/v1/custom-tabs"),
    /** One page of what a tab shows on a page (the server compiles its filter). */
    contributions: (id: string, sitePageId: string, page: number) =>
      client.list<Contribution>(`/v1/custom-tabs/${id}/contributions`, {
        sitePage_id: sitePageId,
        page,
        size: DISCUSSION_PAGE_SIZE.comments,
      }),
  };
}

export const customTabsApi = createCustomTabsClient();

/** The viewer's tabs (none when signed out); fetched once a session and kept fresh by edits. */
export function useCustomTabs(userId: string | null, initial?: CustomTab[]) {
  return useQuery({
    queryKey: customTabsKey(userId ?? ""),
    queryFn: () => customTabsApi.list(),
    enabled: userId !== null,
    staleTime: 5 * 60_000,
    ...(initial ? { initialData: initial } : {}),
  });
}

/** Puts a saved tab (new or changed) into the cached list, so every screen shows it at once. */
export function rememberTab(queryClient: QueryClient, userId: string, tab: CustomTab) {
  queryClient.setQueryData<CustomTab[]>(customTabsKey(userId), (old = []) =>
    old.some((t) => t.id === tab.id) ? old.map((t) => (t.id === tab.id ? tab : t)) : [...old, tab],
  );
}
