import type { FieldError } from "@flipside/contracts/problem";

/**
 * The one error type services throw. `detail` is shown to the user; anything internal goes
 * to the log through `cause`. The error handler turns it into RFC 9457 problem details.
 */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    public readonly detail: string,
    public readonly errors?: FieldError[],
    options?: { cause?: unknown; headers?: Record<string, string> },
  ) {
    super(detail, { cause: options?.cause });
    this.headers = options?.headers;
  }
  readonly headers: Record<string, string> | undefined;
}

export const badRequest = (detail: string, errors?: FieldError[]) =>
  new AppError(400, "bad_request", detail, errors);
export const validationFailed = (errors: FieldError[], detail = "The request is not valid.") =>
  new AppError(422, "validation_failed", detail, errors);
export const unauthorized = (detail = "Authentication is required.") =>
  new AppError(401, "unauthorized", detail);
export const forbidden = (detail = "You are not allowed to do this.") =>
  new AppError(403, "forbidden", detail);
export const notFound = (detail = "Not found.") => new AppError(404, "not_found", detail);
export const conflict = (detail: string) => new AppError(409, "conflict", detail);
export const tooManyRequests = (retryAfterSeconds: number, detail = "Too many requests. Try again later.") =>
  new AppError(429, "rate_limited", detail, undefined, {
    headers: { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
