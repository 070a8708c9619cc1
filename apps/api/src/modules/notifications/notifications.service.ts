import { domainToUnicode } from "node:url";
import { AD_NOTICE_EVENTS } from "@flipside/contracts/ads-constants";
import { shortAddress } from "@flipside/contracts/discussion-constants";
import { markdownToText } from "@flipside/contracts/markdown";
import { REPORT_TARGET_KINDS, REPORT_TARGET_WORDS } from "@flipside/contracts/moderation-constants";
import {
  type MailChoice,
  NOTIFICATION_KIND_INFO,
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  type NotificationKind,
} from "@flipside/contracts/notification-constants";
import type { Notification, NotificationPreference } from "@flipside/contracts/notifications";
import { contributionPath, type LinkedContributionType } from "@flipside/contracts/page-paths";
import { and, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { contributions, sitePages, sites } from "../../db/schema/discussion.ts";
import { notificationActors, notificationPreferences, notifications } from "../../db/schema/notifications.ts";
import { notFound } from "../../lib/errors.ts";
import { pageOffset } from "../../lib/pagination.ts";
import type { Storage } from "../../lib/storage.ts";
import type { Viewer } from "../../plugins/auth.ts";
import {
  pageRefColumns,
  policy,
  presentPageRef,
  presentProfileRef,
  profileRefColumns,
} from "../discussion/index.ts";

const actor = alias(users, "actor");

/** What a contribution is called in a sentence. */
const NOUN = { COMMENT: "comment", REPLY: "reply", REVIEW: "review", RELATED_PAGE: "related page" } as const;
/** What someone did, said of a page ("commented on “A page”"). */
const DID = {
  COMMENT: "commented on",
  REPLY: "replied on",
  REVIEW: "reviewed",
  RELATED_PAGE: "linked a related page to",
} as const;

/** "Bob", "Bob and 1 other person", "Bob and 3 others". */
function people(name: string, count: number): string {
  if (count <= 1) return name;
  return count === 2 ? `${name} and 1 other person` : `${name} and ${count - 1} others`;
}

/** What a report's outcome notification keeps (`report.decided`, docs/outbox.md#events). */
export const ReportOutcomeData = z.object({
  outcome: z.enum(["DISMISSED", "HIDDEN", "SUSPENDED"]),
  targetKind: z.enum(REPORT_TARGET_KINDS),
  pageTitle: z.string().nullable(),
});

/** "Moderators hid the comment you reported on “A page”": the outcome, nothing about anyone. */
function reportOutcomeMessage(data: unknown, page: string): string {
  const parsed = ReportOutcomeData.safeParse(data);
  if (!parsed.success) return "Moderators decided on your report";
  const { outcome, targetKind } = parsed.data;
  const what = REPORT_TARGET_WORDS[targetKind].replace(/^a /, "the ");
  const where = targetKind === "ACCOUNT" ? "" : targetKind === "SITE_PAGE" ? `, ${page}` : ` on ${page}`;
  switch (outcome) {
    case "DISMISSED":
      return `Moderators reviewed ${what} you reported${where} and left it as it is`;
    case "HIDDEN":
      return `Moderators hid ${what} you reported${where}`;
    default:
      return targetKind === "ACCOUNT"
        ? "Moderators suspended the person you reported"
        : `Moderators suspended the account behind ${what} you reported${where}`;
  }
}

/** What a website check's notification keeps (`site.verification`). */
export const VerificationData = z.object({
  event: z.enum(["verified", "proof-missing", "demoted", "retries-ended"]),
  domain: z.string(),
  finding: z.string(),
  demotionDate: z.iso.datetime().nullable(),
});

function verificationMessage(data: unknown): string {
  const parsed = VerificationData.safeParse(data);
  if (!parsed.success) return "A check of your website changed something";
  const domain = domainToUnicode(parsed.data.domain) || parsed.data.domain;
  switch (parsed.data.event) {
    case "verified":
      return `${domain} is verified on Flipside`;
    case "proof-missing":
      return `The proof for ${domain} is missing`;
    case "demoted":
      return `${domain} is no longer verified`;
    default:
      return `Flipside could not verify ${domain}`;
  }
}

/** The website's page in the profile, for a check's notification. */
export function websiteLink(data: unknown): string | null {
  const parsed = VerificationData.safeParse(data);
  return parsed.success ? `/profile/websites/${encodeURIComponent(parsed.data.domain)}` : null;
}

/** What an advertising notification keeps (`ads.notice`). */
const AdsNoticeData = z.object({
  event: z.enum(AD_NOTICE_EVENTS),
  adAccountId: z.string(),
  objectId: z.string(),
  objectName: z.string(),
  detail: z.string(),
});

function adsMessage(data: unknown): string {
  const parsed = AdsNoticeData.safeParse(data);
  if (!parsed.success) return "Something changed in your advertising";
  const { event, objectName: name, detail } = parsed.data;
  switch (event) {
    case "CREATIVE_APPROVED":
      return `Your ad “${name}” was approved and can run`;
    case "CREATIVE_REJECTED":
      return `Your ad “${name}” was rejected: ${detail}`;
    case "BUDGET_SPENT":
      return `Your campaign “${name}” has spent its budget and stopped`;
    case "WALLET_LOW":
      return `The wallet paying for “${name}” runs out around ${detail}: add funds to keep your ads running`;
    case "ACCOUNT_SUSPENDED":
      return `Your advertiser account “${name}” was suspended: ${detail}`;
  }
}

/** Where an advertising notification leads: the object in the ads area. */
function adsLink(data: unknown): string {
  const parsed = AdsNoticeData.safeParse(data);
  if (!parsed.success) return "/ads";
  switch (parsed.data.event) {
    case "CREATIVE_APPROVED":
      return "/ads/creative-lib";
    case "CREATIVE_REJECTED":
      return "/ads/creative-lib?show=rejected";
    case "BUDGET_SPENT":
      return `/ads/campaigns?campaign=${parsed.data.objectId}`;
    case "WALLET_LOW":
      return "/ads/billing";
    case "ACCOUNT_SUSPENDED":
      return "/ads";
  }
}

/** What an invitation's notification keeps (`organization.invited`). */
const InvitationData = z.object({
  organizationName: z.string(),
  role: z.enum(["ADMIN", "MEMBER"]),
});

function invitationMessage(data: unknown, actorName: string): string {
  const parsed = InvitationData.safeParse(data);
  if (!parsed.success) return `${actorName} invited you to an organisation`;
  const role = parsed.data.role === "ADMIN" ? "an admin" : "a member";
  return `${actorName} invited you to join “${parsed.data.organizationName}” as ${role}`;
}

export interface MessageParts {
  kind: NotificationKind;
  /** What the kind keeps besides (a report's outcome). */
  data: unknown;
  actorName: string;
  actorCount: number;
  itemCount: number;
  pageName: string;
  domain: string;
  contributionType: keyof typeof NOUN | null;
}

/** The sentence of a notification (the inbox and the mails say the same). */
export function notificationMessage(n: MessageParts): string {
  const page = `“${n.pageName}”`;
  const noun = NOUN[n.contributionType ?? "COMMENT"];
  switch (n.kind) {
    case "REPLY":
      return `${people(n.actorName, n.actorCount)} replied to you on ${page}`;
    case "OFFICIAL_RESPONSE":
      return `${n.domain} responded officially to your review of ${page}`;
    case "MENTION":
      return `${n.actorName} mentioned you on ${page}`;
    case "VOTES":
      return n.actorCount <= 1
        ? `${n.actorName} voted on your ${noun} on ${page}`
        : `${n.actorCount} people voted on your ${noun} on ${page}`;
    case "FOLLOWED_ACTIVITY":
      return n.itemCount <= 1
        ? `${n.actorName} ${DID[n.contributionType ?? "COMMENT"]} ${page}`
        : `${n.itemCount} new comments, reviews or links on ${page}`;
    case "REPORT_OUTCOME":
      return reportOutcomeMessage(n.data, page);
    case "VERIFICATION":
      return verificationMessage(n.data);
    case "INVITATION":
      return invitationMessage(n.data, n.actorName);
    case "ADS":
      return adsMessage(n.data);
    case "SITE_REVIEW":
      return n.itemCount <= 1
        ? `${n.actorName} reviewed ${page} on your site ${n.domain}`
        : `${n.itemCount} new reviews of ${page} on your site ${n.domain}`;
    default:
      return "";
  }
}

/** Where a notification leads: the page view on its contribution (as share links do), or its own place. */
function linkOf(
  n: { kind: NotificationKind; data: unknown; contributionId: string | null },
  normalizedUrl: string | null,
  type: LinkedContributionType | null,
): string {
  if (n.kind === "VERIFICATION") return websiteLink(n.data) ?? "/profile/websites";
  // Invitations are answered in the organisations' page of the profile.
  if (n.kind === "INVITATION") return "/profile/organizations";
  if (n.kind === "ADS") return adsLink(n.data);
  return normalizedUrl ? contributionPath(normalizedUrl, n.contributionId, type) : "/profile";
}

/**
 * What a person is still shown of their notifications: those whose contribution was taken back
 * or hidden since go, and (when they have blocks) those of someone across a block made since.
 */
export function shownTo(recipientId: string, hasBlocks: boolean) {
  return and(
    eq(notifications.recipientId, recipientId),
    sql`(${notifications.contributionId} is null or not ${contributions.deleted})`,
    hasBlocks
      ? sql`(${notifications.actorId} is null or ${notifications.actorId} <> all(${policy.blockedEitherWay(recipientId)}))`
      : undefined,
  );
}

/** Notifications as the inbox and the mails describe them, newest first. */
export async function describeNotifications(
  db: Db,
  storage: Storage,
  where: SQL | undefined,
  range: { limit: number; offset: number },
): Promise<Notification[]> {
  const rows = await db
    .select({
      n: notifications,
      actor: profileRefColumns(actor),
      actorCount: sql<number>`(select count(*)::int from ${notificationActors} a where a.notification_id = ${notifications.id})`,
      page: pageRefColumns(sitePages),
      domain: sites.domain,
      contributionType: contributions.kind,
      body: contributions.body,
    })
    .from(notifications)
    .leftJoin(actor, eq(actor.id, notifications.actorId))
    .leftJoin(sitePages, eq(sitePages.id, notifications.pageId))
    .leftJoin(sites, eq(sites.id, sitePages.siteId))
    .leftJoin(contributions, eq(contributions.id, notifications.contributionId))
    .where(where)
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(range.limit)
    .offset(range.offset);
  return rows.map(({ n, actor: who, actorCount, page, domain, contributionType, body }): Notification => {
    const person = who?.id ? presentProfileRef(who, storage) : null;
    const pageRef = page?.id && domain ? presentPageRef(page, domain) : null;
    return {
      id: n.id,
      kind: n.kind,
      message: notificationMessage({
        kind: n.kind,
        data: n.data,
        actorName: person?.displayName ?? "Someone",
        actorCount: Math.max(1, actorCount),
        itemCount: n.itemCount,
        pageName: pageRef ? pageRef.title?.trim() || shortAddress(pageRef.displayUrl) : "a page",
        domain: domain ?? "",
        contributionType,
      }),
      actor: person,
      actorCount: Math.max(1, actorCount),
      itemCount: n.itemCount,
      page: pageRef,
      contributionId: n.contributionId,
      contributionType,
      excerpt: body ? markdownToText(body, 140) : null,
      link: linkOf(n, pageRef?.normalizedUrl ?? null, contributionType),
      read: n.readAt !== null,
      createdDate: n.createdAt.toISOString(),
      updatedDate: n.updatedAt.toISOString(),
    };
  });
}

/** A person's mail for some kinds (the preferences form, a mail's one-click unsubscribe). */
export async function saveMailChoices(
  db: Db,
  userId: string,
  changes: { kind: NotificationKind; mail: MailChoice }[],
): Promise<void> {
  for (const { kind, mail } of changes)
    await db
      .insert(notificationPreferences)
      .values({ userId, kind, mail })
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { mail, updatedAt: new Date() },
      });
}

/** The notifications of one person (docs/notifications.md). */
export function createNotificationsService(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;
  const mine = (viewer: Viewer) => eq(notifications.recipientId, viewer.id);

  return {
    async list(
      viewer: Viewer,
      query: { page: number; size: number },
    ): Promise<{ items: Notification[]; total: number }> {
      const shown = shownTo(viewer.id, viewer.hasBlocks);
      const [items, [total]] = await Promise.all([
        describeNotifications(db, storage, shown, { limit: query.size, offset: pageOffset(query) }),
        db
          .select({ n: count() })
          .from(notifications)
          .leftJoin(contributions, eq(contributions.id, notifications.contributionId))
          .where(shown),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    async unreadCount(viewer: Viewer): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .leftJoin(contributions, eq(contributions.id, notifications.contributionId))
        .where(
          and(
            mine(viewer),
            isNull(notifications.readAt),
            sql`(${notifications.contributionId} is null or not ${contributions.deleted})`,
          ),
        );
      return row?.n ?? 0;
    },

    /** Marks one read; reading it again changes nothing. Someone else's is not there (404). */
    async markRead(viewer: Viewer, id: string): Promise<void> {
      const [row] = await db
        .select({ readAt: notifications.readAt })
        .from(notifications)
        .where(and(mine(viewer), eq(notifications.id, id)));
      if (!row) throw notFound(NOTIFICATION_MESSAGES.unknown);
      if (row.readAt === null)
        await db
          .update(notifications)
          .set({ readAt: new Date() })
          .where(and(mine(viewer), eq(notifications.id, id)));
    },

    /** Marks all read, or those updated up to `before` (what the person saw). */
    async markAllRead(viewer: Viewer, before?: string): Promise<void> {
      await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(
          and(
            mine(viewer),
            isNull(notifications.readAt),
            // Milliseconds, as the list gave them: the database keeps microseconds.
            before
              ? sql`date_trunc('milliseconds', ${notifications.updatedAt}) <= ${before}::timestamptz`
              : undefined,
          ),
        );
    },

    async preferences(viewer: Viewer): Promise<NotificationPreference[]> {
      const rows = await db
        .select({ kind: notificationPreferences.kind, mail: notificationPreferences.mail })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, viewer.id));
      const chosen = new Map(rows.map((r) => [r.kind, r.mail]));
      return NOTIFICATION_KINDS.map((kind) => ({
        kind,
        label: NOTIFICATION_KIND_INFO[kind].label,
        mail: chosen.get(kind) ?? NOTIFICATION_KIND_INFO[kind].mail,
        default: NOTIFICATION_KIND_INFO[kind].mail,
      }));
    },

    setPreferences: (viewer: Viewer, changes: { kind: NotificationKind; mail: MailChoice }[]) =>
      saveMailChoices(db, viewer.id, changes),
  };
}
