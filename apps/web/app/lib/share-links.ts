import { pageViewPath } from "./page-view-path.ts";

/** The query parameter of a page view that names the comment a share link points at. */
export const SHARED_COMMENT_PARAM = "comment";

/** The page view of a shared page, with the shared comment (if any) shown first. */
export function sharedPagePath(url: string, commentId: string | null): string {
  if (!commentId) return pageViewPath(url);
  return `/?${new URLSearchParams({ url, [SHARED_COMMENT_PARAM]: commentId })}`;
}

/** Longest text taken from a share; the flip refuses longer addresses anyway. */
const SHARED_TEXT_MAX = 2048;
const WEB_ADDRESS = /\bhttps?:\/\/[^\s<>"'`]+/i;

/**
 * The address in what a share sheet sent (`/share`): `url` when it has one; otherwise the first
 * web address in `text`, then in `title` (apps differ in where they put it); otherwise the text
 * itself, so the page view can say it is not a valid domain. Null when nothing was sent.
 */
export function sharedAddress(url: string | null, text: string | null, title: string | null): string | null {
  const fields = [url, text, title].map((v) => (v ?? "").trim().slice(0, SHARED_TEXT_MAX));
  const [u = "", t = "", h = ""] = fields;
  if (u) return u;
  for (const field of [t, h]) {
    // A sentence's full stop or closing bracket is not part of the address it ends with.
    const found = WEB_ADDRESS.exec(field)?.[0].replace(/[.,;:!?)\]]+$/, "");
    if (found) return found;
  }
  return t || h || null;
}
