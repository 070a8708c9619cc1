import type { ProfileRef } from "@flipside/contracts/discussion";
import { MENTION_SUGGESTIONS } from "@flipside/contracts/mentions";
import { and, eq, max, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { contributions } from "../../db/schema/discussion.ts";
import { follows } from "../../db/schema/follows.ts";
import type { Limiter } from "../../lib/rate-limit.ts";
import { escapeLike } from "../../lib/search-filter.ts";
import type { Storage } from "../../lib/storage.ts";
import { withWordSimilarity } from "../../lib/word-similarity.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { policy, presentProfileRef } from "../discussion/index.ts";

/** How close a typed word must be to a word of a name to count as a typo of it ("Margeurite"). */
const SIMILARITY = 0.45;

/**
 * The people the mention picker offers (docs/notifications.md#mentions): with nothing typed yet,
 * the people who took part in this page's discussion (the latest first), then the people the writer
 * follows; with a name part, everyone whose name has a word starting with it — those close to the
 * writer first — then names that merely contain it or are a near spelling of it (pg_trgm, so
 * "Ann Lea" finds "Ann Lee"). Only activated accounts that are not suspended, never the writer,
 * never anyone across a block with them.
 */
export function createMentionSuggestions(deps: {
  db: Db;
  storage: Storage;
  limiter: Limiter;
  perMinute: number;
}) {
  const { db, storage, limiter, perMinute } = deps;
  return async function suggest(
    viewer: Viewer,
    q: { q: string; pageId?: string | undefined },
  ): Promise<ProfileRef[]> {
    await limiter.consume("mention-suggestions", viewer.id, { points: perMinute, durationSec: 60 });
    const typed = q.q.trim().toLowerCase();
    // Inside the transaction's statement, so built on `db` but run by `tx`: a subquery is only SQL.
    const tookPart = db
      .select({ authorId: contributions.authorId, at: max(contributions.createdAt).as("took_part_at") })
      .from(contributions)
      .where(
        q.pageId ? and(eq(contributions.sitePageId, q.pageId), eq(contributions.deleted, false)) : sql`false`,
      )
      .groupBy(contributions.authorId)
      .as("took_part");
    const name = sql`lower(${users.displayName})`;
    // 0: close to the writer (took part here, or followed), 1: anyone else.
    const distance = sql`case when ${tookPart.at} is not null or ${follows.personId} is not null then 0 else 1 end`;
    let matches: SQL;
    let order: SQL[];
    if (typed === "") {
      matches = sql`(${tookPart.at} is not null or ${follows.personId} is not null)`;
      order = [sql`${tookPart.at} desc nulls last`, sql`${follows.createdAt} desc`];
    } else {
      const word = escapeLike(typed);
      const strength = sql`case when ${name} like ${`${word}%`} or ${name} like ${`% ${word}%`} then 0
        when ${name} like ${`%${word}%`} then 1 else 2 end`;
      matches = sql`(${name} like ${`%${word}%`} or ${typed} <% ${name})`;
      order = [sql`${strength} > 0`, distance, strength, sql`word_similarity(${typed}, ${name}) desc`];
    }
    const rows = await withWordSimilarity(db, SIMILARITY, (tx) =>
      tx
        .select({
          id: users.id,
          displayName: users.displayName,
          imageKey: users.imageKey,
          imageUrl: users.imageUrl,
        })
        .from(users)
        .leftJoin(tookPart, eq(tookPart.authorId, users.id))
        .leftJoin(follows, and(eq(follows.followerId, viewer.id), eq(follows.personId, users.id)))
        .where(
          and(
            matches,
            eq(users.activated, true),
            sql`(${users.suspendedUntil} is null or ${users.suspendedUntil} <= now())`,
            sql`${users.id} <> ${viewer.id}`,
            viewer.hasBlocks ? sql`${users.id} <> all(${policy.blockedEitherWay(viewer.id)})` : undefined,
          ),
        )
        .orderBy(...order, users.displayName, users.id)
        .limit(MENTION_SUGGESTIONS),
    );
    return rows.flatMap((row) => presentProfileRef(row, storage) ?? []);
  };
}
