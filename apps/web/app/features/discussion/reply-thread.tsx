import type { Comment } from "@flipside/contracts/discussion";
import { ChevronDown, ChevronUp } from "lucide-react";
import { type ReactNode, useCallback, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { CommentItem } from "./comment-item.tsx";
import { discussionApi } from "./discussion-client.ts";
import { usePagedList } from "./paged-list.ts";

function repliesLabel(n: number): string {
  return `${n.toLocaleString("en")} ${n === 1 ? "reply" : "replies"}`;
}

export interface ReplyThreadProps {
  rootId: string;
  replySize: number;
  /** Renders the thread's root; `addReply` is what its own reply composer calls. */
  renderRoot(args: { addReply(reply: Comment): void; replies: ReactNode }): ReactNode;
}

/**
 * A comment (or review) with its replies, loaded on demand ("N replies", docs/discussion.md#comments-and-replies) in
 * pages of 25, oldest first so the conversation reads top to bottom. A reply to a reply joins
 * the same thread.
 */
export function ReplyThread({ rootId, replySize, renderRoot }: ReplyThreadProps) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const [count, setCount] = useState(replySize);
  const fetchPage = useCallback(
    async (page: number) => {
      try {
        const result = await discussionApi.replies(rootId, page);
        setFailed(false);
        return result;
      } catch (error) {
        setFailed(true);
        throw error;
      }
    },
    [rootId],
  );
  // Loaded when the thread is first opened (show, or a reply of the viewer's), never before.
  const list = usePagedList<Comment>({ queryKey: ["replies", rootId], fetchPage, enabled: false });

  async function show() {
    setOpen(true);
    if (!loaded) {
      setLoaded(true);
      await list.reload();
    }
  }

  const addReply = useCallback(
    (reply: Comment) => {
      setCount((n) => n + 1);
      setOpen(true);
      if (loaded) {
        list.edit({ type: "append", item: reply });
      } else {
        setLoaded(true);
        // The first page (oldest first) may not reach the new reply; append it after it loads.
        void list.reload().then(() => list.edit({ type: "append", item: reply }));
      }
    },
    [loaded, list],
  );

  const onChange = useCallback(
    (c: Comment) => list.edit({ type: "update", id: c.id, change: () => c }),
    [list],
  );
  const { state } = list;
  const toggle =
    count > 0 ? (
      <Button
        variant="link"
        size="sm"
        className="h-7 self-start px-0"
        aria-expanded={open}
        data-testid="replies-toggle"
        onClick={() => (open ? setOpen(false) : void show())}
      >
        {open ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
        {open ? `Hide ${repliesLabel(count)}` : repliesLabel(count)}
      </Button>
    ) : null;

  const replies = (
    <div className="flex flex-col gap-2">
      {toggle}
      {open ? (
        <ol
          className="flex flex-col gap-4 border-l-2 pl-3 sm:pl-5"
          aria-label="Replies"
          data-testid="replies"
        >
          {state.items.map((item) => (
            <li key={item.id}>
              <CommentItem comment={item} onChange={onChange} onReplyPosted={addReply} />
            </li>
          ))}
          {state.loadingPage !== null ? (
            <li aria-busy="true" className="flex flex-col gap-2">
              <span className="sr-only">Loading replies…</span>
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-10 w-full" />
            </li>
          ) : null}
          {failed && state.loadingPage === null ? (
            <li className="text-muted-foreground text-sm">
              The replies could not be loaded.{" "}
              <Button variant="link" size="sm" className="h-auto p-0" onClick={() => void list.reload()}>
                Try again
              </Button>
            </li>
          ) : null}
          {list.hasMore && state.loadingPage === null && !failed ? (
            <li>
              <Button variant="outline" size="sm" onClick={() => void list.loadMore()}>
                More replies
              </Button>
            </li>
          ) : null}
        </ol>
      ) : null}
    </div>
  );

  return <>{renderRoot({ addReply, replies })}</>;
}
