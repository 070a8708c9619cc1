import DataLoader from "dataloader";
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

/**
 * Readers' votes on listed contributions, for any number of (reader, contribution) pairs: one
 * array parameter each, so the statement's text never changes.
 */
const votesOfStatement = preparedOnce((db) =>
  db
    .select({ profileId: votes.profileId, id: votes.targetId, value: votes.value })
    .from(votes)
    .where(
      and(
        eq(votes.targetKind, "CONTRIBUTION"),
        sql`(${votes.profileId}, ${votes.targetId}) in (select * from unnest(${sql.placeholder("viewers")}::uuid[], ${sql.placeholder("ids")}::uuid[]))`,
      ),
    )
    .prepare("votes_of"),
);

interface VoteKey {
  viewerId: string;
  id: string;
}

/**
 * Every signed-in read of a cached list asks for its reader's votes. The readers whose requests
 * arrive in the same turn of the event loop are answered by one statement (docs/caches.md):
 * under load one round trip serves several readers instead of one each, and a lone reader
 * waits for nothing but the end of the turn. No answer is kept (`cache: false`).
 */
const voteLoader = preparedOnce(
  (db) =>
    new DataLoader<VoteKey, number>(
      async (keys) => {
        const rows = await votesOfStatement(db).execute({
          viewers: keys.map((k) => k.viewerId),
          ids: keys.map((k) => k.id),
        });
        const found = new Map(rows.map((r) => [`${r.profileId}:${r.id}`, r.value]));
        return keys.map((k) => found.get(`${k.viewerId}:${k.id}`) ?? 0);
      },
      { cache: false, batchScheduleFn: (run) => setImmediate(run), maxBatchSize: 2_000 },
    ),
);

/** The viewer's votes on the given contributions (for lists served from the page cache). */
export async function myVotesOn(db: Db, viewerId: string, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const values = await voteLoader(db).loadMany(ids.map((id) => ({ viewerId, id })));
  const mine = new Map<string, number>();
  values.forEach((value, i) => {
    if (value instanceof Error) throw value;
    const id = ids[i];
    if (value !== 0 && id !== undefined) mine.set(id, value);
  });
  return mine;
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
