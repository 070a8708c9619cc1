/** The page view's own address for a page: `/?url=<normalized address>`. */
export function pageViewPath(normalizedUrl: string): string {
  return `/?${new URLSearchParams({ url: normalizedUrl }).toString()}`;
}

/** The page view's query parameter that names a contribution of each kind. */
const PARAM_OF = { COMMENT: "comment", REPLY: "comment", REVIEW: "review", RELATED_PAGE: "related" } as const;
export type LinkedContributionType = keyof typeof PARAM_OF;

/**
 * The page view opened on one contribution, shown first and highlighted (`?comment=`, `?review=`,
 * `?related=`): where share links and notifications lead.
 */
export function contributionPath(
  normalizedUrl: string,
  contributionId: string | null,
  type: LinkedContributionType | null,
): string {
  if (!contributionId || !type) return pageViewPath(normalizedUrl);
  return `/?${new URLSearchParams({ url: normalizedUrl, [PARAM_OF[type]]: contributionId })}`;
}
