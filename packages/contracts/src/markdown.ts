import MarkdownIt, { type MarkdownIt as MarkdownItInstance } from "markdown-it";

/**
 * The markdown subset of user content (docs/discussion.md#comments-and-replies): paragraphs, emphasis (incl.
 * strikethrough), links, inline code, code blocks, quotes and lists. Shared by the API (stored
 * content rendered for the page view), the server render and the browser (composer preview),
 * so it uses no Node API.
 *
 * Safety rests on markdown-it itself, not on a sanitizer pass afterwards:
 * - `html: false`: raw HTML in the source is escaped text, never markup;
 * - the only URLs emitted are link hrefs, all passing `isSafeLink` (http, https, mailto,
 *   relative); images are disabled so there is no `src` at all;
 * - attributes come only from markdown-it's own renderer, which escapes them.
 *
 * Decisions: headings render as bold paragraphs (a comment has no document outline); horizontal
 * rules, tables and images are off; single newlines become `<br>` as in most comment boxes; bare
 * addresses are linked (linkify). Every link opens in a new tab with
 * `rel="nofollow ugc noopener noreferrer"`.
 */
export const LINK_REL = "nofollow ugc noopener noreferrer";

const ALLOWED_SCHEMES = new Set(["http", "https", "mailto"]);

/** http:, https:, mailto: or a relative link (including `//host` and `#anchor`). */
export function isSafeLink(url: string): boolean {
  // Browsers ignore C0 controls and spaces around and tabs/newlines inside a scheme, so the
  // check runs on the URL with all of them removed.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]+/g, "").toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact)?.[1];
  return scheme === undefined || ALLOWED_SCHEMES.has(scheme);
}

function createRenderer(): MarkdownItInstance {
  const md = new MarkdownIt("default", {
    html: false,
    linkify: true,
    typographer: false,
    breaks: true,
  });
  md.disable(["image", "table", "hr", "html_block", "html_inline"]);
  md.validateLink = isSafeLink;

  // Headings become bold paragraphs.
  md.core.ruler.push("headings_as_bold", (state) => {
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const open = tokens[i];
      if (open?.type !== "heading_open") continue;
      const inline = tokens[i + 1];
      const close = tokens[i + 2];
      open.type = "paragraph_open";
      open.tag = "p";
      open.markup = "";
      if (close?.type === "heading_close") {
        close.type = "paragraph_close";
        close.tag = "p";
        close.markup = "";
      }
      if (inline?.type === "inline" && inline.children && inline.children.length > 0) {
        const strongOpen = new state.Token("strong_open", "strong", 1);
        const strongClose = new state.Token("strong_close", "strong", -1);
        inline.children = [strongOpen, ...inline.children, strongClose];
      }
    }
  });

  const defaultLinkOpen =
    md.renderer.rules.link_open ??
    ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    if (token) {
      token.attrSet("rel", LINK_REL);
      token.attrSet("target", "_blank");
    }
    return defaultLinkOpen(tokens, idx, options, env, self);
  };
  return md;
}

const renderer = createRenderer();

/** Safe HTML for user markdown: paragraphs, emphasis, links, inline code, code blocks, quotes, lists. */
export function renderMarkdown(src: string): string {
  return renderer.render(src);
}

/**
 * Plain text excerpt (for meta descriptions, notifications): markup removed, whitespace
 * collapsed to single spaces, cut on a word boundary with "…" when over `maxLength` code points.
 * The result is TEXT, not HTML: escape it wherever it goes into markup.
 */
export function markdownToText(src: string, maxLength?: number): string {
  const parts: string[] = [];
  for (const token of renderer.parse(src, {})) {
    if (token.type === "inline") {
      for (const child of token.children ?? []) {
        if (child.type === "text" || child.type === "code_inline") parts.push(child.content);
        else if (child.type === "softbreak" || child.type === "hardbreak") parts.push(" ");
      }
      parts.push(" ");
    } else if (token.type === "fence" || token.type === "code_block") {
      parts.push(token.content, " ");
    }
  }
  const text = parts.join("").replace(/\s+/g, " ").trim();
  if (maxLength === undefined) return text;
  if (maxLength < 1) return "";
  const chars = Array.from(text);
  if (chars.length <= maxLength) return text;
  const cut = chars.slice(0, maxLength - 1).join("");
  // Keep whole words unless that would throw away too much (one very long word).
  const endsOnWord = chars[maxLength - 1] === " ";
  const lastSpace = cut.lastIndexOf(" ");
  const head = endsOnWord || lastSpace <= cut.length * 0.6 ? cut : cut.slice(0, lastSpace);
  return `${head.trimEnd()}…`;
}
