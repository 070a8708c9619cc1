import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import {
  contributions,
  relatedPageLinks,
  reviews,
  sitePages,
  sites,
  votes,
} from "../../db/schema/discussion.ts";

/** The author of a contribution, joined in the same query as the list (no N+1). */
export const authorColumns = {
  id: users.id,
  displayName: users.displayName,
  imageKey: users.imageKey,
  imageUrl: users.imageUrl,
};

/** The viewer's own vote on each listed contribution, joined in the same query. */
export function myVoteJoin(viewerId: string) {
  return and(
    eq(votes.profileId, viewerId),
    eq(votes.targetKind, "CONTRIBUTION"),
    eq(votes.targetId, contributions.id),
  );
}

/**
 * Where profile blocks (a later issue) will hide the blocked profiles' contributions from the
 * blocker: every contribution list ANDs this into its WHERE clause.
 */
export function visibleTo(_viewerId: string | null): SQL | undefined {
  return undefined;
}

/** The viewer's votes on the given contributions (for lists served from the page cache). */
export async function myVotesOn(db: Db, viewerId: string, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: votes.targetId, value: votes.value })
    .from(votes)
    .where(
      and(eq(votes.profileId, viewerId), eq(votes.targetKind, "CONTRIBUTION"), inArray(votes.targetId, ids)),
    );
  return new Map(rows.map((r) => [r.id, r.value]));
}

export async function countWhere(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(contributions).where(where);
  return row?.n ?? 0;
}

const otherPage = alias(sitePages, "other_page");
const otherSite = alias(sites, "other_site");

/**
 * A profile's public activity: every kind, with its page, and the review or the other page
 * of a related-page link when it is one. One query for the whole page of results.
 */
export async function listActivity(
  db: Db,
  opts: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number; viewerId: string | null },
) {
  const base = db
    .select({
      c: contributions,
      author: authorColumns,
      myVote: opts.viewerId ? votes.value : sql<number | null>`null`,
      page: {
        id: sitePages.id,
        rawUrl: sitePages.rawUrl,
        normalizedUrl: sitePages.normalizedUrl,
        displayUrl: sitePages.displayUrl,
        title: sitePages.title,
        faviconUrl: sitePages.faviconUrl,
      },
      domain: sites.domain,
      review: { sentiment: reviews.sentiment, title: reviews.title, expertise: reviews.expertise },
      other: {
        id: otherPage.id,
        rawUrl: otherPage.rawUrl,
        normalizedUrl: otherPage.normalizedUrl,
        displayUrl: otherPage.displayUrl,
        title: otherPage.title,
        faviconUrl: otherPage.faviconUrl,
      },
      otherDomain: otherSite.domain,
    })
    .from(contributions)
    .innerJoin(sitePages, eq(sitePages.id, contributions.sitePageId))
    .innerJoin(sites, eq(sites.id, sitePages.siteId))
    .leftJoin(users, eq(users.id, contributions.authorId))
    .leftJoin(reviews, eq(reviews.contributionId, contributions.id))
    .leftJoin(relatedPageLinks, eq(relatedPageLinks.contributionId, contributions.id))
    .leftJoin(
      otherPage,
      sql`${otherPage.id} = case when ${relatedPageLinks.pageA} = ${contributions.sitePageId} then ${relatedPageLinks.pageB} else ${relatedPageLinks.pageA} end`,
    )
    .leftJoin(otherSite, eq(otherSite.id, otherPage.siteId))
    .$dynamic();
  const joined = opts.viewerId ? base.leftJoin(votes, myVoteJoin(opts.viewerId)) : base;
  return joined
    .where(opts.where)
    .orderBy(...opts.orderBy)
    .limit(opts.limit)
    .offset(opts.offset);
}
