import type { FieldError, Problem } from "@flipside/contracts/problem";

/** An answer from the API that was not a success, with its RFC 9457 problem details. */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem;

  constructor(problem: Problem) {
    super(problem.detail ?? problem.title);
    this.name = "ApiError";
    this.status = problem.status;
    this.problem = problem;
  }

  /** Validation errors by field name, ready for a form (`setError(field, {message})`). */
  get fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const { field, message } of this.problem.errors ?? []) out[field] ??= message;
    return out;
  }

  get errors(): FieldError[] {
    return this.problem.errors ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export interface ApiRequestOptions {
  method?: string;
  /** Repeated keys for arrays (`sort=a,desc&sort=b,desc`); null and undefined are left out. */
  query?: Query;
  /** Sent as JSON, except FormData / Blob / URLSearchParams, which go as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}
type CallOptions = Omit<ApiRequestOptions, "method" | "body">;

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/** One page of a list answer: the items and `X-Total-Count`. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/**
 * How a request reaches the API: the browser's `fetch` (same origin, the session cookie goes
 * along), or in a server loader the in-process `context.api`, which forwards the visitor's
 * cookie. Both take and give the standard Request parts.
 */
export type Transport = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: BodyInit; signal?: AbortSignal },
) => Promise<Response>;

export interface ApiClientOptions {
  /** Origin to prefix; empty for the browser (same origin). */
  baseUrl?: string;
  /** The browser's fetch when left out. */
  fetch?: typeof fetch;
  /** Overrides `fetch` (server loaders). */
  transport?: Transport;
}

const NETWORK_PROBLEM: Problem = {
  type: "about:blank",
  title: "Network error",
  status: 0,
  code: "network_error",
  detail: "Could not reach Flipside. Check your connection and try again.",
};

/** An answer this page cannot read: most likely a newer server than this page. */
export function unexpectedAnswer(status: number, path: string): Problem {
  return {
    type: "about:blank",
    title: "Unexpected answer",
    status,
    code: "unexpected_answer",
    detail: "Flipside answered in a way this page does not understand. Reload the page and try again.",
    instance: path,
  };
}

export function buildApiUrl(path: string, query?: Query, baseUrl = ""): string {
  const normalized =
    path.startsWith("/api/") || path === "/api" ? path : `/api${path.startsWith("/") ? "" : "/"}${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== null && v !== undefined) params.append(key, String(v));
  }
  const qs = params.toString();
  return `${baseUrl}${normalized}${qs ? `?${qs}` : ""}`;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    body instanceof FormData ||
    body instanceof URLSearchParams ||
    body instanceof Blob ||
    body instanceof ArrayBuffer ||
    typeof body === "string"
  );
}

async function readProblem(response: Response): Promise<Problem> {
  const fallback: Problem = {
    type: "about:blank",
    title: response.statusText || "Error",
    status: response.status,
  };
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("json")) return fallback;
  try {
    const body: unknown = await response.json();
    return isProblem(body) ? { ...body, status: response.status } : fallback;
  } catch {
    return fallback;
  }
}

/** Enough of RFC 9457 to show: a title, and field errors only when they are well formed. */
export function isProblem(body: unknown): body is Problem {
  if (typeof body !== "object" || body === null) return false;
  const { title, errors } = body as Record<string, unknown>;
  if (typeof title !== "string") return false;
  return (
    errors === undefined ||
    (Array.isArray(errors) &&
      errors.every(
        (e) =>
          typeof e === "object" && e !== null && typeof e.field === "string" && typeof e.message === "string",
      ))
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("json")) return response.json();
  const text = await response.text();
  return text === "" ? undefined : text;
}

/**
 * The one way the web app calls `/api/...`, in the browser and in server loaders: JSON in and
 * out, every failure thrown as an `ApiError`. Answers are typed by the contracts' types, not
 * parsed again here: the API checks each answer against its schema before sending it, and a tab
 * older than the server reloads on the build check (decision 013: zod stays out of the browser).
 */
export function createApiClient({ baseUrl = "", fetch: fetchImpl, transport }: ApiClientOptions = {}) {
  const send: Transport =
    transport ??
    ((url, init) => (fetchImpl ?? globalThis.fetch)(url, { ...init, credentials: "same-origin" }));

  async function request<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiResponse<T>> {
    const { method = "GET", query, body, headers = {}, signal } = options;
    const init: Parameters<Transport>[1] = {
      method,
      headers: { accept: "application/json, application/problem+json", ...headers },
    };
    if (signal) init.signal = signal;
    if (body !== undefined) {
      if (isRawBody(body)) {
        init.body = body;
      } else {
        init.body = JSON.stringify(body);
        init.headers["content-type"] = "application/json";
      }
    }
    const url = buildApiUrl(path, query, baseUrl);
    let response: Response;
    try {
      // Every POST carries a key and is sent again when its answer was lost (lost-answers.ts),
      // code that comes with the first POST: reading a page never needs it.
      response =
        method === "POST"
          ? await (await import("./lost-answers.ts")).sendKeyed(send, url, init)
          : await send(url, init);
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(NETWORK_PROBLEM);
    }
    if (!response.ok) throw new ApiError(await readProblem(response));
    let data: unknown;
    try {
      data = await readBody(response);
    } catch {
      throw new ApiError(unexpectedAnswer(response.status, path));
    }
    return { data: data as T, status: response.status, headers: response.headers };
  }

  /** `T` is what the contract says the call answers; `void` for 204s. */
  const withBody =
    (method: string) =>
    <T = void>(path: string, body: unknown, options: CallOptions = {}) =>
      request<T>(path, { ...options, method, body }).then((r) => r.data);

  return {
    /** The whole answer, for callers that need a header or the status. */
    request,
    get: <T>(path: string, options: CallOptions = {}) =>
      request<T>(path, { ...options, method: "GET" }).then((r) => r.data),
    /** A page of a list: the items and `X-Total-Count`. */
    list: async <T>(path: string, query: Query, options: CallOptions = {}): Promise<ListPage<T>> => {
      const answer = await request<unknown>(path, { ...options, query });
      if (!Array.isArray(answer.data)) throw new ApiError(unexpectedAnswer(answer.status, path));
      return { items: answer.data as T[], total: totalCount(answer.headers) };
    },
    post: withBody("POST"),
    put: withBody("PUT"),
    patch: withBody("PATCH"),
    delete: <T = void>(path: string, options: CallOptions = {}) =>
      request<T>(path, { ...options, method: "DELETE" }).then((r) => r.data),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The browser's client. Server loaders make theirs with `serverApi(context)`. */
export const api = createApiClient();

/** `X-Total-Count` of a list answer (0 when absent, docs/web-app.md#the-api). */
export function totalCount(headers: Headers): number {
  const n = Number(headers.get("x-total-count"));
  return Number.isFinite(n) && n > 0 ? n : 0;
}
