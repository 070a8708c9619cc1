import { domainToUnicode } from "node:url";
import {
  NOTIFICATION_KIND_INFO,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from "@flipside/contracts/notification-constants";
import type { Notification } from "@flipside/contracts/notifications";
import { and, asc, eq, inArray, isNull, lte, notExists, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import {
  notificationDigests,
  notificationPreferences,
  notifications,
} from "../../db/schema/notifications.ts";
import { coalesced } from "../../lib/coalesced.ts";
import type { MailContent } from "../../lib/mail-templates/account-mails.ts";
import { reportOutcomeMail } from "../../lib/mail-templates/moderation-mails.ts";
import {
  digestMail,
  type MailedNotification,
  mailsOf,
  notificationFooter,
  notificationMail,
} from "../../lib/mail-templates/notification-mails.ts";
import { websiteMail } from "../../lib/mail-templates/website-mails.ts";
import type { Mailer } from "../../lib/mailer.ts";
import type { Storage } from "../../lib/storage.ts";
import { createTagger } from "../../lib/tokens.ts";
import { retryDelaySeconds } from "../outbox/index.ts";
import {
  describeNotifications,
  ReportOutcomeData,
  saveMailChoices,
  shownTo,
  VerificationData,
} from "./notifications.service.ts";

/** Digests looked for per round, notifications a digest lists. */
const DIGEST_BATCH = 100;
const DIGEST_MOST = 50;
/** Tries of a mail at once before it is given up on (marked FAILED). */
const MAIL_ATTEMPTS = 8;

/**
 * The mails some kinds always had, kept word for word (a report's outcome, a website check's
 * finding), now with the notification mails' last lines; null for the others.
 */
function kindMail(
  n: { kind: NotificationKind; data: unknown },
  p: { displayName: string; link: string; footer: string[] },
): MailContent | null {
  if (n.kind === "REPORT_OUTCOME") {
    const report = ReportOutcomeData.safeParse(n.data);
    if (report.success)
      return reportOutcomeMail({ displayName: p.displayName, ...report.data, link: p.link, after: p.footer });
  }
  if (n.kind === "VERIFICATION") {
    const check = VerificationData.safeParse(n.data);
    if (check.success)
      return websiteMail(check.data.event, {
        displayName: p.displayName,
        domain: domainToUnicode(check.data.domain) || check.data.domain,
        link: p.link,
        finding: check.data.finding,
        demotionDate: check.data.demotionDate ? new Date(check.data.demotionDate) : null,
        footer: p.footer,
      });
  }
  return null;
}

/** What an unsubscribe link stops: one kind's mails at once, or the daily digest. */
export type MailScope = NotificationKind | "DIGEST";
const SCOPES: readonly string[] = [...NOTIFICATION_KINDS, "DIGEST"];
const isScope = (value: string): value is MailScope => SCOPES.includes(value);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Notification mails (docs/notifications.md#mails). A notification whose person chose "at once"
 * starts PENDING; a sender claims it with a lease (`mail_not_before`, so a process that dies
 * mid-send leaves it to be tried again once the lease is over, by any instance), sends it, and
 * marks it SENT once the SMTP server accepted it. One read before its mail went is not mailed.
 * DIGEST ones wait for the day's digest, one per person and day (`notification_digests`).
 */
export function createNotificationMails(deps: {
  db: Db;
  storage: Storage;
  mailer: Mailer;
  log: FastifyBaseLogger;
  origin: string;
  secret: Uint8Array;
  smtpTimeoutMs: number;
  digestHourUtc: number;
}) {
  const { db, storage, mailer, log, origin } = deps;
  const leaseMs = 4 * deps.smtpTimeoutMs;
  const tagger = createTagger(deps.secret, "notification-unsubscribe");
  const settingsUrl = `${origin}/profile/notifications`;

  const unsubscribeUrl = (userId: string, scope: MailScope) => {
    const subject = `${userId}.${scope}`;
    return `${origin}/api/v1/notification-preferences/unsubscribe?token=${subject}.${tagger.tag(subject)}`;
  };
  const headersFor = (url: string) => ({
    "List-Unsubscribe": `<${url}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  });
  const mailed = (n: Notification): MailedNotification => ({
    message: n.message,
    excerpt: n.excerpt,
    url: `${origin}${n.link}`,
  });

  async function recipient(userId: string) {
    const [person] = await db
      .select({ email: users.email, displayName: users.displayName, activated: users.activated })
      .from(users)
      .where(eq(users.id, userId));
    // Mail goes only to an address its owner proved.
    return person?.activated ? person : null;
  }

  const setMail = (id: string, set: Partial<typeof notifications.$inferInsert>) =>
    db.update(notifications).set(set).where(eq(notifications.id, id));

  /**
   * Claims the oldest PENDING notification due now, for one lease. One at a time: a lease covers
   * one SMTP exchange, so no mail waits behind others until its lease is over (and goes twice).
   */
  async function claim() {
    const due = db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.mailState, "PENDING"),
          or(isNull(notifications.mailNotBefore), lte(notifications.mailNotBefore, sql`now()`)),
        ),
      )
      .orderBy(asc(notifications.createdAt))
      .limit(1)
      .for("update", { skipLocked: true });
    return db
      .update(notifications)
      .set({
        mailNotBefore: sql`now() + ${leaseMs} * interval '1 millisecond'`,
        mailAttempts: sql`${notifications.mailAttempts} + 1`,
      })
      .where(inArray(notifications.id, due))
      .returning({
        id: notifications.id,
        recipientId: notifications.recipientId,
        kind: notifications.kind,
        attempts: notifications.mailAttempts,
        readAt: notifications.readAt,
        data: notifications.data,
      });
  }

  async function sendOne(claimed: Awaited<ReturnType<typeof claim>>[number]): Promise<void> {
    const person = claimed.readAt ? null : await recipient(claimed.recipientId);
    const [notification] = person
      ? await describeNotifications(
          db,
          storage,
          and(eq(notifications.id, claimed.id), shownTo(claimed.recipientId, true)),
          { limit: 1, offset: 0 },
        )
      : [];
    if (!person || !notification) {
      // Read already, taken back, across a block since, or no proven address: nothing to mail.
      await setMail(claimed.id, { mailState: "NONE", mailNotBefore: null });
      return;
    }
    const url = unsubscribeUrl(claimed.recipientId, claimed.kind);
    const kindLabel = NOTIFICATION_KIND_INFO[claimed.kind].label;
    const footer = notificationFooter({ settingsUrl, unsubscribeUrl: url, what: mailsOf(kindLabel) });
    const content =
      kindMail(claimed, { displayName: person.displayName, link: `${origin}${notification.link}`, footer }) ??
      notificationMail({ displayName: person.displayName, notification: mailed(notification), footer });
    const sent = await mailer.send({ to: person.email, ...content, headers: headersFor(url) });
    if (sent) {
      await db
        .update(notifications)
        .set({ mailState: "SENT", mailNotBefore: null })
        .where(and(eq(notifications.id, claimed.id), eq(notifications.mailState, "PENDING")));
    } else if (claimed.attempts >= MAIL_ATTEMPTS) {
      log.error({ notificationId: claimed.id, attempts: claimed.attempts }, "notification mail given up");
      await setMail(claimed.id, { mailState: "FAILED", mailNotBefore: null });
    } else {
      await setMail(claimed.id, {
        mailNotBefore: new Date(Date.now() + retryDelaySeconds(claimed.attempts) * 1000),
      });
    }
  }

  /** One round: claims a notification and mails it; answers whether there may be more. */
  async function round(): Promise<boolean> {
    const [claimed] = await claim();
    if (claimed) await sendOne(claimed);
    return claimed !== undefined;
  }
  const runner = coalesced("notification mails", log, round);

  /** One person's digest for `day`: at most one, whichever instance gets there first. */
  async function digestFor(userId: string, day: string, now: Date): Promise<void> {
    const waiting = and(
      eq(notifications.recipientId, userId),
      eq(notifications.mailState, "DIGEST"),
      lte(notifications.createdAt, now),
    );
    const person = await recipient(userId);
    const items = person
      ? await describeNotifications(
          db,
          storage,
          and(waiting, isNull(notifications.readAt), shownTo(userId, true)),
          {
            limit: DIGEST_MOST,
            offset: 0,
          },
        )
      : [];
    if (!person || items.length === 0) {
      await db.update(notifications).set({ mailState: "NONE" }).where(waiting);
      return;
    }
    const [won] = await db
      .insert(notificationDigests)
      .values({ userId, day, itemCount: items.length })
      .onConflictDoNothing()
      .returning({ userId: notificationDigests.userId });
    if (!won) return;
    const url = unsubscribeUrl(userId, "DIGEST");
    const sent = await mailer.send({
      to: person.email,
      ...digestMail({
        displayName: person.displayName,
        notifications: items.map(mailed),
        inboxUrl: settingsUrl,
        footer: notificationFooter({ settingsUrl, unsubscribeUrl: url, what: "this daily digest" }),
      }),
      headers: headersFor(url),
    });
    // Not sent: they wait for tomorrow's digest (today's is spent, so no instance sends twice).
    if (sent) await db.update(notifications).set({ mailState: "SENT" }).where(waiting);
    else log.warn({ userId, day }, "digest not sent; its notifications wait for the next one");
  }

  /** Who and what a link unsubscribes, or null for a link that is not ours. */
  async function known(token: string): Promise<{ userId: string; scope: MailScope } | null> {
    const [userId, scope, tag] = token.split(".");
    if (!userId || !scope || !tag || !UUID.test(userId) || !isScope(scope)) return null;
    if (!tagger.check(`${userId}.${scope}`, tag)) return null;
    const [person] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    return person ? { userId, scope } : null;
  }

  return {
    /** Sends the mails due now (after each outbox dispatch, which polls). */
    wake: runner.wake,
    stop: runner.stop,

    /** Sends the day's digests due at `now`: from DIGEST_HOUR_UTC on, one per person a day. */
    async sendDigests(now = new Date()): Promise<void> {
      if (now.getUTCHours() < deps.digestHourUtc) return;
      const day = now.toISOString().slice(0, 10);
      for (;;) {
        const due = await db
          .selectDistinct({ userId: notifications.recipientId })
          .from(notifications)
          .where(
            and(
              eq(notifications.mailState, "DIGEST"),
              lte(notifications.createdAt, now),
              notExists(
                db
                  .select({ one: sql`1` })
                  .from(notificationDigests)
                  .where(
                    and(
                      eq(notificationDigests.userId, notifications.recipientId),
                      eq(notificationDigests.day, day),
                    ),
                  ),
              ),
            ),
          )
          .limit(DIGEST_BATCH);
        for (const { userId } of due) await digestFor(userId, day, now);
        if (due.length < DIGEST_BATCH) return;
      }
    },

    known,

    /** One click: that kind's mails (or every kind in the digest) become "never". */
    async unsubscribe(token: string): Promise<boolean> {
      const link = await known(token);
      if (!link) return false;
      const chosen = await db
        .select({ kind: notificationPreferences.kind, mail: notificationPreferences.mail })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, link.userId));
      const mailOf = (kind: NotificationKind) =>
        chosen.find((c) => c.kind === kind)?.mail ?? NOTIFICATION_KIND_INFO[kind].mail;
      const kinds =
        link.scope === "DIGEST" ? NOTIFICATION_KINDS.filter((k) => mailOf(k) === "DIGEST") : [link.scope];
      await saveMailChoices(
        db,
        link.userId,
        kinds.map((kind) => ({ kind, mail: "NEVER" })),
      );
      // What was waiting to be mailed stays in the inbox, unmailed.
      await db
        .update(notifications)
        .set({ mailState: "NONE", mailNotBefore: null })
        .where(
          and(
            eq(notifications.recipientId, link.userId),
            inArray(notifications.mailState, ["PENDING", "DIGEST"]),
            kinds.length ? inArray(notifications.kind, kinds) : sql`false`,
          ),
        );
      return true;
    },
  };
}

export type NotificationMails = ReturnType<typeof createNotificationMails>;
