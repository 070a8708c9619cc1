import { flipsideOrigin } from "./origin.ts";

/** The Flipside server this build belongs to (FLIPSIDE_ORIGIN at build time). */
export const ORIGIN = flipsideOrigin(import.meta.env.WXT_FLIPSIDE_ORIGIN);

/**
 * The page view of an address in app mode, for the panel: `app=1` keeps the web app's compact
 * chrome as it navigates, `curl=0` skips its extension check (it is running inside the extension).
 */
export function panelPageUrl(displayUrl: string): string {
  return `${ORIGIN}/?${new URLSearchParams({ url: displayUrl, app: "1", curl: "0" })}`;
}

/** A path of the web app in app mode (sign in, join, the extension's own page). */
export function appUrl(path: string): string {
  const url = new URL(path, ORIGIN);
  url.searchParams.set("app", "1");
  url.searchParams.set("curl", "0");
  return url.toString();
}
