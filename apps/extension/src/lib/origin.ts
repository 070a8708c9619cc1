/**
 * The Flipside server the extension belongs to, fixed when it is built (FLIPSIDE_ORIGIN, default
 * the `npm start` address). Everything it sends goes there and nowhere else.
 */
export const DEFAULT_ORIGIN = "http://localhost:3000";

export function flipsideOrigin(configured: string | undefined): string {
  const url = new URL(configured || DEFAULT_ORIGIN);
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`FLIPSIDE_ORIGIN must be an http or https origin, not ${configured}`);
  }
  return url.origin;
}

/** The match pattern of an origin: its scheme and host, any port (match patterns take no port). */
export function originPattern(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}/*`;
}
