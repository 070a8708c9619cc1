import { BREAKPOINTS } from "@flipside/contracts/constants";
import { useCallback, useSyncExternalStore } from "react";

/** "Narrower than md" (docs/web-app.md#state isMobileScreen): below 768 px. */
export const MOBILE_SCREEN_QUERY = `(max-width: ${BREAKPOINTS.md - 0.02}px)`;

/** Whether a media query matches now, live; `serverValue` is used for the server render. */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", listener);
      return () => list.removeEventListener("change", listener);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}
