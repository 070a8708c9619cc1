import { getTableColumns, type InferSelectModel, type Table } from "drizzle-orm";

/**
 * A row of a raw statement (columns under their SQL names, as the driver gave them) read as the
 * table's typed row, each value through its column's own mapping: for the few statements the
 * query builder cannot express, such as several writes in one statement.
 */
export function rowOf<T extends Table>(
  table: T,
  raw: Record<string, unknown>,
  prefix = "",
): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[prefix + column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}

/** The rows of `db.execute` (both drivers answer `{ rows }`; the shared type does not say so). */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}
