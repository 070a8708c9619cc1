import type { SitePageView } from "@flipside/contracts/discussion";
import { shortAddress } from "@flipside/contracts/discussion-constants";
import { pageTitle } from "../../lib/page-title.ts";
import { pageViewPath } from "./search-input.ts";

export { shortAddress };

const DESCRIPTION_MAX = 200;

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString("en")} ${n === 1 ? one : many}`;
}

function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

/** How a page is named: its title when the server could read one, else its shortened address. */
export function pageName(page: Pick<SitePageView, "title" | "displayUrl">): string {
  return page.title?.trim() || shortAddress(page.displayUrl);
}

/**
 * The head of a page view (docs/discussion.md): a real title, a description, Open Graph tags and
 * the canonical `/?url=` address, so a shared link previews well and search engines index one
 * address per page. React escapes every value.
 */
export function pageViewMeta(page: SitePageView, publicOrigin: string) {
  const name = pageName(page);
  const canonical = `${publicOrigin.replace(/\/+$/, "")}${pageViewPath(page.normalizedUrl)}`;
  const counts = `${plural(page.commentCount, "comment", "comments")}, ${plural(page.reviewCount, "review", "reviews")} and ${plural(page.relatedCount, "related page", "related pages")}`;
  const description = clip(
    page.description?.trim()
      ? `${page.description.trim()} — ${counts} on Flipside.`
      : `What people say about ${page.displayUrl}: ${counts} on Flipside.`,
    DESCRIPTION_MAX,
  );
  const title = pageTitle(name);
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Flipside" },
    { property: "og:title", content: name },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: name },
    { name: "twitter:description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    // A page moderators hid is not offered to search engines either (decision 027).
    ...(page.hidden ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
