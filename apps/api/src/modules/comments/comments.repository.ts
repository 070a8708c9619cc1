import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { preparedSql } from "../../db/prepared.ts";
import { rowOf, rowsOf } from "../../db/raw-row.ts";
import { users } from "../../db/schema/accounts.ts";
import { contributions, sitePages, sites } from "../../db/schema/discussion.ts";
import {
  authorColumns,
  claimUuidSql,
  myVoteColumn,
  pageOf,
  policy,
  profileRefColumns,
  type RowQuery,
  withMyVote,
} from "../discussion/index.ts";

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
      replyToAuthor: profileRefColumns(replyToAuthor),
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

/** The insert of a comment, or of a reply (it also locks what it answers), prepared (decision 017). */
function insertStatement(reply: boolean) {
  const v = (name: string) => sql.placeholder(name);
  const thread = reply
    ? sql`select case when p.kind = 'REPLY' and p.parent_id is not null then p.parent_id else p.id end as root,
          case when p.kind = 'REPLY' and p.parent_id is not null then p.id end as answered
        from ${contributions} p
        where p.id = ${v("parentId")}::uuid and p.kind <> 'RELATED_PAGE'
          and p.site_page_id = ${v("pageId")}::uuid and not p.deleted
          and not ${policy.blockBetween(v("authorId"), sql`any(array[p.author_id, (select r.author_id from ${contributions} r where r.id = p.parent_id)])`)}
        for update`
    : sql`select null::uuid as root, null::uuid as answered`;
  return preparedSql(
    reply ? "insert_reply" : "insert_comment",
    sql`
    with page as (
      select ${sitePages.id} as id, ${claimUuidSql(v("authorId"))} as claim_uuid
      from ${sitePages} join ${sites} on ${sites.id} = ${sitePages.siteId}
      where ${sitePages.id} = ${v("pageId")}::uuid and ${sitePages.moderation} is null
    ), thread as (${thread}),
    ins as (
      insert into ${contributions} (id, kind, site_page_id, author_id, parent_id, in_reply_to_id, body, claim_uuid)
      select ${v("id")}::uuid, case when thread.root is null then 'COMMENT' else 'REPLY' end, page.id,
        ${v("authorId")}::uuid, thread.root, thread.answered, ${v("body")}::text,
        case when ${v("official")}::boolean then page.claim_uuid end
      from page, thread
      returning *
    ), counted as (
      update ${sitePages} set comment_count = comment_count + 1
      where id in (select site_page_id from ins where parent_id is null)
    ), replied as (
      update ${contributions} set reply_size = reply_size + 1 where id in (select parent_id from ins)
    )
    select ins.*, a.display_name as a_display_name, a.image_key as a_image_key, a.image_url as a_image_url,
      r.deleted as r_deleted, ra.id as ra_id, ra.display_name as ra_display_name,
      ra.image_key as ra_image_key, ra.image_url as ra_image_url
    from ins
    left join ${users} a on a.id = ins.author_id
    left join ${contributions} r on r.id = ins.in_reply_to_id
    left join ${users} ra on ra.id = r.author_id`,
  );
}
const insertCommentStatement = insertStatement(false);
const insertReplyStatement = insertStatement(true);

/**
 * Adds a comment or reply in one statement (docs/discussion.md#how-every-write-goes): only if
 * the page exists and, for a reply, the item answered (a comment, reply or review) is live and on that
 * page (locked, so it cannot be deleted meanwhile); the page's comment count or the thread's
 * reply count goes up with it. A reply to a reply joins its thread and remembers whom it
 * answers. Answers the new row as a list row, or undefined when nothing was added.
 */
export async function insertComment(
  db: Db,
  input: {
    id: string;
    pageId: string;
    authorId: string;
    parentId: string | null;
    body: string;
    /** False: a verified owner speaks as themselves, not for the site. */
    official: boolean;
  },
): Promise<CommentListRow | undefined> {
  const result = await (input.parentId ? insertReplyStatement : insertCommentStatement)(db).execute(input);
  const [raw] = rowsOf(result);
  if (!raw) return undefined;
  const c = rowOf(contributions, raw);
  const person = (prefix: string, id: unknown) =>
    typeof id === "string"
      ? {
          id,
          displayName: String(raw[`${prefix}display_name`]),
          imageKey: (raw[`${prefix}image_key`] as string | null) ?? null,
          imageUrl: (raw[`${prefix}image_url`] as string | null) ?? null,
        }
      : null;
  return {
    c,
    author: person("a_", c.authorId),
    replyTo: c.inReplyToId ? { id: c.inReplyToId, deleted: raw.r_deleted === true } : null,
    replyToAuthor: person("ra_", raw.ra_id),
    myVote: null,
  };
}
