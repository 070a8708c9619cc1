import { EXTENSION_STORAGE_TIMEOUT_MS } from "@flipside/contracts/constants";

/**
 * The extension's own storage, each call given at most 50 ms (SPEC.md §4): a slow or broken store
 * must not hold up an answer (the web app waits 300 ms for one) — the default is used instead.
 */
export function withTimeout<T>(
  promise: Promise<T>,
  fallback: T,
  ms = EXTENSION_STORAGE_TIMEOUT_MS,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([promise.catch(() => fallback), late]).finally(() => clearTimeout(timer));
}
