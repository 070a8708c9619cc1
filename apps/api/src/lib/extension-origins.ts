/**
 * EXTENSION_ORIGINS (docs/extension.md#server): the browser extensions' origins, which may frame
 * the web app (the panel) and send requests with the session cookie. An entry is an origin
 * (`chrome-extension://<id>`: Chromium's ids are fixed per build or store listing) or an extension
 * scheme with `*` (`moz-extension://*`): Firefox gives every installation a random origin of its
 * own, so a server for Firefox users can only name the scheme, and then trusts every Firefox
 * extension as far as framing and cookie requests go (the README says so).
 */
const ENTRY = /^(chrome-extension|moz-extension|safari-web-extension):\/\/(\*|[a-z0-9-]+)$/i;

export function isExtensionOriginEntry(entry: string): boolean {
  return ENTRY.test(entry);
}

/** Whether a request's Origin is one of the entries (or the site's own, given among them). */
export function originMatcher(entries: readonly string[]): (origin: string) => boolean {
  const exact = new Set(entries.filter((entry) => !entry.endsWith("://*")));
  const schemes = new Set(
    entries.filter((entry) => entry.endsWith("://*")).map((entry) => entry.slice(0, -1)),
  );
  return (origin) => exact.has(origin) || [...schemes].some((prefix) => origin.startsWith(prefix));
}

/** CSP `frame-ancestors` sources of the entries: `moz-extension://*` is the scheme source `moz-extension:`. */
export function frameAncestorSources(entries: readonly string[]): string[] {
  return entries.map((entry) => (entry.endsWith("://*") ? entry.slice(0, -3) : entry));
}
