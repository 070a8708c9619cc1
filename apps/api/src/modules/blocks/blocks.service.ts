import { BLOCK_MESSAGES, type ProfileBlock } from "@flipside/contracts/blocks";
import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { profileBlocks } from "../../db/schema/blocks.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { pageOffset } from "../../lib/pagination.ts";
import type { Storage } from "../../lib/storage.ts";
import type { Viewer, ViewerCache } from "../../plugins/auth.ts";
import { authorColumns, presentProfileRef } from "../discussion/index.ts";

/**
 * Blocks (docs/blocks.md): this module keeps the rows; what a block hides and refuses is the
 * discussion policy's (`policy.visibleContributions`, `policy.blockStandsBetween`).
 */
export function createBlocksService(deps: { db: Db; storage: Storage; viewers: ViewerCache }) {
  const { db, storage, viewers } = deps;

  /** Both people's lists change at once: neither keeps a cached "no blocks" flag. */
  function changed(a: string, b: string) {
    viewers.forgetUser(a);
    viewers.forgetUser(b);
  }

  async function present(viewer: Viewer, blockedId: string): Promise<ProfileBlock | undefined> {
    const [row] = await db
      .select({ createdAt: profileBlocks.createdAt, person: authorColumns })
      .from(profileBlocks)
      .innerJoin(users, eq(users.id, profileBlocks.blockedId))
      .where(and(eq(profileBlocks.blockerId, viewer.id), eq(profileBlocks.blockedId, blockedId)));
    if (!row) return undefined;
    const blocked = presentProfileRef(row.person, storage);
    return blocked ? { blocked, createdDate: row.createdAt.toISOString() } : undefined;
  }

  return {
    /** Blocks a person; blocking them again answers the same block (`created: false`). */
    async block(viewer: Viewer, blockedId: string): Promise<{ block: ProfileBlock; created: boolean }> {
      if (blockedId === viewer.id)
        throw badRequest(BLOCK_MESSAGES.self, [{ field: "blockedId", message: BLOCK_MESSAGES.self }]);
      const [person] = await db.select({ id: users.id }).from(users).where(eq(users.id, blockedId));
      if (!person) throw notFound(BLOCK_MESSAGES.unknownPerson);
      const inserted = await db
        .insert(profileBlocks)
        .values({ blockerId: viewer.id, blockedId })
        .onConflictDoNothing()
        .returning({ blockedId: profileBlocks.blockedId });
      changed(viewer.id, blockedId);
      const block = await present(viewer, blockedId);
      // The account was erased between the two statements; its block went with it.
      if (!block) throw notFound(BLOCK_MESSAGES.unknownPerson);
      return { block, created: inserted.length > 0 };
    },

    /** Ends a block; ending one that is not there is not an error (the outcome is the same). */
    async unblock(viewer: Viewer, blockedId: string): Promise<void> {
      await db
        .delete(profileBlocks)
        .where(and(eq(profileBlocks.blockerId, viewer.id), eq(profileBlocks.blockedId, blockedId)));
      changed(viewer.id, blockedId);
    },

    /** The people this viewer blocked, newest first. Never who blocked them. */
    async list(viewer: Viewer, query: { page: number; size: number; blockedId?: string | undefined }) {
      const mine = and(
        eq(profileBlocks.blockerId, viewer.id),
        query.blockedId ? eq(profileBlocks.blockedId, query.blockedId) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ createdAt: profileBlocks.createdAt, person: authorColumns })
          .from(profileBlocks)
          .innerJoin(users, eq(users.id, profileBlocks.blockedId))
          .where(mine)
          .orderBy(desc(profileBlocks.createdAt), profileBlocks.blockedId)
          .limit(query.size)
          .offset(pageOffset(query)),
        db.select({ n: count() }).from(profileBlocks).where(mine),
      ]);
      const items = rows.flatMap((row) => {
        const blocked = presentProfileRef(row.person, storage);
        return blocked ? [{ blocked, createdDate: row.createdAt.toISOString() }] : [];
      });
      return { items, total: total?.n ?? 0 };
    },
  };
}
