/** The page view's own address for a page: `/?url=<normalized address>`. */
export function pageViewPath(normalizedUrl: string): string {
  return `/?${new URLSearchParams({ url: normalizedUrl }).toString()}`;
}
