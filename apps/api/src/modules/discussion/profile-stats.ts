import type { ProfileStats } from "@flipside/contracts/accounts";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contributions, notes } from "../../db/schema/discussion.ts";

/**
 * What a profile has added, as its public page counts it: contributions not deleted, PUBLIC
 * notes, and the up votes its contributions received. One query off the author index.
 */
export async function profileStats(db: Db, userId: string): Promise<ProfileStats> {
  const publicNotes = db
    .select({ n: sql<number>`count(*)::int` })
    .from(notes)
    .where(and(eq(notes.authorId, userId), eq(notes.visibility, "PUBLIC"), isNull(notes.moderation)));
  const [row] = await db
    .select({
      comments: sql<number>`count(*) filter (where ${contributions.kind} in ('COMMENT', 'REPLY'))::int`,
      reviews: sql<number>`count(*) filter (where ${contributions.kind} = 'REVIEW')::int`,
      relatedPages: sql<number>`count(*) filter (where ${contributions.kind} = 'RELATED_PAGE')::int`,
      votesReceived: sql<number>`coalesce(sum(${contributions.upCount}), 0)::int`,
      publicNotes: sql<number>`(${publicNotes})`,
    })
    .from(contributions)
    .where(and(eq(contributions.authorId, userId), eq(contributions.deleted, false)));
  return {
    comments: row?.comments ?? 0,
    reviews: row?.reviews ?? 0,
    relatedPages: row?.relatedPages ?? 0,
    publicNotes: row?.publicNotes ?? 0,
    votesReceived: row?.votesReceived ?? 0,
  };
}
