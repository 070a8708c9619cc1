/**
 * A fresh Idempotency-Key for one intended write (docs/deploy.md#retries-and-idempotency): kept for
 * every try of it, so a retry after a lost answer cannot write (or pay) twice. getRandomValues,
 * not randomUUID: the latter exists only on https and localhost, and a server may be reached over
 * plain http on a network.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
