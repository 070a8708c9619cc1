import type { Comment } from "@flipside/contracts/discussion";
import { lazy, type ReactNode, Suspense, useCallback } from "react";
import { Button } from "../../components/ui/button.tsx";
import { DeferredMenu, loadDropdownMenu } from "../../components/ui/deferred.tsx";
import { ArrowDownUp, MessageSquare } from "../../components/ui/icons.tsx";
import { CommentComposer } from "./comment-composer.tsx";
import { CommentItem } from "./comment-item.tsx";
import { useContributionGate } from "./contribution-gate.ts";
import { COMMENT_SORTS, type CommentSort, discussionApi } from "./discussion-client.ts";
import { useOfficialDomain, usePageClosed } from "./discussion-state.tsx";
import { ListEmpty, PageClosed, PagedListBody } from "./list-parts.tsx";
import type { PagedList } from "./paged-list.ts";
import { ReplyThread } from "./reply-thread.tsx";

/** Only page views opened from a share link load it (the page view's budget). */
const SharedThread = lazy(() => import("./shared-thread.tsx"));

export interface CommentsPanelProps {
  sitePageId: string;
  /** The comment a share link points at, after its thread's first comment (docs/sharing.md). */
  shared?: Comment[] | undefined;
  list: PagedList<Comment>;
  sort: CommentSort;
  onSortChange(sort: CommentSort): void;
  /** What others added meanwhile, to show (live-page.tsx). */
  fresh?: ReactNode;
}

/** The comments tab: composer, sort menu, threads, load more (25 a page). */
export function CommentsPanel({ sitePageId, shared, list, sort, onSortChange, fresh }: CommentsPanelProps) {
  const gate = useContributionGate();
  const officialDomain = useOfficialDomain(gate.user);
  const { state } = list;
  const update = useCallback(
    (c: Comment) => list.edit({ type: "update", id: c.id, change: () => c }),
    [list],
  );
  const sorting = state.loadingPage === 0 && state.items.length > 0;
  const closed = usePageClosed();

  return (
    <section aria-label="Comments" className="flex flex-col gap-5">
      {shared?.length ? (
        <Suspense fallback={null}>
          <SharedThread thread={shared} Item={CommentItem} />
        </Suspense>
      ) : null}
      {closed ? (
        <PageClosed />
      ) : (
        <CommentComposer
          label="Your comment"
          placeholder={gate.user ? "What do you think of this page?" : "Log in to comment on this page"}
          submitLabel="Comment"
          officialDomain={officialDomain}
          onSubmit={async ({ body, attachmentIds, official }) => {
            const comment = await discussionApi.createComment({
              sitePage_id: sitePageId,
              body,
              attachmentIds,
              official,
            });
            list.edit({ type: "prepend", item: comment });
          }}
        />
      )}

      {fresh}
      <div className="flex items-center justify-between gap-2 border-b pb-2">
        <h2 className="font-semibold text-sm" data-testid="comments-heading">
          {`${state.total.toLocaleString("en")} ${state.total === 1 ? "comment" : "comments"}`}
        </h2>
        <DeferredMenu
          load={loadDropdownMenu}
          trigger={
            <Button variant="ghost" size="sm" data-testid="comment-sort" aria-busy={sorting || undefined}>
              <ArrowDownUp aria-hidden="true" />
              <span className="sr-only">Sort comments: </span>
              {COMMENT_SORTS[sort].label}
            </Button>
          }
        >
          {(ui, trigger) => (
            <ui.DropdownMenu defaultOpen>
              <ui.DropdownMenuTrigger asChild>{trigger}</ui.DropdownMenuTrigger>
              <ui.DropdownMenuContent align="end">
                <ui.DropdownMenuLabel>Sort by</ui.DropdownMenuLabel>
                <ui.DropdownMenuRadioGroup
                  value={sort}
                  onValueChange={(value) => onSortChange(value as CommentSort)}
                >
                  {(Object.keys(COMMENT_SORTS) as CommentSort[]).map((key) => (
                    <ui.DropdownMenuRadioItem key={key} value={key} data-testid={`comment-sort-${key}`}>
                      {COMMENT_SORTS[key].label}
                    </ui.DropdownMenuRadioItem>
                  ))}
                </ui.DropdownMenuRadioGroup>
              </ui.DropdownMenuContent>
            </ui.DropdownMenu>
          )}
        </DeferredMenu>
      </div>

      <PagedListBody
        list={list}
        loadingLabel="Loading comments…"
        empty={
          <ListEmpty
            icon={MessageSquare}
            title="No comments yet — be the first"
            description="Say what you think of this page, ask a question or add what it leaves out."
            testId="comments-empty"
          />
        }
        noun="comments"
        testId="comment-list"
        loadMoreTestId="comments-load-more"
        className="flex flex-col gap-6"
        renderItem={(comment) => (
          <ReplyThread
            rootId={comment.id}
            replySize={comment.replySize}
            renderRoot={({ addReply, replies }) => (
              <CommentItem comment={comment} onChange={update} onReplyPosted={addReply} thread={replies} />
            )}
          />
        )}
      />
    </section>
  );
}
