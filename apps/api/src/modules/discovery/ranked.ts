import type { PopularWindow } from "@flipside/contracts/discovery-constants";
import { type SQL, sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/raw-row.ts";
import { pageActivity } from "../../db/schema/discovery.ts";
import { sitePages, sites } from "../../db/schema/discussion.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { policy } from "../discussion/index.ts";
import { countedActivity, trendingScore } from "./activity.ts";

const WINDOW_HOURS: Record<PopularWindow, number | null> = {
  day: 24,
  week: 24 * 7,
  month: 24 * 30,
  all: null,
};

export interface RankQuery {
  sort: "trending" | "popular";
  window: PopularWindow;
  viewer: Viewer | null;
  /** Conditions over `site_pages` and `sites` (the list's filter; hidden pages are never ranked). */
  where: SQL | undefined;
  limit: number;
  offset: number;
  now?: Date;
}

export interface Ranked {
  /** Page ids, best first, with the contributions and votes counted in the window (popular). */
  pages: { id: string; activityCount: number | null }[];
  total: number;
}

/**
 * One page of the trending or popular ranking (docs/discovery.md):
 * - trending, for everyone whose lists are shared: straight off the scores' index;
 * - trending, for a viewer with blocks: scored now from the window's activity without the people
 *   across their blocks, so nobody they blocked lifts a page for them;
 * - popular: contributions and votes counted in the window (blocks applied the same way).
 */
export async function rankPages(db: Db, config: Config, q: RankQuery): Promise<Ranked> {
  const now = q.now ?? new Date();
  const pageWhere = sql`${sitePages.moderation} is null${q.where ? sql` and ${q.where}` : sql``}`;
  if (q.sort === "trending" && policy.sharesPageView(q.viewer)) {
    const rows = rowsOf(
      await db.execute(sql`
        select ${sitePages.id} as id, count(*) over () as total
        from ${sitePages} join ${sites} on ${sites.id} = ${sitePages.siteId}
        where ${sitePages.trendingScore} > 0 and ${pageWhere}
        order by ${sitePages.trendingScore} desc, ${sitePages.id} desc
        limit ${q.limit} offset ${q.offset}`),
    );
    return done(rows, false, () => countTrending(db, pageWhere));
  }
  const hours = q.sort === "trending" ? config.TRENDING_WINDOW_HOURS : WINDOW_HOURS[q.window];
  const since = hours === null ? null : new Date(now.getTime() - hours * 3_600_000);
  const { from, where } = countedActivity(now, { since, viewer: q.viewer });
  const rank = q.sort === "trending" ? sql`${trendingScore(config, now)}` : sql`count(*)::float8`;
  const ranked = sql`(
    select ${pageActivity.pageId} as id, ${rank} as rank, count(*)::int as activity_count
    from ${from}
      join ${sitePages} on ${sitePages.id} = ${pageActivity.pageId}
      join ${sites} on ${sites.id} = ${sitePages.siteId}
    where ${where} and ${pageWhere}
    group by ${pageActivity.pageId}
  ) ranked where ranked.rank > 0`;
  const rows = rowsOf(
    await db.execute(sql`
      select ranked.id, ranked.activity_count, count(*) over () as total from ${ranked}
      order by ranked.rank desc, ranked.id desc
      limit ${q.limit} offset ${q.offset}`),
  );
  return done(rows, q.sort === "popular", async () => {
    const [row] = rowsOf(await db.execute(sql`select count(*)::int as n from ${ranked}`));
    return Number(row?.n ?? 0);
  });
}

/**
 * The rows and their total (from `count(*) over ()`; a page past the end has no row to carry it,
 * so the total is then counted).
 */
async function done(
  rows: Record<string, unknown>[],
  withCounts: boolean,
  countPastEnd: () => Promise<number>,
): Promise<Ranked> {
  const pages = rows.map((row) => ({
    id: String(row.id),
    activityCount: withCounts ? Number(row.activity_count) : null,
  }));
  const total = rows.length > 0 ? Number(rows[0]?.total) : await countPastEnd();
  return { pages, total };
}

async function countTrending(db: Db, pageWhere: SQL): Promise<number> {
  const [row] = rowsOf(
    await db.execute(sql`
      select count(*)::int as n from ${sitePages} join ${sites} on ${sites.id} = ${sitePages.siteId}
      where ${sitePages.trendingScore} > 0 and ${pageWhere}`),
  );
  return Number(row?.n ?? 0);
}
