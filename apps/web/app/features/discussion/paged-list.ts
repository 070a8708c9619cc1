import {
  type InfiniteData,
  keepPreviousData,
  type QueryKey,
  useInfiniteQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import type { ListPage } from "./discussion-client.ts";

/**
 * A list shown page by page with "load more" (comments 25, reviews 10, related pages 5), as the
 * components see it. The pages themselves live in the query cache (decision 009).
 */
export interface PagedListState<T> {
  items: T[];
  total: number;
  /** The last page loaded (0-based). */
  page: number;
  /** The page being loaded (0 for a first load or a new sort, page + 1 for "load more"), or null. */
  loadingPage: number | null;
}

/** A change this tab made, applied to the cached pages (a new comment, an edit, a delete). */
export type ListEdit<T> =
  | { type: "prepend"; item: T }
  | { type: "append"; item: T }
  | { type: "update"; id: string; change: (item: T) => T }
  | { type: "remove"; id: string };

interface WithId {
  id: string;
}

export type Pages<T> = InfiniteData<ListPage<T>, number>;

/**
 * The items of every loaded page in order, each once: a comment posted meanwhile shifts the
 * server's pages by one, so the next page repeats an item.
 */
export function viewOf<T extends WithId>(data: Pages<T> | undefined): { items: T[]; total: number } {
  if (!data) return { items: [], total: 0 };
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of data.pages)
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  return { items, total: Math.max(data.pages.at(-1)?.total ?? 0, items.length) };
}

export function hasMore(state: { items: unknown[]; total: number }): boolean {
  return state.items.length < state.total;
}

/** Applies one edit to cached pages; the total counts an item added or removed once. */
export function editPages<T extends WithId>(data: Pages<T>, edit: ListEdit<T>): Pages<T> {
  const contains = (id: string) => data.pages.some((p) => p.items.some((i) => i.id === id));
  const withTotal = (delta: number) => (page: ListPage<T>) => ({
    ...page,
    total: Math.max(0, page.total + delta),
  });
  switch (edit.type) {
    case "prepend":
    case "append": {
      const delta = contains(edit.item.id) ? 0 : 1;
      const last = data.pages.length - 1;
      const pages = data.pages.map((page, index) => {
        const items = page.items.filter((i) => i.id !== edit.item.id);
        if (edit.type === "prepend" && index === 0) items.unshift(edit.item);
        if (edit.type === "append" && index === last) items.push(edit.item);
        return withTotal(delta)({ ...page, items });
      });
      return { ...data, pages };
    }
    case "update":
      return {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((i) => (i.id === edit.id ? edit.change(i) : i)),
        })),
      };
    case "remove": {
      if (!contains(edit.id)) return data;
      return {
        ...data,
        pages: data.pages.map((page) =>
          withTotal(-1)({ ...page, items: page.items.filter((i) => i.id !== edit.id) }),
        ),
      };
    }
  }
}

export interface PagedList<T> {
  state: PagedListState<T>;
  hasMore: boolean;
  /** Loads the next page and appends it. */
  loadMore(): Promise<void>;
  /** Loads the list again from page 0. */
  reload(): Promise<void>;
  /** Applies a change of this tab's to every cached list of the family (every sort of it). */
  edit(edit: ListEdit<T>): void;
}

/**
 * One paged list on the query cache. `queryKey` names this list (sort included); `family` is the
 * prefix its edits reach (every sort of one page's comments), the key itself by default.
 * `initial` is the first page the loader rendered. A new key keeps the old items on screen
 * while its first page loads (a sort change), and an answer for a key no longer shown is
 * never put on screen.
 */
export function usePagedList<T extends WithId>(opts: {
  queryKey: QueryKey;
  family?: QueryKey;
  fetchPage(page: number): Promise<ListPage<T>>;
  initial?: ListPage<T> | undefined;
  enabled?: boolean;
}): PagedList<T> {
  const queryClient = useQueryClient();
  const { queryKey, fetchPage, initial } = opts;
  const family = opts.family ?? queryKey;
  const query = useInfiniteQuery<ListPage<T>, Error, Pages<T>, QueryKey, number>({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 0,
    getNextPageParam: (_last, pages, lastParam) =>
      hasMore(viewOf({ pages, pageParams: [] })) ? lastParam + 1 : undefined,
    ...(initial ? { initialData: { pages: [initial], pageParams: [0] } } : {}),
    enabled: opts.enabled ?? true,
    placeholderData: keepPreviousData,
  });
  const { data, isFetching, isFetchingNextPage, isPlaceholderData, fetchNextPage, refetch } = query;

  const state = useMemo<PagedListState<T>>(() => {
    const view = viewOf(data);
    const loadingPage = isFetchingNextPage
      ? (data?.pages.length ?? 0)
      : isFetching && (isPlaceholderData || !data || query.isRefetching)
        ? 0
        : null;
    return { ...view, page: Math.max(0, (data?.pages.length ?? 1) - 1), loadingPage };
  }, [data, isFetching, isFetchingNextPage, isPlaceholderData, query.isRefetching]);

  const familyKey = JSON.stringify(family);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the family is compared by value (familyKey).
  const edit = useCallback(
    (change: ListEdit<T>) =>
      queryClient.setQueriesData<Pages<T>>({ queryKey: family }, (old) =>
        old ? editPages(old, change) : old,
      ),
    [queryClient, familyKey],
  );
  const loadMore = useCallback(async () => {
    await fetchNextPage();
  }, [fetchNextPage]);
  // Page 0 afresh: later pages are dropped rather than fetched again one by one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is compared by value.
  const reload = useCallback(async () => {
    queryClient.setQueryData<Pages<T>>(queryKey, (old) =>
      old ? { pages: old.pages.slice(0, 1), pageParams: old.pageParams.slice(0, 1) } : old,
    );
    await refetch();
  }, [queryClient, refetch, JSON.stringify(queryKey)]);

  return { state, hasMore: hasMore(state), loadMore, reload, edit };
}
