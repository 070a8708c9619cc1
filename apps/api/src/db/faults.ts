/**
 * What a database error means for the caller. Drivers and the query builder wrap errors in one
 * another (Drizzle's DrizzleQueryError holds pg's error as its cause, and its message holds every
 * parameter of the query): the helpers here look through the chain.
 */

/** Node's socket errors that mean the server cannot be reached or the connection broke. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs of a server that is going away or not taking connections: 08 (connection exception),
 * 57P01–57P03 (shut down by an administrator, crashed, starting up), 53300 (too many connections).
 */
function isUnavailableState(code: string) {
  return (
    code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03" || code === "53300"
  );
}

/** A connection that was open broke: the server ended it, or the socket was reset. */
const BROKEN_CODES = new Set(["57P01", "ECONNRESET", "EPIPE"]);
/** node-postgres says these in words only. */
const BROKEN_MESSAGES = [
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
];
const UNAVAILABLE_MESSAGES = [
  ...BROKEN_MESSAGES,
  "timeout exceeded when trying to connect",
  "Cannot use a pool after calling end on the pool",
  "Client was closed and is not queryable",
  // PGlite after close (shutting down).
  "PGlite is closed",
];

function* chain(error: unknown): Generator<Record<string, unknown>> {
  let current = error;
  for (let depth = 0; depth < 8 && current && typeof current === "object"; depth++) {
    yield current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

/**
 * A connection that was open broke under the query (terminated by the server, reset), as opposed
 * to the server refusing or not answering a new one: another pooled connection may well work.
 */
export function isBrokenConnection(error: unknown): boolean {
  for (const e of chain(error)) {
    if (typeof e.code === "string" && BROKEN_CODES.has(e.code)) return true;
    const message = typeof e.message === "string" ? e.message : "";
    if (BROKEN_MESSAGES.some((m) => message.startsWith(m))) return true;
  }
  return false;
}

/** The database cannot be reached right now: answer 503 and let the client try again. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of chain(error)) {
    const code = typeof e.code === "string" ? e.code : "";
    if (NETWORK_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isUnavailableState(code))) return true;
    const message = typeof e.message === "string" ? e.message : "";
    if (UNAVAILABLE_MESSAGES.some((m) => message.startsWith(m))) return true;
    // AggregateError (a host name that resolves to several addresses, none answering).
    if (Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/**
 * A value the database refused as data (SQLSTATE class 22: a NUL in text, a date out of range, a
 * number too large). The edge refuses these first (lib/storable.ts); this is the net below it.
 */
export function isDataException(error: unknown): boolean {
  for (const e of chain(error)) {
    if (typeof e.code === "string" && /^22[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  return false;
}

/**
 * An error as the log may see it: the query's text but never its parameters (a failed insert's
 * parameters hold password hashes and e-mail addresses), and none of PostgreSQL's `detail`
 * (`Key (email)=(…) already exists`).
 */
/** A unique constraint refused a row (23505); with `constraint`, only that one. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (const e of chain(error)) {
    if (e.code === "23505")
      return (
        constraint === undefined || e.constraint === constraint || String(e.message).includes(constraint)
      );
  }
  return false;
}

export function loggableError(error: unknown): unknown {
  if (!error || typeof error !== "object") return error;
  const e = error as Record<string, unknown> & Error;
  if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code) && "severity" in e) {
    // A PostgreSQL error (PGlite's holds the query's parameters too): what and where, without
    // the row's values.
    return {
      type: e.constructor?.name ?? "DatabaseError",
      message: e.message,
      code: e.code,
      ...(typeof e.constraint === "string" ? { constraint: e.constraint } : {}),
      ...(typeof e.table === "string" ? { table: e.table } : {}),
      ...(typeof e.column === "string" ? { column: e.column } : {}),
      ...(typeof e.routine === "string" ? { routine: e.routine } : {}),
    };
  }
  if ("params" in e && typeof e.query === "string") {
    // Drizzle's wrapper: its message and the top of its stack list every parameter.
    const cause = loggableCause(e.cause);
    return {
      type: e.constructor?.name ?? "Error",
      message: "Failed query",
      query: e.query,
      stack: frames(e.stack),
      ...(cause ? { cause } : {}),
    };
  }
  // An error that wraps one of those (a transaction's, a service's cause).
  if (e.cause !== undefined && loggableError(e.cause) !== e.cause) {
    return { ...plain(e), stack: e.stack, cause: loggableCause(e.cause) };
  }
  return error;
}

/** Only a stack's frames: its first lines repeat the message. */
function frames(stack: string | undefined): string {
  return (stack ?? "")
    .split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .join("\n");
}

/** An error inside a plain object (where the log's error serializer does not reach it). */
function plain(e: Record<string, unknown> & Error) {
  return {
    type: e.constructor?.name ?? "Error",
    message: e.message,
    ...(typeof e.code === "string" ? { code: e.code } : {}),
  };
}

function loggableCause(cause: unknown) {
  const loggable = loggableError(cause);
  return loggable instanceof Error ? plain(loggable as Record<string, unknown> & Error) : loggable;
}
