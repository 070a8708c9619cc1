import ipaddr from "ipaddr.js";
import { LRUCache } from "lru-cache";

function parse(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    // process() turns IPv4-mapped IPv6 (::ffff:1.2.3.4) back into IPv4.
    return ipaddr.process(ip);
  } catch {
    return null;
  }
}

// The same clients come back request after request; parsing their address each time showed
// in the profile of a flip.
const prefixes = new LRUCache<string, string>({ max: 10_000 });

function prefix(ip: string, v4Bits: number, v6Bits: number): string {
  const key = `${v4Bits}/${v6Bits}/${ip}`;
  let known = prefixes.get(key);
  if (known === undefined) {
    known = computePrefix(ip, v4Bits, v6Bits);
    prefixes.set(key, known);
  }
  return known;
}

function computePrefix(ip: string, v4Bits: number, v6Bits: number): string {
  const addr = parse(ip);
  if (!addr) return ip;
  const bits = addr.kind() === "ipv4" ? v4Bits : v6Bits;
  const bytes = addr.toByteArray();
  const masked = bytes.map((b, i) => {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    return b & ((0xff << (8 - keep)) & 0xff);
  });
  return `${ipaddr.fromByteArray(masked).toNormalizedString()}/${bits}`;
}

/**
 * The client as a per-IP limit sees it: one IPv4 address, or one IPv6 /64 (a single host
 * is usually handed a whole /64 and can rotate through it at will).
 */
export function clientKey(ip: string): string {
  return prefix(ip, 32, 64);
}

/**
 * The network a login attempt comes from (IPv4 /24, IPv6 /48). Failed logins are counted
 * per account AND network: an attacker hammering an account is stopped, while its owner,
 * logging in from any other network, is not locked out (ASVS 6.3.1).
 */
export function networkKey(ip: string): string {
  return prefix(ip, 24, 48);
}
