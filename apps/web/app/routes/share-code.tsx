import type { ShareTarget } from "@flipside/contracts/sharing";
import { data, redirect } from "react-router";
import { DefaultFrame } from "../components/shell/default-frame.tsx";
import { ErrorView } from "../components/shell/error-view.tsx";
import { serverApi } from "../lib/api.server.ts";
import { isApiError } from "../lib/api.ts";
import { sharedPagePath } from "../lib/share-links.ts";
import type { Route } from "./+types/share-code";

/**
 * `/s/{code}`: a share link (docs/sharing.md). Redirects (302) to the page view of the shared
 * page, with the shared contribution shown first and highlighted; an unknown code is the 404 page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const code = params.code;
  if (!/^[0-9A-Za-z]{1,40}$/.test(code)) throw data(new URL(request.url).pathname, { status: 404 });
  try {
    const target = await serverApi(context).get<ShareTarget>(`/v1/share-codes/${code}`);
    return redirect(sharedPagePath(target.url, target), 302);
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw data(new URL(request.url).pathname, { status: 404 });
    throw error;
  }
}

/** Never shown: the loader always answers first (a redirect or the 404 page). */
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
