import type { Comment } from "@flipside/contracts/discussion";
import { type ReactNode, useState } from "react";
import { SHARED_TARGET, SharedFrame } from "../../components/share/shared-frame.tsx";
import { cn } from "../../lib/cn.ts";
import type { CommentItemProps } from "./comment-item.tsx";

/*
 * What a share link points at on the page view (docs/sharing.md), first on its tab. Loaded only by
 * page views opened from a share link; what it holds is drawn by the panel's own components, so
 * this chunk does not split them off the page view's.
 */

const ONE = {
  review: ["A review shared with you", "Every review of this page follows."],
  related: ["A related page shared with you", "Every related page follows."],
} as const;

/** A shared review or related page, drawn by its panel's own component (`children`). */
export function SharedOne({ kind, children }: { kind: keyof typeof ONE; children: ReactNode }) {
  const [heading, after] = ONE[kind];
  return (
    <SharedFrame heading={heading} after={after} testId="shared-contribution">
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
      testId="shared-contribution"
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
