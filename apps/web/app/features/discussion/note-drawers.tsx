import type { Note } from "@flipside/contracts/discussion";
import { useEffect, useRef } from "react";
import { AppLink } from "../../components/shell/app-link.tsx";
import { UserContent } from "../../components/shell/user-content.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ExternalLink, NotebookPen, Pin } from "../../components/ui/icons.tsx";
import {
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from "../../components/ui/sheet.tsx";
import { TimeAgo } from "../../components/ui/time-ago.tsx";
import { discussionApi } from "./discussion-client.ts";
import { ListEmpty, ListSkeleton, LoadMore, useFocusOnMore } from "./list-parts.tsx";
import type { NoteDrawers, NoteDrawersState } from "./note-drawers.ts";
import { VISIBILITY_LABELS } from "./note-order.ts";
import { PageFavicon } from "./page-favicon.tsx";
import { usePagedList } from "./paged-list.ts";
import { pageViewPath } from "./search-input.ts";

/** The side drawer listing all the user's notes (docs/web-app.md#routes-and-layouts overlays). */
export function NotesDrawer({
  state,
  drawers,
}: {
  state: NoteDrawersState<Note>;
  drawers: NoteDrawers<Note>;
}) {
  const list = usePagedList<Note>({
    queryKey: ["my-notes"],
    fetchPage: (page) => discussionApi.myNotes(page),
    // Loaded when the drawer opens, never before.
    enabled: false,
  });
  const { reload } = list;
  // Fresh every time it opens: notes change on other pages too.
  useEffect(() => {
    if (state.listOpen) void reload();
  }, [state.listOpen, reload]);
  const items = list.state.items;
  // Each item is one button: focus that, not its list item.
  const focus = useFocusOnMore<HTMLUListElement>(items.length, (li) => li.querySelector("button") ?? li);

  return (
    <Sheet open={state.listOpen} onOpenChange={(open) => (open ? drawers.openList() : drawers.closeList())}>
      <SheetContent data-testid="notes-drawer">
        <SheetHeader>
          <SheetTitle>My notes</SheetTitle>
          <SheetDescription>Every note you keep, on every page. Pinned ones first.</SheetDescription>
        </SheetHeader>
        <SheetBody className="pb-4">
          {list.state.loadingPage === 0 && items.length === 0 ? (
            <ListSkeleton rows={4} label="Loading your notes…" />
          ) : items.length === 0 ? (
            <ListEmpty
              icon={NotebookPen}
              title="No notes yet"
              description="Notes you write on any page show up here."
            />
          ) : (
            <ul ref={focus.listRef} className="flex flex-col gap-2">
              {items.map((note) => (
                <li key={note.id}>
                  <button
                    type="button"
                    onClick={() => drawers.select(note.id, items)}
                    className="flex w-full cursor-pointer flex-col gap-1 rounded-lg border border-note/25 border-l-4 border-l-note bg-note/5 p-3 text-left outline-none transition-colors hover:bg-note/10 focus-visible:ring-[3px] focus-visible:ring-ring/40"
                    data-testid="notes-drawer-item"
                    data-note-id={note.id}
                  >
                    <span className="flex items-center gap-1.5 font-medium text-note">
                      {note.pinned ? <Pin className="size-3.5 shrink-0" aria-label="Pinned" /> : null}
                      <span className="min-w-0 break-words">{note.title}</span>
                    </span>
                    <span className="flex min-w-0 items-center gap-1.5 text-muted-foreground text-xs">
                      <PageFavicon src={note.sitePage.faviconUrl} className="size-3.5" />
                      <span className="truncate">{note.sitePage.title || note.sitePage.domain}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <LoadMore
            shown={items.length}
            total={list.state.total}
            loading={list.state.loadingPage !== null && list.state.loadingPage > 0}
            onLoadMore={() => {
              focus.loadingMore();
              void list.loadMore();
            }}
            noun="notes"
            testId="notes-drawer-load-more"
          />
        </SheetBody>
      </SheetContent>
    </Sheet>
  );
}

/** The details drawer of the selected note (docs/web-app.md#page-view). Closing it resets the selection. */
export function NoteDetailsDrawer({
  state,
  drawers,
}: {
  state: NoteDrawersState<Note>;
  drawers: NoteDrawers<Note>;
}) {
  // Keep drawing the last note while the drawer slides away after the selection was reset.
  const last = useRef<Note | null>(null);
  if (state.selected) last.current = state.selected;
  const note = state.selected ?? last.current;

  return (
    <Sheet
      open={state.detailsOpen && note !== null}
      onOpenChange={(open) => {
        if (!open) drawers.reset();
      }}
    >
      <SheetContent data-testid="note-details-drawer" className="sm:w-[min(28rem,calc(100%-2.5rem))]">
        {note ? (
          <>
            <SheetHeader>
              <SheetTitle className="break-words text-note" data-testid="note-details-title">
                {note.title}
              </SheetTitle>
              <SheetDescription className="flex flex-wrap items-center gap-2">
                {note.pinned ? (
                  <Badge variant="note">
                    <Pin aria-hidden="true" />
                    Pinned
                  </Badge>
                ) : null}
                <Badge variant="outline">{VISIBILITY_LABELS[note.visibility].label}</Badge>
                <span>
                  {`By ${note.profile.displayName} · changed `}
                  <TimeAgo iso={note.updatedDate} />
                </span>
              </SheetDescription>
            </SheetHeader>
            <SheetBody>
              {note.bodyHtml ? (
                <UserContent html={note.bodyHtml} />
              ) : (
                <p className="text-muted-foreground text-sm">This note has a title only.</p>
              )}
            </SheetBody>
            <SheetFooter className="border-t">
              <div className="flex min-w-0 items-center gap-2 text-sm">
                <PageFavicon src={note.sitePage.faviconUrl} />
                <span className="min-w-0 truncate">{note.sitePage.title || note.sitePage.displayUrl}</span>
              </div>
              <Button asChild variant="outline" onClick={() => drawers.reset()}>
                <AppLink to={pageViewPath(note.sitePage.normalizedUrl)} data-testid="note-details-page">
                  <ExternalLink aria-hidden="true" />
                  Open its page on Flipside
                </AppLink>
              </Button>
            </SheetFooter>
          </>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
