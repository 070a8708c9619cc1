import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { type Jobs, repeatEvery } from "../../lib/jobs.ts";
import type { Storage } from "../../lib/storage.ts";
import { deleteUnattached } from "./attachments.repository.ts";

/** Files uploaded but never attached to a contribution are kept this long, then removed. */
export const UNATTACHED_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the attachments nobody attached (docs/discussion.md#attachments uploads that were abandoned in the
 * composer, or edited out of a comment) and their files. Returns how many went. Safe to run on
 * several instances at once: each row is deleted by exactly one of them.
 */
export async function sweepUnattached(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  graceMs = UNATTACHED_GRACE_MS,
): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await deleteUnattached(db, graceMs);
    for (const row of rows) {
      for (const key of [row.storageKey, row.thumbKey]) {
        if (!key) continue;
        // The row is gone either way; a file that could not be deleted is only disk space.
        await storage
          .delete(key)
          .catch((error) => log.warn({ err: error, key }, "could not delete an unattached file"));
      }
    }
    removed += rows.length;
    if (rows.length === 0) return removed;
  }
}

export const SWEEP_QUEUE = "attachments-sweep";

/** Sweeps every `intervalMs`, once across all instances (`repeatEvery`). */
export async function scheduleSweeps(opts: {
  jobs: Jobs;
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
  intervalMs: number;
}): Promise<void> {
  await repeatEvery(
    opts.jobs,
    SWEEP_QUEUE,
    { intervalMs: opts.intervalMs, expireInSeconds: 15 * 60 },
    async () => {
      const removed = await sweepUnattached(opts.db, opts.storage, opts.log);
      if (removed > 0) opts.log.info({ removed }, "unattached uploads removed");
    },
  );
}
