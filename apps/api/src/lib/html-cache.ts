import { gunzipSync } from "node:zlib";
import { compactBufferFrom } from "./compact-buffer.ts";
import { prepareSplicedGzip, type SplicedGzip, spliceGzip } from "./spliced-gzip.ts";

/**
 * A cache of server-rendered pages that are the same for everyone (anonymous renders, and page
 * views, which are rendered for nobody in particular: decision 011). Renders bound to one page
 * live `pageTtlMs` and go when that page changes; the others live `ttlMs` and go with any change
 * (decision 005). A change is visible at once on this instance and within the TTL on others. The CSP nonce of the
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

/**
 * A render prepared for serving: its stretches between nonces, compressed. Only the compressed
 * form is kept (a page view's is about an eighth of its HTML): browsers all take gzip, and the
 * rare client that does not gets it inflated.
 */
export interface PreparedPage {
  status: number;
  headers: Record<string, string>;
  /** The HTML's length in bytes, without its nonces. */
  size: number;
  /** What keeping it costs: its compressed stretches. */
  bytes: number;
  gzip: SplicedGzip;
}

export function preparePage(page: CachedPage, nonce: string): PreparedPage {
  // Views of one buffer that owns the page's bytes (compact-buffer.ts).
  const body = compactBufferFrom(page.body);
  const needle = Buffer.from(nonce);
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(needle); at >= 0; at = body.indexOf(needle, start)) {
    parts.push(body.subarray(start, at));
    start = at + needle.length;
  }
  parts.push(body.subarray(start));
  const gzip = prepareSplicedGzip(parts, needle.length);
  return {
    status: page.status,
    headers: page.headers,
    size: parts.reduce((n, p) => n + p.length, 0),
    bytes: gzip.deflated.reduce((n, d) => n + d.length, 0),
    gzip,
  };
}

/** The page with this response's nonce, which has the length of every nonce (see spliceGzip). */
export function servePage(page: PreparedPage, nonce: string, encoding: PageEncoding): ServedPage {
  const gzipped = spliceGzip(page.gzip, Buffer.from(nonce));
  return {
    status: page.status,
    headers: page.headers,
    encoding,
    body: encoding === "gzip" ? gzipped : gunzipSync(gzipped),
  };
}

export interface HtmlCache {
  readonly enabled: boolean;
  /**
   * The page, or null when this request should render it. Once an entry is older than the TTL it
   * is still served for a few TTLs more, and exactly one request at a time is told (`refresh`) to
   * have it rendered again, in the background: nobody waits for a page that has a recent render.
   * Past those few TTLs (an idle page, a render that failed) the request renders it itself.
   */
  get(
    key: string,
    nonce: string,
    encoding: PageEncoding,
  ): (ServedPage & { stale?: true; refresh?: true }) | null;
  /**
   * Keeps the render (when it fits) and returns it prepared, to answer the request that made it.
   * `page` names the discussion page the render shows, when it shows one and nothing else that
   * changes: it is then dropped when that page changes (`invalidate`) or everything does (`clear`),
   * not by every write. Renders without a page go with any change.
   */
  set(key: string, nonce: string, page: CachedPage, opts?: { ticket?: number; page?: string }): PreparedPage;
  /**
   * Take when a render starts and hand to `set`: a render that read its data before a change
   * it shows is not kept (it would show the page as it was for a whole TTL). Without a ticket,
   * the render counts as made just now.
   */
  ticket(): number;
  /** This request was told to render but will not store a page (an error, a redirect…). */
  abandon(key: string): void;
  /** This discussion page changed: drops its renders, and every render not bound to a page. */
  invalidate(pageId: string): void;
  /** Drops every render not bound to one page (lists, the home page…). */
  clearUnbound(): void;
  /** Anything may have changed (a person's name or picture shows on every page they wrote on). */
  clear(): void;
}

export function createHtmlCache(opts: {
  ttlMs: number;
  /** How long a render bound to one page lives (it goes when that page changes anyway); `ttlMs` by default. */
  pageTtlMs?: number;
  maxEntries?: number;
  /** The largest render kept. */
  maxBytes?: number;
  /** All renders kept together, compressed: the oldest go first. */
  maxTotalBytes?: number;
}): HtmlCache {
  const maxEntries = opts.maxEntries ?? 500;
  const maxBytes = opts.maxBytes ?? 512 * 1024;
  const maxTotalBytes = opts.maxTotalBytes ?? 16 * 1024 * 1024;
  const pageTtlMs = Math.max(opts.ttlMs, opts.pageTtlMs ?? opts.ttlMs);
  const entries = new Map<string, { page: PreparedPage; bytes: number; expires: number; pageId?: string }>();
  let totalBytes = 0;
  /** The keys of each discussion page's renders. */
  const byPage = new Map<string, Set<string>>();
  /** Changes are numbered; a render is kept only if nothing it shows changed after its ticket. */
  let counter = 0;
  const pageChangedAt = new Map<string, number>();
  /** The last change that may show on renders bound to no page, and on every render. */
  let unboundChangedAt = 0;
  let allChangedAt = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
    if (entry.pageId === undefined) return;
    const keys = byPage.get(entry.pageId);
    keys?.delete(key);
    if (keys?.size === 0) byPage.delete(entry.pageId);
  };
  const rendering = new Set<string>();
  const cache: HtmlCache = {
    enabled: opts.ttlMs > 0,
    get(key, nonce, encoding) {
      const entry = entries.get(key);
      if (!entry) return null;
      const now = Date.now();
      // Past the TTL the entry stands in while its successor renders, but never for more than a
      // few TTLs (that render may have failed, or nobody asked for the page for a while).
      if (entry.expires + 4 * opts.ttlMs <= now) {
        rendering.add(key);
        return null;
      }
      const served = servePage(entry.page, nonce, encoding);
      if (entry.expires > now) return served;
      if (rendering.has(key)) return { ...served, stale: true };
      rendering.add(key);
      return { ...served, stale: true, refresh: true };
    },
    abandon(key) {
      rendering.delete(key);
    },
    ticket: () => counter,
    set(key, nonce, page, { ticket = counter, page: pageId } = {}) {
      rendering.delete(key);
      const prepared = preparePage(page, nonce);
      if (opts.ttlMs <= 0 || prepared.size > maxBytes) return prepared;
      const changed = Math.max(
        allChangedAt,
        pageId === undefined ? unboundChangedAt : (pageChangedAt.get(pageId) ?? 0),
      );
      if (changed > ticket) return prepared;
      drop(key);
      const { bytes } = prepared;
      // Map order is insertion order: the first key is the oldest.
      while (entries.size > 0 && (entries.size >= maxEntries || totalBytes + bytes > maxTotalBytes)) {
        drop(entries.keys().next().value as string);
      }
      const expires = Date.now() + (pageId ? pageTtlMs : opts.ttlMs);
      entries.set(key, { page: prepared, bytes, expires, ...(pageId ? { pageId } : {}) });
      totalBytes += bytes;
      if (pageId) {
        const keys = byPage.get(pageId) ?? new Set<string>();
        keys.add(key);
        byPage.set(pageId, keys);
      }
      return prepared;
    },
    invalidate(pageId) {
      // Forgetting old marks could let an old render in: past the bound, start afresh instead.
      if (pageChangedAt.size >= 100_000) cache.clear();
      // Unbound renders may show the page too (the home page's most discussed…).
      cache.clearUnbound();
      pageChangedAt.set(pageId, counter);
      for (const key of byPage.get(pageId) ?? []) drop(key);
    },
    clearUnbound() {
      unboundChangedAt = ++counter;
      for (const [key, entry] of entries) if (entry.pageId === undefined) drop(key);
    },
    clear() {
      // Every page may have changed: no render started before now may be kept.
      allChangedAt = ++counter;
      pageChangedAt.clear();
      entries.clear();
      totalBytes = 0;
      byPage.clear();
      rendering.clear();
    },
  };
  return cache;
}
