import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { sitePages } from "../../db/schema/discussion.ts";
import type { Limiter } from "../../lib/rate-limit.ts";
import { createSafeFetcher } from "../../lib/safe-fetch.ts";
import type { Storage } from "../../lib/storage.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { createPageCache, type PageCache } from "./page-cache.ts";
import { createPageFetchQueue, type PageFetchQueue } from "./page-fetch.ts";
import { createPages, type Pages } from "./pages.ts";
import { createWriter, type Writer } from "./write.ts";

/** What every discussion kind is built on: one per app (or per demo seed), shared by all kinds. */
export interface DiscussionCore {
  db: Db;
  storage: Storage;
  limiter: Limiter;
  config: Config;
  cache: PageCache;
  pages: Pages;
  fetchQueue: PageFetchQueue;
  writer: Writer;
  /**
   * A site's owner changed: every page view of its pages shows the owner, so their cached views
   * go. In the background; a failure is logged, and the cache's short life covers it.
   */
  siteChanged(siteId: string, log: { warn(obj: unknown, msg: string): void }): void;
  /**
   * Signed-in people reading pages: `viewed` is called by a page view (its viewer's own state,
   * `GET /v1/site-pages/{id}/mine`); listeners (ads' audiences) run after it, off the request's
   * path, and a failing one is logged.
   */
  readers: PageReaders;
}

export type PageViewListener = (viewer: Viewer, pageId: string) => Promise<void>;
export interface PageReaders {
  viewed(viewer: Viewer, pageId: string): void;
  onViewed(listener: PageViewListener): void;
}

function createPageReaders(log: { warn(obj: unknown, msg: string): void }): PageReaders {
  const listeners: PageViewListener[] = [];
  return {
    viewed(viewer, pageId) {
      for (const listener of listeners) {
        void listener(viewer, pageId).catch((error) =>
          log.warn({ err: error }, "a page view listener failed"),
        );
      }
    },
    onViewed(listener) {
      listeners.push(listener);
    },
  };
}

export function createDiscussionCore(deps: {
  db: Db;
  storage: Storage;
  limiter: Limiter;
  config: Config;
  cache: PageCache;
  fetchQueue: PageFetchQueue;
  log?: { warn(obj: unknown, msg: string): void };
}): DiscussionCore {
  const { db, cache, config, fetchQueue } = deps;
  const pages = createPages({ db, fetchQueue });
  const writer = createWriter({ db, limiter: deps.limiter, config, cache, pages });
  const siteChanged: DiscussionCore["siteChanged"] = (siteId, log) => {
    void db
      .select({ id: sitePages.id })
      .from(sitePages)
      .where(eq(sitePages.siteId, siteId))
      .then((rows) => {
        for (const page of rows) cache.invalidate(page.id);
      })
      .catch((error) => log.warn({ err: error }, "could not refresh a site's page views"));
  };
  return {
    db,
    storage: deps.storage,
    limiter: deps.limiter,
    config,
    cache,
    pages,
    fetchQueue,
    writer,
    siteChanged,
    readers: createPageReaders(deps.log ?? console),
  };
}

declare module "fastify" {
  interface FastifyInstance {
    /** The discussion core: every discussion kind's routes are built on it. */
    discussion: DiscussionCore;
  }
}

/**
 * Registers the core once for the whole app. Kinds' route plugins declare
 * `dependencies: ["discussion"]`, so registering one before it fails at boot instead of
 * silently running without the page cache.
 */
export const discussionPlugin = fp(
  async (app: FastifyInstance) => {
    const cache = createPageCache({ ttlMs: app.config.PAGE_CACHE_TTL_MS });
    // A page that changes here changes on every instance; one that changed there changes here.
    cache.subscribe((pageId) => app.invalidation.send("page", pageId));
    app.invalidation.on("page", (pageId) => cache.invalidate(pageId));
    const fetchQueue = await createPageFetchQueue({
      jobs: app.jobs,
      db: app.db,
      fetcher: createSafeFetcher(),
      cache,
      enabled: app.config.PAGE_FETCH_ENABLED,
      concurrency: app.config.PAGE_FETCH_CONCURRENCY,
      log: app.log,
    });
    const core = createDiscussionCore({
      db: app.db,
      storage: app.storage,
      limiter: app.limiter,
      config: app.config,
      cache,
      fetchQueue,
      log: app.log,
    });
    app.decorate("discussion", core);
  },
  { name: "discussion", dependencies: ["db", "rate-limit", "storage", "jobs", "invalidation"] },
);
