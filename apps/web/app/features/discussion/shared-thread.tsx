import type { Comment } from "@flipside/contracts/discussion";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Share2 } from "../../components/ui/icons.tsx";
import { cn } from "../../lib/cn.ts";
import type { CommentItemProps } from "./comment-item.tsx";

/** The ring around what was shared. */
const SHARED_TARGET = "rounded-lg bg-background p-3 ring-2 ring-primary";

/**
 * What a share link points at (docs/sharing.md), first on its tab under a heading saying so, and
 * scrolled to (the element marked `data-shared-target`) once the page is shown. Loaded only by
 * page views opened from a share link; what it holds is drawn by the panel's own components, so
 * this chunk does not split them off the page view's.
 */
function SharedFrame({ heading, after, children }: { heading: string; after: string; children: ReactNode }) {
  const headingId = useId();
  const section = useRef<HTMLElement>(null);

  useEffect(() => {
    section.current?.querySelector("[data-shared-target]")?.scrollIntoView({ block: "center" });
  }, []);

  return (
    <section
      ref={section}
      aria-labelledby={headingId}
      data-testid="shared-contribution"
      className="flex scroll-mt-24 flex-col gap-3 rounded-xl border border-primary/40 bg-primary/5 p-4"
    >
      <h2 id={headingId} className="flex items-center gap-2 font-semibold text-sm">
        <Share2 className="size-4" aria-hidden="true" />
        {heading}
      </h2>
      {children}
      <p className="text-muted-foreground text-xs">{after}</p>
    </section>
  );
}

const ONE = {
  review: ["A review shared with you", "Every review of this page follows."],
  related: ["A related page shared with you", "Every related page follows."],
} as const;

/** A shared review or related page, drawn by its panel's own component (`children`). */
export function SharedOne({ kind, children }: { kind: keyof typeof ONE; children: ReactNode }) {
  const [heading, after] = ONE[kind];
  return (
    <SharedFrame heading={heading} after={after}>
      <div data-shared-target className={SHARED_TARGET}>
        {children}
      </div>
    </SharedFrame>
  );
}

/**
 * A shared comment, after its thread's first comment when it is a reply, drawn by the comments
 * panel's own `CommentItem` (`Item`).
 */
export default function SharedThread({
  thread,
  Item,
}: {
  thread: Comment[];
  Item: (props: CommentItemProps) => ReactNode;
}) {
  const [items, setItems] = useState(thread);
  const targetId = thread[thread.length - 1]?.id;

  return (
    <SharedFrame
      heading={thread.length > 1 ? "A reply shared with you" : "A comment shared with you"}
      after="Every comment on this page follows."
    >
      {items.map((comment) => (
        <div
          key={comment.id}
          data-shared-target={comment.id === targetId || undefined}
          className={cn(
            comment.id === targetId
              ? SHARED_TARGET
              : cn("rounded-lg bg-background p-3", comment.contributionType === "REPLY" && "ml-6"),
          )}
        >
          <Item
            comment={comment}
            onChange={(next) => setItems((all) => all.map((c) => (c.id === next.id ? next : c)))}
            onReplyPosted={(reply) => setItems((all) => [...all, reply])}
          />
        </div>
      ))}
    </SharedFrame>
  );
}
