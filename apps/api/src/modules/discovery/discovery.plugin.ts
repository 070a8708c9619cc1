import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type Ranked, type RankQuery, rankPages } from "./ranked.ts";
import { refreshTrending, startTrending } from "./trending.ts";

/** Discovery (docs/discovery.md): trending and popular pages. */
export interface Discovery {
  rank(query: RankQuery): Promise<Ranked>;
  /** Every trending score as of `now` (the periodic refresh; tests move time with it). */
  refresh(now?: Date): Promise<void>;
  /** Re-scores at once the pages written to since the last re-score (tests). */
  flush(): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    discovery: Discovery;
  }
}

export const discoveryPlugin = fp(
  async (app: FastifyInstance) => {
    const { db, config } = app;
    const trending = await startTrending({ jobs: app.jobs, db, config, log: app.log });
    app.discussion.cache.subscribe((pageId) => trending.changed(pageId));
    app.addHook("onClose", async () => {
      await trending.stop();
    });
    app.decorate("discovery", {
      rank: (query) => rankPages(db, config, query),
      refresh: (now) => refreshTrending(db, config, now ? { now } : {}),
      flush: () => trending.flush(),
    } satisfies Discovery);
  },
  { name: "discovery", dependencies: ["db", "jobs", "discussion"] },
);
