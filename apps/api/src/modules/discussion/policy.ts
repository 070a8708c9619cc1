import { DISCUSSION_MESSAGES } from "@flipside/contracts/discussion";
import { eq, type SQL, sql } from "drizzle-orm";
import { notes } from "../../db/schema/discussion.ts";
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

/** Comments, replies, reviews and related pages any viewer may see. */
export const visibleContributions: ListRule = () => undefined;

/**
 * Whether this viewer's lists are the ones every reader shares, so the page counters and the
 * page cache may answer them. A viewer whose lists differ (blocks) must take the counting path.
 */
export function sharesPageView(_viewer: Viewer | null): boolean {
  return true;
}

type NoteAccess = { authorId: string; visibility: "PRIVATE" | "ORGANIZATION" | "PUBLIC" };

/**
 * A note is read by its author, and by anyone when PUBLIC. ORGANIZATION notes will also be read
 * by the members of their organisation once organisations exist; until then only by the author.
 */
export function mayReadNote(note: NoteAccess, viewer: Viewer | null): boolean {
  return note.authorId === viewer?.id || note.visibility === "PUBLIC";
}

/** The notes list: a person's own notes (the notes drawer, the my-note tab). */
export const ownNotes: ListRule = (viewer) => (viewer ? eq(notes.authorId, viewer.id) : sql`false`);

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

/** Nobody votes on their own contribution. */
export function mayVote(target: { authorId: string | null }, viewer: Viewer): boolean {
  return target.authorId !== viewer.id;
}
