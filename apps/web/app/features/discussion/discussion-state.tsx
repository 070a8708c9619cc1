import type { SitePageView } from "@flipside/contracts/discussion";
import { createContext, type Dispatch, type ReactNode, useContext, useMemo, useReducer } from "react";

/** docs/web-app.md#routes-and-layouts page-tab identifiers, in the order the tabs are shown. */
export const PAGE_TABS = ["comments", "reviews", "related-page", "my-note", "tab-plus"] as const;
export type PageTab = (typeof PAGE_TABS)[number];

export function isPageTab(value: unknown): value is PageTab {
  return typeof value === "string" && (PAGE_TABS as readonly string[]).includes(value);
}

/** A custom tab's key among the page's tabs (docs/discussion.md#custom-tabs). */
export type CustomTabKey = `custom-${string}`;
export type ActiveTab = PageTab | CustomTabKey;

export function isActiveTab(value: unknown): value is ActiveTab {
  return isPageTab(value) || (typeof value === "string" && value.startsWith("custom-"));
}

/**
 * docs/web-app.md#state main state: active tab (default comments), search text, loading flag, site id,
 * current page info, and the flags of the suggestions modal, the owner modal and the
 * feed-and-summary panel.
 */
export interface MainState {
  activeTab: ActiveTab;
  searchText: string;
  loading: boolean;
  siteId: string | null;
  pageInfo: SitePageView | null;
  suggestionsOpen: boolean;
  ownerOpen: boolean;
  summaryPanelOpen: boolean;
}

export type MainAction =
  | { type: "tab"; tab: ActiveTab }
  | { type: "search-text"; text: string }
  | { type: "loading"; loading: boolean }
  /** `tab`: the one a different page opens on (a share link's), else comments. */
  | { type: "page-loaded"; page: SitePageView | null; tab?: PageTab }
  | { type: "page-info"; page: SitePageView }
  | { type: "suggestions"; open: boolean }
  | { type: "owner"; open: boolean }
  | { type: "summary-panel"; open: boolean };

export function initialMainState(
  page: SitePageView | null = null,
  { tab = "comments", searchText = "" }: { tab?: PageTab; searchText?: string } = {},
): MainState {
  return {
    activeTab: tab,
    searchText,
    loading: false,
    siteId: page?.site.id ?? null,
    pageInfo: page,
    suggestionsOpen: false,
    ownerOpen: false,
    // Small screens start with the panel folded (it sits above the tabs there); from lg it always shows.
    summaryPanelOpen: false,
  };
}

export function mainReducer(state: MainState, action: MainAction): MainState {
  switch (action.type) {
    case "tab":
      return { ...state, activeTab: action.tab };
    case "search-text":
      return { ...state, searchText: action.text };
    case "loading":
      return { ...state, loading: action.loading };
    case "page-loaded":
      // A different page starts on its first tab with no modal left open from the last one.
      if (action.page?.id === state.pageInfo?.id) return { ...state, pageInfo: action.page, loading: false };
      return {
        ...state,
        activeTab: action.tab ?? "comments",
        loading: false,
        siteId: action.page?.site.id ?? null,
        pageInfo: action.page,
        suggestionsOpen: false,
        ownerOpen: false,
      };
    case "page-info":
      return state.pageInfo?.id === action.page.id ? { ...state, pageInfo: action.page } : state;
    case "suggestions":
      return { ...state, suggestionsOpen: action.open };
    case "owner":
      return { ...state, ownerOpen: action.open };
    case "summary-panel":
      return { ...state, summaryPanelOpen: action.open };
  }
}

const MainStateContext = createContext<{ state: MainState; dispatch: Dispatch<MainAction> } | null>(null);

export function MainStateProvider({ initial, children }: { initial: MainState; children: ReactNode }) {
  const [state, dispatch] = useReducer(mainReducer, initial);
  const value = useMemo(() => ({ state, dispatch }), [state]);
  return <MainStateContext.Provider value={value}>{children}</MainStateContext.Provider>;
}

export function useMainState(): { state: MainState; dispatch: Dispatch<MainAction> } {
  const value = useContext(MainStateContext);
  if (!value) throw new Error("useMainState must be used inside <MainStateProvider>");
  return value;
}

/**
 * Moderators hid the page being viewed: its discussion so far is read, nothing new is written
 * (decision 027). False outside a page view.
 */
export function usePageClosed(): boolean {
  return useContext(MainStateContext)?.state.pageInfo?.hidden === true;
}

/** The page being viewed, null outside a page view. */
export function usePageId(): string | null {
  return useContext(MainStateContext)?.state.pageInfo?.id ?? null;
}

/**
 * The domain the signed-in person speaks for on this page: set when they are its site's verified
 * owner, or a member of the organisation that owns it, so their composer offers the official
 * voice (docs/websites.md#official-responses, docs/organizations.md#websites).
 */
export function useOfficialDomain(
  user: { id: string; organizations?: readonly { id: string }[] } | null | undefined,
): string | null {
  const site = useContext(MainStateContext)?.state.pageInfo?.site;
  if (!site || !user || site.verificationStatus !== "VERIFIED" || !site.ownerId) return null;
  const speaks =
    site.ownerKind === "USER"
      ? site.ownerId === user.id
      : (user.organizations ?? []).some((o) => o.id === site.ownerId);
  return speaks ? site.domain : null;
}
