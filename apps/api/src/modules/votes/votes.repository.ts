import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contributions, sitePages, votes } from "../../db/schema/discussion.ts";

export type TargetKind = "CONTRIBUTION" | "SITE_PAGE";

/** Locks the target row: every vote on one target then runs one after the other. */
export async function lockTarget(
  tx: Db,
  kind: TargetKind,
  id: string,
): Promise<{ authorId: string | null; deleted: boolean; sitePageId: string } | undefined> {
  if (kind === "SITE_PAGE") {
    const [row] = await tx
      .select({ id: sitePages.id })
      .from(sitePages)
      .where(eq(sitePages.id, id))
      .for("update");
    return row ? { authorId: null, deleted: false, sitePageId: row.id } : undefined;
  }
  const [row] = await tx
    .select({
      authorId: contributions.authorId,
      deleted: contributions.deleted,
      sitePageId: contributions.sitePageId,
    })
    .from(contributions)
    .where(eq(contributions.id, id))
    .for("update");
  return row;
}

const voteKey = (profileId: string, kind: TargetKind, targetId: string) =>
  and(eq(votes.profileId, profileId), eq(votes.targetKind, kind), eq(votes.targetId, targetId));

export async function currentVote(
  tx: Db,
  profileId: string,
  kind: TargetKind,
  targetId: string,
): Promise<number> {
  const [row] = await tx
    .select({ value: votes.value })
    .from(votes)
    .where(voteKey(profileId, kind, targetId));
  return row?.value ?? 0;
}

export async function setVote(tx: Db, profileId: string, kind: TargetKind, targetId: string, value: number) {
  if (value === 0) {
    await tx.delete(votes).where(voteKey(profileId, kind, targetId));
    return;
  }
  await tx
    .insert(votes)
    .values({ profileId, targetKind: kind, targetId, value })
    .onConflictDoUpdate({ target: [votes.profileId, votes.targetKind, votes.targetId], set: { value } });
}

/** Moves the counters by the given deltas in one row write and returns the new counts. */
export async function bumpCounters(
  tx: Db,
  kind: TargetKind,
  id: string,
  dUp: number,
  dDown: number,
): Promise<{ up: number; down: number; score: number }> {
  const table = kind === "SITE_PAGE" ? sitePages : contributions;
  const [row] = await tx
    .update(table)
    .set({ upCount: sql`${table.upCount} + ${dUp}`, downCount: sql`${table.downCount} + ${dDown}` })
    .where(eq(table.id, id))
    .returning({ up: table.upCount, down: table.downCount, score: table.score });
  if (!row) throw new Error("vote target vanished");
  return row;
}

export async function readCounters(tx: Db, kind: TargetKind, id: string) {
  const table = kind === "SITE_PAGE" ? sitePages : contributions;
  const [row] = await tx
    .select({ up: table.upCount, down: table.downCount, score: table.score })
    .from(table)
    .where(eq(table.id, id));
  if (!row) throw new Error("vote target vanished");
  return row;
}
