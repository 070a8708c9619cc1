import { cn } from "../../lib/cn.ts";

/**
 * Shows HTML produced by `renderMarkdown` (raw HTML off, links restricted to http(s), mailto
 * and relative), in readable prose. Never pass it anything else.
 */
export function MarkdownContent({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn(
        "prose prose-neutral dark:prose-invert max-w-none prose-headings:tracking-tight prose-a:text-primary prose-a:underline-offset-4 prose-h1:font-semibold prose-h1:text-3xl",
        className,
      )}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML comes from renderMarkdown, which escapes raw HTML and filters links.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
