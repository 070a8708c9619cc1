import { COLOR_MODE_STORAGE_KEY } from "@flipside/contracts/constants";
import type { ColorModePreference, Theme } from "@flipside/contracts/enums";
import { useEffect, useLayoutEffect, useSyncExternalStore } from "react";

/** Set on <html> by the server when the page forces a mode; read by the pre-paint script. */
export const FORCED_COLOR_MODE_ATTRIBUTE = "data-color-mode-forced";
const DARK_QUERY = "(prefers-color-scheme: dark)";

export function parseColorModePreference(value: unknown): ColorModePreference {
  return value === "light" || value === "dark" ? value : "system";
}

export function parseForcedColorMode(value: unknown): Theme | undefined {
  return value === "light" || value === "dark" ? value : undefined;
}

/** A page-forced mode beats the preference; "system" follows the operating system. */
export function resolveColorMode(
  preference: ColorModePreference,
  systemPrefersDark: boolean,
  forced?: Theme,
): Theme {
  if (forced) return forced;
  if (preference === "system") return systemPrefersDark ? "dark" : "light";
  return preference;
}

/**
 * Runs inline in <head> before the body is parsed, so the first paint already has the right
 * colours (no flash). It must stay self-contained and tiny: it is the same logic as
 * `resolveColorMode`, written out because nothing else has loaded yet.
 */
export const colorModeScript = `(function(){try{var d=document.documentElement,f=d.getAttribute(${JSON.stringify(
  FORCED_COLOR_MODE_ATTRIBUTE,
)}),p=null;try{p=localStorage.getItem(${JSON.stringify(
  COLOR_MODE_STORAGE_KEY,
)})}catch(e){}var m=f==="light"||f==="dark"?f:p==="light"||p==="dark"?p:window.matchMedia&&matchMedia(${JSON.stringify(
  DARK_QUERY,
)}).matches?"dark":"light";d.classList.remove("light","dark");d.classList.add(m);d.style.colorScheme=m}catch(e){}})();`;

export function applyColorMode(mode: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.remove(mode === "dark" ? "light" : "dark");
  root.classList.add(mode);
  root.style.colorScheme = mode;
}

// The preference lives in localStorage; this small store lets every component that shows it
// re-render when it changes, in this tab or (through the storage event) in another one.
const preferenceListeners = new Set<() => void>();

export function readColorModePreference(): ColorModePreference {
  try {
    return parseColorModePreference(window.localStorage.getItem(COLOR_MODE_STORAGE_KEY));
  } catch {
    return "system";
  }
}

export function writeColorModePreference(preference: ColorModePreference): void {
  try {
    window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, preference);
  } catch {
    // Private modes may refuse storage; the choice then lasts for this page only.
  }
  for (const listener of preferenceListeners) listener();
}

function subscribePreference(listener: () => void): () => void {
  preferenceListeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === COLOR_MODE_STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    preferenceListeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function subscribeSystem(listener: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener("change", listener);
  return () => query.removeEventListener("change", listener);
}

const systemPrefersDark = () => window.matchMedia(DARK_QUERY).matches;
const noSubscription = () => () => {};

export interface ColorMode {
  preference: ColorModePreference;
  /** The mode on screen now. */
  resolved: Theme;
  /** Set when the current page forces a mode; the preference is then kept but not shown. */
  forced: Theme | undefined;
  setPreference(preference: ColorModePreference): void;
}

/**
 * Keeps <html> in step with the preference, the OS setting (live) and the page's forced mode.
 * Call it once, near the root; read the result through context elsewhere.
 */
export function useColorModeController(forced: Theme | undefined): ColorMode {
  const preference = useSyncExternalStore(subscribePreference, readColorModePreference, () => "system");
  const systemDark = useSyncExternalStore(subscribeSystem, systemPrefersDark, () => false);
  // During hydration the stores give their server values; applying those would undo the
  // pre-paint script for a frame, so wait until the real values are in.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const resolved = resolveColorMode(preference as ColorModePreference, systemDark, forced);
  // `forced` is a dependency on purpose: React rewrites <html class> when it changes, so the
  // class has to be put back even when the resolved mode is the same.
  useIsomorphicLayoutEffect(() => {
    if (hydrated) applyColorMode(forced ?? resolved);
  }, [hydrated, resolved, forced]);
  return {
    preference: preference as ColorModePreference,
    resolved,
    forced,
    setPreference: writeColorModePreference,
  };
}

const useIsomorphicLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;
