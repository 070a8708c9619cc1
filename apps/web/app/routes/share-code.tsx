import { data } from "react-router";
import { DefaultFrame } from "../components/shell/default-frame.tsx";
import { ErrorView } from "../components/shell/error-view.tsx";
import type { Route } from "./+types/share-code";

/**
 * `/s/{code}` resolves a share code to the shared page or comment (the community issue). Share codes
 * do not exist yet, so every code is unknown: a 404, shown as the normal not-found page.
 * Later this loader redirects; the route never renders a page of its own.
 */
export function loader({ request }: Route.LoaderArgs) {
  throw data(new URL(request.url).pathname, { status: 404 });
}

/** Never shown: the loader always answers first (with a 404 now, a redirect later). */
export default function ShareCode() {
  return null;
}

export function ErrorBoundary() {
  return (
    <DefaultFrame>
      <ErrorView />
    </DefaultFrame>
  );
}
