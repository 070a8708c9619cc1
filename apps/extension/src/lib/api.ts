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

function hasId(value: unknown): value is { id: string } {
  return typeof value === "object" && value !== null && "id" in value && typeof value.id === "string";
}

/**
 * A call as the signed-in person (the panel is an extension page with access to Flipside's
 * origin) that creates something: its id.
 */
async function create(path: string, body: unknown): Promise<{ id: string }> {
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
    const detail =
      typeof payload === "object" && payload !== null && "detail" in payload ? payload.detail : undefined;
    throw new ApiError(response.status, typeof detail === "string" ? detail : `HTTP ${response.status}`);
  }
  if (!hasId(payload))
    throw new ApiError(response.status, "Flipside gave an answer the extension does not understand.");
  return payload;
}

/** The note on the page it was taken on: the page is found (or added) first, as a flip does. */
export async function saveQuickNote(note: PendingNote): Promise<{ id: string }> {
  const page = await create("/api/v1/site-pages/flip", { url: note.address });
  return create("/api/v1/notes", {
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
