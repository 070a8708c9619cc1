import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { extractMetadata } from "../../lib/page-metadata.ts";
import { tryNormalizeUrl } from "../../lib/url-normalize.ts";
import { noPageCache, type PageCache } from "./page-cache.ts";
import {
  findPageById,
  findPageByNormalizedUrl,
  insertPage,
  pageIsEmpty,
  type SitePageRow,
  updatePage,
} from "./pages.repository.ts";

/** docs/discussion.md#pages: public addresses only (the fetcher's job), 5 s, 2 MB, at most 3 redirects. */
export const PAGE_FETCH_LIMITS = { timeoutMs: 5_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3 } as const;
const TITLE_MAX = 300;
const DESCRIPTION_MAX = 1_000;
const URL_MAX = 2_000;

/** The shape of `createSafeFetcher()(url, limits)` that this module needs (tests pass a fake). */
export type PageFetcher = (
  url: string,
  opts: { timeoutMs: number; maxBytes: number; maxRedirects: number },
) => Promise<{ url: string; status: number; contentType: string | null | undefined; body: Buffer }>;

function clip(text: string | undefined, max: number): string | null {
  if (!text) return null;
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean === "") return null;
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

function httpUrl(text: string | undefined): string | null {
  if (!text || text.length > URL_MAX) return null;
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

function decode(body: Buffer, contentType: string | null | undefined): string {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(contentType ?? "")?.[1];
  try {
    return new TextDecoder(charset ?? "utf-8").decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}

function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 300) || "fetch failed";
}

/**
 * Reads a page once for its title, description, favicon and canonical address. Never throws:
 * a failure is recorded on the page (which then shows its URL) and logged.
 */
export async function refreshPageMetadata(
  db: Db,
  fetcher: PageFetcher,
  pageId: string,
  log?: FastifyBaseLogger,
  cache: PageCache = noPageCache,
): Promise<void> {
  const found = await findPageById(db, pageId);
  if (!found) return;
  const { page, site } = found;
  try {
    const res = await fetcher(page.displayUrl, PAGE_FETCH_LIMITS);
    if (res.status >= 400) throw new Error(`The page answered HTTP ${res.status}`);
    const type = (res.contentType ?? "").toLowerCase();
    if (type && !type.includes("html")) throw new Error(`Not an HTML page (${type.split(";")[0]})`);
    const meta = extractMetadata(decode(res.body, res.contentType), res.url);
    const patch = {
      title: clip(meta.title, TITLE_MAX),
      description: clip(meta.description, DESCRIPTION_MAX),
      faviconUrl: httpUrl(meta.faviconUrl),
      fetchedAt: new Date(),
      fetchError: null,
    };
    await updatePage(db, page.id, patch);
    cache.invalidate(page.id);
    const canonical = meta.canonicalUrl ? tryNormalizeUrl(meta.canonicalUrl) : null;
    if (canonical && canonical.normalizedUrl !== page.normalizedUrl && canonical.domain === site.domain) {
      await mergeIntoCanonical(db, { ...page, ...patch }, canonical);
      cache.invalidate(page.id);
    }
  } catch (error) {
    log?.info({ pageId, err: errorText(error) }, "page metadata fetch failed");
    await updatePage(db, page.id, { fetchedAt: new Date(), fetchError: errorText(error) }).catch(() => {});
    cache.invalidate(page.id);
  }
}

/**
 * docs/discussion.md#addresses: a page whose `<link rel=canonical>` names another page of the same site is
 * merged into that one; flips of either address then land on the canonical page. Only a page
 * with nothing on it yet is merged, so no comment, vote or note is ever orphaned.
 */
async function mergeIntoCanonical(
  db: Db,
  page: SitePageRow,
  canonical: { normalizedUrl: string; displayUrl: string },
): Promise<void> {
  let target = (await findPageByNormalizedUrl(db, canonical.normalizedUrl))?.page;
  if (!target) {
    target = await insertPage(db, {
      siteId: page.siteId,
      rawUrl: canonical.displayUrl,
      normalizedUrl: canonical.normalizedUrl,
      displayUrl: canonical.displayUrl,
      title: page.title,
      description: page.description,
      faviconUrl: page.faviconUrl,
      fetchedAt: page.fetchedAt,
    });
    target ??= (await findPageByNormalizedUrl(db, canonical.normalizedUrl))?.page;
  }
  if (!target) return;
  // One hop only: point at the final page, never at a page that was itself merged.
  const finalId = target.canonicalOf ?? target.id;
  if (finalId === page.id) return;
  if (await pageIsEmpty(db, page.id)) await updatePage(db, page.id, { canonicalOf: finalId });
}

export interface PageFetchQueue {
  /** Fire and forget: the page is read in the background, never blocking the caller. */
  schedule(pageId: string): void;
  /** Resolves when nothing is queued or running (tests, shutdown). */
  idle(): Promise<void>;
  /** Drops what is queued and waits for what is running. */
  close(): Promise<void>;
}

/**
 * An in-process queue with a small concurrency cap, so a burst of new addresses cannot open
 * hundreds of outgoing connections. Excess work beyond `maxQueued` is dropped: those pages
 * simply stay untitled and show their URL.
 */
export function createPageFetchQueue(opts: {
  db: Db;
  fetcher: PageFetcher;
  log?: FastifyBaseLogger;
  cache?: PageCache;
  enabled: boolean;
  concurrency?: number;
  maxQueued?: number;
}): PageFetchQueue {
  const concurrency = opts.concurrency ?? 2;
  const maxQueued = opts.maxQueued ?? 1_000;
  const queue: string[] = [];
  const queued = new Set<string>();
  let running = 0;
  let closed = false;
  let waiters: (() => void)[] = [];

  const settle = () => {
    if (running === 0 && queue.length === 0) {
      for (const wake of waiters) wake();
      waiters = [];
    }
  };
  const pump = () => {
    while (!closed && running < concurrency && queue.length > 0) {
      const pageId = queue.shift() as string;
      queued.delete(pageId);
      running++;
      refreshPageMetadata(opts.db, opts.fetcher, pageId, opts.log, opts.cache)
        .catch((err) => opts.log?.warn({ err, pageId }, "page metadata job failed"))
        .finally(() => {
          running--;
          pump();
          settle();
        });
    }
    settle();
  };

  return {
    schedule(pageId) {
      if (!opts.enabled || closed || queued.has(pageId) || queue.length >= maxQueued) return;
      queue.push(pageId);
      queued.add(pageId);
      pump();
    },
    idle() {
      if (running === 0 && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    async close() {
      closed = true;
      queue.length = 0;
      queued.clear();
      if (running > 0) await new Promise<void>((resolve) => waiters.push(resolve));
    },
  };
}
