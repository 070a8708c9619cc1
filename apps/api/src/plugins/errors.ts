import {
  PROBLEM_CONTENT_TYPE,
  type Problem,
  type ProblemCode,
  problemCodeFor,
} from "@flipside/contracts/problem";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDatabaseUnavailable, isDataException } from "../db/faults.ts";
import { AppError } from "../lib/errors.ts";

/** How soon a client may try again while the database is out of reach. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE =
  "Flipside cannot reach its database right now. Please try again in a moment.";

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

export function sendProblem(
  reply: FastifyReply,
  request: FastifyRequest,
  problem: Omit<Problem, "type" | "title" | "code"> & { code: ProblemCode; type?: string; title?: string },
) {
  const body: Problem = {
    type: problem.type ?? "about:blank",
    title: problem.title ?? TITLES[problem.status] ?? "Error",
    ...problem,
    instance: request.url.split("?")[0],
  };
  return reply.status(problem.status).type(PROBLEM_CONTENT_TYPE).send(body);
}

function fieldOf(path: string, instancePath?: string) {
  return (instancePath ?? path).replace(/^\//, "").replaceAll("/", ".");
}

/** Maps every error to RFC 9457 problem details; never leaks a stack trace. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return sendProblem(reply, request, {
        status: error.status,
        code: error.code,
        detail: error.detail,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? "body";
      return sendProblem(reply, request, {
        status: 400,
        code: "invalid_request",
        detail: `The request ${where} is not valid.`,
        errors: error.validation.flatMap((v) => {
          const at = fieldOf(where, v.instancePath);
          // A field the request may not have (the document says additionalProperties: false):
          // each one named, so a misspelt field is found at once instead of silently ignored.
          const keys = v.keyword === "unrecognized_keys" ? (v.params as { keys?: unknown }).keys : undefined;
          if (Array.isArray(keys)) {
            return keys.map((key) => ({
              field: at ? `${at}.${String(key)}` : String(key),
              message: "is not a field of this request",
            }));
          }
          return [{ field: at || where, message: v.message ?? "is not valid" }];
        }),
      });
    }
    const status = typeof error.statusCode === "number" ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      if (status === 429 && !reply.getHeader("retry-after")) reply.header("retry-after", "60");
      return sendProblem(reply, request, {
        status,
        code: problemCodeFor(status),
        detail: status === 413 ? "The request body is too large." : error.message,
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      return sendProblem(reply, request, {
        status: 503,
        code: "unavailable",
        detail: DATABASE_UNAVAILABLE,
      });
    }
    if (isDataException(error)) {
      // The edge refuses such values with the field named (lib/storable.ts); this is the net.
      request.log.warn({ err: error }, "the database refused a value");
      return sendProblem(reply, request, {
        status: 400,
        code: "invalid_request",
        detail: "The request holds a value that cannot be stored.",
      });
    }
    request.log.error({ err: error }, "unhandled error");
    return sendProblem(reply, request, {
      status: status >= 500 && status < 600 ? status : 500,
      code: "internal_error",
      detail: "Something went wrong on our side. Please try again.",
    });
  });
});
