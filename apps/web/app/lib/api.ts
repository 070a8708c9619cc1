import { type FieldError, Problem } from "@flipside/contracts/problem";

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

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

export interface ApiClientOptions {
  /** Origin to prefix; empty for the browser (same origin). */
  baseUrl?: string;
  fetch?: typeof fetch;
}

const NETWORK_PROBLEM: Problem = {
  type: "about:blank",
  title: "Network error",
  status: 0,
  code: "network_error",
  detail: "Could not reach Flipside. Check your connection and try again.",
};

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
    const parsed = Problem.safeParse(await response.json());
    return parsed.success ? { ...parsed.data, status: response.status } : fallback;
  } catch {
    return fallback;
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("json")) return response.json();
  const text = await response.text();
  return text === "" ? undefined : text;
}

/**
 * A small fetch client for `/api/...` from the browser: JSON in and out, same-origin
 * credentials (the session cookie), and every failure thrown as an `ApiError`.
 */
export function createApiClient({ baseUrl = "", fetch: fetchImpl }: ApiClientOptions = {}) {
  async function request<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiResponse<T>> {
    const { method = "GET", query, body, headers = {}, signal } = options;
    const init: RequestInit = {
      method,
      credentials: "same-origin",
      headers: { accept: "application/json, application/problem+json", ...headers },
    };
    if (signal) init.signal = signal;
    if (body !== undefined) {
      if (isRawBody(body)) {
        init.body = body;
      } else {
        init.body = JSON.stringify(body);
        (init.headers as Record<string, string>)["content-type"] = "application/json";
      }
    }
    let response: Response;
    try {
      response = await (fetchImpl ?? globalThis.fetch)(buildApiUrl(path, query, baseUrl), init);
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(NETWORK_PROBLEM);
    }
    if (!response.ok) throw new ApiError(await readProblem(response));
    return { data: (await readBody(response)) as T, status: response.status, headers: response.headers };
  }

  const data =
    (method: string) =>
    <T>(path: string, body?: unknown, options: Omit<ApiRequestOptions, "method" | "body"> = {}) =>
      request<T>(path, { ...options, method, body }).then((r) => r.data);

  return {
    /** The whole answer, for lists that need `X-Total-Count` or `Link`. */
    request,
    get: <T>(path: string, options: Omit<ApiRequestOptions, "method" | "body"> = {}) =>
      request<T>(path, { ...options, method: "GET" }).then((r) => r.data),
    post: data("POST"),
    put: data("PUT"),
    patch: data("PATCH"),
    delete: data("DELETE"),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The browser's client. Server-side loaders use `context.api` instead (in-process). */
export const api = createApiClient();

/** `X-Total-Count` of a list answer (0 when absent, docs/web-app.md#the-api). */
export function totalCount(headers: Headers): number {
  const n = Number(headers.get("x-total-count"));
  return Number.isFinite(n) && n > 0 ? n : 0;
}
