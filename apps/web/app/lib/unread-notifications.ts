import { type QueryClient, useQuery } from "@tanstack/react-query";
import { api } from "./api.ts";

/**
 * The bell's unread count (docs/notifications.md#in-the-web-app): one query per signed-in person,
 * asked after hydration (never part of a shared page's HTML), again when the tab comes back to
 * the front, and set at once by the inbox when it marks things read.
 */
export const unreadKey = (userId: string) => ["notifications", "unread", userId] as const;

export function useUnreadCount(userId: string): number | undefined {
  const query = useQuery({
    queryKey: unreadKey(userId),
    queryFn: ({ signal }) =>
      api.get<{ count: number }>("/v1/notifications/unread-count", { signal }).then((a) => a.count),
    refetchOnWindowFocus: true,
    staleTime: 30_000,
  });
  return query.data;
}

/** Asks the API for the count again (after something whose effect on it is not known here). */
export function refreshUnreadCount(client: QueryClient, userId: string) {
  return client.invalidateQueries({ queryKey: unreadKey(userId) });
}

export function setUnreadCount(client: QueryClient, userId: string, update: (count: number) => number) {
  client.setQueryData<number>(unreadKey(userId), (count) => Math.max(0, update(count ?? 0)));
}
