import type { AuditEntry } from "@flipside/contracts/admin";
import { count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { auditLog } from "../../db/schema/admin.ts";

/** Who did something: a signed-in moderator or admin, or null for the configuration / command line. */
export type AuditActor = { id: string; displayName: string } | null;

export const CONFIGURATION_ACTOR = "Configuration (ADMIN_EMAILS)";

export interface AuditRecord {
  actor: AuditActor;
  action: string;
  targetKind: string;
  targetId: string;
  targetLabel?: string;
  reason?: string;
  details?: Record<string, unknown>;
}

/** Appends to the audit log; give the transaction that made the change, so both land or neither. */
export async function recordAudit(
  db: Db,
  entry: AuditRecord,
  actorName = CONFIGURATION_ACTOR,
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorName: entry.actor?.displayName ?? actorName,
    action: entry.action,
    targetKind: entry.targetKind,
    targetId: entry.targetId,
    targetLabel: entry.targetLabel ?? "",
    reason: entry.reason ?? "",
    details: entry.details ?? {},
  });
}

/** Newest first; with a target, only what was done to it. */
export async function readAuditLog(
  db: Db,
  q: { targetId?: string | undefined; page: number; size: number },
): Promise<{ items: AuditEntry[]; total: number }> {
  const where = q.targetId ? eq(auditLog.targetId, q.targetId) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      actor: { id: row.actorId, displayName: row.actorName },
      action: row.action,
      targetKind: row.targetKind,
      targetId: row.targetId,
      targetLabel: row.targetLabel,
      reason: row.reason,
      details: row.details,
      createdDate: row.createdAt.toISOString(),
    })),
    total: counted?.total ?? 0,
  };
}
