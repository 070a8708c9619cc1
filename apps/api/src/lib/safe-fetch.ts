import type { LookupAddress, LookupOptions } from "node:dns";
import { lookup as dnsLookup } from "node:dns/promises";
import { pipeline, type Readable, type Transform } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import ipaddr from "ipaddr.js";
import { Agent, request } from "undici";

/**
 * The SSRF-safe fetcher for every server-side fetch of a user-supplied URL (docs/discussion.md#pages).
 *
 * - only http/https, ports 80, 443 and 1024–65535, no user-info;
 * - the host is resolved once, EVERY resolved address must be allowed (public by default), and the
 *   connection is pinned to exactly those checked addresses through undici's `connect.lookup`, so
 *   a second DNS answer (rebinding) can never be used;
 * - redirects are followed by hand (at most `maxRedirects`), each hop checked like the first;
 * - no cookies are ever sent, a fixed User-Agent identifies the bot;
 * - the (decompressed) body is capped at `maxBytes`; one overall timeout covers DNS, connect,
 *   every hop and the body.
 */
export interface SafeFetchOptions {
  /** Overall deadline in ms, default 5000. */
  timeoutMs?: number;
  /** Body cap in bytes, default 2 MiB. */
  maxBytes?: number;
  /** Default 3. */
  maxRedirects?: number;
  accept?: string;
  /** What to do when the body exceeds maxBytes: keep the first maxBytes (default) or fail with too_large. */
  onTooLarge?: "truncate" | "error";
}

export interface SafeFetchResult {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  headers: Headers;
  contentType: string;
  body: Buffer;
  truncated: boolean;
}

export type SafeFetchErrorCode =
  | "blocked_address"
  | "bad_url"
  | "timeout"
  | "too_large"
  | "too_many_redirects"
  | "network";

export class SafeFetchError extends Error {
  constructor(
    public readonly code: SafeFetchErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "SafeFetchError";
  }
}

export type ResolvedAddress = { address: string; family: 4 | 6 };

export interface SafeFetcherDeps {
  lookup?: (host: string) => Promise<ResolvedAddress[]>;
  isAllowedAddress?: (ip: string) => boolean;
}

export type SafeFetcher = (url: string, opts?: SafeFetchOptions) => Promise<SafeFetchResult>;

export const SAFE_FETCH_USER_AGENT = "FlipsideBot/1.0 (+https://flipside.example/bot)";
export const SAFE_FETCH_DEFAULTS = {
  timeoutMs: 5000,
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 3,
  accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5",
} as const;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** NAT64 well-known prefix 64:ff9b::/96 carries an IPv4 address in its last 32 bits. */
const NAT64 = ipaddr.parseCIDR("64:ff9b::/96");
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

function embeddedV4(v6: ipaddr.IPv6, fromByte: number): ipaddr.IPv4 {
  const bytes = v6.toByteArray();
  return new ipaddr.IPv4(bytes.slice(fromByte, fromByte + 4));
}

/**
 * True only for a globally routable unicast address. Refuses loopback, private, link-local
 * (169.254.169.254 metadata included), CGNAT, multicast, broadcast, reserved/documentation,
 * benchmarking, unspecified (0.0.0.0, ::), unique-local and site-local IPv6, Teredo, and any
 * IPv4-mapped / IPv4-compatible / SIIT / NAT64 / 6to4 IPv6 form of a non-public IPv4 address.
 * Odd IPv4 spellings (2130706433, 0x7f.1, 0177.0.0.1) are parsed to their value first.
 */
export function isPublicAddress(ip: string): boolean {
  let text = ip.trim();
  if (text.startsWith("[") && text.endsWith("]")) text = text.slice(1, -1);
  if (text.includes(":")) {
    // Canonicalise IPv6 with the WHATWG parser first: ipaddr.js reads the IPv4-compatible
    // "::8.8.8.8" as IPv4-mapped. Zone ids are refused here (link-local only anyway).
    try {
      text = new URL(`http://[${text}]/`).hostname.slice(1, -1);
    } catch {
      return false;
    }
  }
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.parse(text);
  } catch {
    return false;
  }
  if (addr.kind() === "ipv4") return (addr as ipaddr.IPv4).range() === "unicast";

  const v6 = addr as ipaddr.IPv6;
  if (v6.zoneId) return false;
  switch (v6.range()) {
    case "ipv4Mapped":
      return isPublicAddress(v6.toIPv4Address().toString());
    case "rfc6145": // ::ffff:0:a.b.c.d (SIIT)
      return isPublicAddress(embeddedV4(v6, 12).toString());
    case "rfc6052":
      // Only the well-known /96 NAT64 prefix; 64:ff9b:1::/48 is for local use.
      return v6.match(NAT64) && isPublicAddress(embeddedV4(v6, 12).toString());
    case "6to4":
      return isPublicAddress(embeddedV4(v6, 2).toString());
    case "unicast":
      // Anything outside 2000::/3 (e.g. IPv4-compatible ::a.b.c.d) is not globally routable.
      return v6.match(GLOBAL_UNICAST_V6);
    default:
      return false;
  }
}

export function isAllowedPort(url: URL): boolean {
  if (url.port === "") return true;
  const port = Number(url.port);
  return port === 80 || port === 443 || (port >= 1024 && port <= 65535);
}

async function defaultLookup(host: string): Promise<ResolvedAddress[]> {
  const answers = await dnsLookup(host, { all: true, verbatim: true });
  return answers
    .filter((a) => a.family === 4 || a.family === 6)
    .map((a) => ({ address: a.address, family: a.family as 4 | 6 }));
}

/** Host key as undici hands it to `connect.lookup`: no brackets, no trailing dot, lower case. */
function hostKey(hostname: string): string {
  let host = hostname.toLowerCase();
  if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
  if (host.endsWith(".")) host = host.slice(0, -1);
  return host;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `net.connect` lookup that answers only with addresses we checked, never with fresh DNS. */
function pinnedLookup(pins: Map<string, ResolvedAddress[]>) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    const addresses = pins.get(hostKey(hostname));
    if (!addresses || addresses.length === 0) {
      const error: NodeJS.ErrnoException = new Error(`refusing to connect to unchecked host ${hostname}`);
      error.code = "ENOTFOUND";
      callback(error, "");
      return;
    }
    const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
    const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
    if (options.all) {
      callback(null, usable);
      return;
    }
    const first = usable[0] ?? addresses[0];
    callback(null, first?.address ?? "", first?.family);
  };
}

function decoderFor(encoding: string | undefined): Transform | null {
  switch ((encoding ?? "").trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return createGunzip();
    case "deflate":
      return createInflate();
    case "br":
      return createBrotliDecompress();
    default:
      return null;
  }
}

function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      try {
        headers.append(name, v);
      } catch {
        // A header value the Fetch standard refuses: leave it out.
      }
    }
  }
  return headers;
}

export function createSafeFetcher(deps: SafeFetcherDeps = {}): SafeFetcher {
  const lookup = deps.lookup ?? defaultLookup;
  const isAllowed = deps.isAllowedAddress ?? isPublicAddress;

  return async function safeFetch(input: string, opts: SafeFetchOptions = {}): Promise<SafeFetchResult> {
    const timeoutMs = opts.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs;
    const maxBytes = opts.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes;
    const maxRedirects = opts.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects;

    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new SafeFetchError("timeout", `timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener("abort", () => reject(controller.signal.reason), { once: true });
    });
    aborted.catch(() => {});

    const pins = new Map<string, ResolvedAddress[]>();
    const agent = new Agent({
      connect: { lookup: pinnedLookup(pins), timeout: timeoutMs },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      connections: 1,
      pipelining: 0,
    });

    /** Resolves and checks one hop; refuses before any connection is attempted. */
    const checkTarget = async (target: URL) => {
      if (target.protocol !== "http:" && target.protocol !== "https:") {
        throw new SafeFetchError("bad_url", `only http and https are fetched, not ${target.protocol}`);
      }
      if (!isAllowedPort(target)) throw new SafeFetchError("bad_url", `port ${target.port} is not allowed`);
      const host = hostKey(target.hostname);
      if (host === "") throw new SafeFetchError("bad_url", "the URL has no host");
      let addresses: ResolvedAddress[];
      if (ipaddr.isValid(host)) {
        // An IP literal (the WHATWG parser already turned 0x7f.1 and friends into dotted form).
        addresses = [{ address: host, family: host.includes(":") ? 6 : 4 }];
      } else {
        try {
          addresses = await Promise.race([lookup(host), aborted]);
        } catch (error) {
          if (error instanceof SafeFetchError) throw error;
          throw new SafeFetchError("network", `could not resolve ${host}`, { cause: error });
        }
      }
      if (addresses.length === 0) throw new SafeFetchError("network", `${host} has no address`);
      const blocked = addresses.find((a) => !isAllowed(a.address));
      if (blocked) throw new SafeFetchError("blocked_address", `${host} resolves to a non-public address`);
      pins.set(host, addresses);
    };

    const readBody = async (stream: Readable, encoding: string | undefined) => {
      const decoder = decoderFor(encoding);
      // pipeline() forwards a source error (abort, reset) to the decoder, so the loop never hangs.
      const source: Readable = decoder
        ? (pipeline(stream, decoder, () => {}) as unknown as Readable)
        : stream;
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      try {
        for await (const chunk of source) {
          const buf: Buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
          if (size + buf.length > maxBytes) {
            if (opts.onTooLarge === "error")
              throw new SafeFetchError("too_large", `the body is over ${maxBytes} bytes`);
            chunks.push(buf.subarray(0, maxBytes - size));
            size = maxBytes;
            truncated = true;
            break;
          }
          chunks.push(buf);
          size += buf.length;
        }
      } finally {
        // Stop reading for good: nothing past the cap is downloaded (or decompressed).
        source.destroy();
        stream.destroy();
      }
      return { body: Buffer.concat(chunks, size), truncated };
    };

    try {
      let current: URL;
      try {
        current = new URL(input);
      } catch (error) {
        throw new SafeFetchError("bad_url", "the URL is not valid", { cause: error });
      }
      for (let hop = 0; ; hop++) {
        // Credentials are never sent.
        current.username = "";
        current.password = "";
        current.hash = "";
        await checkTarget(current);
        const response = await request(current, {
          method: "GET",
          dispatcher: agent,
          signal: controller.signal,
          headers: {
            "user-agent": SAFE_FETCH_USER_AGENT,
            accept: opts.accept ?? SAFE_FETCH_DEFAULTS.accept,
            "accept-encoding": "gzip, deflate, br",
          },
        });
        const location = response.headers.location;
        if (REDIRECT_STATUSES.has(response.statusCode) && typeof location === "string" && location !== "") {
          await response.body.dump().catch(() => {});
          if (hop >= maxRedirects) {
            throw new SafeFetchError("too_many_redirects", `more than ${maxRedirects} redirects`);
          }
          try {
            current = new URL(location, current);
          } catch (error) {
            throw new SafeFetchError("bad_url", "the redirect target is not a valid URL", { cause: error });
          }
          continue;
        }
        const headers = toHeaders(response.headers);
        const declared = Number(headers.get("content-length") ?? "NaN");
        if (opts.onTooLarge === "error" && declared > maxBytes) {
          response.body.destroy();
          throw new SafeFetchError("too_large", `the body is over ${maxBytes} bytes`);
        }
        const { body, truncated } = await readBody(
          response.body,
          headers.get("content-encoding") ?? undefined,
        );
        return {
          url: current.href,
          status: response.statusCode,
          headers,
          contentType: headers.get("content-type") ?? "",
          body,
          truncated,
        };
      }
    } catch (error) {
      if (controller.signal.aborted) {
        throw controller.signal.reason instanceof SafeFetchError
          ? controller.signal.reason
          : new SafeFetchError("timeout", `timed out after ${timeoutMs} ms`, { cause: error });
      }
      if (error instanceof SafeFetchError) throw error;
      const code = (error as { code?: string }).code;
      if (
        code === "UND_ERR_HEADERS_TIMEOUT" ||
        code === "UND_ERR_BODY_TIMEOUT" ||
        code === "UND_ERR_CONNECT_TIMEOUT"
      ) {
        throw new SafeFetchError("timeout", `timed out after ${timeoutMs} ms`, { cause: error });
      }
      throw new SafeFetchError("network", "the page could not be fetched", { cause: error });
    } finally {
      clearTimeout(timer);
      agent.destroy().catch(() => {});
    }
  };
}
