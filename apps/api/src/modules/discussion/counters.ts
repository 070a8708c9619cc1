import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sitePages } from "../../db/schema/discussion.ts";

/**
 * The page counters kept beside the rows they count, changed in the same transaction as the
 * write (the page view and the hot list read them instead of counting). Never below zero.
 */
export type PageCounter = "commentCount" | "deletedCommentCount" | "reviewCount" | "relatedCount";

export async function bumpPageCounters(
  tx: Db,
  pageIds: string[],
  deltas: Partial<Record<PageCounter, number>>,
): Promise<void> {
  const set = Object.fromEntries(
    Object.entries(deltas).map(([field, delta]) => {
      const column = sitePages[field as PageCounter];
      return [field, sql`greatest(${column} + ${delta ?? 0}, 0)`];
    }),
  );
  await tx.update(sitePages).set(set).where(inArray(sitePages.id, pageIds));
}
