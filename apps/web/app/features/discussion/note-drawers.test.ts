import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createNoteDrawers } from "./note-drawers.ts";

const notes = [
  { id: "n1", title: "First" },
  { id: "n2", title: "Second" },
];

describe("note drawers (docs/web-app.md#page-view)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("closes the list at once and opens the chosen note's details 500 ms later", () => {
    const drawers = createNoteDrawers<(typeof notes)[number]>();
    drawers.openList();
    drawers.select("n2", notes);
    expect(drawers.getState()).toEqual({ listOpen: false, detailsOpen: false, selected: null });
    vi.advanceTimersByTime(499);
    expect(drawers.getState().detailsOpen).toBe(false);
    vi.advanceTimersByTime(1);
    expect(drawers.getState()).toEqual({ listOpen: false, detailsOpen: true, selected: notes[1] });
  });

  it("opens nothing when the id is not found", () => {
    const drawers = createNoteDrawers<(typeof notes)[number]>();
    drawers.openList();
    drawers.select("missing", notes);
    vi.advanceTimersByTime(10_000);
    expect(drawers.getState()).toEqual({ listOpen: false, detailsOpen: false, selected: null });
  });

  it("reset clears the selection and cancels a pending opening", () => {
    const drawers = createNoteDrawers<(typeof notes)[number]>();
    drawers.select("n1", notes);
    vi.advanceTimersByTime(500);
    expect(drawers.getState().selected).toEqual(notes[0]);
    drawers.reset();
    expect(drawers.getState()).toEqual({ listOpen: false, detailsOpen: false, selected: null });

    drawers.select("n2", notes);
    drawers.reset();
    vi.advanceTimersByTime(1000);
    expect(drawers.getState().detailsOpen).toBe(false);
    expect(drawers.getState().selected).toBeNull();
  });

  it("a second choice replaces the first one still waiting", () => {
    const drawers = createNoteDrawers<(typeof notes)[number]>();
    drawers.select("n1", notes);
    vi.advanceTimersByTime(300);
    drawers.select("n2", notes);
    vi.advanceTimersByTime(300);
    expect(drawers.getState().detailsOpen).toBe(false);
    vi.advanceTimersByTime(200);
    expect(drawers.getState().selected).toEqual(notes[1]);
  });

  it("tells subscribers about every change", () => {
    const drawers = createNoteDrawers<(typeof notes)[number]>();
    const listener = vi.fn();
    const unsubscribe = drawers.subscribe(listener);
    drawers.openList();
    drawers.closeList();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    drawers.openList();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
