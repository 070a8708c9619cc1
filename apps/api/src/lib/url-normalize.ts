import {
  MAX_URL_LENGTH,
  type NormalizedUrl,
  tryNormalizeUrl as normalizeFresh,
} from "@flipside/contracts/url-normalize";
import { LRUCache } from "lru-cache";
import { AppError } from "./errors.ts";

/**
 * The server's side of URL normalization: the rules themselves are shared with the browser
 * extension (`@flipside/contracts/url-normalize`); here they get the server's error, a memory of
 * recent answers and the filter-value spellings.
 */
export { isTrackingParam, MAX_URL_LENGTH, type NormalizedUrl } from "@flipside/contracts/url-normalize";

export class InvalidUrlError extends AppError {
  constructor(input: string) {
    super("invalid_url", `${input} is not a valid domain`);
    this.name = "InvalidUrlError";
  }
}

/**
 * The same addresses come back again and again (every flip of a known page), and parsing one
 * against the Public Suffix List is a good part of a flip's CPU: results are remembered. They
 * are frozen, since every caller shares them.
 */
const memo = new LRUCache<string, NormalizedUrl | "invalid">({ max: 5_000 });

export function tryNormalizeUrl(input: string): NormalizedUrl | null {
  const known = memo.get(input);
  if (known !== undefined) return known === "invalid" ? null : known;
  const result = normalizeFresh(input);
  if (input.length <= MAX_URL_LENGTH) memo.set(input, result ? Object.freeze(result) : "invalid");
  return result;
}

export function normalizeUrl(input: string): NormalizedUrl {
  const result = tryNormalizeUrl(input);
  if (!result) throw new InvalidUrlError(input.trim());
  return result;
}

/**
 * A `normalizedUrl` filter value (docs/discussion.md#lists: values are normalized first), for
 * `FieldSpec.normalize`. `==`/`!=` need a valid address (else the usual 400 "… is not a valid
 * domain"); `||` is a text search, so a fragment such as "example" stays usable: a full address
 * is normalized (without the root slash the user did not type), anything else is lower-cased
 * and stripped of a scheme and `www.`.
 */
export function normalizedUrlFilterValue(value: string, op: string): string {
  if (op !== "||") return normalizeUrl(value).normalizedUrl;
  const trimmed = value.trim();
  const normalized = tryNormalizeUrl(trimmed);
  if (normalized) {
    const url = normalized.normalizedUrl;
    return url.endsWith("/") && !trimmed.endsWith("/") ? url.slice(0, -1) : url;
  }
  return trimmed
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/^www\./, "");
}

/**
 * A `domain` filter's value: `==` and `!=` take any spelling of a site or an address on it
 * ("https://news.example.co.uk/a" → "example.co.uk", the site's registrable domain); `||` (contains)
 * takes the text as it is, lower-cased.
 */
export function siteDomainFilterValue(value: string, op: string): string {
  const trimmed = value.trim().toLowerCase();
  if (op === "||") return trimmed;
  return tryNormalizeUrl(trimmed)?.domain ?? trimmed;
}
