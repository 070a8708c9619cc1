/// <reference path="./punycode.d.ts" />
import punycode from "punycode.js";
import { parse as parseDomain } from "tldts";

/**
 * URL normalization: what makes two addresses the same page (docs/discussion.md#addresses).
 * One implementation for the server and the browser extension (which matches its badge counts
 * against hashes of the normalized form, docs/extension.md), so it uses nothing but the WHATWG
 * URL parser, the Public Suffix List (tldts) and punycode.js — no Node module.
 *
 * Decisions beyond docs/discussion.md#addresses:
 * - The root path keeps its slash (`example.com/`), every other trailing slash is dropped, so
 *   the normalized form is always `host[:port]` + an absolute path + query + kept fragment and
 *   `displayUrl` is a valid href.
 * - Ports 80 and 443 are dropped whatever the scheme (http and https are one page, and the
 *   scheme-less form has to normalize to itself).
 * - Normalization is idempotent: normalizing `normalizedUrl` or `displayUrl` gives it back.
 * - Percent-encoding is canonicalised per RFC 3986 §6.2.2: escapes of unreserved characters are
 *   decoded, all other escapes get upper-case hex, and characters that may not appear literally
 *   (space, `|`, `^`, `[`, non-ASCII, a `%` not starting an escape, …) are encoded.
 * - `www.` is dropped only when it is a subdomain label (`www.co.uk` is itself a registrable
 *   domain and keeps it).
 * - A host that is itself a private public suffix (`github.io`, `blogspot.com`) is accepted with
 *   its ICANN registrable domain, since it is a real web site.
 * - The normalized form is also capped at 2,000 characters: it is a unique b-tree key in
 *   PostgreSQL, whose index entries must stay under ~2.7 kB.
 */
export interface NormalizedUrl {
  /** Scheme-less canonical form, e.g. "example.com/a/b?x=1". */
  normalizedUrl: string;
  /** "https://" + normalizedUrl, or "http://…" when the raw URL was plain http. */
  displayUrl: string;
  /** ASCII host without `www.`, e.g. "blog.example.co.uk". */
  host: string;
  /** Registrable domain (eTLD+1, private suffixes included): "example.co.uk", "alice.github.io". */
  domain: string;
}

export const MAX_URL_LENGTH = 2000;

/** Query parameters that only track the visitor and never change the page. */
const TRACKING_PARAMS = new Set([
  "fbclid",
  "gclid",
  "dclid",
  "gbraid",
  "wbraid",
  "msclkid",
  "mc_cid",
  "mc_eid",
  "igshid",
  "yclid",
  "_ga",
  "_gl",
  "ref_src",
  "spm",
]);

export function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith("utm_") || TRACKING_PARAMS.has(lower);
}

// `host:port…` without a scheme (e.g. "example.com:8080/a") would otherwise parse as scheme
// "example.com". Both patterns are linear: single character classes, no nested quantifiers.
const HOST_PORT = /^[a-z0-9.-]+:\d+(?:[/?#\\]|$)/i;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** The input with a scheme (https when it had none), or null for any scheme but http/https. */
function withScheme(input: string): string | null {
  if (input.startsWith("//")) return `https:${input}`;
  if (!HOST_PORT.test(input)) {
    const scheme = SCHEME.exec(input)?.[1]?.toLowerCase();
    if (scheme !== undefined) return scheme === "http" || scheme === "https" ? input : null;
  }
  return `https://${input}`;
}

const HEX = "0123456789ABCDEF";

function isHex(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}

function isUnreserved(code: number): boolean {
  return (
    (code >= 65 && code <= 90) || // A-Z
    (code >= 97 && code <= 122) || // a-z
    (code >= 48 && code <= 57) || // 0-9
    code === 45 || // -
    code === 46 || // .
    code === 95 || // _
    code === 126 // ~
  );
}

/** RFC 3986 sub-delims plus ":" and "@" (pchar), and "/" "?" which are literal in query/fragment. */
const PATH_LITERALS = new Set("!$&'()*+,;=:@");
const QUERY_LITERALS = new Set("!$&'()*+,;=:@/?");

/**
 * Canonical percent-encoding of one component. Input is what the WHATWG parser produced, so
 * non-ASCII is already UTF-8 percent-encoded; we only fix up ASCII.
 */
function canonicalEscapes(text: string, literals: Set<string>): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    const code = text.charCodeAt(i);
    if (code === 37 /* % */) {
      if (i + 2 < text.length && isHex(text.charCodeAt(i + 1)) && isHex(text.charCodeAt(i + 2))) {
        const value = Number.parseInt(text.slice(i + 1, i + 3), 16);
        out += isUnreserved(value)
          ? String.fromCharCode(value)
          : `%${text.slice(i + 1, i + 3).toUpperCase()}`;
        i += 2;
      } else {
        out += "%25";
      }
    } else if (isUnreserved(code) || literals.has(ch)) {
      out += ch;
    } else if (code < 128) {
      out += `%${HEX[code >> 4]}${HEX[code & 15]}`;
    } else {
      // Not expected after WHATWG parsing; encode as UTF-8 to stay ASCII-only.
      out += encodeURIComponent(ch);
    }
  }
  return out;
}

function normalizePath(pathname: string): string {
  const segments: string[] = [];
  for (const segment of pathname.split("/")) {
    // Empty segments come from repeated or trailing slashes: both are dropped.
    if (segment !== "") segments.push(canonicalEscapes(segment, PATH_LITERALS));
  }
  return `/${segments.join("/")}`;
}

function normalizeQuery(search: string): string {
  if (search.length <= 1) return "";
  const pairs: { name: string; pair: string }[] = [];
  for (const raw of search.slice(1).split("&")) {
    if (raw === "") continue;
    const pair = canonicalEscapes(raw, QUERY_LITERALS);
    const eq = pair.indexOf("=");
    const name = eq === -1 ? pair : pair.slice(0, eq);
    let decodedName: string;
    try {
      decodedName = decodeURIComponent(name.replaceAll("+", " "));
    } catch {
      decodedName = name;
    }
    if (isTrackingParam(decodedName)) continue;
    pairs.push({ name, pair });
  }
  if (pairs.length === 0) return "";
  // Array.prototype.sort is stable: repeated names keep their order. Code-unit order, not locale.
  pairs.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return `?${pairs.map((p) => p.pair).join("&")}`;
}

function normalizeFragment(hash: string): string {
  if (hash.startsWith("#!") || hash.startsWith("#/")) {
    return `#${canonicalEscapes(hash.slice(1), QUERY_LITERALS)}`;
  }
  return "";
}

const DOTTED_IPV4 = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

function registrableDomain(host: string): string | null {
  const withPrivate = parseDomain(host, { allowPrivateDomains: true });
  if (withPrivate.isIp) return null;
  if (withPrivate.domain && (withPrivate.isIcann || withPrivate.isPrivate)) return withPrivate.domain;
  if (withPrivate.isPrivate) {
    // The host is a private suffix itself (github.io): fall back to its ICANN domain.
    const icann = parseDomain(host);
    if (icann.domain && icann.isIcann) return icann.domain;
  }
  return null;
}

/** The normalized form of an address, or null when it names no web page Flipside accepts. */
export function tryNormalizeUrl(input: string): NormalizedUrl | null {
  const trimmed = input.trim();
  if (trimmed === "" || trimmed.length > MAX_URL_LENGTH) return null;
  const candidate = withScheme(trimmed);
  if (candidate === null) return null;

  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;

  // The WHATWG parser already lower-cased the host, mapped IDN to punycode and turned
  // decimal/hex/octal IPv4 spellings into dotted form, so the IP checks run on that.
  let host = url.hostname;
  // One trailing dot is the same name written fully qualified; an empty label anywhere else
  // (`.example.com`, `example.com..`) names nothing, and would make a second page of a known one.
  if (host.endsWith(".")) host = host.slice(0, -1);
  if (host === "" || host.startsWith("[") || host.includes(":") || DOTTED_IPV4.test(host)) return null;
  if (host.split(".").includes("")) return null;
  // Port 0 is no port anything listens on.
  if (url.port === "0") return null;
  if (!punycodeDecodes(host)) return null;

  const domain = registrableDomain(host);
  if (!domain) return null;
  // Repeated so that the normalized form normalizes to itself (www.www.x.com → x.com).
  while (host.startsWith("www.") && host.length > domain.length) host = host.slice(4);

  const plainHttp = url.protocol === "http:";
  // http and https are one page, so both default ports go whatever the scheme: a normalized
  // form must normalize to itself when given back (e.g. as a `normalizedUrl==` filter value).
  const port = url.port === "" || url.port === "80" || url.port === "443" ? "" : `:${url.port}`;

  const normalizedUrl = `${host}${port}${normalizePath(url.pathname)}${normalizeQuery(url.search)}${normalizeFragment(url.hash)}`;
  if (normalizedUrl.length > MAX_URL_LENGTH) return null;

  return {
    normalizedUrl,
    displayUrl: `${plainHttp ? "http" : "https"}://${normalizedUrl}`,
    host,
    domain,
  };
}

/**
 * An `xn--` label is punycode for a Unicode label (IDNA): one that does not decode, decodes to
 * plain ASCII, or is not what the URL parser's own IDNA mapping makes of what it decodes to (a
 * control character, an upper-case letter, a non-canonical encoding), is no name anyone can
 * register. URL parsers differ in what they pass on (Node 20 refused such hosts, Node 24 does
 * not), so this is checked the same way wherever addresses are normalized.
 */
function punycodeDecodes(host: string): boolean {
  if (!host.includes("xn--")) return true;
  return host.split(".").every((label) => {
    if (!label.startsWith("xn--")) return true;
    try {
      const decoded = punycode.decode(label.slice(4));
      if (![...decoded].some((ch) => ch.charCodeAt(0) > 127)) return false;
      return new URL(`http://${decoded}.test/`).hostname === `${label}.test`;
    } catch {
      return false;
    }
  });
}
