import type { LiveContribution, LiveTally } from "@flipside/contracts/live";
import { LIVE_EVENTS, LIVE_REPLAY_LIMIT } from "@flipside/contracts/live-constants";
import { and, asc, eq, gt, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { profileBlocks } from "../../db/schema/blocks.ts";
import { contributions, sitePages } from "../../db/schema/discussion.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { policy } from "../discussion/index.ts";
import type { LiveMessage } from "./hub.ts";

/** The topic of a page's streams. */
export const pageTopic = (pageId: string) => `page:${pageId}`;
/** The topic of a signed-in person's streams (their bell). */
export const personTopic = (userId: string) => `user:${userId}`;

/** A contribution every reader of its page sees: not deleted, on a page moderators did not hide. */
const shownToAll = and(eq(contributions.deleted, false), isNull(sitePages.moderation));

/** What the streams of a page are told of: the contributions in the discussion as everyone sees it. */
function liveContributions(where: SQL | undefined, limit: number) {
  return (db: Db) =>
    db
      .select({
        id: contributions.id,
        pageId: contributions.sitePageId,
        kind: contributions.kind,
        parentId: contributions.parentId,
        authorId: contributions.authorId,
        createdAt: contributions.createdAt,
      })
      .from(contributions)
      .innerJoin(sitePages, eq(sitePages.id, contributions.sitePageId))
      .where(and(where, shownToAll))
      .orderBy(asc(contributions.createdAt), asc(contributions.id))
      .limit(limit);
}

type Row = Awaited<ReturnType<ReturnType<typeof liveContributions>>>[number];

/** The message telling a page's streams of a contribution; its id is when it was written. */
function messageOf(row: Row): LiveMessage {
  const data: LiveContribution = {
    id: row.id,
    pageId: row.pageId,
    kind: row.kind,
    parentId: row.parentId,
    createdDate: row.createdAt.toISOString(),
  };
  return {
    topic: pageTopic(row.pageId),
    event: LIVE_EVENTS.contribution,
    id: data.createdDate,
    data,
    authorId: row.authorId,
  };
}

/** The message for a contribution just added, or null when nobody is to be told (deleted, hidden page). */
export async function contributionMessage(db: Db, contributionId: string): Promise<LiveMessage | null> {
  const [row] = await liveContributions(eq(contributions.id, contributionId), 1)(db);
  return row ? messageOf(row) : null;
}

/**
 * The tally of a contribution someone voted on, for its page's streams (not the voter's own, nor
 * those across a block with the voter), or null when it is not shown (deleted, hidden page).
 */
export async function tallyMessage(
  db: Db,
  contributionId: string,
  voterId: string,
): Promise<LiveMessage | null> {
  const [row] = await db
    .select({
      id: contributions.id,
      pageId: contributions.sitePageId,
      upCount: contributions.upCount,
      downCount: contributions.downCount,
    })
    .from(contributions)
    .innerJoin(sitePages, eq(sitePages.id, contributions.sitePageId))
    .where(and(eq(contributions.id, contributionId), shownToAll));
  if (!row) return null;
  const data: LiveTally = row;
  return { topic: pageTopic(row.pageId), event: LIVE_EVENTS.votes, data, authorId: voterId };
}

/**
 * What a page's stream missed since `since` (the page's data was read then, or the last message
 * the browser got was from then): oldest first, at most LIVE_REPLAY_LIMIT, without the viewer's
 * own and, for a viewer with blocks, without those of the people across them.
 */
export async function replay(
  db: Db,
  pageId: string,
  since: Date,
  viewer: Viewer | null,
): Promise<LiveMessage[]> {
  const rows = await liveContributions(
    and(
      eq(contributions.sitePageId, pageId),
      gt(contributions.createdAt, since),
      viewer ? sql`${contributions.authorId} is distinct from ${viewer.id}` : undefined,
      policy.visibleContributions(viewer),
    ),
    LIVE_REPLAY_LIMIT,
  )(db);
  return rows.map(messageOf);
}

/** The people a block stands between and this viewer (read once when their stream opens). */
export async function blockedSet(db: Db, viewer: Viewer | null): Promise<ReadonlySet<string>> {
  if (!viewer?.hasBlocks) return new Set();
  const rows = await db
    .select({ blocker: profileBlocks.blockerId, blocked: profileBlocks.blockedId })
    .from(profileBlocks)
    .where(or(eq(profileBlocks.blockerId, viewer.id), eq(profileBlocks.blockedId, viewer.id)));
  return new Set(rows.map((r) => (r.blocker === viewer.id ? r.blocked : r.blocker)));
}
