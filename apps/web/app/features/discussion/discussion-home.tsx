import { useEffect, useSyncExternalStore } from "react";
import { useNavigate, useNavigation } from "react-router";
import { withAppFlag } from "../../lib/app-mode.ts";
import { useAppMode } from "../../lib/client-state.tsx";
import { isWaitingForConnection, subscribeToConnectionWait } from "../../lib/navigation-retry.ts";
import { notify } from "../../lib/toast.ts";
import { initialMainState, MainStateProvider } from "./discussion-state.tsx";
import { HomeView } from "./home-view.tsx";
import type { FlipErrorData, HomeData, PageViewData } from "./page-data.ts";
import { PageView, PageViewSkeleton } from "./page-view.tsx";

export type DiscussionHomeData = HomeData | PageViewData | FlipErrorData;

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
  return <HomeView recent={[]} mostDiscussed={[]} alert={data.message} />;
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
export function DiscussionHome({ data }: { data: DiscussionHomeData }) {
  const pendingUrl = usePendingPageUrl();
  const initial = initialMainState(data.kind === "page" ? data.page : null, {
    searchText: data.kind === "home" ? (data.search?.query ?? "") : "",
  });
  let content: React.ReactNode;
  if (pendingUrl && !(data.kind === "page" && data.requestedUrl === pendingUrl)) {
    content = <PageViewSkeleton />;
  } else if (data.kind === "page") {
    content = <PageView key={data.page.id} data={data} />;
  } else if (data.kind === "flip-error") {
    content = <FlipFailed data={data} />;
  } else {
    content = <HomeView recent={data.recent} mostDiscussed={data.mostDiscussed} search={data.search} />;
  }
  return <MainStateProvider initial={initial}>{content}</MainStateProvider>;
}
