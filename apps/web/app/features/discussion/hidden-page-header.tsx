import type { SitePageView } from "@flipside/contracts/discussion";

const HIDDEN_PAGE_TITLE = "This page was hidden by moderators";
const HIDDEN_PAGE_TEXT =
  "Flipside no longer shows what this page says or links to it. Its discussion so far stays readable; it takes no new contributions.";

/**
 * A page moderators hid (decision 027): no title, description or icon read from it, no link to it,
 * no actions; the address as plain text, so the visitor knows which page this is.
 */
export default function HiddenPageHeader({ page }: { page: SitePageView }) {
  return (
    <header
      className="flex min-w-0 flex-col gap-2"
      data-testid="page-header"
      data-page-id={page.id}
      data-hidden="true"
    >
      <span className="font-medium text-muted-foreground text-sm" data-testid="page-domain">
        {page.site.domain}
      </span>
      <h1 className="text-balance font-semibold text-2xl/tight tracking-tight" data-testid="page-title">
        {HIDDEN_PAGE_TITLE}
      </h1>
      <p className="break-all text-muted-foreground text-sm" data-testid="page-address">
        {page.displayUrl}
      </p>
      <p className="max-w-3xl text-sm" data-testid="page-hidden-notice">
        {HIDDEN_PAGE_TEXT}
      </p>
    </header>
  );
}
