import { renderMarkdown } from "@flipside/contracts/markdown";
import { LRUCache } from "lru-cache";

/**
 * renderMarkdown with a small in-process LRU keyed by the source: a popular page's comments are
 * read far more often than written, and rendering was most of the CPU of a comments list. The
 * output depends on the source only, so a cached answer is never stale. Bounded to the comments
 * of a few hundred hot lists, at most about 4 MB of UTF-16 text (sources plus their HTML): every
 * comment written is rendered once and kept, and a busy instance writes thousands a minute, most
 * of which no list will need again before the page cache has them (docs/caches.md).
 */
const cache = new LRUCache<string, string>({
  max: 5_000,
  maxSize: 2_000_000,
  sizeCalculation: (html, src) => src.length + html.length || 1,
});

export function renderMarkdownCached(src: string): string {
  if (src === "") return "";
  let html = cache.get(src);
  if (html === undefined) {
    html = renderMarkdown(src);
    cache.set(src, html);
  }
  return html;
}
