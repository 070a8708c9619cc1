import { contributionPath, type LinkedContributionType } from "@flipside/contracts/page-paths";

/** What of a page a share link points at, by the page view's query parameter that names it. */
export type SharedKind = "comment" | "review" | "related";
export interface SharedRef {
  kind: SharedKind;
  id: string;
}

const SHARED_KINDS: readonly SharedKind[] = ["comment", "review", "related"];

/**
 * Where a share link leads: the page view of a shared page, with the shared contribution (if any)
 * shown first; or, for a public note, its author's page with the note first.
 */
export function sharedPagePath(
  url: string,
  shared: {
    contributionId: string | null;
    contributionType: LinkedContributionType | null;
    note?: { id: string; authorId: string } | null;
  },
): string {
  if (shared.note) return `/users/${shared.note.authorId}?${new URLSearchParams({ note: shared.note.id })}`;
  return contributionPath(url, shared.contributionId, shared.contributionType);
}

/** The contribution a page view's address names (`?comment=`, `?review=` or `?related=`), if any. */
export function sharedRef(params: URLSearchParams): SharedRef | null {
  for (const kind of SHARED_KINDS) {
    const id = params.get(kind);
    if (id) return { kind, id };
  }
  return null;
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
