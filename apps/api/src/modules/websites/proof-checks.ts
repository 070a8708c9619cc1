import { Resolver } from "node:dns/promises";
import { PROOF_FILE_PATH, PROOF_NAME, type VerificationMethod } from "@flipside/contracts/website-proof";
import { Parser } from "htmlparser2";
import ipaddr from "ipaddr.js";
import { parse as parseDomain } from "tldts";
import type { Config } from "../../config.ts";
import {
  createSafeFetcher,
  isPublicAddress,
  type ResolvedAddress,
  SafeFetchError,
  type SafeFetcher,
} from "../../lib/safe-fetch.ts";

/** What one check found: whether the proof is there, and what was seen, in words. */
export interface CheckOutcome {
  ok: boolean;
  message: string;
}

export type ProofChecker = (
  method: VerificationMethod,
  domain: string,
  token: string,
) => Promise<CheckOutcome>;

const MAX_RECORDS_SHOWN = 10;
const MAX_RECORD_SHOWN = 100;
/** A home page's head is near its start; the file is one line. */
const HOME_PAGE_BYTES = 512 * 1024;
const FILE_BYTES = 4 * 1024;

const shorten = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);
const quote = (value: string) => `"${shorten(value, MAX_RECORD_SHOWN)}"`;

/** The DNS answer's error code in words; undefined for anything unexpected. */
function dnsFailure(code: string | undefined, domain: string): string {
  switch (code) {
    case "ENODATA":
      return `${domain} has no TXT records.`;
    case "ENOTFOUND":
      return `${domain} does not exist in DNS (NXDOMAIN).`;
    case "ETIMEOUT":
      return `The DNS servers did not answer about ${domain} in time.`;
    case "ESERVFAIL":
      return `The DNS servers failed to answer about ${domain} (SERVFAIL).`;
    case "ECONNREFUSED":
      return `The DNS servers refused the lookup of ${domain}.`;
    default:
      return `The DNS lookup of ${domain} failed${code ? ` (${code})` : ""}.`;
  }
}

function fetchFailure(error: unknown): string {
  if (!(error instanceof SafeFetchError)) return "could not be reached";
  switch (error.code) {
    case "blocked_address":
      return "resolves to a private or local address, which Flipside never fetches";
    case "timeout":
      return "did not answer in time";
    case "too_many_redirects":
      return "redirected too many times";
    case "bad_url":
      return `could not be fetched (${error.message})`;
    default:
      return "could not be reached";
  }
}

/** The `content` of every `<meta name="flipside-verification">` in the HTML. */
function metaTokens(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== "meta") return;
        if ((attributes.name ?? "").trim().toLowerCase() !== PROOF_NAME) return;
        found.push((attributes.content ?? "").trim());
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

/**
 * The three ways to prove control of a site (docs/websites.md#verification). DNS goes through
 * `node:dns` with the configured resolvers and a timeout; every HTTP check goes through the
 * SSRF-safe fetcher, whose addresses come from the same resolvers. Each answer says exactly
 * what was found, for the owner to fix.
 */
export function createProofChecker(config: Config): ProofChecker {
  const resolver = new Resolver({ timeout: config.DNS_TIMEOUT_MS, tries: 2 });
  if (config.DNS_SERVERS.length > 0) resolver.setServers(config.DNS_SERVERS);
  const testPort = config.SITE_VERIFICATION_HTTP_PORT;

  const lookup =
    config.DNS_SERVERS.length > 0
      ? async (host: string): Promise<ResolvedAddress[]> => {
          const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
          const addresses: ResolvedAddress[] = [
            ...(v4.status === "fulfilled"
              ? v4.value.map((address) => ({ address, family: 4 as const }))
              : []),
            ...(v6.status === "fulfilled"
              ? v6.value.map((address) => ({ address, family: 6 as const }))
              : []),
          ];
          if (addresses.length === 0)
            throw v4.status === "rejected" ? v4.reason : new Error(`${host}: no address`);
          return addresses;
        }
      : undefined;
  const fetcher: SafeFetcher = createSafeFetcher({
    ...(lookup ? { lookup } : {}),
    // Tests play a site with servers on this machine; production never reaches loopback.
    isAllowedAddress:
      testPort === undefined
        ? isPublicAddress
        : (ip) => isPublicAddress(ip) || (ipaddr.isValid(ip) && ipaddr.parse(ip).range() === "loopback"),
  });
  const urlOf = (host: string, path: string) =>
    testPort === undefined ? `https://${host}${path}` : `http://${host}:${testPort}${path}`;

  /** Fetches one address of the site; a redirect may not leave the site. */
  async function fetchOnSite(domain: string, url: string, maxBytes: number) {
    const result = await fetcher(url, { maxBytes, timeoutMs: 10_000 });
    const finalHost = new URL(result.url).hostname;
    const finalSite = parseDomain(finalHost, { allowPrivateDomains: true }).domain;
    return { result, leftSite: finalSite !== domain ? finalHost : null };
  }

  async function checkDns(domain: string, token: string): Promise<CheckOutcome> {
    const wanted = `${PROOF_NAME}=${token}`;
    let records: string[];
    try {
      records = (await resolver.resolveTxt(domain)).map((chunks) => chunks.join(""));
    } catch (error) {
      return { ok: false, message: dnsFailure((error as NodeJS.ErrnoException).code, domain) };
    }
    if (records.some((r) => r.trim() === wanted)) {
      return { ok: true, message: `Found ${wanted} in the TXT records of ${domain}.` };
    }
    if (records.length === 0) return { ok: false, message: `${domain} has no TXT records.` };
    const shown = records.slice(0, MAX_RECORDS_SHOWN).map(quote).join(", ");
    const more = records.length > MAX_RECORDS_SHOWN ? ` and ${records.length - MAX_RECORDS_SHOWN} more` : "";
    const other = records.find((r) => r.trim().startsWith(`${PROOF_NAME}=`));
    const verdict = other
      ? `${quote(other.trim())} holds a different token: this claim's record is ${wanted}.`
      : `None of them is ${wanted}.`;
    return { ok: false, message: `The TXT records of ${domain} are: ${shown}${more}. ${verdict}` };
  }

  async function checkMeta(domain: string, token: string): Promise<CheckOutcome> {
    const findings: string[] = [];
    for (const host of [domain, `www.${domain}`]) {
      const url = urlOf(host, "/");
      try {
        const { result, leftSite } = await fetchOnSite(domain, url, HOME_PAGE_BYTES);
        if (leftSite) {
          findings.push(`${url} redirected to another site (${leftSite}).`);
          continue;
        }
        if (result.status !== 200) {
          findings.push(`The home page answered ${result.status} at ${url}.`);
          continue;
        }
        const tokens = metaTokens(result.body.toString("utf8"));
        if (tokens.includes(token)) {
          return { ok: true, message: `Found the ${PROOF_NAME} meta tag on ${result.url}.` };
        }
        findings.push(
          tokens.length > 0
            ? `The ${PROOF_NAME} meta tag on ${result.url} holds a different token.`
            : `The home page at ${result.url} has no ${PROOF_NAME} meta tag.`,
        );
      } catch (error) {
        findings.push(`The home page at ${url} ${fetchFailure(error)}.`);
      }
    }
    return { ok: false, message: findings.join(" ") };
  }

  async function checkFile(domain: string, token: string): Promise<CheckOutcome> {
    const url = urlOf(domain, PROOF_FILE_PATH);
    try {
      const { result, leftSite } = await fetchOnSite(domain, url, FILE_BYTES);
      if (leftSite) return { ok: false, message: `${url} redirected to another site (${leftSite}).` };
      if (result.status !== 200) {
        return {
          ok: false,
          message:
            result.status === 404
              ? `${url} answered 404: the file is not there.`
              : `${url} answered ${result.status}.`,
        };
      }
      const content = result.body
        .toString("utf8")
        .replace(/^\uFEFF/, "")
        .trim();
      if (content === token || content.split(/\r?\n/)[0]?.trim() === token) {
        return { ok: true, message: `The file at ${url} holds this claim's token.` };
      }
      return {
        ok: false,
        message:
          content === "" ? `The file at ${url} is empty.` : `The file at ${url} holds a different token.`,
      };
    } catch (error) {
      return { ok: false, message: `The file at ${url} ${fetchFailure(error)}.` };
    }
  }

  return (method, domain, token) => {
    switch (method) {
      case "DNS_TXT":
        return checkDns(domain, token);
      case "META_TAG":
        return checkMeta(domain, token);
      case "FILE":
        return checkFile(domain, token);
    }
  };
}
