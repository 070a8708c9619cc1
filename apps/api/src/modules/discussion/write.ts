import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { Limiter } from "../../lib/rate-limit.ts";
import type { Viewer } from "../../plugins/auth.ts";
import type { PageCache } from "./page-cache.ts";
import type { PageWithSite } from "./pages.repository.ts";
import type { Pages } from "./pages.ts";
import { requireAuthor } from "./policy.ts";
import { consumeContribution } from "./rate-limits.ts";

/** What a write did: its result, and the pages whose cached views it changed. */
export interface Written<T> {
  result: T;
  pages: string[];
}

/**
 * Thrown by a write that lost a race to insert the same unique row (one review per person and
 * page): the transaction is rolled back and the write runs once more, now finding the row.
 */
export class ConcurrentInsert extends Error {}

/**
 * The one way discussion items are written (docs/discussion.md), so that no kind can skip a
 * step or do them in another order:
 * - `add`: the author's rate limit → the page exists and is open (not hidden) → one transaction (rows and counters
 *   together) → the page cache forgets the pages written to;
 * - `addInOne`: the same for an add that is one statement (the page check, rows and counters
 *   together), the hot write: no connection waits between round trips and the page's counter
 *   row is locked only while the statement runs;
 * - `change`: one transaction that locks the item and lets only its author through → the
 *   write → the page cache forgets.
 */
export function createWriter(deps: {
  db: Db;
  limiter: Limiter;
  config: Config;
  cache: PageCache;
  pages: Pages;
}) {
  const { db, cache } = deps;

  /** The page cache forgets the pages written to; the write's result. */
  function forget<T>(written: Written<T>): T {
    for (const pageId of new Set(written.pages)) cache.invalidate(pageId);
    return written.result;
  }

  async function transact<T>(run: (tx: Db) => Promise<Written<T>>): Promise<T> {
    try {
      return forget(await db.transaction(run));
    } catch (error) {
      if (!(error instanceof ConcurrentInsert)) throw error;
      return forget(await db.transaction(run));
    }
  }

  return {
    async add<T, P = undefined>(
      viewer: Viewer,
      pageId: string,
      steps: {
        /** Work outside the transaction, after the checks (finding or creating another page). */
        prepare?: (page: PageWithSite) => Promise<P>;
        write: (tx: Db, page: PageWithSite, prepared: P) => Promise<Written<T>>;
      },
    ): Promise<T> {
      await consumeContribution(deps.limiter, deps.config, viewer);
      const page = await deps.pages.requireOpen(pageId);
      const prepared = (steps.prepare ? await steps.prepare(page) : undefined) as P;
      return transact((tx) => steps.write(tx, page, prepared));
    },

    /**
     * `transaction` when the write needs more than its one statement (attaching files): the
     * statement and the rest then commit together.
     */
    async addInOne<T>(
      viewer: Viewer,
      write: (db: Db) => Promise<Written<T>>,
      opts: { transaction: boolean },
    ): Promise<T> {
      await consumeContribution(deps.limiter, deps.config, viewer);
      return forget(opts.transaction ? await db.transaction(write) : await write(db));
    },

    async change<R extends { authorId: string | null; deleted?: boolean }, T>(
      viewer: Viewer,
      steps: {
        lock: (tx: Db) => Promise<R | undefined>;
        notFound: string;
        readable?: (row: R) => boolean;
        write: (tx: Db, row: R) => Promise<Written<T>>;
      },
    ): Promise<T> {
      return transact(async (tx) => {
        const row = requireAuthor(await steps.lock(tx), viewer, {
          notFound: steps.notFound,
          ...(steps.readable ? { readable: steps.readable } : {}),
        });
        return steps.write(tx, row);
      });
    },
  };
}

export type Writer = ReturnType<typeof createWriter>;
