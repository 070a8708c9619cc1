import { describe, expect, it } from "vitest";
import { editPages, hasMore, type Pages, viewOf } from "./paged-list.ts";

type Item = { id: string; text?: string };
const items = (...ids: string[]): Item[] => ids.map((id) => ({ id }));
const pages = (total: number, ...each: string[][]): Pages<Item> => ({
  pages: each.map((ids) => ({ items: items(...ids), total })),
  pageParams: each.map((_, i) => i),
});
const ids = (data: Pages<Item>) => viewOf(data).items.map((i) => i.id);

describe("a paged list in the query cache", () => {
  it("starts at page 0 with what the server rendered", () => {
    const view = viewOf(pages(30, ["a", "b"]));
    expect(view).toEqual({ items: items("a", "b"), total: 30 });
    expect(hasMore(view)).toBe(true);
    expect(viewOf(undefined)).toEqual({ items: [], total: 0 });
  });

  it("shows the next page after the first, skipping items already shown", () => {
    const data = pages(4, ["a", "b"], ["b", "c", "d"]);
    expect(ids(data)).toEqual(["a", "b", "c", "d"]);
    expect(hasMore(viewOf(data))).toBe(false);
  });

  it("prepends a new comment and appends a new reply, counting them", () => {
    const data = pages(2, ["a", "b"]);
    const prepended = editPages(data, { type: "prepend", item: { id: "n" } });
    expect(ids(prepended)).toEqual(["n", "a", "b"]);
    expect(viewOf(prepended).total).toBe(3);
    const appended = editPages(pages(4, ["a", "b"], ["c"]), { type: "append", item: { id: "n" } });
    expect(ids(appended)).toEqual(["a", "b", "c", "n"]);
    expect(viewOf(appended).total).toBe(5);
  });

  it("does not count an item twice when it was already loaded", () => {
    const again = editPages(pages(2, ["a", "b"]), { type: "append", item: { id: "a", text: "fresh" } });
    expect(viewOf(again).items).toEqual([{ id: "b" }, { id: "a", text: "fresh" }]);
    expect(viewOf(again).total).toBe(2);
  });

  it("updates one item in place and removes one", () => {
    const data = pages(2, ["a", "b"]);
    const updated = editPages(data, { type: "update", id: "b", change: (i) => ({ ...i, text: "edited" }) });
    expect(viewOf(updated).items[1]).toEqual({ id: "b", text: "edited" });
    expect(viewOf(updated).items[0]).toBe(data.pages[0]?.items[0]);
    const removed = editPages(data, { type: "remove", id: "a" });
    expect(ids(removed)).toEqual(["b"]);
    expect(viewOf(removed).total).toBe(1);
    expect(editPages(data, { type: "remove", id: "x" })).toBe(data);
  });

  it("never reports a total below what is shown", () => {
    const view = viewOf(pages(1, ["a", "b", "c"]));
    expect(view.total).toBe(3);
    expect(hasMore(view)).toBe(false);
  });
});
