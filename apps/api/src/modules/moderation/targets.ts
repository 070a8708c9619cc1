import { createHash } from "node:crypto";
import type { ReportTargetKind } from "@flipside/contracts/moderation-constants";
import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import {
  contributions,
  type ModerationState,
  notes,
  relatedPageLinks,
  reviews,
  sitePages,
} from "../../db/schema/discussion.ts";

/** What a report or a moderator's action is about, as it is now (docs/moderation.md). */
export interface Target {
  kind: ReportTargetKind;
  id: string;
  label: string;
  text: string;
  /** Its author deleted it (or it is gone): nothing left to report or hide. */
  gone: boolean;
  moderation: ModerationState | null;
  /** Who it belongs to: its author, the account itself; null for a page or an erased author. */
  subjectId: string | null;
  page: { id: string; title: string; url: string } | null;
  inReplyTo: string | null;
  /** PUBLIC for a note anyone may read; others are not reportable. */
  publicNote: boolean;
  /** Changes whenever what a moderator reads of it changes. */
  version: string;
}

const short = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function versionOf(parts: readonly unknown[]): string {
  return createHash("sha256").update(JSON.stringify(parts)).digest("base64url").slice(0, 22);
}

/** `url` is the normalized address a page view is opened by (`/?url=`). */
const pageRef = (page: { id: string; title: string | null; displayUrl: string; normalizedUrl: string }) => ({
  id: page.id,
  title: page.title?.trim() || page.displayUrl,
  url: page.normalizedUrl,
});

const parent = alias(contributions, "parent");

/**
 * A target by kind and id; for a contribution report the kind is found from the id (a comment,
 * reply, review, related page — or a note). Undefined when there is no such thing.
 */
export async function loadTarget(
  db: Db,
  kind: ReportTargetKind | "CONTRIBUTION",
  id: string,
): Promise<Target | undefined> {
  if (kind === "ACCOUNT") {
    const [user] = await db.select().from(users).where(eq(users.id, id));
    if (!user) return undefined;
    const suspended = user.suspendedUntil?.toISOString() ?? null;
    return {
      kind,
      id,
      label: user.displayName,
      text: user.bio,
      gone: !user.activated,
      moderation: null,
      subjectId: user.id,
      page: null,
      inReplyTo: null,
      publicNote: false,
      version: versionOf([user.displayName, user.bio, suspended]),
    };
  }
  if (kind === "SITE_PAGE") {
    const [page] = await db.select().from(sitePages).where(eq(sitePages.id, id));
    if (!page) return undefined;
    return {
      kind,
      id,
      label: page.title?.trim() || page.displayUrl,
      text: page.description ?? "",
      gone: false,
      moderation: page.moderation,
      subjectId: null,
      page: pageRef(page),
      inReplyTo: null,
      publicNote: false,
      version: versionOf([page.title, page.description, page.moderation]),
    };
  }
  if (kind === "NOTE" || kind === "CONTRIBUTION") {
    const [note] = await db
      .select({ note: notes, page: sitePages })
      .from(notes)
      .innerJoin(sitePages, eq(sitePages.id, notes.sitePageId))
      .where(eq(notes.id, id));
    if (note) {
      return {
        kind: "NOTE",
        id,
        label: note.note.title,
        text: note.note.body,
        gone: false,
        moderation: note.note.moderation,
        subjectId: note.note.authorId,
        page: pageRef(note.page),
        inReplyTo: null,
        publicNote: note.note.visibility === "PUBLIC",
        version: versionOf([note.note.title, note.note.body, note.note.visibility, note.note.moderation]),
      };
    }
    if (kind === "NOTE") return undefined;
  }
  const [row] = await db
    .select({
      c: contributions,
      page: sitePages,
      reviewTitle: reviews.title,
      parentBody: parent.body,
      parentDeleted: parent.deleted,
      linkA: relatedPageLinks.pageA,
      linkB: relatedPageLinks.pageB,
    })
    .from(contributions)
    .innerJoin(sitePages, eq(sitePages.id, contributions.sitePageId))
    .leftJoin(reviews, eq(reviews.contributionId, contributions.id))
    // The reply answered, or for a reply to a comment the thread's root (docs/discussion.md).
    .leftJoin(parent, eq(parent.id, sql`coalesce(${contributions.inReplyToId}, ${contributions.parentId})`))
    .leftJoin(relatedPageLinks, eq(relatedPageLinks.contributionId, contributions.id))
    .where(eq(contributions.id, id));
  if (!row) return undefined;
  const { c } = row;
  const targetKind: ReportTargetKind =
    c.kind === "REVIEW" ? "REVIEW" : c.kind === "RELATED_PAGE" ? "RELATED_PAGE" : "COMMENT";
  if (kind !== "CONTRIBUTION" && kind !== targetKind) return undefined;
  let label = short(c.body.replace(/\s+/g, " ").trim(), 80);
  if (targetKind === "REVIEW" && row.reviewTitle) label = row.reviewTitle;
  if (targetKind === "RELATED_PAGE") {
    const otherId = row.linkA === c.sitePageId ? row.linkB : row.linkA;
    const [other] = otherId ? await db.select().from(sitePages).where(eq(sitePages.id, otherId)) : [];
    label = other ? `Link to ${pageRef(other).title}` : "A related page";
  }
  return {
    kind: targetKind,
    id,
    label,
    text: c.body,
    gone: c.deleted && c.moderation === null,
    moderation: c.moderation,
    subjectId: c.authorId,
    page: pageRef(row.page),
    inReplyTo: row.parentBody && !row.parentDeleted ? short(row.parentBody, 300) : null,
    publicNote: false,
    version: versionOf([c.body, row.reviewTitle, c.editedAt?.toISOString() ?? null, c.moderation]),
  };
}
