import pino from "pino";
import { loggableError } from "../db/faults.ts";

/**
 * Fields whose values never reach the log, wherever they appear in a logged object (a body, an
 * error's properties, a job's data). Names, not paths: a new route's `password` is covered too.
 */
const SECRET_FIELDS = [
  "password",
  "currentPassword",
  "newPassword",
  "passwordHash",
  "password_hash",
  "token",
  "accessToken",
  "refreshToken",
  "activationKey",
  "resetKey",
  "secret",
  "email",
  "authorization",
  "cookie",
  "set-cookie",
] as const;

/** Query parameters of a logged URL whose values are replaced (`/api/activate?key=…`). */
const SECRET_QUERY = new Set<string>(["key", "token", "code", "password", "email"]);

const CENSOR = "[redacted]";

type SerializedError = ReturnType<typeof pino.stdSerializers.err>;

const SECRET = new Set<string>(SECRET_FIELDS);
/** Keys whose serializers below already give a safe form. */
const SERIALIZED = new Set(["req", "res", "err"]);
const MAX_DEPTH = 4;

/**
 * A logged value with every secret field's value replaced; the value itself when there is none
 * (no copy). Plain objects and arrays only, a few levels down. Pino's own wildcard redaction did
 * the same at some 20–45 µs per request log line (its wildcards walk every key in generated
 * code); this costs well under one.
 */
function scrub(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const clean = scrub(item, depth + 1);
      if (clean !== item) {
        copy ??= [...value];
        copy[i] = clean;
      }
    });
    return copy ?? value;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const clean = SECRET.has(key) ? CENSOR : scrub(item, depth + 1);
    if (clean !== item) {
      copy ??= { ...(value as Record<string, unknown>) };
      copy[key] = clean;
    }
  }
  return copy ?? value;
}

/** What a log call was given, secrets out; what has a serializer is left to it. */
function scrubLogObject(object: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in object) {
    if (SERIALIZED.has(key)) continue;
    const item = object[key];
    const clean = SECRET.has(key) ? CENSOR : scrub(item, 1);
    if (clean !== item) {
      copy ??= { ...object };
      copy[key] = clean;
    }
  }
  return copy ?? object;
}

/** A URL as the log shows it: secret query values replaced. */
export function loggableUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const name of new Set(params.keys())) {
    if (SECRET_QUERY.has(name.toLowerCase())) {
      params.set(name, CENSOR);
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/**
 * The logger's redaction and serializers (docs/operations.md#logs): no query parameters of a
 * failed query (decision 021), no secret field, no secret in a request's URL.
 */
export const logRedaction = {
  redact: {
    paths: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
    censor: CENSOR,
  },
  formatters: { log: scrubLogObject },
  serializers: {
    err: (error: unknown): SerializedError => {
      const loggable = loggableError(error);
      // A redacted copy is a plain object already in the shape the serializer would give.
      return loggable instanceof Error ? pino.stdSerializers.err(loggable) : (loggable as SerializedError);
    },
    req: (req: {
      method: string;
      url: string;
      host?: string;
      ip?: string;
      socket?: { remotePort?: number };
    }) => ({
      method: req.method,
      url: loggableUrl(req.url),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    }),
  },
};
