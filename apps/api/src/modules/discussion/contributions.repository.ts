import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { preparedOnce } from "../../db/prepared.ts";
import { users } from "../../db/schema/accounts.ts";
import { contributions, votes } from "../../db/schema/discussion.ts";
import { setAttachments } from "./attachments.ts";

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

/** Runs on every signed-in read of a cached list. */
const myVotesOnStatement = preparedOnce((db) =>
  db
    .select({ id: votes.targetId, value: votes.value })
    .from(votes)
    .where(
      and(
        eq(votes.profileId, sql.placeholder("viewer")),
        eq(votes.targetKind, "CONTRIBUTION"),
        // One array parameter, whatever the number of ids: the statement's text never changes.
        sql`${votes.targetId} = any(${sql.placeholder("ids")}::uuid[])`,
      ),
    )
    .prepare("my_votes_on"),
);

/** The viewer's votes on the given contributions (for lists served from the page cache). */
export async function myVotesOn(db: Db, viewerId: string, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await myVotesOnStatement(db).execute({ viewer: viewerId, ids });
  return new Map(rows.map((r) => [r.id, r.value]));
}

export async function countWhere(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(contributions).where(where);
  return row?.n ?? 0;
}

/**
 * Every kind deletes the same way: the row keeps its place (a thread's replies stay reachable)
 * but loses its text and its files (docs/discussion.md).
 */
export async function softDelete(tx: Db, id: string): Promise<void> {
  await tx.update(contributions).set({ deleted: true, body: "" }).where(eq(contributions.id, id));
  await setAttachments(tx, id, []);
}

/** A contribution of one of the given kinds, locked for a change. */
export async function lockContribution(
  tx: Db,
  id: string,
  kinds: readonly ContributionKind[],
): Promise<ContributionRow | undefined> {
  const [row] = await tx
    .select()
    .from(contributions)
    .where(and(eq(contributions.id, id), inArray(contributions.kind, [...kinds])))
    .for("update");
  return row;
}

export type ContributionRow = typeof contributions.$inferSelect;
export type ContributionKind = ContributionRow["kind"];

/** The viewer's own vote on each row, as a column (null for anonymous readers). */
export function myVoteColumn(viewerId: string | null) {
  return viewerId ? votes.value : sql<number | null>`null`;
}

/**
 * Joins the viewer's own votes on the listed contributions (nothing for anonymous readers).
 * The join selects nothing new (`myVoteColumn` already names the column), so the rows keep
 * their type, which drizzle's join typing cannot see.
 */
export function withMyVote<T extends PgSelect>(select: T, viewerId: string | null): T {
  return viewerId ? (select.leftJoin(votes, myVoteJoin(viewerId)) as unknown as T) : select;
}
