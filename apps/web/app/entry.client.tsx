import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { HOME_VIEW_SELECTOR, loadHomeView } from "./features/discussion/home-view-code.ts";

/**
 * React Router's default entry, except that a server-rendered front page's code comes first: an
 * update reaching a Suspense boundary React has not hydrated yet (its code still on the way) makes
 * React drop the server's HTML for the fallback, and the front page went blank until the code came.
 * If the code cannot be fetched, the page hydrates anyway and the boundary fetches it again.
 */
const codeFirst = document.querySelector(HOME_VIEW_SELECTOR)
  ? loadHomeView().catch(() => undefined)
  : undefined;

void Promise.resolve(codeFirst).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
