import { useSyncExternalStore } from "react";

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
// A fixed zone so the server's HTML and the browser's first render agree (no hydration mismatch).
const absolute = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" });
const full = new Intl.DateTimeFormat("en", { dateStyle: "full", timeStyle: "short", timeZone: "UTC" });

/** "3 minutes ago", "yesterday", "just now". */
export function formatRelative(iso: string, now: number): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (Math.abs(seconds) < 45) return "just now";
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === "minute") {
      return relative.format(Math.round(seconds / size), unit);
    }
  }
  return "just now";
}

/** "12 Jan 2025": the same wherever it is rendered. */
export function formatAbsolute(iso: string): string {
  return absolute.format(new Date(iso));
}

export function formatFull(iso: string): string {
  return `${full.format(new Date(iso))} UTC`;
}

const noop = () => () => {};

/** False while rendering on the server and hydrating, true once the browser has taken over. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
