import { describe, expect, it } from "vitest";
import { MENUS, menuRequest } from "./menus.ts";

const tab = { url: "https://news.example.org/story", windowId: 7 };

describe("menuRequest", () => {
  it("names its entries as the issue does", () => {
    expect(MENUS.map((m) => m.title)).toEqual(["Flip this page", "Flip this link", "Add a note"]);
  });

  it("Flip this page: the panel shows its tab's page", () => {
    expect(menuRequest({ menuItemId: "flip-page", pageUrl: tab.url }, tab)).toEqual({
      target: null,
      note: null,
    });
  });

  it("Flip this link: the link's page, in the window it was clicked in", () => {
    expect(
      menuRequest({ menuItemId: "flip-link", pageUrl: tab.url, linkUrl: "https://other.example.org/a" }, tab),
    ).toEqual({
      target: { address: "https://other.example.org/a", windowId: 7 },
      note: null,
    });
  });

  it("Add a note: the selection on the page it was made on", () => {
    expect(
      menuRequest({ menuItemId: "add-note", pageUrl: tab.url, selectionText: "Rain, mostly." }, tab),
    ).toEqual({
      target: null,
      note: { address: tab.url, quote: "Rain, mostly." },
    });
    expect(
      menuRequest({ menuItemId: "add-note", pageUrl: tab.url, selectionText: "   " }, tab).note,
    ).toBeNull();
  });
});
