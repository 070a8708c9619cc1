import { redirect } from "react-router";
import { hasAppFlag } from "./app-mode.ts";

/**
 * docs/web-app.md#guards-and-redirects: in app mode the websites, socials, billing and organisations pages of the profile
 * are not offered; they send the visitor to the profile home, keeping the query.
 */
export function redirectInAppMode(request: Request): void {
  const url = new URL(request.url);
  if (hasAppFlag(url.search)) throw redirect(`/profile${url.search}`);
}
