import { and, asc, eq, gt, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import {
  attachments,
  contributions,
  notes,
  relatedPageLinks,
  reviews,
  sitePages,
  votes,
} from "../../db/schema/discussion.ts";

/** Rows per query: small enough that no single step holds the event loop or much memory. */
export const BATCH = 500;
// uuidv7 ids grow with time: "after this id" walks a person's rows oldest first off the index.
const START = "00000000-0000-0000-0000-000000000000";

const otherPage = alias(sitePages, "other_page");

export function contributionsAfter(db: Db, authorId: string, afterId = START) {
  return db
    .select({
      id: contributions.id,
      kind: contributions.kind,
      body: contributions.body,
      parentId: contributions.parentId,
      createdAt: contributions.createdAt,
      editedAt: contributions.editedAt,
      up: contributions.upCount,
      down: contributions.downCount,
      page: sitePages.displayUrl,
      review: { sentiment: reviews.sentiment, title: reviews.title, expertise: reviews.expertise },
      relatedPage: otherPage.displayUrl,
    })
    .from(contributions)
    .innerJoin(sitePages, eq(sitePages.id, contributions.sitePageId))
    .leftJoin(reviews, eq(reviews.contributionId, contributions.id))
    .leftJoin(relatedPageLinks, eq(relatedPageLinks.contributionId, contributions.id))
    .leftJoin(
      otherPage,
      sql`${otherPage.id} = case when ${relatedPageLinks.pageA} = ${contributions.sitePageId} then ${relatedPageLinks.pageB} else ${relatedPageLinks.pageA} end`,
    )
    .where(
      and(
        eq(contributions.authorId, authorId),
        eq(contributions.deleted, false),
        gt(contributions.id, afterId),
      ),
    )
    .orderBy(asc(contributions.id))
    .limit(BATCH);
}

export function notesAfter(db: Db, authorId: string, afterId = START) {
  return db
    .select({
      id: notes.id,
      title: notes.title,
      body: notes.body,
      visibility: notes.visibility,
      pinned: notes.pinned,
      createdAt: notes.createdAt,
      updatedAt: notes.updatedAt,
      page: sitePages.displayUrl,
    })
    .from(notes)
    .innerJoin(sitePages, eq(sitePages.id, notes.sitePageId))
    .where(and(eq(notes.authorId, authorId), gt(notes.id, afterId)))
    .orderBy(asc(notes.id))
    .limit(BATCH);
}

export function votesAfter(db: Db, profileId: string, afterId = START) {
  return db
    .select({
      targetKind: votes.targetKind,
      targetId: votes.targetId,
      value: votes.value,
      createdAt: votes.createdAt,
    })
    .from(votes)
    .where(and(eq(votes.profileId, profileId), gt(votes.targetId, afterId)))
    .orderBy(asc(votes.targetId))
    .limit(BATCH);
}

export function attachmentsAfter(db: Db, ownerId: string, afterId = START) {
  return db
    .select({
      id: attachments.id,
      type: attachments.type,
      contributionId: attachments.contributionId,
      storageKey: attachments.storageKey,
      contentType: attachments.contentType,
      createdAt: attachments.createdAt,
    })
    .from(attachments)
    .where(
      and(
        eq(attachments.ownerId, ownerId),
        eq(attachments.status, "READY"),
        isNotNull(attachments.storageKey),
        gt(attachments.id, afterId),
      ),
    )
    .orderBy(asc(attachments.id))
    .limit(BATCH);
}
