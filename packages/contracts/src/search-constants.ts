/** Search (docs/search.md): limits shared by the API and the web app, without zod. */
export const SEARCH_QUERY_MAX_LENGTH = 200;
/** Results a search page shows at once. */
export const SEARCH_PAGE_SIZE = 20;
/** Suggestions under the search box while typing. */
export const SEARCH_SUGGESTIONS = 6;
/** Quiet time after the last keystroke before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 150;
/** A word must be at least this long to be suggested on (shorter text would match everything). */
export const SUGGEST_MIN_LENGTH = 2;

/** [start, end) ranges of a text (UTF-16 offsets, as JavaScript strings count) to highlight. */
export type TextMarks = [start: number, end: number][];

/** A text cut at its marks: the parts a list renders, each marked or not, with where it starts. */
export function markedParts(
  text: string,
  marks: TextMarks,
): { text: string; marked: boolean; start: number }[] {
  const parts: { text: string; marked: boolean; start: number }[] = [];
  let at = 0;
  for (const [start, end] of marks) {
    if (start < at || end <= start || end > text.length) continue;
    if (start > at) parts.push({ text: text.slice(at, start), marked: false, start: at });
    parts.push({ text: text.slice(start, end), marked: true, start });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false, start: at });
  return parts;
}
