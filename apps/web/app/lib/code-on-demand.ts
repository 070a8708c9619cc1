import { useCallback, useRef, useState } from "react";

/**
 * A component's code fetched the first time it is wanted (so a page view's budget carries none of
 * it), e.g. `useCodeOnDemand(() => import("./x.tsx").then((m) => m.default))`. Not `React.lazy`: a
 * fetch that fails (offline) must leave what it helps working, and be tried again at the next
 * `load()`, rather than throw to an error boundary.
 */
export function useCodeOnDemand<T>(fetchCode: () => Promise<T>): [T | null, () => void] {
  const [code, setCode] = useState<{ value: T } | null>(null);
  const loading = useRef(false);
  const fetcher = useRef(fetchCode);
  fetcher.current = fetchCode;
  const load = useCallback(() => {
    if (code || loading.current) return;
    loading.current = true;
    fetcher
      .current()
      .then((value) => setCode({ value }))
      .catch(() => {
        // Works without it; the next load() tries again.
      })
      .finally(() => {
        loading.current = false;
      });
  }, [code]);
  return [code?.value ?? null, load];
}
