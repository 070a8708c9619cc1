import { Parser } from "htmlparser2";

/**
 * Title, description, favicon and canonical URL of a fetched HTML page (docs/discussion.md#pages).
 * Parsed with htmlparser2 (a tolerant streaming tokenizer: script/style are raw text, entities
 * decoded), never with regular expressions over the HTML.
 *
 * - title: the first `<title>` outside SVG, else og:title, else twitter:title;
 * - description: `<meta name=description>`, else og:description, else twitter:description;
 * - faviconUrl: `<link rel=icon>` / `shortcut icon`, else `apple-touch-icon`; absent when the
 *   page names none (callers may fall back to `/favicon.ico`);
 * - canonicalUrl: `<link rel=canonical>` (like search engines, only the head's counts once a
 *   title was found there: parsing stops at `</head>` / `<body>` then);
 * - URLs are resolved against `<base href>` (itself resolved against `baseUrl`) and kept only
 *   when http(s) and at most 2,000 characters; texts are whitespace-collapsed, trimmed and
 *   capped (title 300, description 1,000 characters).
 */
export interface PageMetadata {
  title?: string;
  description?: string;
  faviconUrl?: string;
  canonicalUrl?: string;
}

export const METADATA_LIMITS = { title: 300, description: 1000, url: 2000 } as const;

function clean(text: string | undefined, max: number): string | undefined {
  if (text === undefined) return undefined;
  const collapsed = text.replace(/\s+/g, " ").trim();
  if (collapsed === "") return undefined;
  if (collapsed.length <= max) return collapsed;
  // Count code points (as PostgreSQL does) and never cut a surrogate pair: max code points
  // always fit in the first 2·max UTF-16 units.
  return Array.from(collapsed.slice(0, max * 2))
    .slice(0, max)
    .join("")
    .trimEnd();
}

function resolveHttpUrl(href: string | undefined, base: string | undefined): string | undefined {
  if (href === undefined) return undefined;
  const trimmed = href.trim();
  if (trimmed === "") return undefined;
  try {
    const url = base === undefined ? new URL(trimmed) : new URL(trimmed, base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    return url.href.length <= METADATA_LIMITS.url ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function relTokens(rel: string | undefined): Set<string> {
  return new Set((rel ?? "").toLowerCase().split(/\s+/).filter(Boolean));
}

export function extractMetadata(html: string, baseUrl: string): PageMetadata {
  let title: string | undefined;
  let titleBuffer: string | null = null;
  let svgDepth = 0;
  let baseHref: string | undefined;
  const meta: Record<string, string> = {};
  let icon: string | undefined;
  let touchIcon: string | undefined;
  let canonical: string | undefined;

  // Metadata lives in <head>: once it is over and a title was seen, the (up to 2 MB) body is
  // not tokenized at all. Pages without a head title keep being read for a title in the body.
  const stopIfDone = () => {
    if (title !== undefined && titleBuffer === null) parser.pause();
  };
  const parser: Parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === "body") stopIfDone();
        switch (name) {
          case "svg":
            svgDepth++;
            break;
          case "title":
            if (svgDepth === 0 && title === undefined && titleBuffer === null) titleBuffer = "";
            break;
          case "base":
            if (baseHref === undefined && attrs.href !== undefined) baseHref = attrs.href;
            break;
          case "meta": {
            const key = (attrs.property ?? attrs.name ?? "").trim().toLowerCase();
            const content = attrs.content;
            // The first occurrence wins, as for crawlers.
            if (key && content !== undefined && !Object.hasOwn(meta, key)) meta[key] = content;
            break;
          }
          case "link": {
            const rel = relTokens(attrs.rel);
            const href = attrs.href;
            if (href === undefined) break;
            if (rel.has("canonical") && canonical === undefined) canonical = href;
            if (rel.has("icon") && icon === undefined) icon = href;
            if (
              (rel.has("apple-touch-icon") || rel.has("apple-touch-icon-precomposed")) &&
              touchIcon === undefined
            ) {
              touchIcon = href;
            }
            break;
          }
        }
      },
      ontext(text) {
        if (titleBuffer !== null && titleBuffer.length <= METADATA_LIMITS.title * 4) titleBuffer += text;
      },
      onclosetag(name) {
        if (name === "head") stopIfDone();
        if (name === "svg" && svgDepth > 0) svgDepth--;
        if (name === "title" && titleBuffer !== null) {
          title = titleBuffer;
          titleBuffer = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  // An unclosed <title> (truncated page) still counts.
  if (title === undefined && titleBuffer !== null) title = titleBuffer;

  let base: string | undefined;
  try {
    base = new URL(baseUrl).href;
  } catch {
    base = undefined;
  }
  const effectiveBase = resolveHttpUrl(baseHref, base) ?? base;

  const result: PageMetadata = {};
  const t =
    clean(title, METADATA_LIMITS.title) ??
    clean(meta["og:title"], METADATA_LIMITS.title) ??
    clean(meta["twitter:title"], METADATA_LIMITS.title);
  const d =
    clean(meta.description, METADATA_LIMITS.description) ??
    clean(meta["og:description"], METADATA_LIMITS.description) ??
    clean(meta["twitter:description"], METADATA_LIMITS.description);
  const f = resolveHttpUrl(icon, effectiveBase) ?? resolveHttpUrl(touchIcon, effectiveBase);
  const c = resolveHttpUrl(canonical, effectiveBase);
  if (t !== undefined) result.title = t;
  if (d !== undefined) result.description = d;
  if (f !== undefined) result.faviconUrl = f;
  if (c !== undefined) result.canonicalUrl = c;
  return result;
}
