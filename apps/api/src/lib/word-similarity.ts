import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/**
 * Runs trigram word searches (the `<%` operator) with a lower threshold than PostgreSQL's default
 * (0.6), in their own transaction, so one-letter typos of short words still match.
 */
export async function withWordSimilarity<T>(
  db: Db,
  threshold: number,
  run: (tx: Db) => Promise<T>,
): Promise<T> {
  if (!(threshold > 0 && threshold < 1))
    throw new Error(`word similarity threshold out of range: ${threshold}`);
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local pg_trgm.word_similarity_threshold = ${threshold}`));
    return run(tx);
  });
}
