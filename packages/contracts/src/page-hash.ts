import { tryNormalizeUrl } from "./url-normalize.ts";

/**
 * Comment counts by hash prefix (docs/extension.md#badge): the browser extension shows how many
 * comments the page in a tab has without telling Flipside which page it is. It hashes the
 * page's normalized address, asks for every commented page whose hash starts with the same few
 * characters, and looks for its own hash in the answer — as Safe Browsing's hash-prefix lookups
 * do. The server learns only that the page is one of the 1 in 65,536 of all addresses that share
 * the prefix.
 *
 * Without zod: the browser extension imports this (its schema for the API is in page-counts.ts).
 */

/** Hex characters of the SHA-256 a client sends: 4 = 16 bits. The server takes 4 to 8. */
export const PAGE_HASH_PREFIX_LENGTH = 4;
export const PAGE_HASH_PREFIX_MAX_LENGTH = 8;

/** One page of a prefix's answer (the API's `PageCounts`). */
export interface PageCount {
  /** SHA-256 of the page's normalized address, lower-case hex. */
  hash: string;
  /** Live top-level comments, as the page view counts them. */
  comments: number;
}

export interface PageCounts {
  prefix: string;
  pages: PageCount[];
}

export const PAGE_HASH_PREFIX_PATTERN = new RegExp(
  `^[0-9a-f]{${PAGE_HASH_PREFIX_LENGTH},${PAGE_HASH_PREFIX_MAX_LENGTH}}$`,
);
export const PAGE_HASH_PATTERN = /^[0-9a-f]{64}$/;

function isPageCount(page: unknown): page is PageCount {
  return (
    typeof page === "object" &&
    page !== null &&
    "hash" in page &&
    "comments" in page &&
    typeof page.hash === "string" &&
    PAGE_HASH_PATTERN.test(page.hash) &&
    typeof page.comments === "number" &&
    Number.isInteger(page.comments) &&
    page.comments > 0
  );
}

/** Whether an answer has the shape of `PageCounts`: what a client checks before it trusts one. */
export function isPageCounts(value: unknown): value is PageCounts {
  return (
    typeof value === "object" &&
    value !== null &&
    "prefix" in value &&
    "pages" in value &&
    typeof value.prefix === "string" &&
    PAGE_HASH_PREFIX_PATTERN.test(value.prefix) &&
    Array.isArray(value.pages) &&
    value.pages.every(isPageCount)
  );
}

/** SHA-256 of a normalized address, lower-case hex (Web Crypto: the same in Node and the browser). */
export async function pageHash(normalizedUrl: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(normalizedUrl));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * What a client needs to ask about the page at `address`: its hash and the prefix it sends. Null
 * for an address Flipside has no page for (another scheme, an IP address, a browser's own page),
 * which is never asked about.
 */
export async function pageHashOf(address: string): Promise<{ hash: string; prefix: string } | null> {
  const normalized = tryNormalizeUrl(address);
  if (!normalized) return null;
  const hash = await pageHash(normalized.normalizedUrl);
  return { hash, prefix: hash.slice(0, PAGE_HASH_PREFIX_LENGTH) };
}

/** The page's comment count from a prefix's answer, matched on the whole hash; 0 when it is not there. */
export function commentCountIn(counts: PageCounts, hash: string): number {
  if (!hash.startsWith(counts.prefix)) return 0;
  return counts.pages.find((page) => page.hash === hash)?.comments ?? 0;
}

/** The path of a prefix's answer under the API's origin. */
export function pageCountsPath(prefix: string): string {
  return `/api/v1/page-counts/${prefix}`;
}
