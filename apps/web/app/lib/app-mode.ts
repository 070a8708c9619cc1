import type { Path, To } from "react-router";

/** `?app=1` marks Flipside running inside the extension's panel or a mobile shell (docs/web-app.md#app-mode). */
export const APP_MODE_PARAM = "app";

export function hasAppFlag(search: string): boolean {
  return new URLSearchParams(search).get(APP_MODE_PARAM) === "1";
}

/** docs/web-app.md#app-mode: app mode is on when `app=1` is on the current or the previous route. */
export function isAppMode(currentSearch: string, previousSearch: string | null | undefined): boolean {
  return hasAppFlag(currentSearch) || (previousSearch != null && hasAppFlag(previousSearch));
}

/** The search string with `app=1` set, keeping every other parameter in place. */
export function withAppFlagSearch(search: string): string {
  const params = new URLSearchParams(search);
  params.set(APP_MODE_PARAM, "1");
  return `?${params.toString()}`;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * An internal destination with `app=1` added, so app mode sticks across navigation.
 * External addresses, `mailto:` and the like are returned untouched.
 */
export function withAppFlag(to: To): To {
  if (typeof to !== "string") {
    return { ...to, search: withAppFlagSearch(to.search ?? "") } satisfies Partial<Path>;
  }
  if (EXTERNAL.test(to)) return to;
  const hashAt = to.indexOf("#");
  const beforeHash = hashAt === -1 ? to : to.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : to.slice(hashAt);
  const queryAt = beforeHash.indexOf("?");
  const pathname = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const search = queryAt === -1 ? "" : beforeHash.slice(queryAt);
  return `${pathname}${withAppFlagSearch(search)}${hash}`;
}
