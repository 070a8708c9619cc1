import { useEffect, useSyncExternalStore } from "react";
import { api, isApiError } from "./api.ts";
import { type ShellUser, toShellUser } from "./shell-user.ts";

/**
 * Who is signed in, for pages whose HTML is the same for everyone (a page view, docs/caches.md):
 * the server renders them without the viewer, and the browser asks the API after hydration. A
 * copy in sessionStorage fills the header at once on the next such page of this tab; the API's
 * answer always wins.
 *
 * `undefined` means not known yet (the server's render and hydration); `null` signed out.
 */
const STORAGE_KEY = "flipside.viewer";

type Known = { user: ShellUser | null };

let current: Known | undefined;
let asked = 0;
const listeners = new Set<() => void>();

function readHint(): Known | undefined {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (raw === null) return undefined;
    const user = toShellUser(JSON.parse(raw));
    return user ? { user } : undefined;
  } catch {
    return undefined;
  }
}

function publish(next: Known) {
  if (current && JSON.stringify(current) === JSON.stringify(next)) return;
  current = next;
  try {
    if (next.user) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next.user));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode, quota): the hint is only a head start.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): Known | undefined {
  if (current === undefined && typeof window !== "undefined") current = readHint();
  return current;
}

/** The server and hydration never know the viewer of a shared page: both render it pending. */
const serverSnapshot = () => undefined;

/** The viewer as the browser knows it, for a page rendered without one; undefined until known. */
export function useKnownViewer(): Known | undefined {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}

/** Asks the API who is signed in; the last question asked is the one whose answer counts. */
export async function refreshViewer(): Promise<void> {
  const ask = ++asked;
  let next: Known;
  try {
    // An account answer the shell cannot read (no id) is a signed-out visitor.
    next = { user: toShellUser(await api.get<unknown>("/account")) };
  } catch (error) {
    // 401 (or an account the shell cannot read) is a signed-out visitor; a hiccup keeps what we had.
    const signedOut = isApiError(error) && (error.status === 401 || error.status === 403);
    next = signedOut ? { user: null } : (snapshot() ?? { user: null });
  }
  if (ask === asked) publish(next);
}

/**
 * Keeps the browser's viewer in step with the root loader: a page that names its viewer is the
 * truth (and refreshes the hint); a shared page has the API asked, once per root loader run, so a
 * sign-in or sign-out (which runs every loader again) is seen.
 */
export function useViewerSync(root: { user: ShellUser | null; viewerPending?: boolean } | undefined) {
  useEffect(() => {
    if (!root) return;
    if (root.viewerPending) void refreshViewer();
    else {
      asked++;
      publish({ user: root.user });
    }
  }, [root]);
}
