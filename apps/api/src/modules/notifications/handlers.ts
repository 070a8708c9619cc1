import { mentionedIds } from "@flipside/contracts/mentions";
import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { adAccounts } from "../../db/schema/ads.ts";
import { contributions, sitePages, sites } from "../../db/schema/discussion.ts";
import { follows } from "../../db/schema/follows.ts";
import {
  organizationInvitations,
  organizationMembers,
  organizations,
} from "../../db/schema/organizations.ts";
import { type Outbox, onEvent } from "../outbox/index.ts";
import { type Notice, notify, reachable } from "./notify.ts";

const parent = alias(contributions, "parent");

/** A contribution as the handlers need it, or undefined when it is not there to tell of. */
async function liveContribution(tx: Db, id: string) {
  const [row] = await tx
    .select({
      id: contributions.id,
      kind: contributions.kind,
      body: contributions.body,
      authorId: contributions.authorId,
      official: contributions.official,
      parentId: contributions.parentId,
      pageId: contributions.sitePageId,
      deleted: contributions.deleted,
      parentAuthorId: parent.authorId,
      parentDeleted: parent.deleted,
      siteId: sitePages.siteId,
      pageHidden: sql<boolean>`${sitePages.moderation} is not null`,
      siteVerified: sql<boolean>`${sites.verificationStatus} = 'VERIFIED'`,
      ownerKind: sites.ownerKind,
      ownerId: sites.ownerId,
      authorSuspended: sql<boolean>`coalesce(${users.suspendedUntil} > now(), false)`,
    })
    .from(contributions)
    .innerJoin(sitePages, eq(sitePages.id, contributions.sitePageId))
    .innerJoin(sites, eq(sites.id, sitePages.siteId))
    .leftJoin(users, eq(users.id, contributions.authorId))
    .leftJoin(parent, eq(parent.id, contributions.parentId))
    .where(eq(contributions.id, id));
  // Gone, taken back or hidden since, on a hidden page, or by a suspended account: nobody is told.
  if (!row || row.deleted || row.pageHidden || row.authorSuspended || !row.authorId) return undefined;
  return { ...row, authorId: row.authorId };
}

/** The people who speak for a verified site: its owner, or its organisation's owners and admins. */
async function siteOwners(tx: Db, ownerKind: string | null, ownerId: string | null): Promise<string[]> {
  if (!ownerId) return [];
  if (ownerKind === "USER") return [ownerId];
  const rows = await tx
    .select({ id: organizationMembers.userId })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, ownerId),
        inArray(organizationMembers.role, ["OWNER", "ADMIN"]),
      ),
    );
  return rows.map((r) => r.id);
}

/** Who follows the page, its site or the author. */
async function followersOf(tx: Db, pageId: string, siteId: string, authorId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ id: follows.followerId })
    .from(follows)
    .where(
      or(
        eq(follows.pageId, pageId),
        eq(follows.siteId, siteId),
        and(isNotNull(follows.personId), eq(follows.personId, authorId)),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * What a new contribution tells whom (docs/notifications.md), each person once, the most
 * personal reason first: the author of what it answers (a reply, or an official response to a
 * review), the people it mentions, the people who speak for the page's verified site (a review),
 * and the followers of the page, its site or its author.
 */
async function onContribution(tx: Db, contributionId: string): Promise<Notice[]> {
  const c = await liveContribution(tx, contributionId);
  if (!c) return [];
  const notices: Notice[] = [];
  const told = new Set<string>([c.authorId]);
  const give = async (recipients: string[], notice: Omit<Notice, "recipientId">) => {
    for (const id of await reachable(
      tx,
      c.authorId,
      recipients.filter((r) => !told.has(r)),
    )) {
      told.add(id);
      notices.push({ ...notice, recipientId: id });
    }
  };
  const about = { actorId: c.authorId, pageId: c.pageId, contributionId: c.id };
  if (c.parentAuthorId && !c.parentDeleted)
    await give([c.parentAuthorId], {
      ...about,
      kind: c.official ? "OFFICIAL_RESPONSE" : "REPLY",
      // Replies to one contribution group while unread ("Bob and 2 others replied").
      groupKey: `replies:${c.parentId}`,
    });
  await give(mentionedIds(c.body), { ...about, kind: "MENTION", groupKey: `mention:${c.id}` });
  if (c.kind === "REVIEW" && c.siteVerified)
    await give(await siteOwners(tx, c.ownerKind, c.ownerId), {
      ...about,
      kind: "SITE_REVIEW",
      groupKey: `site-reviews:${c.pageId}`,
    });
  await give(await followersOf(tx, c.pageId, c.siteId, c.authorId), {
    ...about,
    kind: "FOLLOWED_ACTIVITY",
    groupKey: `activity:${c.pageId}`,
  });
  return notices;
}

/** A first vote on someone's contribution: grouped per contribution while unread. */
async function onVote(tx: Db, contributionId: string, voterId: string): Promise<Notice[]> {
  const c = await liveContribution(tx, contributionId);
  if (!c) return [];
  const [voter] = await tx
    .select({ suspended: sql<boolean>`coalesce(${users.suspendedUntil} > now(), false)` })
    .from(users)
    .where(eq(users.id, voterId));
  if (!voter || voter.suspended) return [];
  const [recipient] = await reachable(tx, voterId, [c.authorId]);
  if (!recipient) return [];
  return [
    {
      recipientId: recipient,
      kind: "VOTES",
      groupKey: `votes:${c.id}`,
      actorId: voterId,
      pageId: c.pageId,
      contributionId: c.id,
    },
  ];
}

/**
 * Notifications from the domain events (the outbox, decision 031); `told` hears whose
 * notifications changed (live updates of their bell, once the dispatch has committed).
 */
export function registerNotificationHandlers(outbox: Outbox, told: (recipientIds: string[]) => void): void {
  const deliver = async (tx: Db, notices: Notice[]) => {
    await notify(tx, notices);
    if (notices.length) told(notices.map((n) => n.recipientId));
  };
  onEvent(outbox, "organization.invited", async (tx, invited) => {
    // Only an account whose address is proven: the invitation is answered from its inbox.
    const [account] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${invited.email})`, eq(users.activated, true)));
    if (!account) return;
    const [recipient] = await reachable(tx, invited.inviterId, [account.id]);
    const [row] = await tx
      .select({
        role: organizationInvitations.role,
        status: organizationInvitations.status,
        name: organizations.name,
      })
      .from(organizationInvitations)
      .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
      .where(eq(organizationInvitations.id, invited.invitationId));
    if (!recipient || !row || row.status !== "PENDING") return;
    await deliver(tx, [
      {
        recipientId: recipient,
        kind: "INVITATION",
        groupKey: `invitation:${invited.invitationId}`,
        actorId: invited.inviterId,
        data: { organizationId: invited.organizationId, organizationName: row.name, role: row.role },
      },
    ]);
  });
  onEvent(outbox, "site.verification", async (tx, checked) => {
    const [recipient] = await reachable(tx, null, [checked.userId]);
    if (!recipient) return;
    const { event, domain, finding, demotionDate } = checked;
    await deliver(tx, [
      {
        recipientId: recipient,
        kind: "VERIFICATION",
        // One per event: "missing" and then "no longer verified" are two things to know.
        groupKey: `verification:${checked.claimId}:${event}`,
        actorId: null,
        data: { event, domain, finding, demotionDate },
      },
    ]);
  });
  onEvent(outbox, "ads.notice", async (tx, notice) => {
    // A person's own account is theirs; an organisation's, its OWNERs' and ADMINs'.
    const [account] = await tx
      .select({ userId: adAccounts.userId, organizationId: adAccounts.organizationId })
      .from(adAccounts)
      .where(eq(adAccounts.id, notice.adAccountId));
    if (!account) return;
    const people = account.userId
      ? [account.userId]
      : account.organizationId
        ? (
            await tx
              .select({ id: organizationMembers.userId })
              .from(organizationMembers)
              .where(
                and(
                  eq(organizationMembers.organizationId, account.organizationId),
                  inArray(organizationMembers.role, ["OWNER", "ADMIN"]),
                ),
              )
          ).map((m) => m.id)
        : [];
    const recipients = await reachable(tx, null, people);
    await deliver(
      tx,
      recipients.map((recipientId) => ({
        recipientId,
        kind: "ADS",
        // A wallet is low once a day at most (the detail is the day); each other event is its own.
        groupKey: `ads:${notice.event}:${notice.objectId}:${notice.detail}`,
        actorId: null,
        data: notice,
      })),
    );
  });
  onEvent(outbox, "report.decided", async (tx, decided) => {
    const kindOf = new Map(decided.reporters.map((r) => [r.reporterId, r.targetKind]));
    const recipients = await reachable(tx, null, [...kindOf.keys()]);
    await deliver(
      tx,
      recipients.map((recipientId) => ({
        recipientId,
        kind: "REPORT_OUTCOME",
        groupKey: `report:${decided.targetId}`,
        actorId: null,
        pageId: decided.pageId,
        data: { outcome: decided.outcome, targetKind: kindOf.get(recipientId), pageTitle: decided.pageTitle },
      })),
    );
  });
  onEvent(outbox, "contribution.added", async (tx, { contributionId }) => {
    await deliver(tx, await onContribution(tx, contributionId));
  });
  onEvent(outbox, "vote.cast", async (tx, vote) => {
    await deliver(tx, await onVote(tx, vote.contributionId, vote.voterId));
  });
}
