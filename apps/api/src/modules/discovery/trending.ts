import { inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { pageActivity } from "../../db/schema/discovery.ts";
import { sitePages } from "../../db/schema/discussion.ts";
import { type Jobs, repeatEvery } from "../../lib/jobs.ts";
import { countedActivity, trendingScore } from "./activity.ts";

export const TRENDING_QUEUE = "trending-refresh";
/** Pages written to are re-scored this long after the first write (several writes, one statement). */
export const TRENDING_LIVE_DELAY_MS = 1_000;
/** At most this many pages re-scored in one statement; more wait for the next. */
const LIVE_BATCH = 500;

/**
 * Brings trending scores up to date as of `now` (docs/discovery.md#trending): every page with
 * counted activity in the window gets its score, and every page that had one and no longer has
 * activity in it drops to 0. With `pageIds`, only those pages. Reads only the window's activity
 * (its index), never every page; writes only the scores that changed.
 */
export async function refreshTrending(
  db: Db,
  config: Config,
  opts: { now?: Date; pageIds?: string[] } = {},
): Promise<void> {
  const now = opts.now ?? new Date();
  const since = new Date(now.getTime() - config.TRENDING_WINDOW_HOURS * 3_600_000);
  const { from, where } = countedActivity(now, {
    since,
    viewer: null,
    ...(opts.pageIds ? { pageIds: opts.pageIds } : {}),
  });
  const scoredBefore = opts.pageIds
    ? sql`${sitePages.trendingScore} > 0 and ${inArray(sitePages.id, opts.pageIds)}`
    : sql`${sitePages.trendingScore} > 0`;
  await db.execute(sql`
    with scored as (
      select ${pageActivity.pageId} as page_id, ${trendingScore(config, now)} as score
      from ${from} where ${where}
      group by ${pageActivity.pageId}
    ), targets as (
      select coalesce(scored.page_id, before.id) as id, coalesce(scored.score, 0) as score
      from scored full join (select ${sitePages.id} as id from ${sitePages} where ${scoredBefore}) before
        on before.id = scored.page_id
    )
    update ${sitePages} set trending_score = targets.score
    from targets where ${sitePages.id} = targets.id and ${sitePages.trendingScore} <> targets.score`);
}

/**
 * Keeps trending live (docs/discovery.md#trending): a page written to is re-scored about a second
 * later (`changed`, told by the page cache of every write through this instance), and every score
 * decays with a refresh every TRENDING_REFRESH_INTERVAL_MS, once across all instances.
 */
export async function startTrending(opts: {
  jobs: Jobs;
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** Told after every re-score (the rankings cached until then are stale). */
  rescored(): void;
}): Promise<{ changed(pageId: string): void; flush(): Promise<void>; stop(): Promise<void> }> {
  const { db, config, log } = opts;
  const dirty = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    timer = undefined;
    running = running.then(async () => {
      while (dirty.size > 0) {
        const pageIds = [...dirty].slice(0, LIVE_BATCH);
        for (const id of pageIds) dirty.delete(id);
        await refreshTrending(db, config, { pageIds }).then(opts.rescored, (error) =>
          log.warn({ err: error }, "could not re-score trending pages"),
        );
      }
    });
    return running;
  };

  if (config.TRENDING_REFRESH_INTERVAL_MS > 0) {
    // Once at start too: what was written while no instance ran (a restore, the demo seed) shows now.
    running = refreshTrending(db, config).then(opts.rescored, (error) =>
      log.warn({ err: error }, "could not refresh trending at start"),
    );
    await repeatEvery(
      opts.jobs,
      TRENDING_QUEUE,
      { intervalMs: config.TRENDING_REFRESH_INTERVAL_MS, expireInSeconds: 300 },
      () => refreshTrending(db, config).then(opts.rescored),
    );
  }

  return {
    changed(pageId) {
      dirty.add(pageId);
      if (!timer) {
        timer = setTimeout(() => void flush(), TRENDING_LIVE_DELAY_MS);
        timer.unref();
      }
    },
    async flush() {
      if (timer) clearTimeout(timer);
      await flush();
    },
    /** Drops what waits and lets a running re-score finish (before the database closes). */
    stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      dirty.clear();
      return running;
    },
  };
}
