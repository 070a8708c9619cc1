import type { Contribution, Note } from "@flipside/contracts/discussion";
import { MAX_CUSTOM_TABS, REVIEW_SENTIMENT_LABELS } from "@flipside/contracts/discussion-constants";
import { AppLink } from "../../components/shell/app-link.tsx";
import { UserContent } from "../../components/shell/user-content.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Layers, Pencil, Plus } from "../../components/ui/icons.tsx";
import { AuthorByline } from "./author-byline.tsx";
import { useContributionGate } from "./contribution-gate.ts";
import { type CustomTab, customTabsApi } from "./custom-tabs-client.ts";
import { ListEmpty, PagedListBody } from "./list-parts.tsx";
import { NoteCard, type NoteEvents } from "./notes-panel.tsx";
import { pageName } from "./page-meta.ts";
import { usePagedList } from "./paged-list.ts";
import { pageViewPath } from "./search-input.ts";

// Not SentimentBadge: sharing review-sentiment.tsx moved the page view's chunks about and cost it
// more bytes than these few lines (the budget in e2e/discussion.test.ts).
const SENTIMENT_VARIANT = { POSITIVE: "success", NEGATIVE: "destructive", EXPERT: "note" } as const;
const KIND_LABEL: Record<Contribution["contributionType"], string> = {
  COMMENT: "Comment",
  REPLY: "Reply",
  REVIEW: "Review",
  RELATED_PAGE: "Related page",
};

/**
 * One contribution of this page as a custom tab lists it: every kind in one flat list, with its
 * score (votes are cast in its own tab, where it is shown in its thread).
 */
function TabItem({ item }: { item: Contribution }) {
  return (
    <article
      className="flex min-w-0 flex-col gap-1.5"
      data-testid="custom-tab-item"
      data-kind={item.contributionType}
    >
      <AuthorByline author={item.author} createdDate={item.createdDate}>
        <Badge variant="outline">{KIND_LABEL[item.contributionType]}</Badge>
        {item.review ? (
          <Badge variant={SENTIMENT_VARIANT[item.review.sentiment]}>
            {REVIEW_SENTIMENT_LABELS[item.review.sentiment]}
          </Badge>
        ) : null}
      </AuthorByline>
      {item.review ? <p className="break-words font-medium">{item.review.title}</p> : null}
      {item.relatedPage ? (
        <p className="text-sm">
          <span className="text-muted-foreground">→ </span>
          <AppLink
            to={pageViewPath(item.relatedPage.normalizedUrl)}
            className="break-words font-medium underline-offset-4 hover:underline"
          >
            {pageName(item.relatedPage)}
          </AppLink>{" "}
          <span className="text-muted-foreground">· {item.relatedPage.domain}</span>
        </p>
      ) : null}
      {item.bodyHtml ? <UserContent html={item.bodyHtml} /> : null}
      <p className="text-muted-foreground text-xs">
        {item.score === 1 || item.score === -1 ? `${item.score} point` : `${item.score} points`}
        {item.replySize > 0 ? ` · ${item.replySize === 1 ? "1 reply" : `${item.replySize} replies`}` : ""}
      </p>
    </article>
  );
}

/**
 * A custom tab on a page view: what its filter matches on this page, newest or top first. Only
 * the open tab is mounted, so its first page is asked for when the tab is first opened.
 */
export function CustomTabPanel({
  tab,
  sitePageId,
  base,
  notes,
  noteEvents,
  onEdit,
}: {
  tab: CustomTab;
  sitePageId: string;
  base: readonly unknown[];
  /** The viewer's notes of the page: a tab of an organisation's members shows that organisation's. */
  notes: Note[];
  noteEvents: NoteEvents;
  onEdit(): void;
}) {
  const gate = useContributionGate();
  const { author, organizationId } = tab.filter;
  // A tab of an organisation the viewer has left shows nothing of it (the API answers 404).
  const left = author === "organization" && !gate.user?.organizations?.some((o) => o.id === organizationId);
  const list = usePagedList({
    queryKey: [...base, "custom-tab", tab.id, tab.updatedDate],
    fetchPage: (n) => customTabsApi.contributions(tab.id, sitePageId, n),
    enabled: !left,
  });
  const shared =
    author === "organization"
      ? notes.filter((n) => n.visibility === "ORGANIZATION" && n.organizationId === organizationId)
      : [];
  return (
    <section className="flex flex-col gap-4" aria-label={tab.name} data-testid="custom-tab-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted-foreground text-sm" data-testid="custom-tab-summary">
          {tab.description}
        </p>
        <Button variant="ghost" size="sm" onClick={onEdit} data-testid="custom-tab-panel-edit">
          <Pencil aria-hidden="true" />
          Change this tab
        </Button>
      </div>
      {shared.length > 0 ? (
        <ol
          className="flex flex-col gap-3"
          aria-label="The organisation's notes"
          data-testid="custom-tab-notes"
        >
          {shared.map((note) => (
            <li key={note.id}>
              <NoteCard note={note} sitePageId={sitePageId} {...noteEvents} />
            </li>
          ))}
        </ol>
      ) : null}
      {left ? (
        <ListEmpty
          icon={Layers}
          testId="custom-tab-left"
          title="You are no longer in this tab's organisation"
          description="Change the tab to show another organisation, or anyone's contributions."
        />
      ) : (
        <PagedListBody
          list={list}
          loadingLabel={`Loading “${tab.name}”…`}
          empty={
            <ListEmpty
              icon={Layers}
              testId="custom-tab-empty"
              title="Nothing here matches this tab yet"
              description="Contributions on this page that match it will show here."
            />
          }
          noun="contributions"
          testId="custom-tab-list"
          loadMoreTestId="custom-tab-more"
          className="flex flex-col gap-5"
          renderItem={(item) => <TabItem item={item} />}
        />
      )}
    </section>
  );
}

/**
 * tab-plus: make a tab right here, starting from the view just left (its kind and order), or
 * go to the tabs page. Signed out, it says what tabs are and asks to log in.
 */
export function TabPlusPanel({ count, onNewTab }: { count: number; onNewTab(): void }) {
  const gate = useContributionGate();
  const full = count >= MAX_CUSTOM_TABS;
  return (
    <EmptyState
      icon={Layers}
      headingLevel={3}
      title={gate.user ? "Tabs of your own" : "Custom tabs come with your profile"}
      description={
        full
          ? `You have ${MAX_CUSTOM_TABS} tabs, the most there can be: delete one on your tabs page to make another.`
          : "Save a filter over a page's contributions, such as “expert reviews” or “top comments”, and it shows up as a tab on every page."
      }
      data-testid="tab-plus-panel"
      action={
        gate.user ? (
          <div className="flex flex-wrap justify-center gap-2">
            {full ? null : (
              <Button onClick={onNewTab} data-testid="tab-plus-new">
                <Plus aria-hidden="true" />
                New tab
              </Button>
            )}
            <Button asChild variant="outline">
              <AppLink to="/profile/tabs">Manage my tabs</AppLink>
            </Button>
          </div>
        ) : (
          <Button variant="outline" onClick={() => gate.requireUser()}>
            Log in
          </Button>
        )
      }
    />
  );
}
