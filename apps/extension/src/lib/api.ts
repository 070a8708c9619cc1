import { noteFromQuote } from "./note.ts";
import type { PendingNote } from "./requests.ts";
import { ORIGIN } from "./server.ts";

/** A refused call, with the server's problem detail (docs/api.md#errors). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(detail);
    this.name = "ApiError";
  }
}

/** A call as the signed-in person: the panel is an extension page with access to Flipside's origin. */
async function call<T>(path: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${ORIGIN}${path}`, {
      method: "POST",
      credentials: "include",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "Flipside can't be reached.");
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const detail = (payload as { detail?: unknown; title?: unknown } | null)?.detail;
    throw new ApiError(response.status, typeof detail === "string" ? detail : `HTTP ${response.status}`);
  }
  return payload as T;
}

/** The note on the page it was taken on: the page is found (or added) first, as a flip does. */
export async function saveQuickNote(note: PendingNote): Promise<{ id: string }> {
  const page = await call<{ id: string }>("/api/v1/site-pages/flip", { url: note.address });
  return call<{ id: string }>("/api/v1/notes", {
    sitePage_id: page.id,
    ...noteFromQuote(note.quote),
    visibility: "PRIVATE",
  });
}

/** Whether the server answers within five seconds (no cookie sent). */
export async function checkServer(): Promise<boolean> {
  try {
    const response = await fetch(`${ORIGIN}/api/health`, {
      credentials: "omit",
      cache: "no-store",
      signal: AbortSignal.timeout(5_000),
    });
    return response.ok;
  } catch {
    return false;
  }
}
