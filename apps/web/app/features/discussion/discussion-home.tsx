import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { useNavigate, useNavigation } from "react-router";
import { withAppFlag } from "../../lib/app-mode.ts";
import { useAppMode } from "../../lib/client-state.tsx";
import { isWaitingForConnection, subscribeToConnectionWait } from "../../lib/navigation-retry.ts";
import { notify } from "../../lib/toast.ts";
import { initialMainState, MainStateProvider } from "./discussion-state.tsx";
import type { HomeViewProps } from "./home-view.tsx";
import { loadedHomeView, loadHomeView } from "./home-view-code.ts";
import { type FlipErrorData, type HomeData, type PageViewData, sharedTab } from "./page-data.ts";
import { PageView, PageViewSkeleton } from "./page-view.tsx";

const LazyHomeView = lazy(() => loadHomeView().then((m) => ({ default: m.HomeView })));

/**
 * The front page. A page view does not need its code (the page view's budget): the browser
 * fetches it when the front page is shown, and coming from a page view shows `HomeLoading`
 * meanwhile. A server-rendered front page has it before hydration (`home-view-code.ts`).
 */
function HomeView(props: HomeViewProps) {
  const View = loadedHomeView()?.HomeView ?? LazyHomeView;
  return (
    <Suspense fallback={<HomeLoading />}>
      <View {...props} />
    </Suspense>
  );
}

export type DiscussionHomeData = HomeData | PageViewData | FlipErrorData;

/** While the front page's code comes (only after a page view: a first visit has its HTML). */
function HomeLoading() {
  return <div aria-busy="true" className="min-h-[60vh]" data-testid="home-loading" />;
}

/**
 * docs/web-app.md#guards-and-redirects: after a failed lookup the user sees the error toast and is sent to the home route.
 * The server's HTML already says what went wrong, for readers without JavaScript.
 */
function FlipFailed({ data }: { data: FlipErrorData }) {
  const navigate = useNavigate();
  const isApp = useAppMode();
  useEffect(() => {
    notify.error(data.message);
    void navigate(isApp ? withAppFlag("/") : "/", { replace: true });
  }, [data, navigate, isApp]);
  return <HomeView trending={[]} recent={[]} mostDiscussed={[]} alert={data.message} />;
}

/** The pending navigation's `?url=`, when the visitor is on the way to another page view. */
function usePendingPageUrl(): string | null {
  const navigation = useNavigation();
  // Waiting for the connection, the page stays as it is rather than a skeleton of the next.
  const offline = useSyncExternalStore(subscribeToConnectionWait, isWaitingForConnection, () => false);
  if (offline || navigation.state !== "loading" || navigation.location.pathname !== "/") return null;
  return new URLSearchParams(navigation.location.search).get("url");
}

/** The home route: the front page, or with `?url=` the page view of that address. */
export function DiscussionHome({ data, personal }: { data: DiscussionHomeData; personal?: React.ReactNode }) {
  const pendingUrl = usePendingPageUrl();
  const initial = initialMainState(data.kind === "page" ? data.page : null, {
    tab: data.kind === "page" ? sharedTab(data) : "comments",
    searchText: "",
  });
  let content: React.ReactNode;
  if (pendingUrl && !(data.kind === "page" && data.requestedUrl === pendingUrl)) {
    content = <PageViewSkeleton />;
  } else if (data.kind === "page") {
    content = <PageView key={data.page.id} data={data} />;
  } else if (data.kind === "flip-error") {
    content = <FlipFailed data={data} />;
  } else {
    content = (
      <HomeView
        trending={data.trending}
        recent={data.recent}
        mostDiscussed={data.mostDiscussed}
        personal={personal}
      />
    );
  }
  return <MainStateProvider initial={initial}>{content}</MainStateProvider>;
}
