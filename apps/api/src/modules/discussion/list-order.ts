import { asc, type Column, desc, type SQL } from "drizzle-orm";
import { compileSort, type SortSpec } from "../../lib/search-filter.ts";

function sortItems(sort: string[] | string | undefined, defaults: readonly string[]): string[] {
  const given = (Array.isArray(sort) ? sort : sort === undefined ? [] : [sort]).filter(
    (s) => s.trim() !== "",
  );
  return given.length > 0 ? given : [...defaults];
}

/** The field names a sort parameter asks for (after defaults). */
export function sortFields(sort: string[] | string | undefined, defaults: readonly string[]): string[] {
  return sortItems(sort, defaults).map((item) => (item.split(",")[0] ?? "").trim());
}

/**
 * compileSort plus the id as a last tie-breaker in the direction of the last sort field, so
 * that pages never repeat or skip rows with equal keys and the list indexes (which end in the
 * id) still serve the ORDER BY.
 */
export function orderBy(
  sort: string[] | string | undefined,
  spec: SortSpec,
  defaults: readonly string[],
  id: Column,
): SQL[] {
  const parts = compileSort(sort, spec, defaults);
  const last = sortItems(sort, defaults).at(-1) ?? "";
  const descending = (last.split(",")[1] ?? "asc").trim().toLowerCase() === "desc";
  return [...parts, descending ? desc(id) : asc(id)];
}
