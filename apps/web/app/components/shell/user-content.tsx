import { cn } from "../../lib/cn.ts";
import { MarkdownContent } from "./markdown-content.tsx";

/**
 * User text: HTML the API rendered and sanitized (`bodyHtml`, `reasonHtml`) or that
 * `renderMarkdown` made in the browser (the composer preview). Nothing else goes in here.
 * Comment-sized prose: no decorative quotes or backticks around quotes and code.
 */
export function UserContent({
  html,
  className,
  testId,
}: {
  html: string;
  className?: string;
  testId?: string;
}) {
  return (
    <div data-testid={testId} className="min-w-0">
      <MarkdownContent
        html={html}
        className={cn(
          "prose-sm break-words prose-p:my-2 prose-blockquote:font-normal prose-blockquote:not-italic prose-code:before:content-none prose-code:after:content-none prose-pre:my-2 prose-ol:my-2 prose-ul:my-2 prose-blockquote:my-2 [&>:first-child]:mt-0 [&>:last-child]:mb-0 [&_blockquote_p:first-of-type]:before:content-none [&_blockquote_p:last-of-type]:after:content-none",
          className,
        )}
      />
    </div>
  );
}
