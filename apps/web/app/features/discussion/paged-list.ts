import { useCallback, useReducer, useRef } from "react";
import type { ListPage } from "./discussion-client.ts";

/** A list shown page by page with "load more" (comments 25, reviews 10, related pages 5). */
export interface PagedListState<T> {
  items: T[];
  total: number;
  /** The last page loaded (0-based). */
  page: number;
  /** The page being loaded (0 after a sort change, page + 1 for "load more"), or null. */
  loadingPage: number | null;
}

export type PagedListAction<T> =
  | { type: "reset"; items: T[]; total: number }
  | { type: "loading"; page: number }
  | { type: "loaded"; page: number; items: T[]; total: number }
  | { type: "failed" }
  | { type: "prepend"; item: T }
  | { type: "append"; item: T }
  | { type: "update"; id: string; change: (item: T) => T }
  | { type: "remove"; id: string };

interface WithId {
  id: string;
}

export function initialPagedList<T>(items: T[] = [], total = items.length): PagedListState<T> {
  return { items, total: Math.max(total, items.length), page: 0, loadingPage: null };
}

/**
 * Page 0 replaces the list; later pages append, skipping items already shown (a comment posted
 * meanwhile shifts the server's pages by one, so the next page repeats an item).
 */
export function pagedListReducer<T extends WithId>(
  state: PagedListState<T>,
  action: PagedListAction<T>,
): PagedListState<T> {
  switch (action.type) {
    case "reset":
      return initialPagedList(action.items, action.total);
    case "loading":
      return { ...state, loadingPage: action.page };
    case "failed":
      // docs/web-app.md#new-versions-and-failures: list failures are silent; only the loading indicator stops.
      return { ...state, loadingPage: null };
    case "loaded": {
      if (action.page === 0) return { ...initialPagedList(action.items, action.total) };
      const seen = new Set(state.items.map((i) => i.id));
      const items = [...state.items, ...action.items.filter((i) => !seen.has(i.id))];
      return { items, total: Math.max(action.total, items.length), page: action.page, loadingPage: null };
    }
    case "prepend":
    case "append": {
      const others = state.items.filter((i) => i.id !== action.item.id);
      const isNew = others.length === state.items.length;
      return {
        ...state,
        items: action.type === "prepend" ? [action.item, ...others] : [...others, action.item],
        total: state.total + (isNew ? 1 : 0),
      };
    }
    case "update":
      return { ...state, items: state.items.map((i) => (i.id === action.id ? action.change(i) : i)) };
    case "remove": {
      const items = state.items.filter((i) => i.id !== action.id);
      if (items.length === state.items.length) return state;
      return { ...state, items, total: Math.max(0, state.total - 1) };
    }
  }
}

export function hasMore(state: PagedListState<unknown>): boolean {
  return state.items.length < state.total;
}

export interface PagedList<T> {
  state: PagedListState<T>;
  hasMore: boolean;
  /** Loads the next page and appends it. */
  loadMore(): Promise<void>;
  /** Loads page 0 again (after a sort change, say), replacing the list. */
  reload(): Promise<void>;
  dispatch(action: PagedListAction<T>): void;
}

/**
 * The state of one paged list plus its loading. Answers that arrive after a newer request
 * (a sort changed while a page was loading) are dropped.
 */
export function usePagedList<T extends WithId>(
  fetchPage: (page: number) => Promise<ListPage<T>>,
  initial?: ListPage<T>,
): PagedList<T> {
  const [state, dispatch] = useReducer(pagedListReducer<T>, initial, (first) =>
    initialPagedList<T>(first?.items ?? [], first?.total ?? 0),
  );
  const generation = useRef(0);
  const stateRef = useRef(state);
  stateRef.current = state;
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const load = useCallback(async (page: number) => {
    const mine = ++generation.current;
    dispatch({ type: "loading", page });
    try {
      const result = await fetchRef.current(page);
      if (mine === generation.current)
        dispatch({ type: "loaded", page, items: result.items, total: result.total });
    } catch {
      if (mine === generation.current) dispatch({ type: "failed" });
    }
  }, []);

  const loadMore = useCallback(() => load(stateRef.current.page + 1), [load]);
  const reload = useCallback(() => load(0), [load]);
  return { state, hasMore: hasMore(state), loadMore, reload, dispatch };
}
