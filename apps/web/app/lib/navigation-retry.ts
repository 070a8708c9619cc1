import { notify } from "./toast.ts";

/*
 * A link followed while the connection is down used to end on an error page ("500 Internal
 * Server Error / Failed to fetch") that showed Log in / Sign up, as if the person were signed
 * out: the router's data request failed and every loader with it (issue 19). Instead the
 * router's data requests (GET `….data`, which change nothing) wait for the connection and are
 * sent again; the page stays as it is, a toast says why, and the navigation completes by itself
 * once Flipside answers. Another navigation cancels the waiting one, as it would any other.
 */

export const CONNECTION_LOST =
  "Could not reach Flipside. Check your connection; this page opens once it is back.";

/** Sent again this often while the browser believes it is online (a server restarting, say). */
const RETRY_MS = 3_000;

let waiting = 0;
const listeners = new Set<() => void>();

function setWaiting(delta: number): void {
  waiting += delta;
  for (const listener of listeners) listener();
}

/** True while a navigation waits for the connection (useSyncExternalStore's snapshot). */
export function isWaitingForConnection(): boolean {
  return waiting > 0;
}

export function subscribeToConnectionWait(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A request of the router for a page's data or its routes: the only requests sent again unasked. */
export function isRouterDataRequest(input: RequestInfo | URL, init?: RequestInit): boolean {
  const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
  if (method !== "GET") return false;
  const href = input instanceof Request ? input.url : String(input);
  const url = new URL(href, window.location.href);
  return (
    url.origin === window.location.origin &&
    (url.pathname.endsWith(".data") || url.pathname === "/__manifest")
  );
}

/** Resolves when the browser says it is online again, or after a while, or rejects when cancelled. */
function pause(signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener("online", done);
      signal?.removeEventListener("abort", cancel);
      resolve();
    };
    const cancel = () => {
      clearTimeout(timer);
      window.removeEventListener("online", done);
      reject(signal?.reason ?? new DOMException("The navigation was cancelled.", "AbortError"));
    };
    const timer = setTimeout(done, navigator.onLine ? RETRY_MS : 60_000);
    window.addEventListener("online", done, { once: true });
    signal?.addEventListener("abort", cancel, { once: true });
  });
}

let installed = false;

/** Wraps the page's fetch once; idempotent. */
export function installNavigationRetry(): void {
  if (installed || typeof window === "undefined") return;
  installed = true;
  const send = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    if (!isRouterDataRequest(input, init)) return send(input, init);
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    let told = false;
    for (;;) {
      try {
        const response = await send(input, init);
        if (told) {
          setWaiting(-1);
          notify.dismiss();
        }
        return response;
      } catch (error) {
        // A cancelled navigation, or not a lost connection: the router deals with it as before.
        if (signal?.aborted || !(error instanceof TypeError)) {
          if (told) setWaiting(-1);
          throw error;
        }
        if (!told) {
          told = true;
          setWaiting(1);
          notify.error(CONNECTION_LOST);
        }
        try {
          await pause(signal);
        } catch (cancelled) {
          setWaiting(-1);
          throw cancelled;
        }
      }
    }
  };
}
