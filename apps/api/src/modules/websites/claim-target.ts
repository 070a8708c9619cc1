import { domainToASCII, domainToUnicode } from "node:url";
import { parse as parseDomain } from "tldts";
import { tryNormalizeUrl } from "../../lib/url-normalize.ts";

export type ClaimTarget =
  | { ok: true; domain: string; unicodeDomain: string }
  | { ok: false; message: string };

/** The host typed or inside an address, in punycode; null when there is none. */
function hostOf(input: string): string | null {
  const trimmed = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const host = new URL(withScheme).hostname.replace(/\.$/, "");
    return host === "" ? null : host;
  } catch {
    return null;
  }
}

/**
 * The site a claim is for: the registrable domain (eTLD+1, private suffixes included, PRODUCT.md
 * §1) of a domain or any address on it, typed in Unicode or punycode. A public suffix itself
 * (`co.uk`, `github.io`) belongs to no one and is refused, as are IP addresses.
 */
export function claimTarget(input: string): ClaimTarget {
  const host = hostOf(input);
  if (!host) return { ok: false, message: `“${input.trim()}” is not a domain or a web address.` };
  const parsed = parseDomain(host, { allowPrivateDomains: true });
  if (parsed.isIp || host.startsWith("[")) {
    return { ok: false, message: "Sites are claimed by their domain name, not by an IP address." };
  }
  if (parsed.publicSuffix && parsed.publicSuffix === host && (parsed.isIcann || parsed.isPrivate)) {
    const shown = domainToUnicode(host) || host;
    return {
      ok: false,
      message: `${shown} is a public suffix, shared by many owners: claim your own domain under it (such as yourname.${shown}).`,
    };
  }
  const normalized = tryNormalizeUrl(host);
  if (!normalized || !(parsed.isIcann || parsed.isPrivate)) {
    return { ok: false, message: `“${input.trim()}” is not a domain anyone can register.` };
  }
  const domain = domainToASCII(normalized.domain);
  return { ok: true, domain, unicodeDomain: domainToUnicode(domain) || domain };
}
