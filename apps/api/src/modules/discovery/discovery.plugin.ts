import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { LRUCache } from "lru-cache";
import { policy } from "../discussion/index.ts";
import { type Ranked, type RankQuery, rankPages } from "./ranked.ts";
import { refreshTrending, startTrending } from "./trending.ts";

/** Discovery (docs/discovery.md): trending and popular pages. */
export interface Discovery {
  /** `key`: the query's filter in one string (`filterKey`), for the shared rankings' cache. */
  rank(query: RankQuery & { key: string }): Promise<Ranked>;
  /** Every trending score as of `now` (the periodic refresh; tests move time with it). */
  refresh(now?: Date): Promise<void>;
  /** Re-scores at once the pages written to since the last re-score (tests). */
  flush(): Promise<void>;
}

/** How long a shared ranking may be reused when nothing was re-scored here. */
export const RANKING_CACHE_TTL_MS = 30_000;

declare module "fastify" {
  interface FastifyInstance {
    discovery: Discovery;
  }
}

export const discoveryPlugin = fp(
  async (app: FastifyInstance) => {
    const { db, config } = app;
    // The rankings every viewer without blocks shares, kept until this instance re-scores
    // anything (a write here, the periodic refresh) and at most RANKING_CACHE_TTL_MS (another
    // instance's writes). Concurrent misses of one key share a single query.
    const shared = new LRUCache<string, Ranked, RankQuery>({
      max: 1_000,
      ttl: RANKING_CACHE_TTL_MS,
      fetchMethod: (_key, _stale, { context }) => rankPages(db, config, context),
    });
    const trending = await startTrending({
      jobs: app.jobs,
      db,
      config,
      log: app.log,
      rescored: () => shared.clear(),
    });
    app.discussion.cache.subscribe((pageId) => trending.changed(pageId));
    app.addHook("onClose", async () => {
      await trending.stop();
    });
    app.decorate("discovery", {
      async rank({ key, ...query }) {
        if (!policy.sharesPageView(query.viewer)) return rankPages(db, config, query);
        const cacheKey = `${query.sort}|${query.sort === "popular" ? query.window : ""}|${query.limit}|${query.offset}|${key}`;
        const ranked = await shared.fetch(cacheKey, { context: { ...query, viewer: null } });
        if (!ranked) throw new Error("ranking load answered nothing");
        return ranked;
      },
      refresh: (now) => refreshTrending(db, config, now ? { now } : {}).then(() => shared.clear()),
      flush: () => trending.flush(),
    } satisfies Discovery);
  },
  { name: "discovery", dependencies: ["db", "jobs", "discussion"] },
);
