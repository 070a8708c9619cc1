const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The origin to put in a mail's links for a request: the public origin (PUBLIC_ORIGIN), except
 * when the server is announced on a loopback name and was reached by another loopback name of
 * the same port, as `npm start` on http://localhost:3000 opened at http://127.0.0.1:3000. The
 * link then opens where the person is, signed in there (issue 19). Any other Host is ignored:
 * a link built from a header the sender chose would hand a reset key to their server.
 */
export function linkOrigin(publicOrigin: string, request: { protocol: string; host: string }): string {
  const announced = new URL(publicOrigin);
  if (!LOOPBACK.has(announced.hostname)) return publicOrigin;
  let reached: URL;
  try {
    reached = new URL(`${request.protocol}://${request.host}`);
  } catch {
    return publicOrigin;
  }
  const sameServer =
    LOOPBACK.has(reached.hostname) &&
    reached.protocol === announced.protocol &&
    reached.port === announced.port &&
    // The header is exactly a host and port: nothing a URL parser would quietly drop or fix.
    reached.host === request.host;
  return sameServer ? reached.origin : publicOrigin;
}
