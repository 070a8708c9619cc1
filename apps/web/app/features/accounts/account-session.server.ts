import { SESSION_COOKIE, sessionCookieSecurity } from "@flipside/contracts/constants";
import { type AppLoadContext, redirect } from "react-router";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { readCookie } from "../../lib/cookies.ts";
import { type ShellUser, toShellUser } from "../../lib/shell-user.ts";
import { isProfilePath, loginRedirectFor } from "./session-guards.ts";

export interface AccountLookup {
  user: ShellUser | null;
  /** The cookie is there but signs nobody in any more (expired, revoked, tampered): clear it. */
  stale: boolean;
}

/**
 * Expires the session cookie in the browser, with the attributes the API set it with (path /,
 * and over https Secure and SameSite=None; over plain http a Secure cookie would be refused).
 */
export function clearSessionCookie(https: boolean): string {
  const security = sessionCookieSecurity(https).secure
    ? "Secure; HttpOnly; SameSite=None"
    : "HttpOnly; SameSite=Lax";
  return `${SESSION_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; ${security}`;
}

const ANONYMOUS: AccountLookup = { user: null, stale: false };

async function fetchAccount(request: Request, context: AppLoadContext): Promise<AccountLookup> {
  // Anonymous pages cost nothing: only a visitor with the cookie is looked up (docs/web-app.md#session).
  if (!readCookie(request.headers.get("cookie"), SESSION_COOKIE)) return ANONYMOUS;
  try {
    const user = toShellUser(await serverApi(context).get<unknown>("/account"));
    // An account the shell cannot read signs nobody in here.
    return user ? { user, stale: false } : { user: null, stale: true };
  } catch (error) {
    if (!isApiError(error)) return ANONYMOUS;
    if (error.status === 401 || error.status === 403) return { user: null, stale: true };
    if (error.problem.code === "unexpected_answer") return { user: null, stale: true };
    // A server hiccup (5xx) is not proof the session is bad: this page is anonymous, the cookie stays.
    return ANONYMOUS;
  }
}

// Several loaders of one request may ask (the root and /login, say): one call to the API each.
const lookups = new WeakMap<Request, Promise<AccountLookup>>();

/** The signed-in account of this request, asked of the API once per request. */
export function lookUpAccount(request: Request, context: AppLoadContext): Promise<AccountLookup> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = fetchAccount(request, context);
    lookups.set(request, lookup);
  }
  return lookup;
}

/**
 * The root loader's session (docs/web-app.md#session): the account when the cookie signs someone in; a
 * cookie that no longer does is cleared; an anonymous visitor of /profile… is sent to /login.
 */
export async function loadSession(
  request: Request,
  context: AppLoadContext,
): Promise<{ user: ShellUser | null; headers: Headers }> {
  const { user, stale } = await lookUpAccount(request, context);
  const headers = new Headers();
  if (stale) headers.append("Set-Cookie", clearSessionCookie(new URL(request.url).protocol === "https:"));
  const url = new URL(request.url);
  if (!user && isProfilePath(url.pathname)) throw redirect(loginRedirectFor(url), { headers });
  return { user, headers };
}
