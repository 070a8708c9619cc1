import { describe, expect, it } from "vitest";
import { hasMore, initialPagedList, type PagedListState, pagedListReducer } from "./paged-list.ts";

type Item = { id: string; text?: string };
const items = (...ids: string[]): Item[] => ids.map((id) => ({ id }));
const reduce = pagedListReducer<Item>;

describe("pagedListReducer", () => {
  it("starts at page 0 with what the server rendered", () => {
    const state = initialPagedList(items("a", "b"), 30);
    expect(state).toEqual({ items: items("a", "b"), total: 30, page: 0, loadingPage: null });
    expect(hasMore(state)).toBe(true);
  });

  it("appends the next page, skipping items already shown", () => {
    const state = reduce(initialPagedList(items("a", "b"), 4), { type: "loading", page: 1 });
    expect(state.loadingPage).toBe(1);
    const next = reduce(state, { type: "loaded", page: 1, items: items("b", "c", "d"), total: 4 });
    expect(next.items.map((i) => i.id)).toEqual(["a", "b", "c", "d"]);
    expect(next.page).toBe(1);
    expect(next.loadingPage).toBeNull();
    expect(hasMore(next)).toBe(false);
  });

  it("replaces everything when page 0 loads again (a new sort)", () => {
    const state: PagedListState<Item> = { items: items("a", "b", "c"), total: 9, page: 2, loadingPage: 0 };
    const next = reduce(state, { type: "loaded", page: 0, items: items("z"), total: 9 });
    expect(next).toEqual({ items: items("z"), total: 9, page: 0, loadingPage: null });
  });

  it("resets to page 0 (docs/web-app.md#page-view: a new page empties every list)", () => {
    const state: PagedListState<Item> = { items: items("a", "b", "c"), total: 9, page: 2, loadingPage: null };
    expect(reduce(state, { type: "reset", items: [], total: 0 })).toEqual({
      items: [],
      total: 0,
      page: 0,
      loadingPage: null,
    });
  });

  it("stops loading silently on failure and keeps what it had", () => {
    const state = { ...initialPagedList(items("a"), 5), loadingPage: 1 };
    expect(reduce(state, { type: "failed" })).toEqual({ ...state, loadingPage: null });
  });

  it("prepends a new comment and appends a new reply, counting them", () => {
    const state = initialPagedList(items("a", "b"), 2);
    expect(reduce(state, { type: "prepend", item: { id: "n" } }).items.map((i) => i.id)).toEqual([
      "n",
      "a",
      "b",
    ]);
    const appended = reduce(state, { type: "append", item: { id: "n" } });
    expect(appended.items.map((i) => i.id)).toEqual(["a", "b", "n"]);
    expect(appended.total).toBe(3);
  });

  it("does not count an item twice when it was already loaded", () => {
    const state = initialPagedList(items("a", "b"), 2);
    const again = reduce(state, { type: "append", item: { id: "a", text: "fresh" } });
    expect(again.items).toEqual([{ id: "b" }, { id: "a", text: "fresh" }]);
    expect(again.total).toBe(2);
  });

  it("updates one item in place and removes one", () => {
    const state = initialPagedList<Item>(items("a", "b"), 2);
    const updated = reduce(state, { type: "update", id: "b", change: (i) => ({ ...i, text: "edited" }) });
    expect(updated.items[1]).toEqual({ id: "b", text: "edited" });
    expect(updated.items[0]).toBe(state.items[0]);
    const removed = reduce(state, { type: "remove", id: "a" });
    expect(removed.items.map((i) => i.id)).toEqual(["b"]);
    expect(removed.total).toBe(1);
    expect(reduce(state, { type: "remove", id: "x" })).toBe(state);
  });

  it("never reports a total below what is shown", () => {
    const state = initialPagedList(items("a", "b", "c"), 1);
    expect(state.total).toBe(3);
    expect(hasMore(state)).toBe(false);
  });
});
