import { type FieldError, PROBLEM_STATUS, type ProblemCode } from "@flipside/contracts/problem";

/**
 * The one error type services throw. Its status comes from its code (the list in
 * `@flipside/contracts/problem`). `detail` is shown to the user; anything internal goes to the
 * log through `cause`. The error handler turns it into RFC 9457 problem details.
 */
export class AppError extends Error {
  readonly status: number;
  readonly headers: Record<string, string> | undefined;

  constructor(
    public readonly code: ProblemCode,
    public readonly detail: string,
    public readonly errors?: FieldError[],
    options?: { cause?: unknown; headers?: Record<string, string> },
  ) {
    super(detail, { cause: options?.cause });
    this.status = PROBLEM_STATUS[code];
    this.headers = options?.headers;
  }
}

export const badRequest = (detail: string, errors?: FieldError[]) =>
  new AppError("invalid_request", detail, errors);
export const validationFailed = (errors: FieldError[], detail = "The request is not valid.") =>
  new AppError("validation_failed", detail, errors);
export const unauthorized = (detail = "Authentication is required.") => new AppError("unauthorized", detail);
export const forbidden = (detail = "You are not allowed to do this.") => new AppError("forbidden", detail);
export const notFound = (detail = "Not found.") => new AppError("not_found", detail);
/** What a path nobody (or not this viewer: the admin area) may see answers: the same as no path. */
export const noSuchEndpoint = () => notFound("There is no API endpoint at this path.");
export const conflict = (detail: string) => new AppError("conflict", detail);
/** How long until a limit lets one through again, as people say it ("40 seconds", "3 minutes"). */
export function waitInWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const say = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (s < 60) return say(s, "second");
  if (s < 3600) return say(Math.ceil(s / 60), "minute");
  return say(Math.ceil(s / 3600), "hour");
}

/** A 429 that says when to try again (issue 19: "later" told nobody how long), and Retry-After. */
export const tooManyRequests = (
  retryAfterSeconds: number,
  detail = `Too many requests. Try again in ${waitInWords(retryAfterSeconds)}.`,
) =>
  new AppError("rate_limited", detail, undefined, {
    headers: { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });

/** A 503 for a server too busy to take this on now, with Retry-After. */
export const serviceUnavailable = (retryAfterSeconds: number, detail: string) =>
  new AppError("unavailable", detail, undefined, {
    headers: { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
