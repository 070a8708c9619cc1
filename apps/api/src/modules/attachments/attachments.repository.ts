import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { attachments } from "../../db/schema/discussion.ts";

export type AttachmentRow = typeof attachments.$inferSelect;

export async function insertAttachment(
  db: Db,
  values: Pick<typeof attachments.$inferInsert, "ownerId" | "type" | "uploadTokenHash" | "expiresAt">,
): Promise<AttachmentRow> {
  const [row] = await db.insert(attachments).values(values).returning();
  if (!row) throw new Error("attachment insert returned nothing");
  return row;
}

/**
 * Takes the one-time upload token: only one caller ever gets the row back, so an upload
 * address cannot be used twice, even by two requests at the same moment.
 */
export async function takeUploadToken(
  db: Db,
  id: string,
  tokenHash: string,
): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .update(attachments)
    .set({ uploadTokenHash: null })
    .where(
      and(
        eq(attachments.id, id),
        eq(attachments.uploadTokenHash, tokenHash),
        eq(attachments.status, "PENDING"),
        sql`${attachments.expiresAt} > now()`,
      ),
    )
    .returning();
  return row;
}

export async function markReady(
  db: Db,
  id: string,
  values: Pick<
    typeof attachments.$inferInsert,
    "storageKey" | "thumbKey" | "contentType" | "size" | "width" | "height"
  >,
): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .update(attachments)
    .set({ ...values, status: "READY" })
    .where(eq(attachments.id, id))
    .returning();
  return row;
}

export async function findAttachment(db: Db, id: string): Promise<AttachmentRow | undefined> {
  const [row] = await db.select().from(attachments).where(eq(attachments.id, id)).limit(1);
  return row;
}

/**
 * Deletes (and returns) up to `limit` attachments that belong to no contribution: uploaded more
 * than `graceMs` ago and never attached (or let go of by an edit), or reserved and never
 * uploaded within an hour after their address expired. Rows someone is attaching right now are
 * locked by that transaction and skipped.
 */
export async function deleteUnattached(db: Db, graceMs: number, limit = 200): Promise<AttachmentRow[]> {
  const candidates = db
    .select({ id: attachments.id })
    .from(attachments)
    .where(
      and(
        isNull(attachments.contributionId),
        or(
          lt(attachments.createdAt, sql`now() - ${`${graceMs} milliseconds`}::interval`),
          and(eq(attachments.status, "PENDING"), lt(attachments.expiresAt, sql`now() - interval '1 hour'`)),
        ),
      ),
    )
    .limit(limit)
    .for("update", { skipLocked: true });
  return db.delete(attachments).where(inArray(attachments.id, candidates)).returning();
}

/** The stored files of a user's attachments (to remove them with the account). */
export async function storageKeysOfOwner(db: Db, ownerId: string): Promise<string[]> {
  const rows = await db
    .select({ storageKey: attachments.storageKey, thumbKey: attachments.thumbKey })
    .from(attachments)
    .where(eq(attachments.ownerId, ownerId));
  return rows.flatMap((r) => [r.storageKey, r.thumbKey].filter((k): k is string => k !== null));
}
