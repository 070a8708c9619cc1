import {
  type CreateNote,
  DISCUSSION_MESSAGES,
  type Note,
  type UpdateNote,
} from "@flipside/contracts/discussion";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { notes } from "../../db/schema/discussion.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { type ListQuery, pageOffset } from "../../lib/pagination.ts";
import type { Limiter } from "../../lib/rate-limit.ts";
import { compileSearchAnd, type FilterSpec, type SortSpec } from "../../lib/search-filter.ts";
import type { Storage } from "../../lib/storage.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { consumeContribution } from "../contributions/contribution-rate-limits.ts";
import { orderBy } from "../contributions/list-order.ts";
import { findPageById } from "../site-pages/site-pages.repository.ts";
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
/** PRODUCT.md §5.7: pinned first. */
export const NOTE_DEFAULT_SORT = ["pinned,desc", "updatedDate,desc"] as const;

export interface NotesDeps {
  db: Db;
  storage: Storage;
  limiter: Limiter;
  config: Config;
}

/**
 * Who may read a note: its author always; anyone when PUBLIC. ORGANIZATION notes will also be
 * readable by the members of their organisation once organisations exist (a later issue); until
 * then only by their author.
 */
function canRead(note: repo.NoteRow, viewer: Viewer | null): boolean {
  return note.authorId === viewer?.id || note.visibility === "PUBLIC";
}

export function createNotesService(deps: NotesDeps) {
  const { db, storage } = deps;

  /** The note for a change by its author: 404 when the viewer may not even read it, else 403. */
  async function ownNote(viewer: Viewer, id: string) {
    const row = await repo.findNote(db, id);
    if (!row || !canRead(row.note, viewer)) throw notFound("There is no such note.");
    if (row.note.authorId !== viewer.id) throw forbidden(DISCUSSION_MESSAGES.notAuthor);
    return row;
  }

  async function get(viewer: Viewer | null, id: string): Promise<Note> {
    const row = await repo.findNote(db, id);
    if (!row || !canRead(row.note, viewer)) throw notFound("There is no such note.");
    return presentNote(row, storage);
  }

  return {
    /** The viewer's own notes (the notes drawer and the my-note tab). */
    async list(viewer: Viewer, query: ListQuery): Promise<{ items: Note[]; total: number }> {
      const where = and(eq(notes.authorId, viewer.id), compileSearchAnd(query.searchAnd, NOTE_FILTER));
      const order = orderBy(query.sort, NOTE_SORT, NOTE_DEFAULT_SORT, notes.id);
      const [rows, total] = await Promise.all([
        repo.listNotes(db, { where, orderBy: order, limit: query.size, offset: pageOffset(query) }),
        repo.countNotes(db, where),
      ]);
      return { items: rows.map((r) => presentNote(r, storage)), total };
    },

    get,

    async create(viewer: Viewer, input: z.output<typeof CreateNote>): Promise<Note> {
      await consumeContribution(deps.limiter, deps.config, viewer);
      if (!(await findPageById(db, input.sitePage_id))) throw notFound(DISCUSSION_MESSAGES.pageNotFound);
      const id = await repo.insertNote(db, {
        authorId: viewer.id,
        sitePageId: input.sitePage_id,
        title: input.title,
        body: input.body,
        pinned: input.pinned,
        visibility: input.visibility,
        organizationId: input.visibility === "ORGANIZATION" ? (input.organizationId ?? null) : null,
      });
      return get(viewer, id);
    },

    async update(viewer: Viewer, id: string, patch: z.output<typeof UpdateNote>): Promise<Note> {
      const { note } = await ownNote(viewer, id);
      const visibility = patch.visibility ?? note.visibility;
      const organizationId =
        visibility === "ORGANIZATION" ? (patch.organizationId ?? note.organizationId ?? null) : null;
      if (visibility === "ORGANIZATION" && !organizationId) {
        throw badRequest(DISCUSSION_MESSAGES.organizationRequired, [
          { field: "organizationId", message: DISCUSSION_MESSAGES.organizationRequired },
        ]);
      }
      await repo.updateNote(db, id, {
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.body !== undefined ? { body: patch.body } : {}),
        ...(patch.pinned !== undefined ? { pinned: patch.pinned } : {}),
        visibility,
        organizationId,
      });
      return get(viewer, id);
    },

    async remove(viewer: Viewer, id: string): Promise<void> {
      await ownNote(viewer, id);
      await repo.deleteNote(db, id);
    },

    /** The viewer's notes of each page, for the site-page view (SPEC.md §7). */
    async ofPages(viewer: Viewer | null, pageIds: string[]): Promise<Map<string, Note[]>> {
      const byPage = new Map<string, Note[]>();
      if (!viewer) return byPage;
      for (const row of await repo.notesOfPages(db, viewer.id, pageIds)) {
        const list = byPage.get(row.note.sitePageId) ?? [];
        list.push(presentNote(row, storage));
        byPage.set(row.note.sitePageId, list);
      }
      return byPage;
    },
  };
}

export type NotesService = ReturnType<typeof createNotesService>;
