import type { NoteVisibility } from "@flipside/contracts/discussion";

/** docs/discussion.md#notes: pinned first, then the most recently changed. */
export function sortNotes<N extends { pinned: boolean; updatedDate: string; id: string }>(
  notes: readonly N[],
): N[] {
  return [...notes].sort((a, b) => {
    if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
    if (a.updatedDate !== b.updatedDate) return a.updatedDate < b.updatedDate ? 1 : -1;
    return a.id < b.id ? 1 : -1;
  });
}

/** Puts a created or changed note in its place; a note of another page is left out. */
export function upsertNote<
  N extends { pinned: boolean; updatedDate: string; id: string; sitePage_id: string },
>(notes: readonly N[], note: N, sitePageId: string): N[] {
  const others = notes.filter((n) => n.id !== note.id);
  return sortNotes(note.sitePage_id === sitePageId ? [...others, note] : others);
}

export const VISIBILITY_LABELS: Record<NoteVisibility, { label: string; hint: string }> = {
  PRIVATE: { label: "Private", hint: "Only you" },
  ORGANIZATION: { label: "Organisation", hint: "Members of one of your organisations" },
  PUBLIC: { label: "Public", hint: "On your public profile" },
};
