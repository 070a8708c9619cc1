/**
 * A micro-cache of server-rendered pages for anonymous visitors: the same URL renders the same
 * HTML for everyone who is not signed in, so for a moment it is rendered once and served many
 * times. Entries live `ttlMs` and every successful write through the API empties the cache, so a
 * change is visible at once on this instance and within the TTL on others. The CSP nonce of the
 * render is swapped for each response's own, so nonces stay per response.
 */
export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface HtmlCache {
  readonly enabled: boolean;
  /**
   * The page, or null when this request should render it. Once an entry is older than the TTL,
   * exactly one request at a time is told to render it again while the others keep getting the
   * previous render: a busy page never has every request rendering at once.
   */
  get(key: string, nonce: string): CachedPage | null;
  set(key: string, nonce: string, page: CachedPage): void;
  /** This request was told to render but will not store a page (an error, a redirect…). */
  abandon(key: string): void;
  clear(): void;
}

const NONCE_SLOT = "\u0000nonce\u0000";

export function createHtmlCache(opts: { ttlMs: number; maxEntries?: number; maxBytes?: number }): HtmlCache {
  const maxEntries = opts.maxEntries ?? 500;
  const maxBytes = opts.maxBytes ?? 512 * 1024;
  const entries = new Map<string, { page: CachedPage; expires: number }>();
  const rendering = new Set<string>();
  return {
    enabled: opts.ttlMs > 0,
    get(key, nonce) {
      const entry = entries.get(key);
      if (!entry) return null;
      const now = Date.now();
      // Past the TTL the entry may still stand in while one request renders its successor,
      // but never for more than a few TTLs (that render may have failed).
      if (entry.expires <= now && (!rendering.has(key) || entry.expires + 4 * opts.ttlMs <= now)) {
        rendering.add(key);
        return null;
      }
      return { ...entry.page, body: entry.page.body.replaceAll(NONCE_SLOT, nonce) };
    },
    abandon(key) {
      rendering.delete(key);
    },
    set(key, nonce, page) {
      rendering.delete(key);
      if (opts.ttlMs <= 0 || page.body.length > maxBytes || page.body.includes(NONCE_SLOT)) return;
      // Map order is insertion order: the first key is the oldest.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, {
        page: { ...page, body: page.body.replaceAll(nonce, NONCE_SLOT) },
        expires: Date.now() + opts.ttlMs,
      });
    },
    clear() {
      entries.clear();
      rendering.clear();
    },
  };
}
