import { z } from "zod";

/** RFC 9457 problem details, the body of every error the API answers. */
export const FieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;

export const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    /** One of PROBLEM_STATUS's codes (a string here, so that a newer server's code still parses). */
    code: z.string().optional(),
    errors: z.array(FieldError).optional(),
  })
  .meta({ id: "Problem" });
export type Problem = z.infer<typeof Problem>;

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/**
 * Every problem the API answers, by `code`, with its HTTP status. 400: the request cannot be
 * read as asked (its shape, a filter, a sort, an address); 422: it can, but a rule refuses it.
 * Either way field errors come in `errors`, and the web shows each on its field whatever the
 * code. A client should branch on `code`, never on the wording of `detail`.
 */
export const PROBLEM_STATUS = {
  invalid_request: 400,
  invalid_filter: 400,
  invalid_sort: 400,
  invalid_url: 400,
  invalid_image: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  not_acceptable: 406,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  validation_failed: 422,
  rate_limited: 429,
  internal_error: 500,
  unavailable: 503,
} as const satisfies Record<string, number>;

export type ProblemCode = keyof typeof PROBLEM_STATUS;

/** The code for an error that came with a status only (from the HTTP framework). */
export function problemCodeFor(status: number): ProblemCode {
  const known = (Object.keys(PROBLEM_STATUS) as ProblemCode[]).find(
    (code) => PROBLEM_STATUS[code] === status,
  );
  if (known) return known;
  return status >= 500 ? "internal_error" : "invalid_request";
}
