/**
 * Discovery (docs/discovery.md): the rankings' names and windows, without zod, for the web app's
 * lists and the API alike.
 */

/** `GET /v1/site-pages?sort=…` values that rank pages instead of ordering them by a field. */
export const RANKED_SORTS = ["trending", "popular"] as const;
export type RankedSort = (typeof RANKED_SORTS)[number];

/** Popular's windows (`window=`), in the order its tabs show them. */
export const POPULAR_WINDOWS = ["day", "week", "month", "all"] as const;
export type PopularWindow = (typeof POPULAR_WINDOWS)[number];
export const DEFAULT_POPULAR_WINDOW: PopularWindow = "week";

export const POPULAR_WINDOW_LABELS: Record<PopularWindow, string> = {
  day: "Today",
  week: "This week",
  month: "This month",
  all: "All time",
};

/** How a card names the window its activity count covers. */
export const POPULAR_WINDOW_PHRASES: Record<PopularWindow, string> = {
  day: "today",
  week: "this week",
  month: "this month",
  all: "of all time",
};

export function isPopularWindow(value: string | null | undefined): value is PopularWindow {
  return POPULAR_WINDOWS.some((w) => w === value);
}

/** Pages a ranking lists at once on its own page, and on the home page. */
export const RANKED_PAGE_SIZE = 20;
export const HOME_TRENDING_SIZE = 6;
