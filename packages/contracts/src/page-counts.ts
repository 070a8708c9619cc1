import { z } from "zod";
import {
  PAGE_HASH_PATTERN,
  PAGE_HASH_PREFIX_LENGTH,
  PAGE_HASH_PREFIX_MAX_LENGTH,
  PAGE_HASH_PREFIX_PATTERN,
} from "./page-hash.ts";

/** The API's side of comment counts by hash prefix (docs/extension.md#badge); the rules are in page-hash.ts. */
export const PageHashPrefix = z
  .string()
  .regex(
    PAGE_HASH_PREFIX_PATTERN,
    `A prefix is ${PAGE_HASH_PREFIX_LENGTH} to ${PAGE_HASH_PREFIX_MAX_LENGTH} lower-case hex characters.`,
  );

export const PageCount = z.object({
  /** SHA-256 of the page's normalized address, lower-case hex. */
  hash: z.string().regex(PAGE_HASH_PATTERN),
  /** Live top-level comments, as the page view counts them. */
  comments: z.number().int().positive(),
});

export const PageCounts = z
  .object({
    prefix: PageHashPrefix,
    /** Every visible page with comments whose hash starts with the prefix; pages without comments are left out. */
    pages: z.array(PageCount),
  })
  .meta({ id: "PageCounts" });
