import type { Comment, Review } from "@flipside/contracts/discussion";
import { BLOCKED_REPLY_PLACEHOLDER, HIDDEN_PLACEHOLDER } from "@flipside/contracts/discussion-constants";
import { type ReactNode, useState } from "react";
import { Report } from "../../components/report/report.tsx";
import { Share } from "../../components/share/share.tsx";
import { UserContent } from "../../components/shell/user-content.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { DeferredMenu, loadDropdownMenu } from "../../components/ui/deferred.tsx";
import {
  BadgeCheck,
  Flag,
  MessageSquareReply,
  MoreHorizontal,
  Pencil,
  Share2,
  Trash2,
} from "../../components/ui/icons.tsx";
import { cn } from "../../lib/cn.ts";
import { AuthorByline } from "./author-byline.tsx";
import { CommentComposer } from "./comment-composer.tsx";
import { ConfirmDelete } from "./confirm-delete.tsx";
import { useContributionGate } from "./contribution-gate.ts";
import { ContributionMedia } from "./contribution-media.tsx";
import { discussionApi } from "./discussion-client.ts";
import { useOfficialDomain, usePageClosed } from "./discussion-state.tsx";
import { VoteArrows } from "./vote-arrows.tsx";

/** What a soft-deleted comment looks like (the API answers 204 and keeps a placeholder). */
export function deletedComment(comment: Comment): Comment {
  return { ...comment, deleted: true, body: "", bodyHtml: "", author: null, attachments: [] };
}

export function OfficialBadge() {
  return (
    <Badge
      variant="success"
      data-testid="official-badge"
      title="The verified owner of this site answers here"
    >
      <BadgeCheck aria-hidden="true" />
      Official response
    </Badge>
  );
}

/** "Reply" and its composer, for any contribution that takes replies. */
export function useReplyComposer(
  parentId: string,
  sitePageId: string,
  onReplyPosted: (reply: Comment) => void,
) {
  const gate = useContributionGate();
  const officialDomain = useOfficialDomain(gate.user);
  const [open, setOpen] = useState(false);
  const closed = usePageClosed();
  const trigger = closed ? null : (
    <Button
      variant="ghost"
      size="sm"
      data-testid="reply-button"
      aria-expanded={open}
      onClick={() => {
        if (gate.requireUser()) setOpen((o) => !o);
      }}
    >
      <MessageSquareReply aria-hidden="true" />
      Reply
    </Button>
  );
  const composer = open ? (
    <CommentComposer
      label="Your reply"
      placeholder="Write a reply…"
      submitLabel="Reply"
      autoFocus
      testId="reply-composer"
      className="mt-2"
      onCancel={() => setOpen(false)}
      officialDomain={officialDomain}
      onSubmit={async ({ body, attachmentIds, official }) => {
        const reply = await discussionApi.createComment({
          sitePage_id: sitePageId,
          parent_id: parentId,
          body,
          attachmentIds,
          official,
        });
        setOpen(false);
        onReplyPosted(reply);
      }}
    />
  ) : null;
  return { trigger, composer };
}

export interface CommentItemProps {
  comment: Comment;
  onChange(comment: Comment): void;
  /** A reply was posted to this comment (it joins the thread of the comment's root). */
  onReplyPosted(reply: Comment): void;
  /** The replies of a top-level comment. */
  thread?: ReactNode;
}

/** One comment or reply: byline, sanitized body, media, votes, reply, edit and delete. */
export function CommentItem({ comment, onChange, onReplyPosted, thread }: CommentItemProps) {
  const gate = useContributionGate();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [sharing, setSharing] = useState(false);
  const reply = useReplyComposer(comment.id, comment.sitePage_id, onReplyPosted);
  const mine = Boolean(gate.user && comment.author && gate.user.id === comment.author.id);
  const isReply = comment.contributionType === "REPLY";
  const label = isReply ? "reply" : "comment";

  if (comment.blocked) {
    return (
      <article
        data-testid="reply"
        data-comment-id={comment.id}
        data-blocked="true"
        aria-label={BLOCKED_REPLY_PLACEHOLDER}
        className="rounded-md border border-dashed px-3 py-1.5"
      >
        <p className="text-muted-foreground text-xs italic" data-testid="blocked-placeholder">
          {BLOCKED_REPLY_PLACEHOLDER}
        </p>
      </article>
    );
  }

  return (
    <article
      data-testid={isReply ? "reply" : "comment"}
      data-comment-id={comment.id}
      data-official={comment.claimUuid ? "true" : undefined}
      aria-label={
        comment.deleted ? `Deleted ${label}` : `${label} by ${comment.author?.displayName ?? "deleted user"}`
      }
      className={cn(
        "flex flex-col gap-2",
        comment.claimUuid && "rounded-lg border border-success/30 bg-success/5 p-3",
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <AuthorByline author={comment.author} createdDate={comment.createdDate} deleted={comment.deleted}>
          {comment.claimUuid ? <OfficialBadge /> : null}
          {comment.edited && !comment.deleted ? (
            <span className="text-muted-foreground text-xs" data-testid="edited-mark">
              (edited)
            </span>
          ) : null}
        </AuthorByline>
        {!comment.deleted && !editing ? (
          <DeferredMenu
            load={loadDropdownMenu}
            trigger={
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={mine ? `Actions for your ${label}` : `More actions for this ${label}`}
                data-testid={mine ? "comment-actions" : "comment-more"}
              >
                <MoreHorizontal aria-hidden="true" />
              </Button>
            }
          >
            {(ui, trigger) => (
              <ui.DropdownMenu defaultOpen>
                <ui.DropdownMenuTrigger asChild>{trigger}</ui.DropdownMenuTrigger>
                <ui.DropdownMenuContent align="end">
                  <ui.DropdownMenuItem onSelect={() => setSharing(true)} data-testid="comment-share">
                    <Share2 aria-hidden="true" />
                    Share
                  </ui.DropdownMenuItem>
                  {mine ? (
                    <>
                      <ui.DropdownMenuItem onSelect={() => setEditing(true)} data-testid="comment-edit">
                        <Pencil aria-hidden="true" />
                        Edit
                      </ui.DropdownMenuItem>
                      <ui.DropdownMenuItem
                        variant="destructive"
                        onSelect={() => setConfirming(true)}
                        data-testid="comment-delete"
                      >
                        <Trash2 aria-hidden="true" />
                        Delete
                      </ui.DropdownMenuItem>
                    </>
                  ) : (
                    <ui.DropdownMenuItem
                      onSelect={() => gate.requireUser() && setReporting(true)}
                      data-testid="comment-report"
                    >
                      <Flag aria-hidden="true" />
                      Report
                    </ui.DropdownMenuItem>
                  )}
                </ui.DropdownMenuContent>
              </ui.DropdownMenu>
            )}
          </DeferredMenu>
        ) : null}
      </div>

      {isReply && comment.inReplyTo?.author && !comment.deleted ? (
        <p className="text-muted-foreground text-xs">
          Replying to <span className="font-medium">@{comment.inReplyTo.author.displayName}</span>
        </p>
      ) : null}

      {comment.deleted ? (
        <p className="text-muted-foreground text-sm italic" data-testid="deleted-placeholder">
          {comment.hidden
            ? `This ${label} was ${HIDDEN_PLACEHOLDER}.`
            : `This ${label} was deleted by its author.`}
        </p>
      ) : editing ? (
        <CommentComposer
          label={`Edit your ${label}`}
          submitLabel="Save"
          initialBody={comment.body}
          initialAttachments={comment.attachments}
          autoFocus
          testId="edit-composer"
          onCancel={() => setEditing(false)}
          onSubmit={async ({ body, attachmentIds }) => {
            const updated = await discussionApi.updateComment(comment.id, { body, attachmentIds });
            setEditing(false);
            onChange(updated);
          }}
        />
      ) : (
        <>
          <UserContent html={comment.bodyHtml} testId="comment-body" />
          <ContributionMedia attachments={comment.attachments} />
        </>
      )}

      {!comment.deleted ? (
        <div className="-ml-2 flex flex-wrap items-center gap-1">
          <VoteArrows
            targetId={comment.id}
            label={`this ${label}`}
            authorId={comment.author?.id}
            initial={{ up: comment.up, down: comment.down, score: comment.score, myVote: comment.myVote }}
          />
          {reply.trigger}
        </div>
      ) : null}
      {reply.composer}
      {thread}

      <Share
        open={sharing}
        onOpenChange={setSharing}
        target={{ kind: "COMMENT", id: comment.id, title: `A ${label} on Flipside` }}
      />
      <Report
        open={reporting}
        onOpenChange={setReporting}
        target={{ kind: "CONTRIBUTION", id: comment.id, what: label }}
      />
      <ConfirmDelete
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete your ${label}?`}
        description="Its text goes away for good. A placeholder keeps its place so the replies still make sense."
        failure={`The ${label} was not deleted. Try again.`}
        onConfirm={async () => {
          await discussionApi.deleteComment(comment.id);
          onChange(deletedComment(comment));
        }}
      />
    </article>
  );
}

/** A review as a thread root (reviews take replies too). */
export type ThreadRoot = Pick<Comment | Review, "id" | "replySize" | "sitePage_id">;
