import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedOnce } from "../../db/prepared.ts";
import { users } from "../../db/schema/accounts.ts";
import { notes, sitePages, sites } from "../../db/schema/discussion.ts";
import { authorColumns, pageOf, pageRefColumns, policy, type RowQuery } from "../discussion/index.ts";

export type NoteRow = typeof notes.$inferSelect;

const noteSelection = {
  note: notes,
  author: authorColumns,
  page: pageRefColumns(sitePages),
  domain: sites.domain,
};

function selectNotes(db: Db) {
  return db
    .select(noteSelection)
    .from(notes)
    .innerJoin(users, eq(users.id, notes.authorId))
    .innerJoin(sitePages, eq(sitePages.id, notes.sitePageId))
    .innerJoin(sites, eq(sites.id, sitePages.siteId))
    .$dynamic();
}

export type NoteWithJoins = NonNullable<Awaited<ReturnType<typeof findNote>>>;

export async function findNote(db: Db, id: string) {
  const [row] = await selectNotes(db).where(eq(notes.id, id)).limit(1);
  return row;
}

/** A note, locked for a change. */
export async function lockNote(tx: Db, id: string): Promise<NoteRow | undefined> {
  const [row] = await tx.select().from(notes).where(eq(notes.id, id)).for("update");
  return row;
}

export async function listNotes(db: Db, opts: RowQuery) {
  return pageOf(selectNotes(db), opts);
}

export async function countNotes(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(notes).where(where);
  return row?.n ?? 0;
}

/** The notes a person reads on each of the given pages, pinned first then most recently changed. */
export async function notesOfPages(db: Db, readerId: string, pageIds: string[]) {
  if (pageIds.length === 0) return [];
  return selectNotes(db)
    .where(and(policy.readableNotesOf(readerId), inArray(notes.sitePageId, pageIds)))
    .orderBy(desc(notes.pinned), desc(notes.updatedAt), desc(notes.id))
    .limit(500);
}

/** The notes of one page: on every signed-in page view. */
const notesOfPageStatement = preparedOnce((db) =>
  selectNotes(db)
    .where(
      and(policy.readableNotesOf(sql.placeholder("reader")), eq(notes.sitePageId, sql.placeholder("page"))),
    )
    .orderBy(desc(notes.pinned), desc(notes.updatedAt), desc(notes.id))
    .limit(500)
    .prepare("notes_of_page"),
);

/** The notes a person reads on one page (theirs and their organisations'), as `notesOfPages`. */
export function notesOfPage(db: Db, readerId: string, pageId: string) {
  return notesOfPageStatement(db).execute({ reader: readerId, page: pageId });
}

export async function insertNote(
  db: Db,
  values: Pick<
    typeof notes.$inferInsert,
    "authorId" | "sitePageId" | "title" | "body" | "pinned" | "visibility" | "organizationId"
  >,
): Promise<string> {
  const [row] = await db.insert(notes).values(values).returning({ id: notes.id });
  if (!row) throw new Error("note insert returned nothing");
  return row.id;
}

export async function updateNote(
  db: Db,
  id: string,
  patch: Partial<
    Pick<typeof notes.$inferInsert, "title" | "body" | "pinned" | "visibility" | "organizationId">
  >,
): Promise<void> {
  await db
    .update(notes)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(notes.id, id));
}

export async function deleteNote(db: Db, id: string): Promise<void> {
  await db.delete(notes).where(eq(notes.id, id));
}
