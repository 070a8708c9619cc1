import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contributions, type ModerationState, notes, relatedPageLinks } from "../../db/schema/discussion.ts";
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
  let pages = [row.sitePageId];
  if (hiding || restoring) {
    const sign = hiding ? 1 : -1;
    const deltas: Partial<Record<PageCounter, number>> = {};
    if (row.kind === "COMMENT") Object.assign(deltas, { commentCount: -sign, deletedCommentCount: sign });
    if (row.kind === "REVIEW") deltas.reviewCount = -sign;
    if (row.kind === "RELATED_PAGE") {
      const [link] = await tx.select().from(relatedPageLinks).where(eq(relatedPageLinks.contributionId, id));
      if (link) pages = [link.pageA, link.pageB];
      deltas.relatedCount = -sign;
    }
    if (Object.keys(deltas).length) await bumpPageCounters(tx, pages, deltas);
  }
  return { pages, changed: true };
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
 * A suspended author's contributions and public notes, hidden with the account (AUTHOR_SUSPENDED),
 * or brought back when the suspension is lifted. Only what is live (or hidden for that reason)
 * moves: what moderators hid one by one stays hidden.
 */
export async function setAuthorModeration(tx: Db, authorId: string, suspended: boolean): Promise<string[]> {
  const ids = await tx
    .select({ id: contributions.id })
    .from(contributions)
    .where(
      and(
        eq(contributions.authorId, authorId),
        suspended
          ? and(eq(contributions.deleted, false), isNull(contributions.moderation))
          : eq(contributions.moderation, "AUTHOR_SUSPENDED"),
      ),
    );
  const pages = new Set<string>();
  for (const { id } of ids) {
    for (const page of (await setContributionModeration(tx, id, suspended ? "AUTHOR_SUSPENDED" : null))
      .pages) {
      pages.add(page);
    }
  }
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
