import type { Attachment, Comment } from "@flipside/contracts/discussion";
import type { Storage } from "../../lib/storage.ts";
import { presentContributionBase, presentProfileRef } from "../discussion/index.ts";
import type { CommentListRow } from "./comments.repository.ts";

export function presentComment(row: CommentListRow, attachments: Attachment[], storage: Storage): Comment {
  const { c } = row;
  return {
    ...presentContributionBase(c, row.author, row.myVote, storage),
    contributionType: c.kind === "REPLY" ? "REPLY" : "COMMENT",
    parent_id: c.parentId,
    inReplyTo: row.replyTo
      ? {
          id: row.replyTo.id,
          author: row.replyTo.deleted ? null : presentProfileRef(row.replyToAuthor, storage),
        }
      : null,
    replySize: c.replySize,
    blocked: false,
    attachments: c.deleted ? [] : attachments,
  };
}
