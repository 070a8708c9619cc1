import type { Note } from "@flipside/contracts/discussion";
import type { Storage } from "../../lib/storage.ts";
import { presentPageRef, profileImageUrl, renderMarkdownCached } from "../discussion/index.ts";
import type { NoteWithJoins } from "./notes.repository.ts";

export function presentNote(row: NoteWithJoins, storage: Storage): Note {
  const { note, author, page, domain } = row;
  return {
    id: note.id,
    sitePage_id: note.sitePageId,
    sitePage: presentPageRef(page, domain),
    title: note.title,
    body: note.body,
    bodyHtml: renderMarkdownCached(note.body),
    pinned: note.pinned,
    visibility: note.visibility,
    organizationId: note.organizationId,
    profile: { id: author.id, displayName: author.displayName, imageUrl: profileImageUrl(author, storage) },
    createdDate: note.createdAt.toISOString(),
    updatedDate: note.updatedAt.toISOString(),
  };
}
