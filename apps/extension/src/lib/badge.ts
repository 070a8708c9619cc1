import {
  commentCountIn,
  isPageCounts,
  type PageCounts,
  pageCountsPath,
  pageHashOf,
} from "@flipside/contracts/page-hash";

/**
 * Badge counts (docs/extension.md#badge): the comment count of the page in a tab, asked for by a
 * short prefix of its address's hash and matched here, so the server never learns the address.
 */

/** What fits on a toolbar badge: 7, 42, 999, 1.2k, 12k, 99k+. */
export function badgeText(count: number): string {
  if (count <= 0) return "";
  if (count < 1000) return String(count);
  if (count < 10_000) return `${(Math.floor(count / 100) / 10).toString()}k`;
  if (count < 100_000) return `${Math.floor(count / 1000)}k`;
  return "99k+";
}

export interface CountLookupOptions {
  /** The answer for one prefix; the only request made. */
  fetchCounts(prefix: string): Promise<PageCounts>;
  /** How long a prefix's answer is reused (the server lets caches keep it a minute). */
  ttlMs?: number;
  now?: () => number;
}

/**
 * Comment counts by address, one request per prefix and minute however many tabs share it. A
 * failed request is not remembered: the next look asks again.
 */
export function createCountLookup({ fetchCounts, ttlMs = 60_000, now = Date.now }: CountLookupOptions) {
  const answers = new Map<string, { at: number; counts: Promise<PageCounts> }>();

  function countsOf(prefix: string): Promise<PageCounts> {
    const known = answers.get(prefix);
    if (known && now() - known.at < ttlMs) return known.counts;
    const counts = fetchCounts(prefix);
    answers.set(prefix, { at: now(), counts });
    counts.catch(() => {
      if (answers.get(prefix)?.counts === counts) answers.delete(prefix);
    });
    // Bounded: a long browsing session must not grow this without end.
    if (answers.size > 500) {
      const oldest = answers.keys().next().value;
      if (oldest !== undefined) answers.delete(oldest);
    }
    return counts;
  }

  return {
    /** The page's comment count; null for an address Flipside has no page for (nothing is sent). */
    async countOf(address: string): Promise<number | null> {
      const page = await pageHashOf(address);
      if (!page) return null;
      return commentCountIn(await countsOf(page.prefix), page.hash);
    },
    forget() {
      answers.clear();
    },
  };
}

/** The one request: a prefix in the path, no cookie, no address, no referrer. */
export async function fetchPageCounts(origin: string, prefix: string): Promise<PageCounts> {
  const response = await fetch(`${origin}${pageCountsPath(prefix)}`, {
    credentials: "omit",
    referrerPolicy: "no-referrer",
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`page counts: HTTP ${response.status}`);
  const counts: unknown = await response.json();
  if (!isPageCounts(counts) || counts.prefix !== prefix)
    throw new Error("page counts: not an answer about this prefix");
  return counts;
}
