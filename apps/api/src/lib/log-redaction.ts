import pino from "pino";
import { loggableError } from "../db/faults.ts";

/**
 * Fields whose values never reach the log, wherever they appear in a logged object (a body, an
 * error's properties, a job's data). Names, not paths: a new route's `password` is covered too.
 */
export const SECRET_FIELDS = [
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

/** The paths pino redacts: each secret field at the top of a logged object and two levels down. */
function redactPaths(): string[] {
  const paths = ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'];
  for (const field of SECRET_FIELDS) {
    const key = /^[A-Za-z_$][\w$]*$/.test(field) ? `.${field}` : `["${field}"]`;
    paths.push(key.slice(key.startsWith(".") ? 1 : 0), `*${key}`, `*.*${key}`);
  }
  return paths;
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
  redact: { paths: redactPaths(), censor: CENSOR },
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
