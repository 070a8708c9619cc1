import type { Profile } from "@flipside/contracts/accounts";
import { pageTitle } from "../../lib/page-title.ts";

const DESCRIPTION_MAX = 200;

/** Markdown reduced to its words, for a description: no markup, one line. */
function plainText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`~>#]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** A public profile's own address; `/profiles/{id}` shows the same page and points here. */
export const profilePath = (id: string) => `/users/${id}`;

/**
 * The head of a public profile: the person's name as the title, their bio (or what they have
 * added) as the description, Open Graph tags and one canonical address for both paths.
 */
export function profileMeta(profile: Profile, publicOrigin: string) {
  const canonical = `${publicOrigin.replace(/\/+$/, "")}${profilePath(profile.id)}`;
  const { comments, reviews } = profile.stats;
  const bio = plainText(profile.bio);
  const description = clip(
    bio ||
      `${profile.displayName} on Flipside: ${comments === 1 ? "1 comment" : `${comments} comments`} and ${reviews === 1 ? "1 review" : `${reviews} reviews`} about pages of the web.`,
    DESCRIPTION_MAX,
  );
  return [
    { title: pageTitle(profile.displayName) },
    { name: "description", content: description },
    { property: "og:type", content: "profile" },
    { property: "og:site_name", content: "Flipside" },
    { property: "og:title", content: profile.displayName },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    ...(profile.imageUrl
      ? [{ property: "og:image", content: new URL(profile.imageUrl, canonical).href }]
      : []),
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: profile.displayName },
    { name: "twitter:description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
  ];
}
