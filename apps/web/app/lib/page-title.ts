const PRODUCT_NAME = "Flipside";

/** "Campaigns · Ads · Flipside": the most specific part first, the product name last. */
export function pageTitle(...parts: string[]): string {
  return [...parts.filter(Boolean), PRODUCT_NAME].join(" · ");
}

/** The `meta` array of a route whose only head tag is its title. */
export function titleMeta(...parts: string[]) {
  return [{ title: pageTitle(...parts) }];
}
