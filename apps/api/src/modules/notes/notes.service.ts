import {
  type CreateNote,
  DISCUSSION_MESSAGES,
  type Note,
  type UpdateNote,
} from "@flipside/contracts/discussion";
import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import { notes } from "../../db/schema/discussion.ts";
import { badRequest, notFound, validationFailed } from "../../lib/errors.ts";
import type { ListQuery } from "../../lib/pagination.ts";
import type { FilterSpec, SortSpec } from "../../lib/search-filter.ts";
import type { Storage } from "../../lib/storage.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { type DiscussionCore, type ListSpec, listOf, policy } from "../discussion/index.ts";
import { isMember, membershipIds } from "../organizations/index.ts";
import { presentNote } from "./notes.presenter.ts";
import * as repo from "./notes.repository.ts";

export const NOTE_FILTER: FilterSpec = {
  fields: {
    id: { column: notes.id, type: "uuid" },
    sitePage_id: { column: notes.sitePageId, type: "uuid" },
    pinned: { column: notes.pinned, type: "boolean" },
    visibility: { column: notes.visibility, type: "enum", values: ["PRIVATE", "ORGANIZATION", "PUBLIC"] },
    organizationId: { column: notes.organizationId, type: "uuid", nullable: true },
    title: { column: notes.title, type: "string" },
    body: { column: notes.body, type: "string", ops: ["||"] },
    createdDate: { column: notes.createdAt, type: "date" },
    updatedDate: { column: notes.updatedAt, type: "date" },
  },
  bareToken: { field: "visibility", values: ["PRIVATE", "ORGANIZATION", "PUBLIC"] },
};
export const NOTE_SORT: SortSpec = {
  fields: {
    pinned: notes.pinned,
    updatedDate: notes.updatedAt,
    createdDate: notes.createdAt,
    title: notes.title,
  },
};
/** Pinned first, then the most recently changed (docs/discussion.md). */
export const NOTE_DEFAULT_SORT = ["pinned,desc", "updatedDate,desc"] as const;

const NO_SUCH_NOTE = "There is no such note.";

/** The viewer's notes of each page, for the site-page list. */
export async function notesOfPages(
  db: DiscussionCore["db"],
  storage: Storage,
  viewer: Viewer | null,
  pageIds: string[],
): Promise<Map<string, Note[]>> {
  const byPage = new Map<string, Note[]>();
  if (!viewer) return byPage;
  for (const row of await repo.notesOfPages(db, viewer.id, pageIds)) {
    const list = byPage.get(row.note.sitePageId) ?? [];
    list.push(presentNote(row, storage));
    byPage.set(row.note.sitePageId, list);
  }
  return byPage;
}

/** The viewer's own notes of one page, pinned first (the page view's `mine` call). */
export async function notesOfPage(
  db: DiscussionCore["db"],
  storage: Storage,
  viewer: Viewer,
  pageId: string,
): Promise<Note[]> {
  return (await repo.notesOfPage(db, viewer.id, pageId)).map((row) => presentNote(row, storage));
}

export function createNotesService(core: DiscussionCore) {
  const { db, storage, writer } = core;

  const spec: ListSpec<repo.NoteWithJoins, Note> = {
    filter: NOTE_FILTER,
    sort: NOTE_SORT,
    defaultSort: NOTE_DEFAULT_SORT,
    id: notes.id,
    visibleTo: policy.readableNotes,
    rows: repo.listNotes,
    count: repo.countNotes,
    present: (rows) => rows.map((r) => presentNote(r, storage)),
  };

  /** The viewer's organisations, read only when a note's visibility needs them. */
  const memberOf = (viewer: Viewer | null, note?: repo.NoteRow) =>
    viewer && (!note || (note.visibility === "ORGANIZATION" && note.authorId !== viewer.id))
      ? membershipIds(db, viewer.id)
      : Promise.resolve(new Set<string>());

  async function get(viewer: Viewer | null, id: string): Promise<Note> {
    const row = await repo.findNote(db, id);
    if (
      !row ||
      !policy.mayReadNote(row.note, viewer, await memberOf(viewer, row.note)) ||
      (viewer && (await policy.blockStandsBetween(db, viewer, row.note.authorId)))
    )
      throw notFound(NO_SUCH_NOTE);
    return presentNote(row, storage);
  }

  /** The author's own note, locked; 404 when the viewer may not even read it. */
  const own = async (viewer: Viewer, id: string) => {
    const orgs = await memberOf(viewer);
    return {
      lock: (tx: DiscussionCore["db"]) => repo.lockNote(tx, id),
      notFound: NO_SUCH_NOTE,
      readable: (note: repo.NoteRow) => policy.mayReadNote(note, viewer, orgs),
    };
  };

  /** A note is shared only with an organisation its author belongs to. */
  async function requireMembership(viewer: Viewer, organizationId: string) {
    if (!(await isMember(db, organizationId, viewer.id))) {
      throw validationFailed(
        [{ field: "organizationId", message: DISCUSSION_MESSAGES.organizationNotMember }],
        DISCUSSION_MESSAGES.organizationNotMember,
      );
    }
  }

  return {
    /** The viewer's own notes (the notes drawer and the my-note tab). */
    list: (viewer: Viewer, query: ListQuery) => listOf(db, spec, viewer, query),

    /** A profile's PUBLIC notes, for anyone (its public page); the same filters and order. */
    listPublic: (viewer: Viewer | null, profileId: string, query: ListQuery) =>
      listOf(
        db,
        {
          ...spec,
          visibleTo: () =>
            and(
              eq(notes.authorId, profileId),
              eq(notes.visibility, "PUBLIC"),
              isNull(notes.moderation),
              policy.visiblePublicNotes(viewer),
            ),
        },
        viewer,
        query,
      ),

    get,

    async create(viewer: Viewer, input: z.output<typeof CreateNote>): Promise<Note> {
      if (input.visibility === "ORGANIZATION" && input.organizationId)
        await requireMembership(viewer, input.organizationId);
      const id = await writer.add(viewer, input.sitePage_id, {
        async write(tx) {
          const noteId = await repo.insertNote(tx, {
            authorId: viewer.id,
            sitePageId: input.sitePage_id,
            title: input.title,
            body: input.body,
            pinned: input.pinned,
            visibility: input.visibility,
            organizationId: input.visibility === "ORGANIZATION" ? (input.organizationId ?? null) : null,
          });
          return { result: noteId, pages: [input.sitePage_id] };
        },
      });
      return get(viewer, id);
    },

    async update(viewer: Viewer, id: string, patch: z.output<typeof UpdateNote>): Promise<Note> {
      if (patch.organizationId && (patch.visibility ?? "ORGANIZATION") === "ORGANIZATION")
        await requireMembership(viewer, patch.organizationId);
      await writer.change(viewer, {
        ...(await own(viewer, id)),
        async write(tx, note) {
          const visibility = patch.visibility ?? note.visibility;
          const organizationId =
            visibility === "ORGANIZATION" ? (patch.organizationId ?? note.organizationId ?? null) : null;
          if (visibility === "ORGANIZATION" && !organizationId) {
            throw badRequest(DISCUSSION_MESSAGES.organizationRequired, [
              { field: "organizationId", message: DISCUSSION_MESSAGES.organizationRequired },
            ]);
          }
          await repo.updateNote(tx, id, {
            ...(patch.title !== undefined ? { title: patch.title } : {}),
            ...(patch.body !== undefined ? { body: patch.body } : {}),
            ...(patch.pinned !== undefined ? { pinned: patch.pinned } : {}),
            visibility,
            organizationId,
          });
          return { result: undefined, pages: [note.sitePageId] };
        },
      });
      return get(viewer, id);
    },

    async remove(viewer: Viewer, id: string): Promise<void> {
      await writer.change(viewer, {
        ...(await own(viewer, id)),
        async write(tx, note) {
          await repo.deleteNote(tx, id);
          return { result: undefined, pages: [note.sitePageId] };
        },
      });
    },
  };
}

export type NotesService = ReturnType<typeof createNotesService>;
