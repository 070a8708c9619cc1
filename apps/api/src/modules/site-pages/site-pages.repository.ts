import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sitePages, sites, votes } from "../../db/schema/discussion.ts";
import type { RowQuery } from "../discussion/index.ts";

export async function listPages(db: Db, opts: RowQuery) {
  const base = db
    .select({
      page: sitePages,
      site: sites,
      myVote: opts.viewerId ? votes.value : sql<number | null>`null`,
    })
    .from(sitePages)
    .innerJoin(sites, eq(sites.id, sitePages.siteId))
    .$dynamic();
  const joined = opts.viewerId
    ? base.leftJoin(
        votes,
        and(
          eq(votes.profileId, opts.viewerId),
          eq(votes.targetKind, "SITE_PAGE"),
          eq(votes.targetId, sitePages.id),
        ),
      )
    : base;
  return joined
    .where(opts.where)
    .orderBy(...opts.orderBy)
    .limit(opts.limit)
    .offset(opts.offset);
}

export async function countPages(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sitePages)
    .innerJoin(sites, eq(sites.id, sitePages.siteId))
    .where(where);
  return row?.n ?? 0;
}

export type PageListRow = Awaited<ReturnType<typeof listPages>>[number];
