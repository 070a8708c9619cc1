import { APP_MODE_PARAM, hasAppFlag } from "../../lib/app-mode.ts";

/** The query parameter that carries where to go once logged in. */
export const NEXT_PARAM = "next";

/** docs/web-app.md#guards-and-redirects: every /profile path needs a signed-in visitor. */
export function isProfilePath(pathname: string): boolean {
  return pathname === "/profile" || pathname.startsWith("/profile/");
}

function isLoginPath(pathname: string): boolean {
  return pathname === "/login" || pathname.startsWith("/login/");
}

/**
 * A path on this site, or null: "//host", "/\\host" and absolute URLs would leave the site, and
 * going back to /login after logging in would loop.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next?.startsWith("/") || next[1] === "/" || next[1] === "\\") return null;
  let url: URL;
  try {
    url = new URL(next, "http://flipside.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://flipside.invalid" || isLoginPath(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * docs/web-app.md#session: an anonymous visitor of a /profile page goes to /login; where they were going
 * rides along so the login can bring them back. App mode (`app=1`) stays on.
 */
export function loginRedirectFor(url: URL): string {
  const params = new URLSearchParams();
  if (hasAppFlag(url.search)) params.set(APP_MODE_PARAM, "1");
  params.set(NEXT_PARAM, `${url.pathname}${url.search}`);
  return `/login?${params.toString()}`;
}

/** docs/web-app.md#guards-and-redirects: a signed-in visitor of /login goes to / (or back to where the login was asked for). */
export function afterLoginTarget(url: URL): string {
  const next = safeNextPath(url.searchParams.get(NEXT_PARAM));
  if (next) return next;
  return hasAppFlag(url.search) ? `/?${APP_MODE_PARAM}=1` : "/";
}
