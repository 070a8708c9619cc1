/**
 * `searchAnd` values are comma-separated conditions; a comma inside a value is escaped `\,`
 * (docs/discussion.md#lists), so free text typed by a visitor cannot add a condition of its own.
 */
export function escapeFilterValue(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/,/g, "\\,");
}
