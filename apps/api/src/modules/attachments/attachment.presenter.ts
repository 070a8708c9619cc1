import type { Attachment } from "@flipside/contracts/discussion";
import type { Storage } from "../../lib/storage.ts";
import type { AttachmentRow } from "./attachments.repository.ts";

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
