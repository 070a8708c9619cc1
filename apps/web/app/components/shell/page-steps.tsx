import { Button } from "../ui/button.tsx";
import { ChevronLeft, ChevronRight, type IconComponent } from "../ui/icons.tsx";
import { AppLink } from "./app-link.tsx";

/**
 * "Newer · Page 2 of 5 · Older" under a list whose pages are addresses (`?page=`), so every page
 * can be linked, bookmarked and followed by search engines. Nothing when there is one page.
 */
export function PageSteps({
  page,
  pages,
  hrefForPage,
  previousLabel = "Newer",
  nextLabel = "Older",
  testIdPrefix,
}: {
  /** 1-based. */
  page: number;
  pages: number;
  hrefForPage(page: number): string;
  previousLabel?: string;
  nextLabel?: string;
  /** The steps' test ids are `{prefix}-{label in lower case}`. */
  testIdPrefix: string;
}) {
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-2 border-t pt-4">
      <PageStep
        to={page > 1 ? hrefForPage(page - 1) : null}
        icon={ChevronLeft}
        label={previousLabel}
        testId={`${testIdPrefix}-${previousLabel.toLowerCase()}`}
      />
      <span className="text-muted-foreground text-sm tabular-nums">
        Page {page} of {pages}
      </span>
      <PageStep
        to={page < pages ? hrefForPage(page + 1) : null}
        icon={ChevronRight}
        label={nextLabel}
        testId={`${testIdPrefix}-${nextLabel.toLowerCase()}`}
        iconAfter
      />
    </nav>
  );
}

function PageStep({
  to,
  icon: Icon,
  label,
  testId,
  iconAfter = false,
}: {
  to: string | null;
  icon: IconComponent;
  label: string;
  testId: string;
  iconAfter?: boolean;
}) {
  const content = iconAfter ? (
    <>
      {label}
      <Icon aria-hidden="true" />
    </>
  ) : (
    <>
      <Icon aria-hidden="true" />
      {label}
    </>
  );
  if (!to) {
    return (
      <Button variant="outline" size="sm" disabled>
        {content}
      </Button>
    );
  }
  return (
    <Button asChild variant="outline" size="sm">
      <AppLink to={to} data-testid={testId}>
        {content}
      </AppLink>
    </Button>
  );
}
