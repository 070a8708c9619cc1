import { prepareSplicedGzip, type SplicedGzip, spliceGzip } from "./spliced-gzip.ts";

/**
 * A micro-cache of server-rendered pages for anonymous visitors: the same URL renders the same
 * HTML for everyone who is not signed in, so for a moment it is rendered once and served many
 * times. Entries live `ttlMs` and every successful write through the API empties the cache, so a
 * change is visible at once on this instance and within the TTL on others. The CSP nonce of the
 * render is swapped for each response's own, so nonces stay per response — also in the gzip
 * answer, which is spliced from stretches compressed once (see spliced-gzip.ts).
 */
export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type PageEncoding = "gzip" | "identity";

export interface ServedPage {
  status: number;
  headers: Record<string, string>;
  encoding: PageEncoding;
  /** Encoded once when stored: a hit only copies bytes, it never re-encodes the page. */
  body: Buffer;
}

/** A render prepared for serving: its stretches between nonces, plain and compressed. */
export interface PreparedPage {
  status: number;
  headers: Record<string, string>;
  parts: Buffer[];
  size: number;
  gzip: SplicedGzip;
}

export function preparePage(page: CachedPage, nonce: string): PreparedPage {
  const parts = page.body.split(nonce).map((part) => Buffer.from(part));
  return {
    status: page.status,
    headers: page.headers,
    parts,
    size: parts.reduce((n, p) => n + p.length, 0),
    gzip: prepareSplicedGzip(parts, Buffer.byteLength(nonce)),
  };
}

export function servePage(page: PreparedPage, nonce: string, encoding: PageEncoding): ServedPage {
  const nonceBytes = Buffer.from(nonce);
  // Nonces all have one length; a filler of another could not be spliced in.
  if (encoding === "gzip" && nonceBytes.length === page.gzip.fillerLength) {
    return { status: page.status, headers: page.headers, encoding, body: spliceGzip(page.gzip, nonceBytes) };
  }
  const chunks: Buffer[] = [];
  page.parts.forEach((part, i) => {
    if (i > 0) chunks.push(nonceBytes);
    chunks.push(part);
  });
  return { status: page.status, headers: page.headers, encoding: "identity", body: Buffer.concat(chunks) };
}

export interface HtmlCache {
  readonly enabled: boolean;
  /**
   * The page, or null when this request should render it. Once an entry is older than the TTL,
   * exactly one request at a time is told to render it again while the others keep getting the
   * previous render: a busy page never has every request rendering at once.
   */
  get(key: string, nonce: string, encoding: PageEncoding): ServedPage | null;
  /** Keeps the render (when it fits) and returns it prepared, to answer the request that made it. */
  set(key: string, nonce: string, page: CachedPage): PreparedPage;
  /** This request was told to render but will not store a page (an error, a redirect…). */
  abandon(key: string): void;
  clear(): void;
}

export function createHtmlCache(opts: { ttlMs: number; maxEntries?: number; maxBytes?: number }): HtmlCache {
  const maxEntries = opts.maxEntries ?? 500;
  const maxBytes = opts.maxBytes ?? 512 * 1024;
  const entries = new Map<string, { page: PreparedPage; expires: number }>();
  const rendering = new Set<string>();
  return {
    enabled: opts.ttlMs > 0,
    get(key, nonce, encoding) {
      const entry = entries.get(key);
      if (!entry) return null;
      const now = Date.now();
      // Past the TTL the entry may still stand in while one request renders its successor,
      // but never for more than a few TTLs (that render may have failed).
      if (entry.expires <= now && (!rendering.has(key) || entry.expires + 4 * opts.ttlMs <= now)) {
        rendering.add(key);
        return null;
      }
      return servePage(entry.page, nonce, encoding);
    },
    abandon(key) {
      rendering.delete(key);
    },
    set(key, nonce, page) {
      rendering.delete(key);
      const prepared = preparePage(page, nonce);
      if (opts.ttlMs <= 0 || prepared.size > maxBytes) return prepared;
      // Map order is insertion order: the first key is the oldest.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { page: prepared, expires: Date.now() + opts.ttlMs });
      return prepared;
    },
    clear() {
      entries.clear();
      rendering.clear();
    },
  };
}
