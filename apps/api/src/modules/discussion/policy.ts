import { DISCUSSION_MESSAGES } from "@flipside/contracts/discussion";
import { and, eq, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { profileBlocks } from "../../db/schema/blocks.ts";
import { contributions, notes } from "../../db/schema/discussion.ts";
import { organizationMembers } from "../../db/schema/organizations.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import type { Viewer } from "../../plugins/auth.ts";

/**
 * Who may read, change and remove discussion items, and what each viewer's lists hold: the one
 * place a visibility rule is written (docs/discussion.md). Profile blocks plug in here
 * (`visibleContributions`, `sharesPageView`), organisation notes too (`mayReadNote`,
 * `readableNotes`); no kind decides any of this for itself.
 */

/** A list rule: ANDed into the WHERE of a list for this viewer (undefined: no restriction). */
export type ListRule = (viewer: Viewer | null) => SQL | undefined;

/**
 * The people a block stands between and this person, whichever of the two blocked (docs/blocks.md),
 * as an array evaluated once per statement.
 */
export function blockedEitherWay(userId: string | Placeholder): SQL {
  return sql`array(select ${profileBlocks.blockedId} from ${profileBlocks} where ${profileBlocks.blockerId} = ${userId}
    union all select ${profileBlocks.blockerId} from ${profileBlocks} where ${profileBlocks.blockedId} = ${userId})`;
}

/** The people this person blocked. */
export function blockedBy(userId: string | Placeholder): SQL {
  return sql`array(select ${profileBlocks.blockedId} from ${profileBlocks} where ${profileBlocks.blockerId} = ${userId})`;
}

/** The people who blocked this person. */
export function blockersOf(userId: string | Placeholder): SQL {
  return sql`array(select ${profileBlocks.blockerId} from ${profileBlocks} where ${profileBlocks.blockedId} = ${userId})`;
}

/** Whether a block stands between two people, either way. */
export function blockBetween(a: string | SQL | Placeholder, b: string | SQL | Placeholder): SQL {
  return sql`exists (select 1 from ${profileBlocks} where (${profileBlocks.blockerId} = ${a} and ${profileBlocks.blockedId} = ${b})
    or (${profileBlocks.blockerId} = ${b} and ${profileBlocks.blockedId} = ${a}))`;
}

/**
 * Comments, replies, reviews and related pages a viewer sees: everyone's, but for a viewer with
 * blocks, nothing of the people on the other side of one (erased authors' items stay).
 */
export const visibleContributions: ListRule = (viewer) =>
  viewer?.hasBlocks
    ? sql`(${contributions.authorId} is null or ${contributions.authorId} <> all(${blockedEitherWay(viewer.id)}))`
    : undefined;

/**
 * Comments and replies as a thread shows them: as `visibleContributions`, except that the replies
 * of the people the viewer blocked stay in their threads, to be shown collapsed as "a reply from
 * someone you blocked" (`list.ts` presents them without author or text), so a thread keeps its
 * shape. The replies of people who blocked the viewer are gone: they are never told of a block.
 */
export const visibleThreadItems: ListRule = (viewer) =>
  viewer?.hasBlocks
    ? sql`(${contributions.authorId} is null or (${contributions.authorId} <> all(${blockersOf(viewer.id)})
        and (${contributions.kind} = 'REPLY' or ${contributions.authorId} <> all(${blockedBy(viewer.id)}))))`
    : undefined;

/** Someone else's PUBLIC notes a viewer sees: none of the people across a block. */
export const visiblePublicNotes: ListRule = (viewer) =>
  viewer?.hasBlocks ? sql`${notes.authorId} <> all(${blockedEitherWay(viewer.id)})` : undefined;

/**
 * Whether this viewer's lists are the ones every reader shares, so the page counters and the
 * page cache may answer them. A viewer whose lists differ (blocks) must take the counting path.
 */
export function sharesPageView(viewer: Viewer | null): boolean {
  return !viewer?.hasBlocks;
}

type NoteAccess = {
  authorId: string;
  visibility: "PRIVATE" | "ORGANIZATION" | "PUBLIC";
  organizationId: string | null;
  /** Hidden by moderators: no longer PUBLIC to anyone but its author. */
  moderation?: string | null;
};

/**
 * A note is read by its author; by anyone when PUBLIC (unless moderators hid it); by the members of its organisation when
 * ORGANIZATION (docs/organizations.md#notes). `memberOf`: the viewer's organisations.
 */
export function mayReadNote(note: NoteAccess, viewer: Viewer | null, memberOf: ReadonlySet<string>): boolean {
  if (note.authorId === viewer?.id) return true;
  if (note.visibility === "PUBLIC") return !note.moderation;
  return (
    note.visibility === "ORGANIZATION" && note.organizationId !== null && memberOf.has(note.organizationId)
  );
}

/**
 * The organisations a person belongs to, as an array the planner can use as an index condition
 * (`= any(array(…))` is evaluated once; `in (subquery)` became a filter over every
 * organisation's notes).
 */
export function organizationsOf(userId: string | Placeholder): SQL {
  return sql`array(select ${organizationMembers.organizationId} from ${organizationMembers} where ${organizationMembers.userId} = ${userId})`;
}

/**
 * The notes a person reads in their lists (the notes drawer, the my-note tab, `GET /v1/notes`):
 * their own, and the ORGANIZATION notes of the organisations they belong to. Nobody else's,
 * whatever the filter: this rule is ANDed into every notes list. Each side has its index
 * (`notes_author_*`, `notes_organization_*`), so the two meet in a bitmap OR.
 */
export function readableNotesOf(userId: string | Placeholder): SQL {
  return sql`(${notes.authorId} = ${userId} or (${notes.visibility} = 'ORGANIZATION' and ${notes.organizationId} = any(${organizationsOf(userId)})))`;
}

export const readableNotes: ListRule = (viewer) => (viewer ? readableNotesOf(viewer.id) : sql`false`);

/**
 * An item the viewer wants to change or remove: only its author may. Unknown, deleted or
 * unreadable items are 404 (their existence is not revealed), someone else's are 403.
 */
export function requireAuthor<T extends { authorId: string | null; deleted?: boolean }>(
  row: T | undefined,
  viewer: Viewer,
  opts: { notFound: string; readable?: (row: T) => boolean },
): T {
  if (!row || row.deleted || (opts.readable && !opts.readable(row))) throw notFound(opts.notFound);
  if (row.authorId !== viewer.id) throw forbidden(DISCUSSION_MESSAGES.notAuthor);
  return row;
}

/**
 * Whether a block stands between the viewer and another person (the author of what they want to
 * answer or vote on). Free for viewers without blocks; their flag is at most a few seconds old.
 */
export async function blockStandsBetween(db: Db, viewer: Viewer, otherId: string | null): Promise<boolean> {
  if (!viewer.hasBlocks || !otherId || otherId === viewer.id) return false;
  const rows = await db
    .select({ blockerId: profileBlocks.blockerId })
    .from(profileBlocks)
    .where(
      or(
        and(eq(profileBlocks.blockerId, viewer.id), eq(profileBlocks.blockedId, otherId)),
        and(eq(profileBlocks.blockerId, otherId), eq(profileBlocks.blockedId, viewer.id)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Nobody votes on their own contribution. */
export function mayVote(target: { authorId: string | null }, viewer: Viewer): boolean {
  return target.authorId !== viewer.id;
}
