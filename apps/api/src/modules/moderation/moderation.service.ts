import type { ModerationActionRequest, ModerationCase, ReportReceipt } from "@flipside/contracts/moderation";
import {
  MODERATION_MESSAGES,
  type ReportReason,
  type ReportTargetKind,
  SUSPENDED_FOR_GOOD_ISO,
} from "@flipside/contracts/moderation-constants";
import { and, asc, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { sessions, users } from "../../db/schema/accounts.ts";
import { contributions } from "../../db/schema/discussion.ts";
import { reports } from "../../db/schema/moderation.ts";
import { AppError, conflict, notFound, validationFailed } from "../../lib/errors.ts";
import type { ReportOutcome } from "../../lib/mail-templates/moderation-mails.ts";
import type { Limiter } from "../../lib/rate-limit.ts";
import type { Viewer, ViewerCache } from "../../plugins/auth.ts";
import { type AuditActor, readAuditLog, recordAudit } from "../admin/index.ts";
import {
  type PageCache,
  setAuthorModeration,
  setContributionModeration,
  setNoteModeration,
  setPageModeration,
} from "../discussion/index.ts";
import { record } from "../outbox/index.ts";
import { loadTarget, type Target } from "./targets.ts";

const HOUR = 60 * 60;
const DAY_MS = 24 * 60 * 60 * 1000;
/** What moderators hide and restore (a page too: decision 027); people are suspended instead. */
const CONTENT_KINDS: readonly ReportTargetKind[] = ["COMMENT", "REVIEW", "RELATED_PAGE", "NOTE", "SITE_PAGE"];
const AUTOMATIC = "Automatic: reports from trusted accounts";

export interface ModerationDeps {
  db: Db;
  config: Config;
  limiter: Limiter;
  /** Handles the events just recorded (each reporter's notification) without waiting for the poll. */
  wakeOutbox(): void;
  cache: PageCache;
  viewers: ViewerCache;
}

/** Reports, the moderation queue and moderators' actions (docs/moderation.md). */
export function createModerationService(deps: ModerationDeps) {
  const { db, config, cache } = deps;

  function presentReceipt(row: typeof reports.$inferSelect): ReportReceipt {
    return {
      id: row.id,
      targetKind: row.targetKind,
      targetId: row.targetId,
      reason: row.reason as ReportReason,
      status: row.status,
      createdDate: row.createdAt.toISOString(),
    };
  }

  /** Moves a target between shown and hidden; the pages whose views changed. */
  async function setModeration(tx: Db, target: Target, state: "HIDDEN" | "PENDING_REVIEW" | null) {
    const moved =
      target.kind === "NOTE"
        ? await setNoteModeration(tx, target.id, state)
        : target.kind === "SITE_PAGE"
          ? await setPageModeration(tx, target.id, state)
          : await setContributionModeration(tx, target.id, state);
    return moved.pages;
  }

  /**
   * Enough distinct trusted reporters hide a contribution until a moderator looks (the numbers
   * are configuration). In the report's transaction, so two reports at once count each other.
   */
  async function hideIfTrustedReporters(tx: Db, target: Target): Promise<string[]> {
    if (!CONTENT_KINDS.includes(target.kind) || target.moderation !== null || target.gone) return [];
    if (target.kind === "NOTE" && !target.publicNote) return [];
    const trustedBefore = new Date(Date.now() - config.REPORT_TRUSTED_ACCOUNT_DAYS * DAY_MS);
    const [row] = await tx
      .select({ n: sql<number>`count(distinct ${reports.reporterId})::int` })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.reporterId))
      .where(
        and(
          eq(reports.targetId, target.id),
          eq(reports.status, "OPEN"),
          eq(users.activated, true),
          sql`${users.createdAt} <= ${trustedBefore}`,
        ),
      );
    const reporters = row?.n ?? 0;
    if (reporters < config.REPORT_AUTO_HIDE_REPORTERS) return [];
    const pages = await setModeration(tx, target, "PENDING_REVIEW");
    await recordAudit(
      tx,
      {
        actor: null,
        action: "MODERATION_AUTO_HIDE",
        targetKind: target.kind,
        targetId: target.id,
        targetLabel: target.label,
        details: { reporters },
      },
      AUTOMATIC,
    );
    return pages;
  }

  /**
   * One person's report: one OPEN report per reporter and target — asked again, or twenty times
   * at once, it is the same report (the partial unique index decides).
   */
  async function report(
    viewer: Viewer,
    kind: ReportTargetKind | "CONTRIBUTION",
    id: string,
    input: { reason: ReportReason; text?: string | undefined },
  ): Promise<{ receipt: ReportReceipt; created: boolean }> {
    await deps.limiter.consume("report-hour", viewer.id, {
      points: config.RATE_LIMIT_REPORTS_PER_HOUR,
      durationSec: HOUR,
    });
    const target = await loadTarget(db, kind, id);
    // What the reporter cannot read is not there for them (a private note, a deleted comment).
    if (
      !target ||
      target.gone ||
      target.moderation !== null ||
      (target.kind === "NOTE" && !target.publicNote)
    ) {
      throw notFound(MODERATION_MESSAGES.noTarget);
    }
    if (target.subjectId === viewer.id) {
      throw validationFailed(
        [],
        target.kind === "ACCOUNT" ? MODERATION_MESSAGES.yourself : MODERATION_MESSAGES.ownContent,
      );
    }
    const { row, created, pages } = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(reports)
        .values({
          reporterId: viewer.id,
          targetKind: target.kind,
          targetId: target.id,
          subjectId: target.subjectId,
          sitePageId: target.page?.id ?? null,
          reason: input.reason,
          text: input.text?.trim() ?? "",
          snapshot: snapshotOf(target),
        })
        .onConflictDoNothing({
          target: [reports.reporterId, reports.targetKind, reports.targetId],
          where: sql`${reports.status} = 'OPEN'`,
        })
        .returning();
      if (!inserted) {
        const [existing] = await tx
          .select()
          .from(reports)
          .where(
            and(
              eq(reports.reporterId, viewer.id),
              eq(reports.targetId, target.id),
              eq(reports.status, "OPEN"),
            ),
          );
        if (!existing)
          throw new AppError(
            "conflict",
            "Your report was closed a moment ago. Report it again if you need to.",
          );
        return { row: existing, created: false, pages: [] as string[] };
      }
      return { row: inserted, created: true, pages: await hideIfTrustedReporters(tx, target) };
    });
    for (const page of pages) cache.invalidate(page);
    return { receipt: presentReceipt(row), created };
  }

  /** The open cases, the most urgent first: child safety, then the most reported, then the oldest. */
  async function queue(q: {
    page: number;
    size: number;
  }): Promise<{ items: ModerationCase[]; total: number }> {
    const open = eq(reports.status, "OPEN");
    const [groups, [counted]] = await Promise.all([
      db
        .select({
          targetKind: reports.targetKind,
          targetId: reports.targetId,
          first: sql<Date>`min(${reports.createdAt})`.mapWith(reports.createdAt),
        })
        .from(reports)
        .where(open)
        .groupBy(reports.targetKind, reports.targetId)
        .orderBy(
          desc(sql`bool_or(${reports.reason} = 'CHILD_SAFETY')`),
          desc(count()),
          asc(sql`min(${reports.createdAt})`),
          asc(reports.targetId),
        )
        .limit(q.size)
        .offset(q.page * q.size),
      db
        .select({ total: sql<number>`count(distinct ${reports.targetId})::int` })
        .from(reports)
        .where(open),
    ]);
    const items: ModerationCase[] = [];
    for (const group of groups) items.push(await caseOf(group.targetKind, group.targetId, group.first));
    return { items, total: counted?.total ?? 0 };
  }

  /** One target as a case, with or without open reports (404 when there is no such target). */
  async function oneCase(kind: ReportTargetKind, id: string): Promise<ModerationCase> {
    const target = await loadTarget(db, kind, id);
    if (target?.kind !== kind) throw notFound(MODERATION_MESSAGES.noTarget);
    const [first] = await db
      .select({ at: sql<Date | null>`min(${reports.createdAt})`.mapWith(reports.createdAt) })
      .from(reports)
      .where(eq(reports.targetId, id));
    return caseOf(kind, id, first?.at ?? new Date());
  }

  async function caseOf(kind: ReportTargetKind, id: string, first: Date): Promise<ModerationCase> {
    const target = await loadTarget(db, kind, id);
    const open = await db
      .select({ r: reports, reporterName: users.displayName })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.reporterId))
      .where(and(eq(reports.targetId, id), eq(reports.status, "OPEN")))
      .orderBy(asc(reports.createdAt));
    const reasons: Record<string, number> = {};
    for (const { r } of open) reasons[r.reason] = (reasons[r.reason] ?? 0) + 1;
    const subjectId = target?.subjectId ?? open[0]?.r.subjectId ?? null;
    const audits = await readAuditLog(db, { targetId: id, page: 0, size: 10 });
    const subjectAudits =
      subjectId && subjectId !== id
        ? (await readAuditLog(db, { targetId: subjectId, page: 0, size: 10 })).items
        : [];
    return {
      targetKind: kind,
      targetId: id,
      target: {
        label: target?.label ?? open[0]?.r.snapshot.split("\n")[0] ?? "",
        text: target?.text ?? "",
        exists: Boolean(target && !target.gone),
        moderation: target?.moderation ?? null,
        version: target?.version ?? "",
      },
      context: { page: target?.page ?? null, inReplyTo: target?.inReplyTo ?? null },
      subject: subjectId ? await historyOf(subjectId) : null,
      openReports: open.length,
      reasons,
      reports: open.map(({ r, reporterName }) => ({
        id: r.id,
        reporter: { id: r.reporterId, displayName: reporterName },
        reason: r.reason as ReportReason,
        text: r.text,
        snapshot: r.snapshot,
        createdDate: r.createdAt.toISOString(),
      })),
      audit: [...audits.items, ...subjectAudits]
        .sort((a, b) => b.createdDate.localeCompare(a.createdDate))
        .slice(0, 10),
      firstReportedDate: first.toISOString(),
    };
  }

  async function historyOf(userId: string): Promise<ModerationCase["subject"]> {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) return null;
    const [[against], [hidden]] = await Promise.all([
      db.select({ n: count() }).from(reports).where(eq(reports.subjectId, userId)),
      db
        .select({ n: count() })
        .from(contributions)
        .where(and(eq(contributions.authorId, userId), isNotNull(contributions.moderation))),
    ]);
    return {
      id: user.id,
      displayName: user.displayName,
      createdDate: user.createdAt.toISOString(),
      suspendedUntil: suspendedUntilOf(user.suspendedUntil),
      reportsAgainst: against?.n ?? 0,
      hiddenContributions: hidden?.n ?? 0,
    };
  }

  /** Closes the target's open reports with an outcome; who reported, for their mail. */
  async function closeReports(
    tx: Db,
    targetIds: string[],
    status: "DISMISSED" | "ACTIONED",
    outcome: ReportOutcome,
    by: string,
  ) {
    if (targetIds.length === 0) return [];
    return tx
      .update(reports)
      .set({ status, outcome, resolvedById: by, resolvedAt: new Date() })
      .where(and(inArray(reports.targetId, targetIds), eq(reports.status, "OPEN")))
      .returning({
        reporterId: reports.reporterId,
        targetKind: reports.targetKind,
        sitePageId: reports.sitePageId,
      });
  }

  /**
   * A moderator's decision on a target, in one transaction with its audit entry; then the page
   * cache forgets, a suspended person's sessions end, and each reporter is told the outcome.
   */
  async function act(viewer: Viewer, input: ModerationActionRequest): Promise<ModerationCase> {
    const actor: NonNullable<AuditActor> = { id: viewer.id, displayName: viewer.displayName };
    const outcome = await db.transaction(async (tx) => {
      const target = await loadTarget(tx, input.targetKind, input.targetId);
      if (!target) throw notFound(MODERATION_MESSAGES.noTarget);
      if (input.version !== undefined && input.version !== target.version)
        throw conflict(MODERATION_MESSAGES.changed);
      if (target.subjectId === viewer.id) throw validationFailed([], MODERATION_MESSAGES.selfAction);
      const pages = new Set<string>();
      let closed: Awaited<ReturnType<typeof closeReports>> = [];
      let told: ReportOutcome | null = null;
      let suspendedId: string | null = null;
      const details: Record<string, unknown> = {};

      switch (input.action) {
        case "DISMISS": {
          closed = await closeReports(tx, [target.id], "DISMISSED", "DISMISSED", viewer.id);
          told = "DISMISSED";
          // Hidden only because reports piled up: a moderator found nothing wrong, so it comes back.
          if (target.moderation === "PENDING_REVIEW")
            for (const p of await setModeration(tx, target, null)) pages.add(p);
          break;
        }
        case "HIDE": {
          if (!CONTENT_KINDS.includes(target.kind) || target.gone)
            throw validationFailed([], MODERATION_MESSAGES.cannotHide);
          for (const p of await setModeration(tx, target, "HIDDEN")) pages.add(p);
          closed = await closeReports(tx, [target.id], "ACTIONED", "HIDDEN", viewer.id);
          told = "HIDDEN";
          break;
        }
        case "RESTORE": {
          if (!CONTENT_KINDS.includes(target.kind) || target.moderation === null) {
            throw conflict(MODERATION_MESSAGES.notHidden);
          }
          for (const p of await setModeration(tx, target, null)) pages.add(p);
          break;
        }
        case "SUSPEND": {
          const subjectId = target.subjectId;
          if (!subjectId) throw validationFailed([], MODERATION_MESSAGES.noSubject);
          const until = input.days
            ? new Date(Date.now() + input.days * DAY_MS)
            : new Date(SUSPENDED_FOR_GOOD_ISO);
          await tx
            .update(users)
            .set({ suspendedUntil: until, updatedAt: new Date() })
            .where(eq(users.id, subjectId));
          await tx
            .update(sessions)
            .set({ revokedAt: new Date() })
            .where(and(eq(sessions.userId, subjectId), sql`${sessions.revokedAt} is null`));
          if (input.hideContributions)
            for (const p of await setAuthorModeration(tx, subjectId, true)) pages.add(p);
          closed = await closeReports(
            tx,
            [...new Set([target.id, subjectId])],
            "ACTIONED",
            "SUSPENDED",
            viewer.id,
          );
          told = "SUSPENDED";
          suspendedId = subjectId;
          Object.assign(details, {
            until: suspendedUntilOf(until),
            hideContributions: Boolean(input.hideContributions),
            ...(target.kind === "ACCOUNT" ? {} : { from: { kind: target.kind, id: target.id } }),
          });
          break;
        }
        case "UNSUSPEND": {
          const subjectId = target.subjectId;
          if (!subjectId) throw validationFailed([], MODERATION_MESSAGES.noSubject);
          const lifted = await tx
            .update(users)
            .set({ suspendedUntil: null, updatedAt: new Date() })
            .where(and(eq(users.id, subjectId), isNotNull(users.suspendedUntil)))
            .returning({ id: users.id });
          if (lifted.length === 0) throw conflict(MODERATION_MESSAGES.notSuspended);
          for (const p of await setAuthorModeration(tx, subjectId, false)) pages.add(p);
          suspendedId = subjectId;
          break;
        }
      }
      // Each reporter hears the outcome (a notification, and a mail as they chose), in this transaction.
      if (told && closed.length > 0)
        await record(tx, "report.decided", {
          outcome: told,
          targetId: target.id,
          pageId: target.page?.id ?? null,
          pageTitle: target.page?.title ?? null,
          reporters: [...new Map(closed.map((c) => [c.reporterId, c])).values()].map((c) => ({
            reporterId: c.reporterId,
            targetKind: c.targetKind,
          })),
        });
      const suspension = input.action === "SUSPEND" || input.action === "UNSUSPEND";
      await recordAudit(tx, {
        actor,
        action: `MODERATION_${input.action}`,
        targetKind: suspension ? "ACCOUNT" : target.kind,
        targetId: suspension && target.subjectId ? target.subjectId : target.id,
        targetLabel:
          suspension && target.kind !== "ACCOUNT" ? await nameOf(tx, target.subjectId) : target.label,
        reason: input.reason?.trim() ?? "",
        details: { ...details, reportsClosed: closed.length },
      });
      return { pages, suspendedId, target };
    });

    for (const page of outcome.pages) cache.invalidate(page);
    if (outcome.suspendedId) deps.viewers.forgetUser(outcome.suspendedId);
    deps.wakeOutbox();
    return caseOf(outcome.target.kind, outcome.target.id, new Date());
  }

  async function nameOf(tx: Db, userId: string | null): Promise<string> {
    if (!userId) return "";
    const [user] = await tx.select({ name: users.displayName }).from(users).where(eq(users.id, userId));
    return user?.name ?? "";
  }

  return { report, queue, oneCase, act };
}

/** What the reporter read: a comment's text; a review's or a note's title and text; a name. */
function snapshotOf(target: Target): string {
  if (target.kind === "COMMENT") return target.text;
  if (target.kind === "REVIEW" || target.kind === "NOTE") {
    return [target.label, target.text].filter(Boolean).join("\n\n");
  }
  return target.label;
}

function suspendedUntilOf(until: Date | null): string | null {
  if (!until) return null;
  return until.toISOString() >= SUSPENDED_FOR_GOOD_ISO ? SUSPENDED_FOR_GOOD_ISO : until.toISOString();
}

export type ModerationService = ReturnType<typeof createModerationService>;
