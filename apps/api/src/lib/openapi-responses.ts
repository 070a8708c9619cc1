import { PROBLEM_CONTENT_TYPE, Problem } from "@flipside/contracts/problem";

const DESCRIPTIONS: Record<number, string> = {
  400: "The request is not valid (field errors in `errors`)",
  401: "Not signed in, or the credentials are wrong",
  403: "Refused (cross-site request, or not allowed)",
  404: "Not found",
  409: "Conflict with the current state",
  413: "Too large",
  415: "Unsupported file type",
  416: "The requested range is outside the file (Content-Range gives its size)",
  429: "Too many requests (see Retry-After)",
};

/** OpenAPI entries for the problem-details answers a route can give. */
export function problems<const S extends number>(...statuses: S[]) {
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: DESCRIPTIONS[s] ?? "Error", content: { [PROBLEM_CONTENT_TYPE]: { schema: Problem } } },
    ]),
  ) as Record<S, { description: string; content: { [PROBLEM_CONTENT_TYPE]: { schema: typeof Problem } } }>;
}

/** Either way of presenting the session works. */
export const SIGNED_IN: { [scheme: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
