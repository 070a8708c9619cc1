import { isSafeLink } from "@flipside/contracts/markdown";
import MarkdownIt from "markdown-it";

/**
 * The markdown pages of `content/` (about, support, terms…), bundled at build time so the
 * server never reads the file system per request and an unknown slug can only be a 404.
 */
const sources = import.meta.glob<string>("../../../../content/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

/**
 * Content pages are documents, not comments: unlike `renderMarkdown` (user content, where
 * headings become bold text and links open in a new tab as nofollow) they keep their headings
 * and plain links. They still allow no raw HTML and the same safe link schemes.
 */
const documentRenderer = new MarkdownIt("default", { html: false, linkify: true, typographer: true });
documentRenderer.validateLink = isSafeLink;

/** `<!-- … -->` lines: the feature marks of content/features.ts, for the tests, not for readers. */
const COMMENT_LINE = /^<!--[\s\S]*?-->[ \t]*\n?/gm;

export function renderContentMarkdown(markdown: string): string {
  return documentRenderer.render(markdown.replace(COMMENT_LINE, ""));
}

export interface ContentPage {
  slug: string;
  title: string;
  html: string;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function titleOf(markdown: string, slug: string): string {
  const heading = /^#\s+(.+?)\s*#*\s*$/m.exec(markdown)?.[1];
  return heading ?? slug.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase());
}

const pages = new Map<string, ContentPage>();
for (const [path, markdown] of Object.entries(sources)) {
  const slug = path.slice(path.lastIndexOf("/") + 1, -".md".length);
  if (!SLUG.test(slug)) continue;
  pages.set(slug, { slug, title: titleOf(markdown, slug), html: renderContentMarkdown(markdown) });
}

/** The content page for a slug such as "about", or undefined when there is none. */
export function findContentPage(slug: string): ContentPage | undefined {
  return pages.get(slug);
}

export function contentSlugs(): string[] {
  return [...pages.keys()].sort();
}
