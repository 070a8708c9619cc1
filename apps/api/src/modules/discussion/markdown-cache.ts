import { renderMarkdown } from "@flipside/contracts/markdown";
import { LRUCache } from "lru-cache";

/**
 * renderMarkdown with a small in-process LRU keyed by the source: a popular page's comments are
 * read far more often than written, and rendering was most of the CPU of a comments list. The
 * output depends on the source only, so a cached answer is never stale. At most about 16 MB of
 * UTF-16 text (sources plus their HTML).
 */
const cache = new LRUCache<string, string>({
  max: 20_000,
  maxSize: 8_000_000,
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
