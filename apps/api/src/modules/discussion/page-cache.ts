import { mustReadFresh } from "../../plugins/invalidation.ts";

/**
 * A short-lived in-process cache of what is read most: the page behind a known address (flip)
 * and the first pages of a page's top-level comments. Each entry belongs to one site page and is
 * dropped the moment anything on that page changes through this process (`invalidate`), so a
 * writer always reads its own write. Other instances' writes are seen within `ttlMs`: the only
 * staleness this cache can show, and why the TTL is short (docs/decisions/004-page-read-cache.md).
 */
export interface PageCache {
  /** Take before reading from the database; hand it to `set` with what was read. */
  ticket(): number;
  get<T>(key: string): T | undefined;
  /** Ignored in effect when the page changed after the ticket was taken. */
  set<T>(key: string, pageId: string, value: T, ticket: number): void;
  /** Forget everything cached for the page (call after the write commits). */
  invalidate(pageId: string): void;
  /** Also tells `listener` of every page that changes (caches built on these reads, such as page HTML). */
  subscribe(listener: (pageId: string) => void): void;
  /**
   * The cached value, or `load`'s (cached when it names its page). Concurrent misses of one key
   * share a single load, so an expired hot entry costs one query rather than one per request;
   * a request that finds its page changed during that shared load loads again for itself.
   */
  getOrLoad<T>(key: string, load: () => Promise<Loaded<T>>): Promise<T | null>;
}

/** What a load found: a value and the page it belongs to, or null (nothing to cache). */
export type Loaded<T> = { pageId: string; value: T } | null;

interface Entry {
  pageId: string;
  ticket: number;
  expiresAt: number;
  value: unknown;
}

export function createPageCache(
  opts: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
): PageCache {
  const ttlMs = opts.ttlMs ?? 2_000;
  const maxEntries = opts.maxEntries ?? 10_000;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  /** The counter value of each page's last change; an entry is good if read after it. */
  const changedAt = new Map<string, number>();
  let counter = 0;
  const inflight = new Map<string, { ticket: number; promise: Promise<Loaded<unknown>> }>();
  const listeners: ((pageId: string) => void)[] = [];

  const cache: PageCache = {
    ticket: () => counter,
    get<T>(key: string): T | undefined {
      if (mustReadFresh()) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now() || (changedAt.get(entry.pageId) ?? 0) > entry.ticket) {
        entries.delete(key);
        return undefined;
      }
      return entry.value as T;
    },
    set(key, pageId, value, ticket) {
      if (ttlMs <= 0 || (changedAt.get(pageId) ?? 0) > ticket) return;
      entries.delete(key);
      entries.set(key, { pageId, ticket, expiresAt: now() + ttlMs, value });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    },
    invalidate(pageId) {
      if (changedAt.size >= 100_000) {
        // Forgetting the change marks would make old entries look fresh: drop them too.
        changedAt.clear();
        entries.clear();
      }
      changedAt.set(pageId, ++counter);
      for (const listener of listeners) listener(pageId);
    },
    subscribe(listener) {
      listeners.push(listener);
    },
    async getOrLoad<T>(key: string, load: () => Promise<Loaded<T>>): Promise<T | null> {
      // Nor a load another request started (it may have begun before this reader's write).
      if (mustReadFresh()) return (await load())?.value ?? null;
      const hit = cache.get<T>(key);
      if (hit !== undefined) return hit;
      const shared = inflight.get(key);
      if (shared) {
        const loaded = (await shared.promise) as Loaded<T>;
        if (!loaded || (changedAt.get(loaded.pageId) ?? 0) <= shared.ticket) return loaded?.value ?? null;
        return (await load())?.value ?? null;
      }
      const ticket = counter;
      const promise = load();
      inflight.set(key, { ticket, promise });
      try {
        const loaded = await promise;
        if (loaded) cache.set(key, loaded.pageId, loaded.value, ticket);
        return loaded?.value ?? null;
      } finally {
        inflight.delete(key);
      }
    },
  };
  return cache;
}

/** For callers without a cache (the demo seed, tests of a service alone). */
export const noPageCache: PageCache = {
  ticket: () => 0,
  get: () => undefined,
  set: () => {},
  invalidate: () => {},
  subscribe: () => {},
  getOrLoad: async (_key, load) => (await load())?.value ?? null,
};
