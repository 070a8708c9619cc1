import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contributions, relatedPageLinks, sitePages, sites, votes } from "../../db/schema/discussion.ts";
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

/**
 * The viewer's votes on a page and on everything listed on it: its own contributions and the
 * related-page links it is either end of. One query over the viewer's votes (the primary key
 * starts with the profile).
 */
export async function myVotesOnPage(db: Db, viewerId: string, pageId: string) {
  const onPage = db
    .select({ id: contributions.id })
    .from(contributions)
    .where(eq(contributions.sitePageId, pageId));
  const linked = db
    .select({ id: relatedPageLinks.contributionId })
    .from(relatedPageLinks)
    .where(or(eq(relatedPageLinks.pageA, pageId), eq(relatedPageLinks.pageB, pageId)));
  return db
    .select({ kind: votes.targetKind, id: votes.targetId, value: votes.value })
    .from(votes)
    .where(
      and(
        eq(votes.profileId, viewerId),
        or(
          and(eq(votes.targetKind, "SITE_PAGE"), eq(votes.targetId, pageId)),
          and(
            eq(votes.targetKind, "CONTRIBUTION"),
            or(inArray(votes.targetId, onPage), inArray(votes.targetId, linked)),
          ),
        ),
      ),
    );
}
