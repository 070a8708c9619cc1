import type { RelatedPage } from "@flipside/contracts/discussion";
import { type ReactNode, useState } from "react";
import { AppLink } from "../../components/shell/app-link.tsx";
import { UserContent } from "../../components/shell/user-content.tsx";
import { Button } from "../../components/ui/button.tsx";
import { DeferredPart } from "../../components/ui/deferred.tsx";
import { ExternalLink as ExternalLinkIcon, Link2, Trash2 } from "../../components/ui/icons.tsx";
import { TimeAgo } from "../../components/ui/time-ago.tsx";
import { notify } from "../../lib/toast.ts";
import { AuthorName } from "./author-byline.tsx";
import { ConfirmDelete } from "./confirm-delete.tsx";
import { useContributionGate } from "./contribution-gate.ts";
import { discussionApi } from "./discussion-client.ts";
import { usePageClosed } from "./discussion-state.tsx";
import { FormLoading, ListEmpty, PageClosed, PagedListBody, SharedFirst } from "./list-parts.tsx";
import { ExternalLink, PageFavicon } from "./page-favicon.tsx";
import { pageName } from "./page-meta.ts";
import type { PagedList } from "./paged-list.ts";
import { ReportButton, ShareButton } from "./report-button.tsx";
import { pageViewPath } from "./search-input.ts";
import { VoteArrows } from "./vote-arrows.tsx";

/**
 * One related page, seen from this page: the OTHER page's address, title, domain and favicon.
 * Its author may remove it (the pair can then be linked again).
 */
function RelatedItem({ link, onRemoved }: { link: RelatedPage; onRemoved(): void }) {
  const gate = useContributionGate();
  const [confirming, setConfirming] = useState(false);
  const mine = Boolean(gate.user && link.author && gate.user.id === link.author.id);
  const other = link.relatedPage;
  const name = pageName({ title: link.title, displayUrl: other.displayUrl });
  return (
    <article className="flex gap-3" data-testid="related-page" data-related-id={link.id}>
      <VoteArrows
        targetId={link.id}
        label="this related page"
        authorId={link.author?.id}
        orientation="vertical"
        initial={{ up: link.up, down: link.down, score: link.score, myVote: link.myVote }}
        className="shrink-0"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex min-w-0 items-center gap-2">
          <PageFavicon src={link.faviconUrl} />
          <AppLink
            to={pageViewPath(other.normalizedUrl)}
            className="min-w-0 truncate font-medium hover:underline"
            data-testid="related-title"
          >
            {name}
          </AppLink>
        </div>
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 text-muted-foreground text-xs">
          <span className="font-medium" data-testid="related-domain">
            {link.domain}
          </span>
          <ExternalLink
            href={other.displayUrl}
            className="inline-flex min-w-0 items-center gap-1 truncate hover:underline"
            data-testid="related-url-link"
          >
            <span className="truncate">{other.displayUrl}</span>
            <ExternalLinkIcon className="size-3 shrink-0" aria-hidden="true" />
            <span className="sr-only">(opens the page itself in a new tab)</span>
          </ExternalLink>
        </div>
        {link.reasonHtml ? <UserContent html={link.reasonHtml} /> : null}
        <div className="flex flex-wrap items-center gap-x-2 text-muted-foreground text-xs">
          <p>
            Linked by <AuthorName author={link.author} /> · <TimeAgo iso={link.createdDate} />
          </p>
          <ShareButton id={link.id} what="related page" title={`A related page on Flipside: ${name}`} />
          {mine ? (
            <Button
              type="button"
              variant="ghost-destructive"
              size="sm"
              onClick={() => setConfirming(true)}
              aria-label={`Remove the link to ${name}`}
              data-testid="related-remove"
            >
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          ) : (
            <ReportButton id={link.id} what="related page" />
          )}
        </div>
      </div>
      <ConfirmDelete
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove this related page?"
        description="The link between the two pages goes, with its votes. Anyone may link them again."
        failure="The link was not removed. Try again."
        onConfirm={async () => {
          await discussionApi.deleteRelated(link.id);
          onRemoved();
          notify.success("The link is removed");
        }}
      />
    </article>
  );
}

/** The link form (react-hook-form and its fields) comes the first time the tab is shown. */
const loadRelatedForm = () => import("./related-form.tsx");

export function RelatedPanel({
  sitePageId,
  shared,
  list,
  active,
  fresh,
}: {
  sitePageId: string;
  /** The related page a share link points at (docs/sharing.md). */
  shared?: RelatedPage | undefined;
  list: PagedList<RelatedPage>;
  /** The tab is shown (or was): the form's code comes then. */
  active: boolean;
  /** What others added meanwhile, to show (live-page.tsx). */
  fresh?: ReactNode;
}) {
  const { state } = list;
  const closed = usePageClosed();
  return (
    <section aria-label="Related pages" className="flex flex-col gap-5">
      {shared ? (
        <SharedFirst kind="related">
          <RelatedItem link={shared} onRemoved={() => list.edit({ type: "remove", id: shared.id })} />
        </SharedFirst>
      ) : null}
      {closed ? (
        <PageClosed />
      ) : (
        <DeferredPart show={active} load={loadRelatedForm} fallback={<FormLoading className="h-72" />}>
          {(m) => (
            <m.LinkPageForm
              sitePageId={sitePageId}
              onLinked={(link) => list.edit({ type: "prepend", item: link })}
            />
          )}
        </DeferredPart>
      )}
      {fresh}
      <h2 className="border-b pb-2 font-semibold text-sm" data-testid="related-heading">
        {`${state.total.toLocaleString("en")} related ${state.total === 1 ? "page" : "pages"}`}
      </h2>
      <PagedListBody
        list={list}
        loadingLabel="Loading related pages…"
        empty={
          <ListEmpty
            icon={Link2}
            title="No related pages yet"
            description="Link a page that adds to this one: a source, a rebuttal, a better explanation."
            testId="related-empty"
          />
        }
        noun="related pages"
        testId="related-list"
        loadMoreTestId="related-load-more"
        className="flex flex-col gap-5"
        renderItem={(link) => (
          <RelatedItem link={link} onRemoved={() => list.edit({ type: "remove", id: link.id })} />
        )}
      />
    </section>
  );
}
