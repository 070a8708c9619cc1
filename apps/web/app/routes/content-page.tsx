import { data } from "react-router";
import { MarkdownContent } from "../components/shell/markdown-content.tsx";
import { findContentPage } from "../lib/content.server.ts";
import { pageTitle } from "../lib/page-title.ts";
import type { Route } from "./+types/content-page";

/** docs/web-app.md#routes-and-layouts catch-all: a page from content/<slug>.md, else "Page Not Found: {path}" with a 404. */
export function loader({ params, request }: Route.LoaderArgs) {
  const page = findContentPage(params["*"] ?? "");
  if (!page) throw data(new URL(request.url).pathname, { status: 404 });
  return { slug: page.slug, title: page.title, html: page.html };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: pageTitle(loaderData.title) }] : [];
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return (
    <article data-testid="content-page" data-slug={loaderData.slug}>
      <MarkdownContent html={loaderData.html} />
    </article>
  );
}
