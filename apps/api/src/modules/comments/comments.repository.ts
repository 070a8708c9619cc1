import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { contributions } from "../../db/schema/discussion.ts";
import { authorColumns, myVoteColumn, pageOf, type RowQuery, withMyVote } from "../discussion/index.ts";

const replyTo = alias(contributions, "reply_to");
const replyToAuthor = alias(users, "reply_to_author");

/**
 * One query for a page of comments: the rows, their authors, the author of the reply each one
 * answers, and the viewer's own votes (no N+1).
 */
export async function listComments(db: Db, opts: RowQuery) {
  const base = db
    .select({
      c: contributions,
      author: authorColumns,
      replyTo: { id: replyTo.id, deleted: replyTo.deleted },
      replyToAuthor: {
        id: replyToAuthor.id,
        displayName: replyToAuthor.displayName,
        imageKey: replyToAuthor.imageKey,
        imageUrl: replyToAuthor.imageUrl,
      },
      myVote: myVoteColumn(opts.viewerId),
    })
    .from(contributions)
    .leftJoin(users, eq(users.id, contributions.authorId))
    .leftJoin(replyTo, eq(replyTo.id, contributions.inReplyToId))
    .leftJoin(replyToAuthor, eq(replyToAuthor.id, replyTo.authorId))
    .$dynamic();
  return pageOf(withMyVote(base, opts.viewerId), opts);
}

export type CommentListRow = Awaited<ReturnType<typeof listComments>>[number];
