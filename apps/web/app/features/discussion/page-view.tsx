import { AD_LOOKUP_MAX } from "@flipside/contracts/ad-lookup";
import type { Advertising } from "@flipside/contracts/ads";
import type { CustomTabFilter } from "@flipside/contracts/custom-tab-filter";
import type { Note, SitePageView, VoteValue } from "@flipside/contracts/discussion";
import type { SiteTopic } from "@flipside/contracts/topics";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { DeferredDialog } from "../../components/ui/deferred.tsx";
import { useDialogOpenings } from "../../components/ui/dialog-openings.ts";
import {
  type IconComponent,
  Layers,
  Link2,
  MessageSquare,
  NotebookPen,
  Plus,
  Star,
} from "../../components/ui/icons.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { api } from "../../lib/api.ts";
import { registerPageActions } from "../../lib/page-actions.ts";
import { useRootData, useShellUser } from "../../lib/root-data.ts";
import { CommentsPanel } from "./comments-panel.tsx";
import { CustomTabPanel, TabPlusPanel } from "./custom-tab-panel.tsx";
import { type CustomTab, customTabValue, rememberTab, useCustomTabs } from "./custom-tabs-client.ts";
import { type CommentSort, discussionApi } from "./discussion-client.ts";
import { type ActiveTab, isActiveTab, type PageTab, useMainState } from "./discussion-state.tsx";
import { FreshBanner, type FreshKind, useLivePage } from "./live-page.tsx";
import { useNoteDrawers } from "./note-drawers.ts";
import { upsertNote } from "./note-order.ts";
import { type NoteEvents, NotesPanel } from "./notes-panel.tsx";
import { OwnVotesProvider } from "./own-votes.tsx";
import { type PageViewData, sharedTab } from "./page-data.ts";
import { PageHeader } from "./page-header.tsx";
import { usePagedList } from "./paged-list.ts";
import { RelatedPanel } from "./related-panel.tsx";
import { ReviewsPanel } from "./reviews-panel.tsx";
import { SearchBox } from "./search-box.tsx";
import { SiteNoticeCard } from "./site-notice.tsx";
import { SummaryPanel, type TabCount } from "./summary-panel.tsx";

const loadNoteDrawers = () => import("./note-drawers.tsx");
// The ad's code comes only with an ad to show (most pages have none), in its own script.
const AdSlot = lazy(() => import("../../components/ad-slot/ad-slot.tsx"));

/**
 * The page's ads (ADS.md §1.13): looked up once the page is the browser's, never part of the
 * cached HTML; none when the lookup fails (SPEC: the page's other loads fail silently).
 */
function PageAd({ ads, place }: { ads: Advertising[]; place: "aside" | "main" }) {
  if (ads.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <AdSlot ads={ads} place={place} />
    </Suspense>
  );
}

const loadPageDialogs = () => import("./page-dialogs.tsx");
const loadCustomTabDialog = () => import("./custom-tab-dialog.tsx");

/** How long after creating a page the server may still be reading its title (docs/discussion.md#pages). */
const FRESH_PAGE_MS = 60_000;
const TITLE_RECHECK_MS = 3_000;

/** What the tab dialog opens on: a tab to change, or a new one from a filter or from a view. */
type TabDialogValue = {
  tab?: CustomTab;
  filter?: CustomTabFilter;
  fromView?: { view: string; topFirst: boolean };
};

function titlePending(page: SitePageView | undefined): boolean {
  return !!page && page.fetchedDate === null && Date.now() - Date.parse(page.createdDate) < FRESH_PAGE_MS;
}

/**
 * A tab of the page view: its icon, its name and its count in a row, or on a phone the name under
 * the icon and the count (issue 19: icons alone did not say what the tabs were).
 */
function CountedTab({
  tab,
  icon: Icon,
  label,
  count,
  tone,
}: {
  tab: PageTab;
  icon: IconComponent;
  label: string;
  count: number;
  tone?: "default" | "note";
}) {
  return (
    <TabsTrigger value={tab} data-testid={`tab-${tab}`} size="stacked" tone={tone} className="group">
      <span className="inline-flex items-center gap-1 sm:contents">
        <Icon aria-hidden="true" />
        <span className="rounded-full bg-muted px-1.5 text-muted-foreground text-xs tabular-nums group-data-[state=active]:bg-primary/10 group-data-[state=active]:text-primary sm:order-last">
          {count.toLocaleString("en")}
        </span>
      </span>
      <span className="max-w-full truncate">{label}</span>
    </TabsTrigger>
  );
}

/**
 * The page view at `/?url=…` (docs/discussion.md). Everything the first paint needs comes from the
 * loader, so the server's HTML already has the header, the summary and the first page of every
 * tab. Mounted once per page (keyed by its id), so changing page starts every list at page 0.
 */
export function PageView({ data }: { data: PageViewData }) {
  const { state, dispatch } = useMainState();
  const queryClient = useQueryClient();
  // The sort belongs to one loader run: a new one (a sign-in, say) starts from "newest".
  // The site's topics: from the loader, then as the suggestions dialog changes them.
  const [topicsState, setTopicsState] = useState({ data, topics: data.topics });
  const topics = topicsState.data === data ? topicsState.topics : data.topics;
  const setTopics = (next: SiteTopic[]) => setTopicsState({ data, topics: next });
  const [chosenSort, setChosenSort] = useState({ loadedAt: data.loadedAt, sort: "newest" as CommentSort });
  const sort = chosenSort.loadedAt === data.loadedAt ? chosenSort.sort : "newest";
  const setSort = (next: CommentSort) => setChosenSort({ loadedAt: data.loadedAt, sort: next });
  const sitePageId = data.page.id;
  // Every query of this page view is under this key; a new loader run gets new keys.
  const base = ["page-view", sitePageId, data.loadedAt] as const;

  const pageQuery = useQuery({
    queryKey: [...base, "page"],
    queryFn: async () => (await discussionApi.pageView(sitePageId)) ?? data.page,
    initialData: data.page,
    // A page created a moment ago may still be read by the server for its title: look again.
    refetchInterval: (query) => (titlePending(query.state.data) ? TITLE_RECHECK_MS : false),
  });
  const page = pageQuery.data;
  // The page's ads (ADS.md §1.13): asked for by the browser, never part of the cached HTML; none
  // when the lookup fails (SPEC: the page's other loads fail silently).
  const ads =
    useQuery({
      queryKey: [...base, "ads"],
      queryFn: () =>
        api.get<Advertising[]>("/v1/advertisings", {
          query: { searchAnd: `url==${page.normalizedUrl}`, size: AD_LOOKUP_MAX },
        }),
    }).data ?? [];
  const summaryQuery = useQuery({
    queryKey: [...base, "summary"],
    queryFn: () => discussionApi.reviewSummary(sitePageId),
    initialData: data.reviewSummary,
  });
  const summary = summaryQuery.data;
  // The HTML was rendered for everyone (docs/caches.md): the viewer's own vote, notes and votes
  // come in one call once the browser knows who is signed in, into the page query and OwnVotes.
  const user = useShellUser();
  const shared = useRootData()?.viewerPending === true;
  // Rendered for everyone and viewed by someone signed in: their own part comes from /mine.
  const overlaid = shared && user !== null;
  // Signed in, whether the HTML was shared or not, the same call says what the viewer follows.
  const mineKey = [...base, "mine", user?.id ?? null];
  const mineQuery = useQuery({
    queryKey: mineKey,
    enabled: user !== null,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const mine = await discussionApi.mine(sitePageId);
      if (overlaid)
        queryClient.setQueryData<SitePageView>([...base, "page"], (p) =>
          p ? { ...p, myVote: mine.myVote, notes: mine.notes } : p,
        );
      return { votes: mine.votes, following: mine.following };
    },
  });
  const ownVotes = overlaid ? mineQuery.data?.votes : undefined;
  const following = mineQuery.data?.following ?? null;
  const setFollowing = (change: Partial<{ page: boolean; site: boolean }>) =>
    queryClient.setQueryData<{
      votes: Record<string, VoteValue>;
      following: { page: boolean; site: boolean };
    }>(mineKey, (mine) => (mine ? { ...mine, following: { ...mine.following, ...change } } : mine));
  const notesLoading = overlaid && mineQuery.isPending;
  const notes = page.notes;
  const setNotes = (change: (notes: Note[]) => Note[]) =>
    queryClient.setQueryData<SitePageView>([...base, "page"], (p) =>
      p ? { ...p, notes: change(p.notes) } : p,
    );

  const comments = usePagedList({
    queryKey: [...base, "comments", sort],
    family: [...base, "comments"],
    fetchPage: (n) => discussionApi.comments(sitePageId, n, sort),
    initial: sort === "newest" ? data.comments : undefined,
  });
  const reviews = usePagedList({
    queryKey: [...base, "reviews"],
    fetchPage: (n) => discussionApi.reviews(sitePageId, n),
    initial: data.reviews,
  });
  const related = usePagedList({
    queryKey: [...base, "related"],
    fetchPage: (n) => discussionApi.related(sitePageId, n),
    initial: data.related,
  });
  // What others add while the page is open (docs/live.md#in-the-web-app).
  const live = useLivePage({
    pageId: sitePageId,
    loadedAt: data.loadedAt,
    shown: (id) =>
      [comments, reviews, related].some((list) => list.state.items.some((item) => item.id === id)),
  });
  const freshBanner = (kind: FreshKind, list: { reload(): Promise<void> }, after?: () => void) => (
    <FreshBanner
      kind={kind}
      count={live.count(kind)}
      onShow={() => {
        live.clear(kind);
        void list.reload();
        after?.();
      }}
    />
  );
  const [drawerState, drawers] = useNoteDrawers<Note>();
  // A note changed where it is shown (the my-note tab, an organisation's tab) is changed in both.
  const noteEvents: NoteEvents = {
    onChanged(note) {
      setNotes((list) => upsertNote(list, note, sitePageId));
      drawers.refresh(note);
    },
    onDeleted(id) {
      setNotes((list) => list.filter((n) => n.id !== id));
      if (drawerState.selected?.id === id) drawers.reset();
    },
    onOpenNote: (note) => drawers.show(note),
  };

  // The same page loaded again (logging in or out revalidates it): its lists start over from the
  // fresh data under new keys, and open drawers close.
  const firstData = useRef(data);
  useEffect(() => {
    if (firstData.current === data) return;
    firstData.current = data;
    drawers.reset();
  }, [data, drawers]);

  useEffect(() => {
    dispatch({ type: "page-loaded", page: data.page, tab: sharedTab(data) });
  }, [data, dispatch]);

  useEffect(() => {
    if (page !== data.page) dispatch({ type: "page-info", page });
  }, [page, data.page, dispatch]);

  // The header menu's page actions (docs/web-app.md#routes-and-layouts: suggest_topic, owner, related_pages) act on this page.
  useEffect(
    () =>
      registerPageActions({
        suggest_topic: () => dispatch({ type: "suggestions", open: true }),
        owner: () => dispatch({ type: "owner", open: true }),
        related_pages: () => {
          dispatch({ type: "tab", tab: "related-page" });
          document.getElementById("page-tabs")?.scrollIntoView({ behavior: "smooth", block: "start" });
        },
      }),
    [dispatch],
  );

  const counts: TabCount[] = [
    { tab: "comments", label: "Comments", count: comments.state.total },
    { tab: "reviews", label: "Reviews", count: reviews.state.total },
    { tab: "related-page", label: "Related pages", count: related.state.total },
    { tab: "my-note", label: "My notes", count: notes.length },
  ];
  const countOf = (tab: PageTab) => counts.find((c) => c.tab === tab)?.count ?? 0;
  const selectTab = (tab: ActiveTab) => dispatch({ type: "tab", tab });

  // The viewer's own tabs come after the built-in ones (docs/discussion.md#custom-tabs).
  const customTabs = useCustomTabs(user?.id ?? null).data ?? [];
  // A tab deleted meanwhile (on the tabs page, say) leaves the page on its first tab.
  const activeTab: ActiveTab =
    state.activeTab.startsWith("custom-") && !customTabs.some((t) => customTabValue(t.id) === state.activeTab)
      ? "comments"
      : state.activeTab;
  // What tab-plus starts a new tab from: the last view before it.
  const lastView = useRef<ActiveTab>("comments");
  if (activeTab !== "tab-plus") lastView.current = activeTab;
  const tabDialog = useDialogOpenings<TabDialogValue>();
  const newTabFromView = () => {
    const view = lastView.current;
    const custom = customTabs.find((t) => customTabValue(t.id) === view);
    // Made from a tab of one's own, a new one starts as a copy of it.
    tabDialog.show(custom ? { filter: custom.filter } : { fromView: { view, topFirst: sort === "top" } });
  };

  return (
    <OwnVotesProvider value={ownVotes}>
      <div
        className="flex flex-col gap-6"
        data-testid="page-view"
        data-viewer={
          shared ? (user === null ? "pending" : mineQuery.isPending ? "loading" : "ready") : undefined
        }
      >
        <SearchBox size="sm" className="max-w-xl" />
        <PageHeader
          page={page}
          topics={topics}
          following={following}
          onFollowingChange={setFollowing}
          onSuggestTopic={() => dispatch({ type: "suggestions", open: true })}
        />
        {page.site.notice ? <SiteNoticeCard domain={page.site.domain} notice={page.site.notice} /> : null}
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          {/* The summary comes first in the markup, as on a phone's screen, so a page painted while
              its HTML is still arriving is painted as it stays (it moved the tabs 90 px down). */}
          <div className="order-1 lg:sticky lg:top-20 lg:order-2">
            <SummaryPanel
              page={page}
              summary={summary}
              counts={counts}
              open={state.summaryPanelOpen}
              onOpenChange={(open) => dispatch({ type: "summary-panel", open })}
              onSelectTab={selectTab}
              onPageVoted={(tally) =>
                queryClient.setQueryData<SitePageView>([...base, "page"], (p) => (p ? { ...p, ...tally } : p))
              }
            />
            <PageAd ads={ads} place="aside" />
          </div>
          <div className="order-2 min-w-0 lg:order-1">
            <Tabs
              id="page-tabs"
              value={activeTab}
              onValueChange={(value) => {
                if (isActiveTab(value)) selectTab(value);
              }}
              className="scroll-mt-20 gap-5"
            >
              <TabsList
                size="full"
                aria-label="Page tabs"
                className={customTabs.length > 0 ? "flex-wrap" : undefined}
              >
                <CountedTab
                  tab="comments"
                  icon={MessageSquare}
                  label="Comments"
                  count={countOf("comments")}
                />
                <CountedTab tab="reviews" icon={Star} label="Reviews" count={countOf("reviews")} />
                <CountedTab tab="related-page" icon={Link2} label="Related" count={countOf("related-page")} />
                <CountedTab
                  tab="my-note"
                  icon={NotebookPen}
                  label="My notes"
                  count={countOf("my-note")}
                  tone="note"
                />
                {customTabs.length > 0 ? (
                  // On a phone the built-in tabs keep their row and the person's own start the next.
                  <span aria-hidden="true" className="h-0 basis-full sm:hidden" />
                ) : null}
                {customTabs.map((tab) => (
                  <TabsTrigger
                    key={tab.id}
                    value={customTabValue(tab.id)}
                    size="fit"
                    className="max-w-48"
                    data-testid="tab-custom"
                  >
                    <Layers aria-hidden="true" />
                    <span className="truncate">{tab.name}</span>
                  </TabsTrigger>
                ))}
                <TabsTrigger value="tab-plus" data-testid="tab-tab-plus" size="fit" aria-label="More tabs">
                  <Plus aria-hidden="true" />
                </TabsTrigger>
              </TabsList>
              {/* Every panel is in the server's HTML (crawlers and no-JS readers get all of it); the inactive ones are hidden. */}
              <TabsContent value="comments" forceMount>
                <CommentsPanel
                  sitePageId={sitePageId}
                  shared={data.shared?.kind === "comment" ? data.shared.thread : undefined}
                  list={comments}
                  sort={sort}
                  onSortChange={setSort}
                  fresh={freshBanner("comments", comments)}
                />
              </TabsContent>
              <TabsContent value="reviews" forceMount>
                <ReviewsPanel
                  sitePageId={sitePageId}
                  shared={data.shared?.kind === "review" ? data.shared.review : undefined}
                  list={reviews}
                  active={activeTab === "reviews"}
                  // A failed refetch keeps the summary shown (docs/web-app.md#new-versions-and-failures).
                  onReviewSaved={() => void summaryQuery.refetch()}
                  fresh={freshBanner("reviews", reviews, () => void summaryQuery.refetch())}
                />
              </TabsContent>
              <TabsContent value="related-page" forceMount>
                <RelatedPanel
                  sitePageId={sitePageId}
                  shared={data.shared?.kind === "related" ? data.shared.link : undefined}
                  list={related}
                  active={activeTab === "related-page"}
                  fresh={freshBanner("related", related)}
                />
              </TabsContent>
              <TabsContent value="my-note" forceMount>
                <NotesPanel
                  sitePageId={sitePageId}
                  notes={notes}
                  loading={notesLoading}
                  {...noteEvents}
                  onOpenDrawer={() => drawers.openList()}
                />
              </TabsContent>
              {user
                ? customTabs.map((tab) => (
                    <TabsContent key={tab.id} value={customTabValue(tab.id)}>
                      <CustomTabPanel
                        tab={tab}
                        sitePageId={sitePageId}
                        base={base}
                        notes={notes}
                        noteEvents={noteEvents}
                        onEdit={() => tabDialog.show({ tab })}
                      />
                    </TabsContent>
                  ))
                : null}
              <TabsContent value="tab-plus" forceMount>
                <TabPlusPanel count={customTabs.length} onNewTab={newTabFromView} />
              </TabsContent>
            </Tabs>
            <PageAd ads={ads} place="main" />
          </div>
        </div>
        <DeferredDialog
          open={drawerState.listOpen || drawerState.detailsOpen}
          load={loadNoteDrawers}
          onUnavailable={() => {
            drawers.closeList();
            drawers.closeDetails();
          }}
        >
          {(m) => (
            <>
              <m.NotesDrawer state={drawerState} drawers={drawers} />
              <m.NoteDetailsDrawer state={drawerState} drawers={drawers} />
            </>
          )}
        </DeferredDialog>
        <DeferredDialog open={tabDialog.open} load={loadCustomTabDialog} onUnavailable={tabDialog.close}>
          {(m) => (
            <m.CustomTabDialog
              key={tabDialog.key}
              open={tabDialog.open}
              onOpenChange={tabDialog.onOpenChange}
              tab={tabDialog.value?.tab}
              initialFilter={tabDialog.value?.filter}
              fromView={tabDialog.value?.fromView}
              onSaved={(saved) => {
                if (!user) return;
                rememberTab(queryClient, user.id, saved);
                selectTab(customTabValue(saved.id));
              }}
            />
          )}
        </DeferredDialog>
        <DeferredDialog
          open={state.ownerOpen || state.suggestionsOpen}
          load={loadPageDialogs}
          onUnavailable={() => {
            dispatch({ type: "owner", open: false });
            dispatch({ type: "suggestions", open: false });
          }}
        >
          {(m) => (
            <>
              <m.OwnerDialog
                page={page}
                open={state.ownerOpen}
                onOpenChange={(open) => dispatch({ type: "owner", open })}
              />
              <m.SuggestionsDialog
                page={page}
                topics={topics}
                onTopicsChanged={setTopics}
                open={state.suggestionsOpen}
                onOpenChange={(open) => dispatch({ type: "suggestions", open })}
              />
            </>
          )}
        </DeferredDialog>
      </div>
    </OwnVotesProvider>
  );
}

/** What shows while another page loads. */
export function PageViewSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true" data-testid="page-view-skeleton">
      <span className="sr-only">Loading the page…</span>
      <Skeleton className="h-9 w-full max-w-xl" />
      <div className="flex flex-col gap-2">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-4 w-64" />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Skeleton className="h-16 w-full lg:order-2 lg:h-64" />
        <div className="flex flex-col gap-4 lg:order-1">
          <Skeleton className="h-9 w-80 max-w-full" />
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      </div>
    </div>
  );
}
