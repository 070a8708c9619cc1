import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { badRequest } from "./errors.ts";

/**
 * One rule at the edge for every text a request carries (decision 021): PostgreSQL cannot store a
 * NUL character in text, and a string with an unpaired UTF-16 surrogate (valid JSON, `"\ud800"`)
 * would be stored altered (as U+FFFD). Such input is refused with the field named, before any
 * route sees it — every body, query and path parameter of every route, whatever its schema says.
 */

const NUL = "\u0000";

export interface UnstorableText {
  field: string;
  message: string;
}

function problemWith(text: string): string | null {
  if (text.includes(NUL)) return "must not contain a NUL character (U+0000)";
  if (!text.isWellFormed()) return "must be valid Unicode text (it holds an unpaired surrogate)";
  return null;
}

/**
 * The first text in a parsed JSON value (or query object) that cannot be stored, with its path
 * (`notes.2.text`); null when every string, and every key, can be. Iterative: a deeply nested
 * body cannot exhaust the stack.
 */
export function findUnstorableText(value: unknown): UnstorableText | null {
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === "string") {
      const message = problemWith(current);
      if (message) return { field: path, message };
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    // Uploads arrive as streams or buffers, which hold bytes, not text.
    if (ArrayBuffer.isView(current) || typeof (current as { pipe?: unknown }).pipe === "function") continue;
    for (const [key, item] of Object.entries(current)) {
      const at = path ? `${path}.${key}` : key;
      const keyProblem = problemWith(key);
      if (keyProblem) return { field: at, message: `its name ${keyProblem}` };
      stack.push([item, at]);
    }
  }
  return null;
}

const PARTS = [
  ["params", "path"],
  ["query", "query"],
  ["body", "body"],
] as const;

/** The preValidation hook of every API route. */
export function refuseUnstorableText(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
) {
  for (const [part, where] of PARTS) {
    const found = findUnstorableText(request[part]);
    if (found) {
      done(
        badRequest(`The request ${where} is not valid.`, [
          { field: found.field || where, message: found.message },
        ]),
      );
      return;
    }
  }
  done();
}
