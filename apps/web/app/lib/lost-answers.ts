import type { Transport } from "./api.ts";
import { newIdempotencyKey } from "./idempotency-key.ts";

const IDEMPOTENCY = "idempotency-key";
/** The waits before each repeat of a POST whose answer was lost. */
const RETRY_DELAYS_MS = [300, 1_000];
/** The balancer's answers for an instance that went away, or a database that did for a moment. */
const LOST_ANSWER = new Set([502, 503, 504]);

/**
 * A lost answer, or the server saying the first try is still being handled (409 with
 * Retry-After: its claim outlived a database restart); a 409 without it is a real conflict.
 */
function isWorthRepeating(response: Response) {
  return LOST_ANSWER.has(response.status) || (response.status === 409 && response.headers.has("retry-after"));
}

/**
 * Sends a POST with an Idempotency-Key (the caller's, or a new one) and sends it again with the
 * same key when its answer was lost — a dropped connection, 502, 503 or 504, or a 409 saying the
 * first try is still being handled — twice at most: the server answers the first result instead
 * of writing twice (docs/deploy.md#retries-and-idempotency).
 * The last try's answer, or its failure, is the caller's.
 */
export async function sendKeyed(
  send: Transport,
  url: string,
  init: Parameters<Transport>[1],
): Promise<Response> {
  if (!Object.keys(init.headers).some((h) => h.toLowerCase() === IDEMPOTENCY)) {
    init.headers[IDEMPOTENCY] = newIdempotencyKey();
  }
  for (const wait of RETRY_DELAYS_MS) {
    try {
      const response = await send(url, init);
      if (!isWorthRepeating(response)) return response;
    } catch (error) {
      if (init.signal?.aborted) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
    init.signal?.throwIfAborted();
  }
  return send(url, init);
}
