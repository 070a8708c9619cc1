import { data } from "react-router";
import { MarkdownContent } from "../../components/shell/markdown-content.tsx";
import { findContentPage } from "../../lib/content.server.ts";
import { pageTitle } from "../../lib/page-title.ts";
import type { Route } from "./+types/terms";

export function loader() {
  const page = findContentPage("terms");
  if (!page) throw data("/terms", { status: 404 });
  return { title: page.title, html: page.html };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title ?? "Terms and conditions") }];
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return (
    <article data-testid="content-page" data-slug="terms">
      <MarkdownContent html={loaderData.html} />
    </article>
  );
}
