import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  contributions,
  type ModerationState,
  notes,
  relatedPageLinks,
  sitePages,
} from "../../db/schema/discussion.ts";
import type { ContributionRow } from "./contributions.repository.ts";
import { bumpPageCounters, type PageCounter } from "./counters.ts";

/**
 * Hiding and restoring what moderators act on (docs/moderation.md). A hidden contribution is a
 * placeholder exactly as a deleted one is — `deleted` true, so every list, filter and counter
 * already treats it so — but keeps its text for a restore, and says "hidden by moderators".
 * Counters move as a delete moves them, and back on a restore. Returns the pages whose views
 * changed (for the page cache).
 */
export async function setContributionModeration(
  tx: Db,
  id: string,
  state: ModerationState | null,
): Promise<{ pages: string[]; changed: boolean }> {
  const [row] = await tx.select().from(contributions).where(eq(contributions.id, id)).for("update");
  if (!row) return { pages: [], changed: false };
  // An item its author deleted has nothing to hide or restore; one already in this state neither.
  if (row.moderation === state || (row.deleted && row.moderation === null)) {
    return { pages: [row.sitePageId], changed: false };
  }
  const hiding = row.moderation === null;
  const restoring = state === null;
  await tx
    .update(contributions)
    .set({ moderation: state, deleted: state !== null })
    .where(eq(contributions.id, id));
  // From one hidden state to another (pending review → hidden) the counters stay as they are.
  if (!hiding && !restoring) return { pages: [row.sitePageId], changed: true };
  return { pages: await moveCounters(tx, [row], hiding ? 1 : -1), changed: true };
}

/**
 * Moves the page counters of contributions that became placeholders (`sign` 1) or came back
 * (-1), as a delete moves them: a comment between the live and the deleted count, a review and a
 * related page (on both its pages) out of their count. Answers the pages touched.
 */
async function moveCounters(
  tx: Db,
  rows: readonly { id: string; kind: ContributionRow["kind"]; sitePageId: string }[],
  sign: 1 | -1,
): Promise<string[]> {
  const deltas = new Map<string, Partial<Record<PageCounter, number>>>();
  const add = (pageId: string, counter: PageCounter, delta: number) => {
    const page = deltas.get(pageId) ?? {};
    page[counter] = (page[counter] ?? 0) + delta;
    deltas.set(pageId, page);
  };
  const linked = rows.filter((row) => row.kind === "RELATED_PAGE").map((row) => row.id);
  const links = linked.length
    ? await tx.select().from(relatedPageLinks).where(inArray(relatedPageLinks.contributionId, linked))
    : [];
  for (const row of rows) {
    if (row.kind === "COMMENT") {
      add(row.sitePageId, "commentCount", -sign);
      add(row.sitePageId, "deletedCommentCount", sign);
    } else if (row.kind === "REVIEW") {
      add(row.sitePageId, "reviewCount", -sign);
    } else if (row.kind === "RELATED_PAGE") {
      const link = links.find((l) => l.contributionId === row.id);
      for (const pageId of link ? [link.pageA, link.pageB] : [row.sitePageId])
        add(pageId, "relatedCount", -sign);
    } else {
      // A reply stays in its thread's count as a placeholder, as when deleted.
      deltas.set(row.sitePageId, deltas.get(row.sitePageId) ?? {});
    }
  }
  for (const [pageId, delta] of deltas) {
    if (Object.keys(delta).length) await bumpPageCounters(tx, [pageId], delta);
  }
  return [...deltas.keys()];
}

/** A note's moderation: a hidden PUBLIC note is read by its author alone. */
export async function setNoteModeration(
  tx: Db,
  id: string,
  state: ModerationState | null,
): Promise<{ pages: string[]; changed: boolean }> {
  const [row] = await tx
    .update(notes)
    .set({ moderation: state })
    .where(and(eq(notes.id, id), sql`${notes.moderation} is distinct from ${state}`))
    .returning({ sitePageId: notes.sitePageId });
  return row ? { pages: [row.sitePageId], changed: true } : { pages: [], changed: false };
}

/**
 * A page's moderation (decision 027): hidden, it shows nothing read from the page itself, no list
 * offers it and it takes nothing new; its contributions are untouched (each is moderated on its
 * own). The pages changed are it and those whose related pages name it.
 */
export async function setPageModeration(
  tx: Db,
  id: string,
  state: ModerationState | null,
): Promise<{ pages: string[]; changed: boolean }> {
  const [row] = await tx
    .update(sitePages)
    .set({ moderation: state })
    .where(and(eq(sitePages.id, id), sql`${sitePages.moderation} is distinct from ${state}`))
    .returning({ id: sitePages.id });
  if (!row) return { pages: [], changed: false };
  const links = await tx
    .select({ a: relatedPageLinks.pageA, b: relatedPageLinks.pageB })
    .from(relatedPageLinks)
    .where(or(eq(relatedPageLinks.pageA, id), eq(relatedPageLinks.pageB, id)));
  return { pages: [...new Set([id, ...links.flatMap((l) => [l.a, l.b])])], changed: true };
}

/**
 * A suspended author's contributions and public notes, hidden with the account (AUTHOR_SUSPENDED),
 * or brought back when the suspension is lifted. Only what is live (or hidden for that reason)
 * moves: what moderators hid one by one stays hidden.
 */
export async function setAuthorModeration(tx: Db, authorId: string, suspended: boolean): Promise<string[]> {
  // One statement for all of them, however much the person wrote; the counters move per page.
  const moved = await tx
    .update(contributions)
    .set({ moderation: suspended ? "AUTHOR_SUSPENDED" : null, deleted: suspended })
    .where(
      and(
        eq(contributions.authorId, authorId),
        suspended
          ? and(eq(contributions.deleted, false), isNull(contributions.moderation))
          : eq(contributions.moderation, "AUTHOR_SUSPENDED"),
      ),
    )
    .returning({ id: contributions.id, kind: contributions.kind, sitePageId: contributions.sitePageId });
  const pages = new Set(await moveCounters(tx, moved, suspended ? 1 : -1));
  const notesMoved = await tx
    .update(notes)
    .set({ moderation: suspended ? "AUTHOR_SUSPENDED" : null })
    .where(
      and(
        eq(notes.authorId, authorId),
        suspended
          ? and(eq(notes.visibility, "PUBLIC"), isNull(notes.moderation))
          : eq(notes.moderation, "AUTHOR_SUSPENDED"),
      ),
    )
    .returning({ sitePageId: notes.sitePageId });
  for (const note of notesMoved) pages.add(note.sitePageId);
  return [...pages];
}
