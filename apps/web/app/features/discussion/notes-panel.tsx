import type { Note } from "@flipside/contracts/discussion";
import { type ComponentProps, useState } from "react";
import { UserContent } from "../../components/shell/user-content.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { DeferredPart } from "../../components/ui/deferred.tsx";
import { Eye, Library, NotebookPen, Pencil, Pin, PinOff, Plus, Trash2 } from "../../components/ui/icons.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { TimeAgo } from "../../components/ui/time-ago.tsx";
import { cn } from "../../lib/cn.ts";
import { ConfirmDelete } from "./confirm-delete.tsx";
import { useContributionGate } from "./contribution-gate.ts";
import { discussionApi } from "./discussion-client.ts";
import { usePageClosed } from "./discussion-state.tsx";
import { FormLoading, ListEmpty, PageClosed } from "./list-parts.tsx";
import type { NoteForm } from "./note-form.tsx";
import { VISIBILITY_LABELS } from "./note-order.ts";

const loadNoteForm = () => import("./note-form.tsx");

/** The note form, whose code (react-hook-form and its fields) comes when a note is written or edited. */
function LazyNoteForm(props: ComponentProps<typeof NoteForm>) {
  return (
    <DeferredPart load={loadNoteForm} fallback={<FormLoading className="h-64" />}>
      {(m) => <m.NoteForm {...props} />}
    </DeferredPart>
  );
}

/** docs/web-app.md#state: in the note tab a note carries the key "note", a purple colour and an isNote flag. */
export const NOTE_KEY = "note";

/** What happens when a note shown on a page view is changed, deleted or opened. */
export interface NoteEvents {
  onChanged(note: Note): void;
  onDeleted(id: string): void;
  onOpenNote(note: Note): void;
}

export function NoteCard({
  note,
  sitePageId,
  onChanged,
  onDeleted,
  onOpenNote,
}: NoteEvents & { note: Note; sitePageId: string }) {
  const gate = useContributionGate();
  const [editing, setEditing] = useState(false);
  const [pinning, setPinning] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // An organisation's note by another member: theirs to change; the reader only reads it.
  const own = note.profile.id === gate.user?.id;
  const organization =
    note.visibility === "ORGANIZATION"
      ? gate.user?.organizations?.find((o) => o.id === note.organizationId)?.name
      : undefined;

  async function togglePin() {
    setPinning(true);
    try {
      onChanged(await discussionApi.updateNote(note.id, { pinned: !note.pinned }));
    } catch (error) {
      gate.report(error, "The note was not changed. Try again.");
    } finally {
      setPinning(false);
    }
  }

  return (
    <article
      data-key={NOTE_KEY}
      data-is-note="true"
      data-testid="note"
      data-note-id={note.id}
      data-pinned={note.pinned ? "true" : "false"}
      className="flex flex-col gap-2 rounded-lg border border-note/30 border-l-4 border-l-note bg-note/5 p-3 sm:p-4"
    >
      {editing ? (
        <LazyNoteForm
          sitePageId={sitePageId}
          note={note}
          onCancel={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            onChanged(saved);
          }}
        />
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="min-w-0 break-words font-semibold text-note" data-testid="note-title-text">
              {note.title}
            </h3>
            {note.pinned ? (
              <Badge variant="note" data-testid="note-pinned-badge">
                <Pin aria-hidden="true" />
                Pinned
              </Badge>
            ) : null}
            <Badge variant="outline" title={VISIBILITY_LABELS[note.visibility].hint}>
              {organization ?? VISIBILITY_LABELS[note.visibility].label}
            </Badge>
            {own ? null : (
              <span className="text-muted-foreground text-xs" data-testid="note-author">
                {`by ${note.profile.displayName}`}
              </span>
            )}
          </div>
          {note.bodyHtml ? <UserContent html={note.bodyHtml} /> : null}
          <div className="-ml-2 flex flex-wrap items-center gap-1 text-muted-foreground text-xs">
            <Button variant="ghost" size="sm" onClick={() => onOpenNote(note)} data-testid="note-open">
              <Eye aria-hidden="true" />
              Open
            </Button>
            {own ? (
              <>
                <Button
                  variant="ghost"
                  size="sm"
                  loading={pinning}
                  onClick={() => void togglePin()}
                  aria-pressed={note.pinned}
                  data-testid="note-pin"
                >
                  {note.pinned ? <PinOff aria-hidden="true" /> : <Pin aria-hidden="true" />}
                  {note.pinned ? "Unpin" : "Pin"}
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setEditing(true)} data-testid="note-edit">
                  <Pencil aria-hidden="true" />
                  Edit
                </Button>
                <Button
                  variant="ghost-destructive"
                  size="sm"
                  onClick={() => setConfirming(true)}
                  data-testid="note-delete"
                >
                  <Trash2 aria-hidden="true" />
                  Delete
                </Button>
              </>
            ) : null}
            <span className="ml-auto">
              Changed <TimeAgo iso={note.updatedDate} />
            </span>
          </div>
        </>
      )}
      <ConfirmDelete
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this note?"
        description={`“${note.title}” goes away for good.`}
        failure="The note was not deleted. Try again."
        onConfirm={async () => {
          await discussionApi.deleteNote(note.id);
          onDeleted(note.id);
        }}
      />
    </article>
  );
}

export interface NotesPanelProps extends NoteEvents {
  sitePageId: string;
  notes: Note[];
  /** The viewer's notes are still being asked for (a page view rendered for everyone). */
  loading?: boolean;
  onOpenDrawer(): void;
}

/** The my-note tab: the signed-in user's notes of this page, pinned first, in purple. */
export function NotesPanel({
  sitePageId,
  notes,
  loading = false,
  onChanged,
  onDeleted,
  onOpenNote,
  onOpenDrawer,
}: NotesPanelProps) {
  const gate = useContributionGate();
  const [writing, setWriting] = useState(false);
  // A page moderators hid takes no new notes either (decision 027); its notes stay the person's.
  const closed = usePageClosed();

  if (loading || gate.pending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3" data-testid="notes-loading">
        <span className="sr-only">Loading your notes…</span>
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }

  if (!gate.user) {
    return (
      <ListEmpty
        icon={NotebookPen}
        title="Keep your own notes on this page"
        description="Private by default, pinned where you want them, and all in one drawer. Log in to start."
        action={
          <Button onClick={() => gate.requireUser()} data-testid="notes-login">
            Log in to write a note
          </Button>
        }
        testId="notes-signed-out"
      />
    );
  }

  return (
    <section aria-label="My notes" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b pb-2">
        <h2 className="font-semibold text-sm" data-testid="notes-heading">
          {`${notes.length} ${notes.length === 1 ? "note" : "notes"} on this page`}
        </h2>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={onOpenDrawer} data-testid="notes-drawer-open">
            <Library aria-hidden="true" />
            All my notes
          </Button>
          {!writing && !closed ? (
            <Button variant="note" size="sm" onClick={() => setWriting(true)} data-testid="note-new">
              <Plus aria-hidden="true" />
              New note
            </Button>
          ) : null}
        </div>
      </div>
      {writing ? (
        <div className={cn("rounded-lg border border-note/30 bg-note/5 p-3 sm:p-4")}>
          <LazyNoteForm
            sitePageId={sitePageId}
            onCancel={() => setWriting(false)}
            onSaved={(note) => {
              setWriting(false);
              onChanged(note);
            }}
          />
        </div>
      ) : null}
      {closed ? <PageClosed /> : null}
      {notes.length === 0 && !writing ? (
        closed ? null : (
          <ListEmpty
            icon={NotebookPen}
            title="No notes on this page yet"
            description="Write down what you want to remember about it. Only you can read a private note."
            testId="notes-empty"
          />
        )
      ) : (
        <ol className="flex flex-col gap-3" data-testid="note-list">
          {notes.map((note) => (
            <li key={note.id}>
              <NoteCard
                note={note}
                sitePageId={sitePageId}
                onChanged={onChanged}
                onDeleted={onDeleted}
                onOpenNote={onOpenNote}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
