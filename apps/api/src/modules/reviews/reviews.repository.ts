import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { contributions, reviews } from "../../db/schema/discussion.ts";
import { authorColumns, myVoteColumn, pageOf, type RowQuery, withMyVote } from "../discussion/index.ts";

/** One query for a page of reviews with their authors and the viewer's votes. */
export async function listReviews(db: Db, opts: RowQuery) {
  const base = db
    .select({
      c: contributions,
      r: reviews,
      author: authorColumns,
      myVote: myVoteColumn(opts.viewerId),
    })
    .from(contributions)
    .innerJoin(reviews, eq(reviews.contributionId, contributions.id))
    .leftJoin(users, eq(users.id, contributions.authorId))
    .$dynamic();
  return pageOf(withMyVote(base, opts.viewerId), opts);
}

export type ReviewListRow = Awaited<ReturnType<typeof listReviews>>[number];

export async function countReviews(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contributions)
    .innerJoin(reviews, eq(reviews.contributionId, contributions.id))
    .where(where);
  return row?.n ?? 0;
}

/** The profile's review of the page (deleted or not), locked for a change. */
export async function lockReviewOf(tx: Db, sitePageId: string, authorId: string) {
  const [row] = await tx
    .select({ c: contributions, r: reviews })
    .from(reviews)
    .innerJoin(contributions, eq(contributions.id, reviews.contributionId))
    .where(and(eq(reviews.sitePageId, sitePageId), eq(reviews.authorId, authorId)))
    .for("update");
  return row;
}

export async function lockReview(tx: Db, id: string) {
  const [row] = await tx
    .select({ c: contributions, r: reviews })
    .from(reviews)
    .innerJoin(contributions, eq(contributions.id, reviews.contributionId))
    .where(eq(reviews.contributionId, id))
    .for("update");
  return row;
}

export async function insertReview(tx: Db, values: typeof reviews.$inferInsert): Promise<boolean> {
  const rows = await tx
    .insert(reviews)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: reviews.contributionId });
  return rows.length > 0;
}

export async function updateReview(
  tx: Db,
  id: string,
  patch: Pick<typeof reviews.$inferInsert, "sentiment" | "title" | "expertise">,
): Promise<void> {
  await tx.update(reviews).set(patch).where(eq(reviews.contributionId, id));
}

/** Live reviews of a page per sentiment. */
export async function sentimentCounts(db: Db, sitePageId: string, visible: SQL | undefined) {
  return db
    .select({ sentiment: reviews.sentiment, n: sql<number>`count(*)::int` })
    .from(reviews)
    .innerJoin(contributions, eq(contributions.id, reviews.contributionId))
    .where(and(eq(reviews.sitePageId, sitePageId), eq(contributions.deleted, false), visible))
    .groupBy(reviews.sentiment);
}
