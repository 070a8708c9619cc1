import {
  type Attachment,
  DISCUSSION_MESSAGES,
  MAX_IMAGES_PER_CONTRIBUTION,
} from "@flipside/contracts/discussion";
import { and, eq, inArray, isNull, notInArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { attachments, contributions } from "../../db/schema/discussion.ts";
import { validationFailed } from "../../lib/errors.ts";
import type { Storage } from "../../lib/storage.ts";

export type AttachmentRow = typeof attachments.$inferSelect;

export async function lockAttachments(db: Db, ids: string[]): Promise<AttachmentRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(attachments).where(inArray(attachments.id, ids)).for("update");
}

/** Points the given attachments at the contribution and lets go of the ones no longer listed. */
export async function setAttachments(db: Db, contributionId: string, ids: string[]): Promise<void> {
  await db
    .update(attachments)
    .set({ contributionId: null })
    .where(
      and(
        eq(attachments.contributionId, contributionId),
        ids.length > 0 ? notInArray(attachments.id, ids) : undefined,
      ),
    );
  if (ids.length > 0) {
    await db
      .update(attachments)
      .set({ contributionId })
      .where(and(inArray(attachments.id, ids), isNull(attachments.contributionId)));
  }
  await db
    .update(contributions)
    .set({ attachmentCount: ids.length })
    .where(eq(contributions.id, contributionId));
}

export async function readyAttachmentsOf(db: Db, contributionIds: string[]): Promise<AttachmentRow[]> {
  if (contributionIds.length === 0) return [];
  return db
    .select()
    .from(attachments)
    .where(and(inArray(attachments.contributionId, contributionIds), eq(attachments.status, "READY")))
    .orderBy(attachments.createdAt, attachments.id);
}

/** Only READY attachments are presented; they always have a stored file. */
export function presentAttachment(row: AttachmentRow, storage: Storage): Attachment {
  return {
    id: row.id,
    type: row.type,
    url: row.storageKey ? storage.url(row.storageKey) : "",
    thumbnailUrl: row.thumbKey ? storage.url(row.thumbKey) : null,
    contentType: row.contentType ?? "application/octet-stream",
    size: row.size ?? 0,
    width: row.width,
    height: row.height,
  };
}

export function groupAttachments(rows: AttachmentRow[], storage: Storage): Map<string, Attachment[]> {
  const byContribution = new Map<string, Attachment[]>();
  for (const row of rows) {
    if (!row.contributionId) continue;
    const list = byContribution.get(row.contributionId) ?? [];
    list.push(presentAttachment(row, storage));
    byContribution.set(row.contributionId, list);
  }
  return byContribution;
}

/**
 * Checks a list of attachment ids for a contribution and attaches them: each must be the
 * author's own READY upload, not attached elsewhere; up to 4 images, or a single video.
 */
export async function attach(
  tx: Db,
  authorId: string,
  contributionId: string,
  given: string[],
): Promise<void> {
  const ids = [...new Set(given)];
  const rows = await lockAttachments(tx, ids);
  const usable = rows.filter(
    (a) =>
      a.ownerId === authorId &&
      a.status === "READY" &&
      (a.contributionId === null || a.contributionId === contributionId),
  );
  const videos = usable.filter((a) => a.type === "VIDEO").length;
  const valid =
    usable.length === ids.length &&
    (videos === 0 ? ids.length <= MAX_IMAGES_PER_CONTRIBUTION : ids.length === 1);
  if (!valid) {
    throw validationFailed(
      [{ field: "attachmentIds", message: DISCUSSION_MESSAGES.attachmentsInvalid }],
      DISCUSSION_MESSAGES.attachmentsInvalid,
    );
  }
  await setAttachments(tx, contributionId, ids);
}

/** The READY attachments of each contribution, presented. */
export async function attachmentsOf(
  db: Db,
  contributionIds: string[],
  storage: Storage,
): Promise<Map<string, Attachment[]>> {
  return groupAttachments(await readyAttachmentsOf(db, contributionIds), storage);
}
