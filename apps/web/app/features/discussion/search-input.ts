import { isApiError } from "../../lib/api.ts";

/**
 * What the search box does with the text: an address is flipped (its page opened or created),
 * anything else searches the pages Flipside knows by address and title (docs/discussion.md#lists).
 * An address has no spaces and has a dot, a scheme or a slash: `example.com`, `http://x`,
 * `localhost/a`. The server decides whether it is a valid one ("{url} is not a valid domain").
 */
export type SearchIntent =
  | { kind: "flip"; url: string }
  | { kind: "search"; text: string }
  | { kind: "empty" };

export function searchIntent(input: string): SearchIntent {
  const text = input.trim();
  if (text === "") return { kind: "empty" };
  if (!/\s/.test(text) && /[.:/]/.test(text)) return { kind: "flip", url: text };
  return { kind: "search", text };
}

export { pageViewPath } from "@flipside/contracts/page-paths";

/** Flipside answered and said no (4xx); not a lost connection or a failure of its own. */
export function isRefusal(error: unknown): boolean {
  return !isApiError(error) || (error.status >= 400 && error.status < 500);
}

/**
 * What a failed flip says (docs/web-app.md#guards-and-redirects): the API's own detail ("{url} is
 * not a valid domain", a rate limit…), the connection when it was lost, that Flipside failed when
 * it did (never blaming the address for it), else the SPEC's words for the address typed.
 */
export function flipErrorMessage(error: unknown, url: string): string {
  if (isApiError(error) && error.problem.detail && error.status >= 400 && error.status < 500)
    return error.problem.detail;
  if (isApiError(error) && error.status === 0) return error.message;
  if (isApiError(error) && error.status === 503 && error.problem.detail) return error.problem.detail;
  if (isApiError(error) && error.status >= 500)
    return `Flipside could not open ${url} just now. Please try again in a moment.`;
  return `${url} is not a valid domain`;
}
