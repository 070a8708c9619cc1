import { renderMarkdown } from "@flipside/contracts/markdown";

/** About 16 MB of UTF-16 text at most (sources plus their HTML). */
const MAX_CHARS = 8_000_000;
const MAX_ENTRIES = 20_000;

const cache = new Map<string, string>();
let chars = 0;

/**
 * renderMarkdown with a small in-process LRU keyed by the source: a popular page's comments are
 * read far more often than written, and rendering was most of the CPU of a comments list. The
 * output depends on the source only, so a cached answer is never stale.
 */
export function renderMarkdownCached(src: string): string {
  if (src === "") return "";
  const hit = cache.get(src);
  if (hit !== undefined) {
    // Map keeps insertion order: re-inserting marks the entry as recently used.
    cache.delete(src);
    cache.set(src, hit);
    return hit;
  }
  const html = renderMarkdown(src);
  cache.set(src, html);
  chars += src.length + html.length;
  while (chars > MAX_CHARS || cache.size > MAX_ENTRIES) {
    const oldest = cache.keys().next();
    if (oldest.done) break;
    chars -= oldest.value.length + (cache.get(oldest.value)?.length ?? 0);
    cache.delete(oldest.value);
  }
  return html;
}
