import type { SitePageView } from "@flipside/contracts/discussion";
import { describe, expect, it } from "vitest";
import { initialMainState, isPageTab, mainReducer, PAGE_TABS } from "./discussion-state.tsx";

const pageA = { id: "a", site: { id: "site-a" } } as SitePageView;
const pageB = { id: "b", site: { id: "site-b" } } as SitePageView;

describe("main state (docs/web-app.md#state)", () => {
  it("uses the docs/web-app.md#routes-and-layouts tab identifiers, comments first and by default", () => {
    expect(PAGE_TABS).toEqual(["comments", "reviews", "related-page", "my-note", "tab-plus"]);
    expect(initialMainState().activeTab).toBe("comments");
    expect(isPageTab("my-note")).toBe(true);
    expect(isPageTab("notes")).toBe(false);
  });

  it("knows the page and its site once loaded", () => {
    const state = mainReducer({ ...initialMainState(), loading: true }, { type: "page-loaded", page: pageA });
    expect(state).toMatchObject({ pageInfo: pageA, siteId: "site-a", loading: false });
  });

  it("starts a different page on the comments tab with its modals closed", () => {
    let state = initialMainState(pageA);
    state = mainReducer(state, { type: "tab", tab: "reviews" });
    state = mainReducer(state, { type: "owner", open: true });
    state = mainReducer(state, { type: "page-loaded", page: pageB });
    expect(state).toMatchObject({
      activeTab: "comments",
      ownerOpen: false,
      siteId: "site-b",
      pageInfo: pageB,
    });
  });

  it("starts a different page on the tab of what a share link points at", () => {
    const state = mainReducer(initialMainState(pageA), { type: "page-loaded", page: pageB, tab: "reviews" });
    expect(state.activeTab).toBe("reviews");
  });

  it("keeps the tab when the same page reloads (after logging in, say)", () => {
    let state = mainReducer(initialMainState(pageA), { type: "tab", tab: "my-note" });
    state = mainReducer(state, {
      type: "page-loaded",
      page: { ...pageA, title: "New" } as SitePageView,
      tab: "related-page",
    });
    expect(state.activeTab).toBe("my-note");
    expect(state.pageInfo?.title).toBe("New");
  });

  it("ignores page info of another page", () => {
    const state = initialMainState(pageA);
    expect(mainReducer(state, { type: "page-info", page: pageB })).toBe(state);
  });
});
