import { eq, type SQL, sql } from "drizzle-orm";
import { alias, unionAll } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { contributions, relatedPageLinks, sitePages, sites } from "../../db/schema/discussion.ts";
import {
  authorColumns,
  myVoteColumn,
  pageOf,
  pageRefColumns,
  type RowQuery,
  withMyVote,
} from "../discussion/index.ts";

const otherPage = alias(sitePages, "other_page");
const otherSite = alias(sites, "other_site");

/**
 * Each stored pair seen from both of its pages: (this page, other page). Filtering on
 * `this_id` gives a page's related pages whichever side of the pair it was stored on; the
 * planner pushes that filter into both halves, which use the pair's two indexes.
 */
function sides(db: Db) {
  return unionAll(
    db
      .select({
        linkId: relatedPageLinks.contributionId,
        thisId: sql<string>`${relatedPageLinks.pageA}`.as("this_id"),
        otherId: sql<string>`${relatedPageLinks.pageB}`.as("other_id"),
      })
      .from(relatedPageLinks),
    db
      .select({
        linkId: relatedPageLinks.contributionId,
        thisId: sql<string>`${relatedPageLinks.pageB}`.as("this_id"),
        otherId: sql<string>`${relatedPageLinks.pageA}`.as("other_id"),
      })
      .from(relatedPageLinks),
  ).as("sides");
}

/** Column of the union above, for filters (the page a link is seen from). */
export const THIS_PAGE = sql`${sql.identifier("sides")}.${sql.identifier("this_id")}`;

function selectRelated(db: Db, viewerId: string | null) {
  const s = sides(db);
  const base = db
    .select({
      c: contributions,
      thisId: s.thisId,
      other: pageRefColumns(otherPage),
      otherDomain: otherSite.domain,
      author: authorColumns,
      myVote: myVoteColumn(viewerId),
    })
    .from(s)
    .innerJoin(contributions, eq(contributions.id, s.linkId))
    .innerJoin(otherPage, eq(otherPage.id, s.otherId))
    .innerJoin(otherSite, eq(otherSite.id, otherPage.siteId))
    .leftJoin(users, eq(users.id, contributions.authorId))
    .$dynamic();
  return withMyVote(base, viewerId);
}

export async function listRelated(db: Db, opts: RowQuery) {
  return pageOf(selectRelated(db, opts.viewerId), opts);
}

export type RelatedListRow = Awaited<ReturnType<typeof listRelated>>[number];

export async function countRelated(db: Db, where: SQL | undefined): Promise<number> {
  const s = sides(db);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(s)
    .innerJoin(contributions, eq(contributions.id, s.linkId))
    .where(where);
  return row?.n ?? 0;
}

/** Stores the pair once (page_a < page_b); false when the two pages are already linked. */
export async function insertLink(
  tx: Db,
  contributionId: string,
  pageA: string,
  pageB: string,
): Promise<boolean> {
  const rows = await tx
    .insert(relatedPageLinks)
    .values({ contributionId, pageA, pageB })
    .onConflictDoNothing()
    .returning({ id: relatedPageLinks.contributionId });
  return rows.length > 0;
}

export async function lockLink(tx: Db, contributionId: string) {
  const [row] = await tx
    .select({
      authorId: contributions.authorId,
      deleted: contributions.deleted,
      link: relatedPageLinks,
    })
    .from(relatedPageLinks)
    .innerJoin(contributions, eq(contributions.id, relatedPageLinks.contributionId))
    .where(eq(relatedPageLinks.contributionId, contributionId))
    .for("update");
  return row;
}

export async function deleteLink(tx: Db, contributionId: string): Promise<void> {
  await tx.delete(relatedPageLinks).where(eq(relatedPageLinks.contributionId, contributionId));
}
