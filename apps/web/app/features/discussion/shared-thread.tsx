import type { Comment } from "@flipside/contracts/discussion";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Share2 } from "../../components/ui/icons.tsx";
import { cn } from "../../lib/cn.ts";
import type { CommentItemProps } from "./comment-item.tsx";

/**
 * The comment a share link points at (docs/sharing.md), first on the comments tab and highlighted,
 * after its thread's first comment when it is a reply; scrolled to once the page is shown. Loaded
 * only by page views opened from a share link; the comments are drawn by the panel's own
 * `CommentItem` (`Item`), so this chunk does not split it off the page view's.
 */
export default function SharedThread({
  thread,
  Item,
}: {
  thread: Comment[];
  Item: (props: CommentItemProps) => ReactNode;
}) {
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const [items, setItems] = useState(thread);
  const targetId = thread[thread.length - 1]?.id;

  useEffect(() => {
    section.current?.querySelector("[data-shared-target]")?.scrollIntoView({ block: "center" });
  }, []);

  return (
    <section
      ref={section}
      aria-labelledby={headingId}
      data-testid="shared-comment"
      className="flex scroll-mt-24 flex-col gap-3 rounded-xl border border-primary/40 bg-primary/5 p-4"
    >
      <h2 id={headingId} className="flex items-center gap-2 font-semibold text-sm">
        <Share2 className="size-4" aria-hidden="true" />
        {thread.length > 1 ? "A reply shared with you" : "A comment shared with you"}
      </h2>
      {items.map((comment) => (
        <div
          key={comment.id}
          data-shared-target={comment.id === targetId || undefined}
          className={cn(
            "rounded-lg bg-background p-3",
            comment.id === targetId ? "ring-2 ring-primary" : comment.contributionType === "REPLY" && "ml-6",
          )}
        >
          <Item
            comment={comment}
            onChange={(next) => setItems((all) => all.map((c) => (c.id === next.id ? next : c)))}
            onReplyPosted={(reply) => setItems((all) => [...all, reply])}
          />
        </div>
      ))}
      <p className="text-muted-foreground text-xs">Every comment on this page follows.</p>
    </section>
  );
}
