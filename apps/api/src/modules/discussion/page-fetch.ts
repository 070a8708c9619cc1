import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import type { Jobs } from "../../lib/jobs.ts";
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
  /**
   * Records that a new page is to be read; the read happens on the job queue, never in the
   * caller's request. A failure to record is logged, not thrown: the page then shows its URL.
   */
  schedule(pageId: string): Promise<void>;
}

/** For writers that never read pages (the demo seed), as PAGE_FETCH_ENABLED=false does. */
export const noPageFetch: PageFetchQueue = { schedule: async () => {} };

export const PAGE_FETCH_QUEUE = "page-fetch";

/**
 * Page reads on the PostgreSQL job queue: one job per new page (a page already waiting is not
 * queued twice), handled by PAGE_FETCH_CONCURRENCY workers per instance, so a burst of new
 * addresses cannot open hundreds of outgoing connections. Jobs outlive a restart and are
 * shared by every instance.
 */
export async function createPageFetchQueue(opts: {
  jobs: Jobs;
  db: Db;
  fetcher: PageFetcher;
  log?: FastifyBaseLogger;
  cache?: PageCache;
  enabled: boolean;
  concurrency?: number;
}): Promise<PageFetchQueue> {
  if (!opts.enabled) return noPageFetch;
  const { jobs } = opts;
  // refreshPageMetadata records a page's own failures (a site that does not answer) on the page;
  // a job is retried only when it could not finish at all: the database went away, or the
  // instance died under it (the job expires and another instance takes it). A read is bounded by
  // PAGE_FETCH_LIMITS, and the minute covers the database writes too.
  await jobs.queue(PAGE_FETCH_QUEUE, { policy: "short", retryLimit: 2, expireInSeconds: 60 });
  await jobs.work<{ pageId: string }>(
    PAGE_FETCH_QUEUE,
    { concurrency: opts.concurrency ?? 2 },
    ({ pageId }) => refreshPageMetadata(opts.db, opts.fetcher, pageId, opts.log, opts.cache),
  );
  return {
    async schedule(pageId) {
      await jobs
        .send(PAGE_FETCH_QUEUE, { pageId }, { singletonKey: pageId })
        .catch((err) => opts.log?.error({ err, pageId }, "could not queue a page read"));
    },
  };
}
