import type { MailChoice, NotificationKind } from "@flipside/contracts/notification-constants";
import { NOTIFICATION_KIND_INFO } from "@flipside/contracts/notification-constants";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { notificationActors, notificationPreferences, notifications } from "../../db/schema/notifications.ts";
import { policy } from "../discussion/index.ts";

/** One notification to give (or to add to the unread one of its group). */
export interface Notice {
  recipientId: string;
  kind: NotificationKind;
  /** Notices of one key group while unread ("votes:<comment>", "activity:<page>"). */
  groupKey: string;
  actorId: string | null;
  pageId?: string | null;
  contributionId?: string | null;
  data?: Record<string, unknown>;
}

const MAIL_STATE = { NOW: "PENDING", DIGEST: "DIGEST", NEVER: "NONE" } as const;

/** Each recipient's mail for a kind: their choice, or the kind's default. */
async function mailChoices(
  tx: Db,
  kind: NotificationKind,
  recipients: string[],
): Promise<Map<string, MailChoice>> {
  const chosen = new Map<string, MailChoice>();
  if (recipients.length === 0) return chosen;
  const rows = await tx
    .select({ userId: notificationPreferences.userId, mail: notificationPreferences.mail })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.kind, kind), inArray(notificationPreferences.userId, recipients)));
  for (const row of rows) chosen.set(row.userId, row.mail);
  return chosen;
}

/**
 * The recipients who may be told of what `actorId` did: not the actor, not anyone across a block
 * with them (blocks stop replies and mentions, docs/blocks.md), only accounts still there.
 */
export async function reachable(tx: Db, actorId: string | null, recipients: string[]): Promise<string[]> {
  const wanted = [...new Set(recipients)].filter((id) => id !== actorId);
  if (wanted.length === 0) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, wanted),
        actorId ? sql`not ${policy.blockBetween(sql`${users.id}`, sql`${actorId}::uuid`)}` : undefined,
      ),
    );
  const found = new Set(rows.map((r) => r.id));
  return wanted.filter((id) => found.has(id));
}

/**
 * Gives each notice: a new notification, or one more item (and perhaps one more person) on the
 * unread notification of its group. Mail is decided when a notification starts, from the
 * recipient's choice for its kind; growing a group never mails again. Runs in the outbox
 * dispatcher's transaction (docs/outbox.md), so each event's notices are given once.
 */
export async function notify(tx: Db, notices: Notice[]): Promise<void> {
  if (notices.length === 0) return;
  const byKind = new Map<NotificationKind, Notice[]>();
  for (const n of notices) byKind.set(n.kind, [...(byKind.get(n.kind) ?? []), n]);
  for (const [kind, group] of byKind) {
    const choices = await mailChoices(
      tx,
      kind,
      group.map((n) => n.recipientId),
    );
    // One statement per kind for every recipient (a page's followers may be many): within one
    // event each recipient has one notice, so no two rows of it meet on the same group.
    const rows = await tx
      .insert(notifications)
      .values(
        group.map((n) => ({
          recipientId: n.recipientId,
          kind,
          groupKey: n.groupKey,
          pageId: n.pageId ?? null,
          contributionId: n.contributionId ?? null,
          actorId: n.actorId,
          data: n.data ?? {},
          mailState: MAIL_STATE[choices.get(n.recipientId) ?? NOTIFICATION_KIND_INFO[kind].mail],
        })),
      )
      .onConflictDoUpdate({
        target: [notifications.recipientId, notifications.groupKey],
        targetWhere: sql`${notifications.readAt} is null`,
        set: {
          itemCount: sql`${notifications.itemCount} + 1`,
          actorId: sql`excluded.actor_id`,
          contributionId: sql`coalesce(excluded.contribution_id, ${notifications.contributionId})`,
          data: sql`${notifications.data} || excluded.data`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: notifications.id, actorId: notifications.actorId });
    const actors = rows.flatMap((row) =>
      row.actorId ? [{ notificationId: row.id, actorId: row.actorId }] : [],
    );
    if (actors.length > 0) await tx.insert(notificationActors).values(actors).onConflictDoNothing();
  }
}
