import { z } from "zod";
import { AuditEntry } from "./admin.ts";
import {
  MODERATION_ACTIONS,
  REPORT_REASONS,
  REPORT_TARGET_KINDS,
  REPORT_TEXT_MAX,
} from "./moderation-constants.ts";
import { multilineText } from "./text.ts";

const Reason = z.enum(REPORT_REASONS);
const ReportText = multilineText().max(REPORT_TEXT_MAX, `At most ${REPORT_TEXT_MAX} characters.`).optional();

export const SitePageReportRequest = z
  .strictObject({ sitePage_id: z.uuid(), reason: Reason, text: ReportText })
  .meta({ id: "SitePageReportRequest" });
export const UserReportRequest = z
  .strictObject({ userId: z.uuid(), reason: Reason, text: ReportText })
  .meta({ id: "UserReportRequest" });
/** A comment, reply, review, related page, or a PUBLIC note, by its id. */
export const ContributionReportRequest = z
  .strictObject({ contributionId: z.uuid(), reason: Reason, text: ReportText })
  .meta({ id: "ContributionReportRequest" });

/** The reporter's own report, and nothing about anyone else's. */
export const ReportReceipt = z
  .object({
    id: z.uuid(),
    targetKind: z.enum(REPORT_TARGET_KINDS),
    targetId: z.uuid(),
    reason: Reason,
    status: z.enum(["OPEN", "DISMISSED", "ACTIONED"]),
    createdDate: z.iso.datetime(),
  })
  .meta({ id: "ReportReceipt" });
export type ReportReceipt = z.infer<typeof ReportReceipt>;

const PersonRef = z.object({ id: z.uuid(), displayName: z.string() });

/** One target with its open reports, as the moderation queue shows it. */
export const ModerationCase = z
  .object({
    targetKind: z.enum(REPORT_TARGET_KINDS),
    targetId: z.uuid(),
    /** What it is now: its title or name, its text, whether it is hidden, its version. */
    target: z.object({
      label: z.string(),
      text: z.string(),
      exists: z.boolean(),
      moderation: z.enum(["HIDDEN", "PENDING_REVIEW", "AUTHOR_SUSPENDED"]).nullable(),
      /** Sent back with an action: a change made since is a 409, so nobody acts on what they did not read. */
      version: z.string(),
    }),
    /** Where it is: the page, and for a reply the comment it answers. */
    context: z.object({
      page: z.object({ id: z.uuid(), title: z.string(), url: z.string() }).nullable(),
      inReplyTo: z.string().nullable(),
    }),
    /** Who it belongs to, with their history. */
    subject: PersonRef.extend({
      createdDate: z.iso.datetime(),
      suspendedUntil: z.iso.datetime().nullable(),
      reportsAgainst: z.number().int(),
      hiddenContributions: z.number().int(),
    }).nullable(),
    openReports: z.number().int(),
    reasons: z.record(z.string(), z.number().int()),
    reports: z.array(
      z.object({
        id: z.uuid(),
        reporter: PersonRef,
        reason: Reason,
        text: z.string(),
        /** What it said when this report was made. */
        snapshot: z.string(),
        createdDate: z.iso.datetime(),
      }),
    ),
    audit: z.array(AuditEntry),
    firstReportedDate: z.iso.datetime(),
  })
  .meta({ id: "ModerationCase" });
export type ModerationCase = z.infer<typeof ModerationCase>;

export const ModerationQueueQuery = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0).describe("0-based page number"),
  size: z.coerce.number().int().min(1).max(50).default(10).describe("Cases per page"),
});

export const ModerationActionRequest = z
  .strictObject({
    targetKind: z.enum(REPORT_TARGET_KINDS),
    targetId: z.uuid(),
    action: z.enum(MODERATION_ACTIONS),
    reason: multilineText().max(1_000, "At most 1000 characters.").optional(),
    /** The target's version as read (ModerationCase.target.version). */
    version: z.string().max(100).optional(),
    /** SUSPEND: for how many days; null or absent: for good. */
    days: z.number().int().min(1).max(3650).nullable().optional(),
    /** SUSPEND: hide everything the person wrote too (brought back when the suspension is lifted). */
    hideContributions: z.boolean().optional(),
  })
  .meta({ id: "ModerationActionRequest" });
export type ModerationActionRequest = z.input<typeof ModerationActionRequest>;
