/** `?page=` as people count (1, 2, …); anything else is the first page. */
export function parsePageNumber(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}
