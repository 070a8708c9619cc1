import { isWaitingForConnection } from "./navigation-retry.ts";

/**
 * docs/web-app.md#new-versions-and-failures: a chunk-load error during navigation means a full page load of the TARGET path.
 * React Router reacts to a route module that fails to load by reloading the page it is on,
 * which is the page being left. So while a navigation is pending we remember where it was
 * going; if the page unloads before it lands, the boot script of the reloaded page (see
 * `pendingNavigationScript`) continues to the remembered target.
 */
export const PENDING_NAVIGATION_KEY = "flipside:pending-navigation";
/** How old a remembered navigation may be and still be followed. */
export const PENDING_NAVIGATION_TTL_MS = 15_000;

export interface PendingNavigation {
  from: string;
  to: string;
  at: number;
}

let pending: PendingNavigation | null = null;

export function setPendingNavigation(from: string, to: string): void {
  pending = from === to ? null : { from, to, at: Date.now() };
}

export function clearPendingNavigation(): void {
  pending = null;
}

/** Installs the unload hook; returns its remover. */
export function installPendingNavigationHandoff(storage: Storage = window.sessionStorage): () => void {
  const onPageHide = () => {
    if (!pending || Date.now() - pending.at > PENDING_NAVIGATION_TTL_MS) return;
    try {
      storage.setItem(PENDING_NAVIGATION_KEY, JSON.stringify(pending));
    } catch {
      // Storage refused: the reload simply stays on the page it was on.
    }
  };
  // Vite's own preload helper reports a failed chunk this way. During a navigation, go to the
  // target; otherwise the chunk was code asked for on the page (a menu, a dialog, the toaster):
  // its caller hears of the failure and says so, and the page and what was typed on it stay.
  // Offline, a chunk that did not come is no sign of a new version: reloading would only swap the
  // page for the browser's own offline error (issue 19).
  const onPreloadError = (event: Event) => {
    if (!pending || Date.now() - pending.at > PENDING_NAVIGATION_TTL_MS) return;
    if (!navigator.onLine || isWaitingForConnection()) return;
    event.preventDefault();
    window.location.assign(pending.to);
  };
  // The router records a navigation only once React has rendered its pending state, but a
  // failed chunk can make it reload before that. A link click is known at once: note it first
  // (capture phase, before the router's own handler).
  const onClick = (event: MouseEvent) => {
    const target = linkNavigationTarget(event, window.location);
    if (target) setPendingNavigation(currentPath(window.location), target);
  };
  window.addEventListener("pagehide", onPageHide);
  window.addEventListener("vite:preloadError", onPreloadError);
  document.addEventListener("click", onClick, true);
  return () => {
    window.removeEventListener("pagehide", onPageHide);
    window.removeEventListener("vite:preloadError", onPreloadError);
    document.removeEventListener("click", onClick, true);
  };
}

function currentPath(location: Pick<Location, "pathname" | "search" | "hash">): string {
  return location.pathname + location.search + location.hash;
}

/** The in-site path a plain left click on a link goes to, or null (new tab, download, other site…). */
export function linkNavigationTarget(
  event: Pick<
    MouseEvent,
    "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey" | "defaultPrevented" | "target"
  >,
  location: Pick<Location, "origin">,
): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const element = event.target as { closest?: (selector: string) => Element | null } | null;
  const anchor = element?.closest?.("a[href]") as HTMLAnchorElement | null | undefined;
  if (!anchor || anchor.hasAttribute("download")) return null;
  if (anchor.target && anchor.target !== "_self") return null;
  const url = new URL(anchor.href);
  if (url.origin !== location.origin) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * Decides, on a fresh page load, whether to continue to a remembered navigation target: only
 * for a reload of the very page the navigation started from, and only shortly after.
 */
export function followPendingNavigation(
  record: PendingNavigation | null,
  here: string,
  navigationType: string | undefined,
  now: number,
): string | null {
  if (!record || navigationType !== "reload") return null;
  if (record.from !== here || now - record.at > PENDING_NAVIGATION_TTL_MS) return null;
  return isLocalPath(record.to) ? record.to : null;
}

/** Same-origin path only: "//host" and "/\\host" would leave the site. */
export function isLocalPath(to: string): boolean {
  return to.startsWith("/") && to[1] !== "/" && to[1] !== "\\";
}

/** Inline, pre-paint twin of `followPendingNavigation` (nothing else has loaded yet). */
export const pendingNavigationScript = `(function(){try{var k=${JSON.stringify(
  PENDING_NAVIGATION_KEY,
)},s=sessionStorage,r=JSON.parse(s.getItem(k)||"null");s.removeItem(k);if(!r)return;var n=performance.getEntriesByType&&performance.getEntriesByType("navigation")[0],h=location.pathname+location.search+location.hash;if(n&&n.type==="reload"&&r.from===h&&Date.now()-r.at<=${PENDING_NAVIGATION_TTL_MS}&&typeof r.to==="string"&&/^\\/(?![\\/\\\\])/.test(r.to))location.replace(r.to)}catch(e){}})();`;
