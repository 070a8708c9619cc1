/** Product-wide constants from docs/web-app.md#constants. */
export const PRODUCT = "flipside";
export const SESSION_COOKIE = `${PRODUCT}_token`;
export const SESSION_COOKIE_MAX_AGE_DAYS = 365;
/**
 * How the session cookie is protected (decision 021). Over https as docs/web-app.md#session says:
 * Secure, SameSite=None (the browser extension shows Flipside inside other sites). Over plain
 * http (a LAN `npm start`) browsers refuse a Secure cookie, and SameSite=None needs Secure: Lax.
 */
export function sessionCookieSecurity(https: boolean) {
  return https
    ? ({ secure: true, sameSite: "none" } as const)
    : ({ secure: false, sameSite: "lax" } as const);
}
/**
 * Set by a render that shows one discussion page and nothing else that changes (the page view):
 * the server keeps its HTML until that page changes. Internal, never sent to the browser.
 */
export const SHOWS_PAGE_HEADER = "x-flipside-page";
export const COLOR_MODE_STORAGE_KEY = "nuxt-color-mode";

export const PAGE_SIZE = {
  comments: 25,
  reviews: 10,
  relatedPages: 5,
  topics: 100,
} as const;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_SORT = ["claimUuid,desc", "createdDate,desc"] as const;

export const BREAKPOINTS = { sm: 640, md: 768, lg: 1024, xl: 1280, "2xl": 1536 } as const;

export const EXTENSION_REPLY_TIMEOUT_MS = 300;
export const EXTENSION_STORAGE_TIMEOUT_MS = 50;
export const NOTE_DETAILS_DELAY_MS = 500;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_MAX_WIDTH_PX = 420;
export const SOCIAL_SDK_DELAY_MS = 500;
export const SOCIAL_SDK_VERSION = "v18.0";
export const BUILD_POLL_INTERVAL_MS = 60_000;
