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

export interface ServedPage {
  status: number;
  headers: Record<string, string>;
  /** Encoded once when stored: a hit only copies bytes, it never re-encodes the page. */
  body: Buffer;
}

export interface HtmlCache {
  readonly enabled: boolean;
  /**
   * The page, or null when this request should render it. Once an entry is older than the TTL,
   * exactly one request at a time is told to render it again while the others keep getting the
   * previous render: a busy page never has every request rendering at once.
   */
  get(key: string, nonce: string): ServedPage | null;
  set(key: string, nonce: string, page: CachedPage): void;
  /** This request was told to render but will not store a page (an error, a redirect…). */
  abandon(key: string): void;
  clear(): void;
}

export function createHtmlCache(opts: { ttlMs: number; maxEntries?: number; maxBytes?: number }): HtmlCache {
  const maxEntries = opts.maxEntries ?? 500;
  const maxBytes = opts.maxBytes ?? 512 * 1024;
  const entries = new Map<
    string,
    { status: number; headers: Record<string, string>; parts: Buffer[]; expires: number }
  >();
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
      const nonceBytes = Buffer.from(nonce);
      const chunks: Buffer[] = [];
      entry.parts.forEach((part, i) => {
        if (i > 0) chunks.push(nonceBytes);
        chunks.push(part);
      });
      return { status: entry.status, headers: entry.headers, body: Buffer.concat(chunks) };
    },
    abandon(key) {
      rendering.delete(key);
    },
    set(key, nonce, page) {
      rendering.delete(key);
      if (opts.ttlMs <= 0 || page.body.length > maxBytes) return;
      // Map order is insertion order: the first key is the oldest.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, {
        status: page.status,
        headers: page.headers,
        parts: page.body.split(nonce).map((part) => Buffer.from(part)),
        expires: Date.now() + opts.ttlMs,
      });
    },
    clear() {
      entries.clear();
      rendering.clear();
    },
  };
}
