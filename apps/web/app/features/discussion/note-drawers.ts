import { NOTE_DETAILS_DELAY_MS } from "@flipside/contracts/constants";
import { useEffect, useState, useSyncExternalStore } from "react";

export interface NoteDrawersState<N> {
  /** The side drawer listing all the user's notes. */
  listOpen: boolean;
  /** The details drawer of the selected note. */
  detailsOpen: boolean;
  selected: N | null;
}

export interface NoteDrawersTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * docs/web-app.md#page-view note drawer: choosing a note closes the notes drawer, finds the note by id and
 * opens the details drawer 500 ms later (the list has slid away by then); when the id is not
 * found nothing opens. Reset clears the selection.
 */
export function createNoteDrawers<N extends { id: string }>(
  timers: NoteDrawersTimers = globalThis as unknown as NoteDrawersTimers,
  delayMs: number = NOTE_DETAILS_DELAY_MS,
) {
  let state: NoteDrawersState<N> = { listOpen: false, detailsOpen: false, selected: null };
  let pending: unknown = null;
  const listeners = new Set<() => void>();

  function set(next: Partial<NoteDrawersState<N>>) {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  }
  function cancelPending() {
    if (pending !== null) timers.clearTimeout(pending);
    pending = null;
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    openList() {
      set({ listOpen: true });
    },
    closeList() {
      set({ listOpen: false });
    },
    /** Picks a note by id from `notes`; its details open after the delay. */
    select(id: string, notes: readonly N[]) {
      cancelPending();
      set({ listOpen: false });
      const note = notes.find((n) => n.id === id);
      if (!note) return;
      pending = timers.setTimeout(() => {
        pending = null;
        set({ selected: note, detailsOpen: true });
      }, delayMs);
    },
    /** Opens the details of a note at once (from the my-note tab, where no drawer has to slide away). */
    show(note: N) {
      cancelPending();
      set({ selected: note, detailsOpen: true });
    },
    /** Keeps the shown note in step with edits made elsewhere. */
    refresh(note: N) {
      if (state.selected?.id === note.id) set({ selected: note });
    },
    closeDetails() {
      set({ detailsOpen: false });
    },
    /** Clears the selection (and anything about to open). */
    reset() {
      cancelPending();
      set({ detailsOpen: false, selected: null });
    },
    dispose() {
      cancelPending();
      listeners.clear();
    },
  };
}

export type NoteDrawers<N extends { id: string }> = ReturnType<typeof createNoteDrawers<N>>;

/** One controller per page view, with its state as React state. */
export function useNoteDrawers<N extends { id: string }>(): [NoteDrawersState<N>, NoteDrawers<N>] {
  const [drawers] = useState(() => createNoteDrawers<N>());
  useEffect(() => () => drawers.dispose(), [drawers]);
  const state = useSyncExternalStore(drawers.subscribe, drawers.getState, drawers.getState);
  return [state, drawers];
}
