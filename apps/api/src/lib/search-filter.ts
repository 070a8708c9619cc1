import { type Column, is, SQL, sql } from "drizzle-orm";
import { AppError } from "./errors.ts";

/**
 * Compiles the `searchAnd` and `sort` list parameters (docs/discussion.md#lists) into Drizzle SQL from a
 * per-resource allow-list. Values only ever reach the database as bound parameters.
 *
 * Grammar of `searchAnd`: clauses separated by commas, all of which must hold.
 * - `field<op>value` with op one of `==` `!=` `||` (case-insensitive contains) `>=` `<=` `>` `<`;
 * - a bare token (e.g. `COMMENT`) when the resource declares one: `<bareToken.field>==COMMENT`;
 * - `\,` is a comma inside a value and `\\` a backslash; any other backslash is literal;
 * - whitespace around a clause is ignored; empty clauses (`a==1,,b==2`, a trailing comma) too.
 *
 * Null semantics: a value is never SQL NULL. `field==null` compares with the text "null" (which
 * fails validation for uuid/int/date/boolean/enum fields) — unless the field is declared
 * `nullable`, where `==null` means IS NULL and `!=null` IS NOT NULL. Comparisons on a NULL
 * column follow SQL: `field!=x` does not match rows where field is NULL.
 */
export type FieldType = "uuid" | "string" | "boolean" | "int" | "date" | "enum";
export type Operator = "==" | "!=" | "||" | ">=" | "<=" | ">" | "<";

export interface FieldSpec {
  /** What the field maps to. */
  column: Column | SQL;
  type: FieldType;
  /** For "enum". */
  values?: readonly string[];
  /** Default: == and != for uuid/boolean/enum; all for string/int/date ("||" only for string). */
  ops?: readonly Operator[];
  /** E.g. normalizedUrl values are normalized first (may throw AppError 400). */
  normalize?: (value: string, op: Operator) => string;
  /** Allow `==null` / `!=null` (IS NULL / IS NOT NULL). */
  nullable?: boolean;
  /**
   * A condition of its own for `field==value`, where the field is not a column to compare (e.g.
   * "its author belongs to this organisation"); such a field allows `==` only.
   */
  matches?: (value: Bound) => SQL;
}

export interface FilterSpec {
  fields: Record<string, FieldSpec>;
  /** Bare enum tokens such as COMMENT mean `<field>==COMMENT`. */
  bareToken?: { field: string; values: readonly string[] };
  /** Default 20. */
  maxClauses?: number;
}

export interface SortSpec {
  fields: Record<string, Column | SQL>;
}

export const MAX_FILTER_VALUE_LENGTH = 2000;
export const DEFAULT_MAX_CLAUSES = 20;
export const MAX_SORT_FIELDS = 5;

const ALL_OPERATORS: readonly Operator[] = ["==", "!=", "||", ">=", "<=", ">", "<"];
/** Two-character operators first so `>=` is not read as `>` followed by "=…". */
const OPERATOR_SCAN: readonly Operator[] = ["==", "!=", "||", ">=", "<=", ">", "<"];
const FORBIDDEN_NAMES = new Set(["__proto__", "constructor", "prototype"]);
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_.]{0,63}/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INT = /^[+-]?\d{1,10}$/;
const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;
// YYYY-MM-DD, optionally THH:MM[:SS[.fraction]] and Z or ±HH:MM (no zone = UTC).
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

export function defaultOperators(type: FieldType): readonly Operator[] {
  switch (type) {
    case "uuid":
    case "boolean":
    case "enum":
      return ["==", "!="];
    case "string":
      return ALL_OPERATORS;
    case "int":
    case "date":
      return ["==", "!=", ">=", "<=", ">", "<"];
  }
}

function operatorsOf(field: FieldSpec): readonly Operator[] {
  if (field.matches) return ["=="];
  const ops = field.ops ?? defaultOperators(field.type);
  // ILIKE only makes sense on text, whatever a spec says.
  return field.type === "string" ? ops : ops.filter((op) => op !== "||");
}

/** "Allowed filters: sitePage_id (==, !=), deleted (==, !=); bare tokens: COMMENT." for error details. */
export function describeFilter(spec: FilterSpec): string {
  const fields = Object.entries(spec.fields).map(([name, field]) => {
    const values = field.type === "enum" && field.values ? `; values ${field.values.join(", ")}` : "";
    return `${name} (${operatorsOf(field).join(", ")}${values})`;
  });
  const bare = spec.bareToken ? `; bare tokens: ${spec.bareToken.values.join(", ")}` : "";
  return `Allowed filters: ${fields.join(", ") || "none"}${bare}.`;
}

function filterError(problem: string, spec: FilterSpec): AppError {
  return new AppError("invalid_filter", `Invalid searchAnd: ${problem}. ${describeFilter(spec)}`, [
    { field: "searchAnd", message: problem },
  ]);
}

/** Shows a user-supplied fragment in an error detail: short, and without control characters. */
function quote(text: string): string {
  const clipped = text.length > 60 ? `${text.slice(0, 60)}…` : text;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  return JSON.stringify(clipped.replace(/[\u0000-\u001f\u007f]/g, "?"));
}

/** Splits on commas not escaped by a backslash; `\,` → `,` and `\\` → `\`. */
function splitClauses(input: string, max: number, spec: FilterSpec): string[] {
  const clauses: string[] = [];
  let current = "";
  const push = () => {
    const clause = current.trim();
    current = "";
    if (clause === "") return;
    clauses.push(clause);
    if (clauses.length > max) throw filterError(`more than ${max} conditions`, spec);
  };
  for (let i = 0; i < input.length; i++) {
    const ch = input.charAt(i);
    if (ch === "\\" && (input.charAt(i + 1) === "," || input.charAt(i + 1) === "\\")) {
      current += input.charAt(i + 1);
      i++;
    } else if (ch === ",") {
      push();
    } else {
      current += ch;
    }
  }
  push();
  return clauses;
}

/** Escapes LIKE wildcards so the user's text is matched literally (ESCAPE '\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export type Bound = string | number | boolean;

/** One checked condition: a field, an operator and its value parsed for the field (null: IS NULL). */
export interface Clause {
  readonly field: string;
  readonly op: Operator;
  readonly value: Bound | null;
}

/** A parsed `searchAnd`: conditions that must all hold. */
export type Filter = readonly Clause[];

function parseValue(name: string, field: FieldSpec, raw: string, spec: FilterSpec): Bound {
  const bad = (expected: string) => filterError(`${name} must be ${expected}, got ${quote(raw)}`, spec);
  switch (field.type) {
    case "string":
      return raw;
    case "uuid":
      if (!UUID.test(raw)) throw bad("a UUID");
      return raw.toLowerCase();
    case "boolean":
      if (raw === "true") return true;
      if (raw === "false") return false;
      throw bad("true or false");
    case "enum": {
      if (!field.values?.includes(raw)) throw bad(`one of ${(field.values ?? []).join(", ")}`);
      return raw;
    }
    case "int": {
      if (!INT.test(raw)) throw bad("an integer");
      const n = Number(raw);
      if (n < INT_MIN || n > INT_MAX) throw bad(`an integer between ${INT_MIN} and ${INT_MAX}`);
      return n;
    }
    case "date": {
      const iso = parseIsoDate(raw);
      if (iso === null) throw bad("an ISO-8601 date such as 2024-01-31 or 2024-01-31T12:00:00Z");
      return iso;
    }
  }
}

/** Normalizes an ISO-8601 date or date-time to a UTC ISO string, or null when invalid. */
export function parseIsoDate(raw: string): string | null {
  const m = ISO_DATE.exec(raw);
  if (!m) return null;
  const [, y, mo, d, h = "00", mi = "00", s = "00", frac = "", zone = "Z"] = m;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  const ms = frac === "" ? "000" : frac.padEnd(3, "0").slice(0, 3);
  const z =
    zone.toUpperCase() === "Z" ? "Z" : zone.includes(":") ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}${z}`);
  if (Number.isNaN(date.getTime())) return null;
  // Years 1–9999 once in UTC: PostgreSQL has no year 0, and nothing here is dated beyond.
  const year = date.getUTCFullYear();
  if (year < 1 || year > 9999) return null;
  // Date rolls 2024-02-31 over to March: refuse instead.
  const probe = new Date(Date.UTC(Number(y), month - 1, day));
  if (probe.getUTCDate() !== day) return null;
  return date.toISOString();
}

function compare(target: Column | SQL, op: Operator, value: Bound, type: FieldType): SQL {
  // Explicit casts keep parameter types unambiguous for both node-postgres and PGlite.
  const param =
    type === "date" ? sql`${value}::timestamptz` : type === "uuid" ? sql`${value}::uuid` : sql`${value}`;
  switch (op) {
    case "==":
      return sql`${target} = ${param}`;
    case "!=":
      return sql`${target} <> ${param}`;
    case ">=":
      return sql`${target} >= ${param}`;
    case "<=":
      return sql`${target} <= ${param}`;
    case ">":
      return sql`${target} > ${param}`;
    case "<":
      return sql`${target} < ${param}`;
    case "||":
      return sql`${target} ilike ${`%${escapeLike(String(value))}%`} escape '\\'`;
  }
}

function parseClause(clause: string, spec: FilterSpec): Clause {
  const nameMatch = FIELD_NAME.exec(clause);
  const name = nameMatch?.[0] ?? "";
  const rest = clause.slice(name.length);

  if (rest === "" && spec.bareToken) {
    if (spec.bareToken.values.includes(clause)) {
      if (!ownField(spec, spec.bareToken.field)) {
        throw new Error(`bareToken field ${spec.bareToken.field} is not in the filter spec`);
      }
      return { field: spec.bareToken.field, op: "==", value: clause };
    }
    throw filterError(`unknown token ${quote(clause)}`, spec);
  }
  if (name === "") throw filterError(`${quote(clause)} does not start with a field name`, spec);

  const field = FORBIDDEN_NAMES.has(name) ? undefined : ownField(spec, name);
  if (!field) throw filterError(`unknown field ${quote(name)}`, spec);

  const op = OPERATOR_SCAN.find((candidate) => rest.startsWith(candidate));
  if (!op) throw filterError(`unknown operator in ${quote(clause)}`, spec);
  if (!operatorsOf(field).includes(op)) {
    throw filterError(`operator ${op} is not allowed for ${name}`, spec);
  }

  let raw = rest.slice(op.length);
  if (raw.length > MAX_FILTER_VALUE_LENGTH) {
    throw filterError(`the value of ${name} is longer than ${MAX_FILTER_VALUE_LENGTH} characters`, spec);
  }
  if (field.nullable && raw === "null" && (op === "==" || op === "!=")) {
    return { field: name, op, value: null };
  }
  if (raw === "" && field.type !== "string") throw filterError(`${name} needs a value`, spec);
  if (field.normalize) {
    try {
      raw = field.normalize(raw, op);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw filterError(`${name} has an invalid value ${quote(raw)}`, spec);
    }
  }
  return { field: name, op, value: parseValue(name, field, raw, spec) };
}

function ownField(spec: FilterSpec, name: string): FieldSpec | undefined {
  return Object.hasOwn(spec.fields, name) ? spec.fields[name] : undefined;
}

/**
 * A `searchAnd` read once into checked conditions (the typed filter every list works from):
 * unknown fields, operators and malformed values are refused here with a 400 naming what is
 * allowed, and values come out normalized and parsed for their field.
 */
export function parseSearchAnd(searchAnd: string | undefined, spec: FilterSpec): Filter {
  if (searchAnd === undefined || searchAnd.trim() === "") return NO_CONDITIONS;
  // A busy list is asked for with the same few filters again and again: each is parsed once
  // (docs/caches.md). Only a successful parse of a short filter is kept.
  let known = parsedFilters.get(spec);
  const hit = known?.get(searchAnd);
  if (hit) return hit;
  const filter = Object.freeze(parseUncached(searchAnd, spec).map((clause) => Object.freeze(clause)));
  if (searchAnd.length <= PARSED_FILTER_MAX_LENGTH) {
    if (!known) {
      known = new Map();
      parsedFilters.set(spec, known);
    }
    if (known.size >= PARSED_FILTERS_PER_SPEC) known.delete(known.keys().next().value as string);
    known.set(searchAnd, filter);
  }
  return filter;
}

const NO_CONDITIONS: Filter = Object.freeze([]);
const PARSED_FILTERS_PER_SPEC = 256;
const PARSED_FILTER_MAX_LENGTH = 256;
const parsedFilters = new WeakMap<FilterSpec, Map<string, Filter>>();

function parseUncached(searchAnd: string, spec: FilterSpec): Filter {
  if (searchAnd.includes("\u0000")) throw filterError("NUL bytes are not allowed", spec);
  const max = spec.maxClauses ?? DEFAULT_MAX_CLAUSES;
  // Refuse absurd inputs before splitting them (each clause needs at least one character + comma).
  if (searchAnd.length > (max + 1) * (MAX_FILTER_VALUE_LENGTH + 100)) {
    throw filterError("the filter is too long", spec);
  }
  return splitClauses(searchAnd, max, spec).map((clause) => parseClause(clause, spec));
}

/** The SQL of a filter parsed against the same spec: an AND of its conditions, or undefined. */
export function compileFilter(filter: Filter, spec: FilterSpec): SQL | undefined {
  const parts = filter.map((clause) => {
    const field = ownField(spec, clause.field);
    if (!field) throw new Error(`${clause.field} is not in the filter spec it was parsed with`);
    if (clause.value === null) {
      return clause.op === "==" ? sql`${field.column} is null` : sql`${field.column} is not null`;
    }
    if (field.matches) return field.matches(clause.value);
    return compare(field.column, clause.op, clause.value, field.type);
  });
  if (parts.length === 0) return undefined;
  if (parts.length === 1) return parts[0];
  return sql`(${sql.join(parts, sql` and `)})`;
}

/** One key per meaning: the same conditions in any order or spelling give the same key. */
export function filterKey(filter: Filter): string {
  let key = filterKeys.get(filter);
  if (key === undefined) {
    key = JSON.stringify(filter.map((c) => [c.field, c.op, c.value]).sort(byJson));
    filterKeys.set(filter, key);
  }
  return key;
}

/** Each filter's key, for as long as the filter lives (filters are read-only, so a key stays true). */
const filterKeys = new WeakMap<Filter, string>();

function byJson(a: unknown, b: unknown): number {
  const x = JSON.stringify(a);
  const y = JSON.stringify(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** AND of all clauses, or undefined when searchAnd is empty. Throws AppError 400 naming what is allowed. */
export function compileSearchAnd(searchAnd: string | undefined, spec: FilterSpec): SQL | undefined {
  return compileFilter(parseSearchAnd(searchAnd, spec), spec);
}

function sortError(problem: string, spec: SortSpec): AppError {
  const allowed = Object.keys(spec.fields).join(", ") || "none";
  return new AppError(
    "invalid_sort",
    `Invalid sort: ${problem}. Use sort=field,asc or sort=field,desc with field one of: ${allowed}.`,
    [{ field: "sort", message: problem }],
  );
}

function compileSortItem(item: string, spec: SortSpec, seen: Set<string>): SQL | null {
  const [rawName = "", rawDir, ...extra] = item.split(",");
  const name = rawName.trim();
  const dir = (rawDir ?? "asc").trim().toLowerCase();
  if (extra.length > 0 || (dir !== "asc" && dir !== "desc")) {
    throw sortError(`${quote(item)} is not field,asc or field,desc`, spec);
  }
  const target =
    FORBIDDEN_NAMES.has(name) || !Object.hasOwn(spec.fields, name) ? undefined : spec.fields[name];
  if (!target) throw sortError(`unknown field ${quote(name)}`, spec);
  if (seen.has(name)) return null;
  seen.add(name);
  // NULL sorts as the smallest value (official responses first under claimUuid,desc). NOT NULL
  // columns get the plain direction so that ordinary indexes still serve the ORDER BY.
  const nullable = !is(target, SQL) && !(target as Column).notNull;
  if (dir === "asc") return nullable ? sql`${target} asc nulls first` : sql`${target} asc`;
  return nullable ? sql`${target} desc nulls last` : sql`${target} desc`;
}

/** ORDER BY parts for repeated `sort=field,asc|desc`; falls back to `defaults`. Throws AppError 400. */
export function compileSort(
  sort: string[] | string | undefined,
  spec: SortSpec,
  defaults: readonly string[],
): SQL[] {
  const given = (Array.isArray(sort) ? sort : sort === undefined ? [] : [sort]).filter(
    (s) => s.trim() !== "",
  );
  if (given.length > MAX_SORT_FIELDS) throw sortError(`at most ${MAX_SORT_FIELDS} sort fields`, spec);
  for (const item of given) {
    if (item.length > 100 || item.includes("\u0000"))
      throw sortError(`${quote(item)} is not a sort field`, spec);
  }
  const items = given.length > 0 ? given : defaults;
  const seen = new Set<string>();
  const parts: SQL[] = [];
  for (const item of items) {
    const part = compileSortItem(item, spec, seen);
    if (part) parts.push(part);
  }
  return parts;
}
