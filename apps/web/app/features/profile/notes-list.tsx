import type { Note } from "@flipside/contracts/discussion";
import { pageViewPath } from "@flipside/contracts/page-paths";
import { AppLink } from "../../components/shell/app-link.tsx";
import { UserContent } from "../../components/shell/user-content.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Pin } from "../../components/ui/icons.tsx";
import { TimeAgo } from "../../components/ui/time-ago.tsx";
import { cn } from "../../lib/cn.ts";
import { ReportNote } from "./report-person.tsx";
import { ShareNote } from "./share-note.tsx";

const VISIBILITY_LABEL = { PRIVATE: "Private", ORGANIZATION: "Organisation", PUBLIC: "Public" } as const;

interface NoteCardOptions {
  showVisibility?: boolean;
  /** Someone's public page: each note can be shared, and reported to the moderators. */
  onPublicPage?: boolean;
}

/** One note as a small purple card leading to the page it is about. */
export function NoteCard({
  note,
  showVisibility = false,
  onPublicPage = false,
  whole = false,
}: NoteCardOptions & {
  note: Note;
  /** All of its text (a shared note), rather than its first lines. */
  whole?: boolean;
}) {
  return (
    <>
      <div className="flex items-start gap-2">
        {note.pinned ? <Pin className="mt-0.5 size-4 shrink-0 text-note" aria-label="Pinned" /> : null}
        <h3 className="min-w-0 flex-1 break-words font-medium">{note.title}</h3>
        {showVisibility ? <Badge variant="note">{VISIBILITY_LABEL[note.visibility]}</Badge> : null}
        {onPublicPage ? (
          <span className="-my-1 flex shrink-0">
            <ShareNote id={note.id} title={note.title} />
            <ReportNote id={note.id} authorId={note.profile.id} title={note.title} />
          </span>
        ) : null}
      </div>
      {note.bodyHtml ? (
        <UserContent html={note.bodyHtml} className={whole ? undefined : "line-clamp-3"} />
      ) : null}
      <p className="mt-auto flex flex-wrap gap-x-2 text-muted-foreground text-xs">
        <AppLink to={pageViewPath(note.sitePage.normalizedUrl)} className="break-all hover:underline">
          {note.sitePage.title?.trim() || note.sitePage.displayUrl}
        </AppLink>
        <span aria-hidden="true">·</span>
        <TimeAgo iso={note.updatedDate} />
      </p>
    </>
  );
}

/** A note card's shape; its background is the list's or the shared note's. */
export const NOTE_CARD = "flex min-w-0 flex-col gap-2 rounded-lg border border-note/30 p-4";

/**
 * Notes as small purple cards, each leading to the page it is about. `showVisibility` for the
 * owner's own view, where private and public notes sit side by side.
 */
export function NotesList({ notes, ...options }: NoteCardOptions & { notes: readonly Note[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2" data-testid="profile-notes">
      {notes.map((note) => (
        <li
          key={note.id}
          id={`note-${note.id}`}
          className={cn(NOTE_CARD, "bg-note/5")}
          data-testid="profile-note"
        >
          <NoteCard note={note} {...options} />
        </li>
      ))}
    </ul>
  );
}
