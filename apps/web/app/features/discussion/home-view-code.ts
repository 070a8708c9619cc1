type HomeViewModule = typeof import("./home-view.tsx");

let loaded: HomeViewModule | undefined;

/**
 * The front page's code, apart from the page view's (its budget). The home route's loader waits
 * for it on the server, and the browser before hydrating a server-rendered front page
 * (`entry.client.tsx`), so the front page is never a Suspense fallback when it has HTML.
 */
export const loadHomeView = (): Promise<HomeViewModule> =>
  import("./home-view.tsx").then((m) => {
    loaded = m;
    return m;
  });

/** The front page's code once it is here, without waiting. */
export const loadedHomeView = (): HomeViewModule | undefined => loaded;

/** The front page's HTML (its root's attribute), so the browser knows to fetch its code before hydrating. */
export const HOME_VIEW_SELECTOR = "[data-home-view]";
