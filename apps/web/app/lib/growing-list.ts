import { useState } from "react";
import type { ListPage } from "./api.ts";
import { notify } from "./toast.ts";

/**
 * A list that starts with the server's first page and grows by "Show more" (the profile's follows,
 * the inbox): each next page is added after what is shown, leaving out anything already there (a
 * list that moved while it was read would otherwise repeat an item).
 */
export function useGrowingList<T>(
  first: ListPage<T>,
  next: (page: number) => Promise<ListPage<T>>,
  keyOf: (item: T) => string,
) {
  const [items, setItems] = useState(first.items);
  const [total, setTotal] = useState(first.total);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(false);
  async function more() {
    setLoading(true);
    try {
      const answer = await next(page + 1);
      setItems((shown) => {
        const seen = new Set(shown.map(keyOf));
        return [...shown, ...answer.items.filter((item) => !seen.has(keyOf(item)))];
      });
      setTotal(answer.total);
      setPage(page + 1);
    } catch {
      notify.error("Could not load more. Try again.");
    } finally {
      setLoading(false);
    }
  }
  return { items, setItems, total, setTotal, more, loading };
}
