import type { Note } from "@flipside/contracts/discussion";
import { SharedFrame } from "../../components/share/shared-frame.tsx";
import { cn } from "../../lib/cn.ts";
import { NOTE_CARD, NoteCard } from "./notes-list.tsx";

/** The public note a share link points at (docs/sharing.md), first on its author's page, whole. */
export function SharedNote({ note }: { note: Note }) {
  return (
    <SharedFrame heading="A note shared with you" testId="shared-note">
      <div
        id={`note-${note.id}`}
        data-shared-target
        className={cn(NOTE_CARD, "bg-background ring-2 ring-primary")}
      >
        <NoteCard note={note} onPublicPage whole />
      </div>
    </SharedFrame>
  );
}
