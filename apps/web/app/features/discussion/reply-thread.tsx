import type { Comment } from "@flipside/contracts/discussion";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { ChevronDown, ChevronUp } from "../../components/ui/icons.tsx";
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
 * the same thread. Until the thread is first opened it holds no list at all: a page of 25
 * comments renders 25 of these, and most are never opened.
 */
export function ReplyThread({ rootId, replySize, renderRoot }: ReplyThreadProps) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [count, setCount] = useState(replySize);
  // Replies the viewer posted here, in order; the list appends each once it has loaded.
  const [posted, setPosted] = useState<Comment[]>([]);

  const addReply = useCallback((reply: Comment) => {
    setCount((n) => n + 1);
    setOpen(true);
    setLoaded(true);
    setPosted((list) => [...list, reply]);
  }, []);

  const toggle =
    count > 0 ? (
      <Button
        variant="link"
        size="inline"
        className="self-start"
        aria-expanded={open}
        data-testid="replies-toggle"
        onClick={() => {
          setOpen(!open);
          setLoaded(true);
        }}
      >
        {open ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
        {open ? `Hide ${repliesLabel(count)}` : repliesLabel(count)}
      </Button>
    ) : null;

  const replies = (
    <div className="flex flex-col gap-2">
      {toggle}
      {/* Kept once loaded, so closing and opening again shows the replies without a new request. */}
      {loaded ? <LoadedReplies rootId={rootId} open={open} posted={posted} onReplyPosted={addReply} /> : null}
    </div>
  );

  return <>{renderRoot({ addReply, replies })}</>;
}

function LoadedReplies({
  rootId,
  open,
  posted,
  onReplyPosted,
}: {
  rootId: string;
  open: boolean;
  posted: Comment[];
  onReplyPosted(reply: Comment): void;
}) {
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);
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
  const list = usePagedList<Comment>({ queryKey: ["replies", rootId], fetchPage, enabled: false });
  const { reload, edit } = list;

  // Loaded once, when the thread is first opened (show, or a reply of the viewer's).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void reload().finally(() => setReady(true));
  }, [reload]);

  // The first page (oldest first) may not reach a reply just posted: append it (the list drops
  // a second copy of one it already holds).
  const appended = useRef(new Set<string>());
  useEffect(() => {
    if (!ready) return;
    for (const reply of posted) {
      if (appended.current.has(reply.id)) continue;
      appended.current.add(reply.id);
      edit({ type: "append", item: reply });
    }
  }, [ready, posted, edit]);

  const onChange = useCallback((c: Comment) => edit({ type: "update", id: c.id, change: () => c }), [edit]);
  const { state } = list;
  if (!open) return null;
  return (
    <ol className="flex flex-col gap-4 border-l-2 pl-3 sm:pl-5" aria-label="Replies" data-testid="replies">
      {state.items.map((item) => (
        <li key={item.id}>
          <CommentItem comment={item} onChange={onChange} onReplyPosted={onReplyPosted} />
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
          <Button variant="link" size="sm" className="h-auto p-0" onClick={() => void reload()}>
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
  );
}
