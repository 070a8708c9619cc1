import DataLoader from "dataloader";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgSelect } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { preparedOnce } from "../../db/prepared.ts";
import { users } from "../../db/schema/accounts.ts";
import { contributions, votes } from "../../db/schema/discussion.ts";
import { setAttachments } from "./attachments.ts";

type ProfileRefColumn = "id" | "displayName" | "imageKey" | "imageUrl";

/**
 * The columns a person's reference is presented from (`presentProfileRef`), of `users` or an
 * alias of it (the person followed, the person behind a notification).
 */
export function profileRefColumns<T extends Record<ProfileRefColumn, AnyPgColumn>>(
  person: T,
): Pick<T, ProfileRefColumn> {
  return {
    id: person.id,
    displayName: person.displayName,
    imageKey: person.imageKey,
    imageUrl: person.imageUrl,
  };
}

/** The author of a contribution, joined in the same query as the list (no N+1). */
export const authorColumns = profileRefColumns(users);

/** The viewer's own vote on each listed contribution, joined in the same query. */
export function myVoteJoin(viewerId: string) {
  return and(
    eq(votes.profileId, viewerId),
    eq(votes.targetKind, "CONTRIBUTION"),
    eq(votes.targetId, contributions.id),
  );
}

/**
 * Readers' votes on listed contributions, for any number of (reader, contribution) pairs, in one
 * statement whose text never changes. The pairs travel as two comma-separated text parameters
 * split by the database: encoding them as uuid arrays cost the driver more than the query did.
 */
const votesOfStatement = preparedOnce((db) =>
  db
    .select({ profileId: votes.profileId, id: votes.targetId, value: votes.value })
    .from(votes)
    .where(
      and(
        eq(votes.targetKind, "CONTRIBUTION"),
        sql`(${votes.profileId}, ${votes.targetId}) in (select * from unnest(string_to_array(${sql.placeholder("viewers")}, ',')::uuid[], string_to_array(${sql.placeholder("ids")}, ',')::uuid[]))`,
      ),
    )
    .prepare("votes_of"),
);

interface VoteAsk {
  viewerId: string;
  /** Contribution ids (uuids: the separator cannot occur in them). */
  ids: readonly string[];
}

/**
 * Every signed-in read of a cached list asks for its reader's votes. The readers whose requests
 * arrive in the same turn of the event loop are answered by one statement (docs/caches.md):
 * under load one round trip serves several readers instead of one each, and a lone reader
 * waits for nothing but the end of the turn. A key is a reader's whole list, so a request
 * costs one promise, not one per item. No answer is kept (`cache: false`).
 */
const voteLoader = preparedOnce(
  (db) =>
    new DataLoader<VoteAsk, Map<string, number>>(
      async (asks) => {
        const viewers: string[] = [];
        const ids: string[] = [];
        for (const ask of asks) {
          for (const id of ask.ids) {
            viewers.push(ask.viewerId);
            ids.push(id);
          }
        }
        const rows = await votesOfStatement(db).execute({ viewers: viewers.join(","), ids: ids.join(",") });
        // A reader asking twice in one batch gets their votes on both lists in each answer.
        const byViewer = new Map<string, Map<string, number>>();
        for (const row of rows) {
          const mine = byViewer.get(row.profileId) ?? new Map<string, number>();
          byViewer.set(row.profileId, mine.set(row.id, row.value));
        }
        return asks.map((ask) => byViewer.get(ask.viewerId) ?? new Map<string, number>());
      },
      { cache: false, batchScheduleFn: (run) => setImmediate(run), maxBatchSize: 100 },
    ),
);

/**
 * The viewer's votes on the given contributions, for lists served from the page cache (it may
 * also hold their votes on another list they asked for in the same turn).
 */
export async function myVotesOn(db: Db, viewerId: string, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  return voteLoader(db).load({ viewerId, ids });
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
