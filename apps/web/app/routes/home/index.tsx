import { SHOWS_PAGE_HEADER } from "@flipside/contracts/constants";
import { redirect, data as withStatus } from "react-router";
import { lookUpAccount } from "../../features/accounts/account-session.server.ts";
import { DiscussionHome } from "../../features/discussion/discussion-home.tsx";
import { loadHome, loadPageView } from "../../features/discussion/discussion-loaders.server.ts";
import { loadHomeView } from "../../features/discussion/home-view-code.ts";
import { pageViewMeta } from "../../features/discussion/page-meta.ts";
import { FollowingSlot } from "../../features/follows/following-slot.tsx";
import { pageTitle } from "../../lib/page-title.ts";
import type { RootData } from "../../lib/root-data.ts";
import { sharedRef } from "../../lib/share-links.ts";
import type { Route } from "./+types/index";

/**
 * `/`: the search box and real pages; with `?url=<address>` the page view of that address,
 * server-rendered with its first comments, reviews and related pages (docs/discussion.md).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Loaded once; from then on the server renders the front page without waiting.
  await loadHomeView();
  const params = new URL(request.url).searchParams;
  const url = params.get("url")?.trim();
  if (url) {
    const signedIn = lookUpAccount(request, context).then(({ user }) => user !== null);
    const result = await loadPageView(context, url, signedIn, sharedRef(params));
    if (result.kind === "flip-error") return withStatus(result, { status: result.status });
    // Its HTML may be cached until this page changes (apps/api/src/plugins/web.ts).
    return withStatus(result, { headers: { [SHOWS_PAGE_HEADER]: result.page.id } });
  }
  // The search results have their own page; old links to `/?q=` still find them.
  const q = params.get("q")?.trim();
  if (q) throw redirect(`/search?${new URLSearchParams({ q }).toString()}`);
  return loadHome(context);
}

/** The server keeps a page view's HTML until its page changes, not only until the next write. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

const HOME_DESCRIPTION =
  "Flipside shows what people say about any web page: comments, reviews, related pages and your own notes.";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = matches.find((m) => m?.id === "root")?.data as RootData | undefined;
  const origin = (root?.config.publicOrigin ?? "").replace(/\/+$/, "");
  if (loaderData?.kind === "page") return pageViewMeta(loaderData.page, origin);
  const title = pageTitle("See the other side of any web page");
  return [
    { title },
    { name: "description", content: HOME_DESCRIPTION },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Flipside" },
    { property: "og:title", content: "Flipside" },
    { property: "og:description", content: HOME_DESCRIPTION },
    ...(origin ? [{ tagName: "link", rel: "canonical", href: `${origin}/` }] : []),
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <DiscussionHome data={loaderData} personal={<FollowingSlot />} />;
}
