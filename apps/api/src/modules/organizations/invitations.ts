import { createHash, randomBytes } from "node:crypto";
import {
  type CreateInvitation,
  type InvitationPreview,
  type InvitationStatus,
  ORGANIZATION_LIMITS,
  ORGANIZATION_MESSAGES,
  type OrganizationInvitation,
  type ReceivedInvitation,
} from "@flipside/contracts/organizations";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import {
  organizationInvitationSends,
  organizationInvitations,
  organizationMembers,
  organizations,
} from "../../db/schema/organizations.ts";
import { conflict, forbidden, notFound, tooManyRequests } from "../../lib/errors.ts";
import { emailHash, hasOptedOut, optOut } from "../../lib/mail-opt-outs.ts";
import { organizationInvitationMail } from "../../lib/mail-templates/organization-mails.ts";
import type { Mailer } from "../../lib/mailer.ts";
import type { Storage } from "../../lib/storage.ts";
import type { ViewerCache } from "../../plugins/auth.ts";
import { presentProfileRef } from "../discussion/index.ts";
import { record } from "../outbox/index.ts";
import { MANAGERS, requireRole } from "./membership.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");

type InvitationRow = typeof organizationInvitations.$inferSelect;

export interface InvitationsDeps {
  db: Db;
  mailer: Mailer;
  storage: Storage;
  log: FastifyBaseLogger;
  viewers: ViewerCache;
  /** Handles the events just recorded (the invitee's notification) without waiting for the poll. */
  wakeOutbox(): void;
  now?: () => Date;
}

/** Who answers an invitation: the signed-in account, by its address. */
type Invitee = { id: string; email: string; activated: boolean };

/**
 * Invitations to an organisation by mail (docs/organizations.md#invitations): one fixed template,
 * a single-use link valid 7 days whose key is stored only as a hash, limits per organisation and
 * per sender kept in the database (so they hold across instances), one-click unsubscribe.
 */
export function createInvitations(deps: InvitationsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  function statusOf(row: InvitationRow): InvitationStatus {
    return row.status === "PENDING" && row.expiresAt <= now() ? "EXPIRED" : row.status;
  }

  /** Counts this mail against the limits (the organisation's row is held by the caller). */
  async function countSend(tx: Db, organizationId: string, senderId: string) {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, senderId)).for("update");
    const since = new Date(now().getTime() - DAY_MS);
    const [forOrg] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(organizationInvitationSends)
      .where(
        and(
          eq(organizationInvitationSends.organizationId, organizationId),
          gt(organizationInvitationSends.createdAt, since),
        ),
      );
    if ((forOrg?.n ?? 0) >= ORGANIZATION_LIMITS.invitationsPerOrganizationPerDay)
      throw tooManyRequests(DAY_MS / 1000, ORGANIZATION_MESSAGES.invitationsOrganizationLimit);
    const [bySender] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(organizationInvitationSends)
      .where(
        and(
          eq(organizationInvitationSends.senderId, senderId),
          gt(organizationInvitationSends.createdAt, since),
        ),
      );
    if ((bySender?.n ?? 0) >= ORGANIZATION_LIMITS.invitationsPerPersonPerDay)
      throw tooManyRequests(DAY_MS / 1000, ORGANIZATION_MESSAGES.invitationsPersonLimit);
    await tx.insert(organizationInvitationSends).values({ organizationId, senderId, createdAt: now() });
  }

  async function send(invitationId: string, key: string, origin: string) {
    const [row] = await db
      .select({ inv: organizationInvitations, org: organizations.name, inviter: users.displayName })
      .from(organizationInvitations)
      .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
      .leftJoin(users, eq(users.id, organizationInvitations.inviterId))
      .where(eq(organizationInvitations.id, invitationId));
    if (!row) return;
    const unsubscribeUrl = `${origin}/api/v1/organization-invitations/unsubscribe?token=${row.inv.unsubscribeToken}`;
    const content = organizationInvitationMail({
      organization: row.org,
      inviter: row.inviter,
      role: row.inv.role,
      link: `${origin}/organizations/invitations/${key}`,
      expiresAt: row.inv.expiresAt,
      unsubscribeUrl,
    });
    // Not awaited: the answer does not wait for the SMTP server.
    void deps.mailer.send({
      to: row.inv.email,
      ...content,
      headers: {
        "List-Unsubscribe": `<${unsubscribeUrl}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
  }

  async function byKey(key: string): Promise<InvitationRow> {
    const [row] = await db
      .select()
      .from(organizationInvitations)
      .where(eq(organizationInvitations.keyHash, hashKey(key)));
    if (!row) throw notFound(ORGANIZATION_MESSAGES.invitationInvalid);
    return row;
  }

  /** Only a waiting, unexpired invitation may be answered; anything else says why not. */
  function requirePending(row: InvitationRow) {
    const status = statusOf(row);
    if (status === "EXPIRED") throw conflict(ORGANIZATION_MESSAGES.invitationExpired);
    if (status === "REVOKED") throw conflict(ORGANIZATION_MESSAGES.invitationRevoked);
    if (status !== "PENDING") throw conflict(ORGANIZATION_MESSAGES.invitationAnswered);
  }

  async function managed(tx: Db, organizationId: string, invitationId: string) {
    const [row] = await tx
      .select()
      .from(organizationInvitations)
      .where(
        and(
          eq(organizationInvitations.id, invitationId),
          eq(organizationInvitations.organizationId, organizationId),
        ),
      )
      .for("update");
    if (!row) throw notFound(ORGANIZATION_MESSAGES.noSuchInvitation);
    return row;
  }

  const fresh = () => {
    const key = randomBytes(32).toString("base64url");
    return {
      key,
      keyHash: hashKey(key),
      sentAt: now(),
      expiresAt: new Date(now().getTime() + ORGANIZATION_LIMITS.invitationDays * DAY_MS),
    };
  };

  /** The organisation's invitations, newest first: OWNERs and ADMINs. */
  /** Invitations with their inviters: an organisation's (`list`) or one just sent (`invite`). */
  function withInviters() {
    return db
      .select({
        inv: organizationInvitations,
        inviter: {
          id: users.id,
          displayName: users.displayName,
          imageKey: users.imageKey,
          imageUrl: users.imageUrl,
        },
      })
      .from(organizationInvitations)
      .leftJoin(users, eq(users.id, organizationInvitations.inviterId))
      .$dynamic();
  }

  function present({
    inv,
    inviter,
  }: Awaited<ReturnType<typeof withInviters>>[number]): OrganizationInvitation {
    return {
      id: inv.id,
      email: inv.email,
      role: inv.role,
      status: statusOf(inv),
      inviter: inviter?.id ? presentProfileRef(inviter, deps.storage) : null,
      sentDate: inv.sentAt.toISOString(),
      expiresDate: inv.expiresAt.toISOString(),
      respondedDate: inv.respondedAt?.toISOString() ?? null,
      createdDate: inv.createdAt.toISOString(),
    };
  }

  async function list(userId: string, organizationId: string): Promise<OrganizationInvitation[]> {
    await requireRole(db, organizationId, userId, MANAGERS);
    const rows = await withInviters()
      .where(eq(organizationInvitations.organizationId, organizationId))
      .orderBy(desc(organizationInvitations.createdAt), desc(organizationInvitations.id))
      .limit(200);
    return rows.map(present);
  }

  /** The address an unsubscribe link stands for, if Flipside sent it. */
  async function known(token: string): Promise<string | null> {
    const [row] = await db
      .select({ email: organizationInvitations.email })
      .from(organizationInvitations)
      .where(eq(organizationInvitations.unsubscribeToken, token));
    return row?.email ?? null;
  }

  /** What an invitation shows of itself: the organisation, who invited, the address, the status. */
  function previewOf(
    row: InvitationRow,
    org: typeof organizations.$inferSelect,
    inviter: string | null,
  ): InvitationPreview {
    return {
      organization: {
        id: org.id,
        name: org.name,
        slug: org.slug,
        description: org.description,
        imageUrl: org.imageKey ? deps.storage.url(org.imageKey) : null,
      },
      inviter,
      email: row.email,
      role: row.role,
      status: statusOf(row),
      expiresDate: row.expiresAt.toISOString(),
    };
  }

  /** Makes the invitee a member (the invitation held, so two answers at once make one). */
  async function join(viewer: Invitee, found: InvitationRow): Promise<string> {
    await db.transaction(async (tx) => {
      await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, found.organizationId))
        .for("update");
      const [row] = await tx
        .select()
        .from(organizationInvitations)
        .where(eq(organizationInvitations.id, found.id))
        .for("update");
      if (!row || row.keyHash !== found.keyHash) throw notFound(ORGANIZATION_MESSAGES.invitationInvalid);
      requirePending(row);
      await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.id)).for("update");
      const [mine] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(organizationMembers)
        .where(eq(organizationMembers.userId, viewer.id));
      if ((mine?.n ?? 0) >= ORGANIZATION_LIMITS.membershipsPerPerson)
        throw conflict(ORGANIZATION_MESSAGES.tooManyMemberships);
      await tx
        .insert(organizationMembers)
        .values({ organizationId: row.organizationId, userId: viewer.id, role: row.role })
        .onConflictDoNothing();
      await tx
        .update(organizationInvitations)
        .set({ status: "ACCEPTED", respondedAt: now() })
        .where(eq(organizationInvitations.id, row.id));
      if (!viewer.activated) await tx.update(users).set({ activated: true }).where(eq(users.id, viewer.id));
    });
    if (!viewer.activated) deps.viewers.forgetUser(viewer.id);
    return found.organizationId;
  }

  async function declineRow(found: InvitationRow): Promise<void> {
    const [row] = await db
      .update(organizationInvitations)
      .set({ status: "DECLINED", respondedAt: now() })
      .where(and(eq(organizationInvitations.id, found.id), eq(organizationInvitations.status, "PENDING")))
      .returning({ id: organizationInvitations.id });
    if (!row) throw conflict(ORGANIZATION_MESSAGES.invitationAnswered);
  }

  return {
    list,

    /**
     * Invites an address. Refused when it belongs to a member already, has an invitation waiting,
     * opted out of invitations, or a limit is reached; an expired invitation to it is renewed.
     */
    async invite(
      userId: string,
      organizationId: string,
      input: z.output<typeof CreateInvitation>,
      origin: string,
    ): Promise<OrganizationInvitation> {
      const email = input.email.trim();
      const made = fresh();
      const id = await db.transaction(async (tx) => {
        await requireRole(tx, organizationId, userId, MANAGERS, { lock: true });
        const [member] = await tx
          .select({ id: users.id })
          .from(organizationMembers)
          .innerJoin(users, eq(users.id, organizationMembers.userId))
          .where(
            and(
              eq(organizationMembers.organizationId, organizationId),
              sql`lower(${users.email}) = lower(${email})`,
            ),
          );
        if (member) throw conflict(ORGANIZATION_MESSAGES.alreadyMember);
        const [waiting] = await tx
          .select()
          .from(organizationInvitations)
          .where(
            and(
              eq(organizationInvitations.organizationId, organizationId),
              eq(organizationInvitations.status, "PENDING"),
              sql`lower(${organizationInvitations.email}) = lower(${email})`,
            ),
          );
        if (waiting && statusOf(waiting) === "PENDING") throw conflict(ORGANIZATION_MESSAGES.alreadyInvited);
        if (await hasOptedOut(tx, emailHash(email))) throw conflict(ORGANIZATION_MESSAGES.optedOut);
        const [size] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(organizationMembers)
          .where(eq(organizationMembers.organizationId, organizationId));
        if ((size?.n ?? 0) >= ORGANIZATION_LIMITS.membersPerOrganization)
          throw conflict(ORGANIZATION_MESSAGES.tooManyMembers);
        await countSend(tx, organizationId, userId);
        const values = { ...made, email, role: input.role, inviterId: userId };
        let invitationId = waiting?.id;
        if (waiting) {
          await tx
            .update(organizationInvitations)
            .set({ ...values, createdAt: made.sentAt })
            .where(eq(organizationInvitations.id, waiting.id));
        } else {
          const [row] = await tx
            .insert(organizationInvitations)
            .values({
              ...values,
              organizationId,
              unsubscribeToken: randomBytes(24).toString("base64url"),
            })
            .returning({ id: organizationInvitations.id });
          invitationId = row?.id;
        }
        if (!invitationId) throw new Error("invitation insert returned nothing");
        await record(tx, "organization.invited", { invitationId, organizationId, inviterId: userId, email });
        return invitationId;
      });
      deps.wakeOutbox();
      await send(id, made.key, origin);
      const [row] = await withInviters().where(eq(organizationInvitations.id, id));
      if (!row) throw notFound(ORGANIZATION_MESSAGES.noSuchInvitation);
      return present(row);
    },

    /** Mails a waiting (or expired) invitation again with a new link; the old link stops working. */
    async resend(
      userId: string,
      organizationId: string,
      invitationId: string,
      origin: string,
    ): Promise<void> {
      const made = fresh();
      await db.transaction(async (tx) => {
        await requireRole(tx, organizationId, userId, MANAGERS, { lock: true });
        const row = await managed(tx, organizationId, invitationId);
        if (row.status !== "PENDING")
          throw conflict(
            row.status === "REVOKED"
              ? ORGANIZATION_MESSAGES.invitationRevoked
              : ORGANIZATION_MESSAGES.invitationAnswered,
          );
        await countSend(tx, organizationId, userId);
        await tx
          .update(organizationInvitations)
          .set(made)
          .where(eq(organizationInvitations.id, invitationId));
        await record(tx, "organization.invited", {
          invitationId,
          organizationId,
          inviterId: userId,
          email: row.email,
        });
      });
      deps.wakeOutbox();
      await send(invitationId, made.key, origin);
    },

    /** Withdraws a waiting invitation: its link stops working. */
    async revoke(userId: string, organizationId: string, invitationId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await requireRole(tx, organizationId, userId, MANAGERS, { lock: true });
        const row = await managed(tx, organizationId, invitationId);
        if (row.status !== "PENDING") throw conflict(ORGANIZATION_MESSAGES.invitationAnswered);
        await tx
          .update(organizationInvitations)
          .set({ status: "REVOKED", respondedAt: now() })
          .where(eq(organizationInvitations.id, invitationId));
      });
    },

    /** What the link's page shows: whoever holds the link may see it. */
    async preview(key: string): Promise<InvitationPreview> {
      const row = await byKey(key);
      const [org] = await db.select().from(organizations).where(eq(organizations.id, row.organizationId));
      if (!org) throw notFound(ORGANIZATION_MESSAGES.invitationInvalid);
      const [inviter] = row.inviterId
        ? await db.select({ name: users.displayName }).from(users).where(eq(users.id, row.inviterId))
        : [];
      return previewOf(row, org, inviter?.name ?? null);
    },

    /**
     * Joins the organisation. Only the account whose address the invitation went to may accept;
     * the link came to that mailbox, so an account not yet activated is activated by it.
     */
    async accept(viewer: Invitee, key: string): Promise<string> {
      const found = await byKey(key);
      requirePending(found);
      if (found.email.toLowerCase() !== viewer.email.toLowerCase())
        throw forbidden(ORGANIZATION_MESSAGES.wrongAccount);
      return join(viewer, found);
    },

    /**
     * The waiting invitations to the viewer's own address, for answering them in the app (the
     * notification of one leads there). An address not proven yet sees none: the mail's link is
     * its proof.
     */
    async forMe(viewer: Invitee): Promise<ReceivedInvitation[]> {
      if (!viewer.activated) return [];
      const rows = await db
        .select({ inv: organizationInvitations, org: organizations, inviter: users.displayName })
        .from(organizationInvitations)
        .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
        .leftJoin(users, eq(users.id, organizationInvitations.inviterId))
        .where(
          and(
            eq(organizationInvitations.status, "PENDING"),
            gt(organizationInvitations.expiresAt, now()),
            sql`lower(${organizationInvitations.email}) = lower(${viewer.email})`,
          ),
        )
        .orderBy(desc(organizationInvitations.sentAt))
        .limit(50);
      return rows.map(({ inv, org, inviter }) => ({ id: inv.id, ...previewOf(inv, org, inviter) }));
    },

    /** Accepts or declines one of `forMe` by its id; anyone else's is not there (404). */
    async answerMine(viewer: Invitee, invitationId: string, answer: "accept" | "decline"): Promise<string> {
      const [found] = viewer.activated
        ? await db
            .select()
            .from(organizationInvitations)
            .where(
              and(
                eq(organizationInvitations.id, invitationId),
                sql`lower(${organizationInvitations.email}) = lower(${viewer.email})`,
              ),
            )
        : [];
      if (!found) throw notFound(ORGANIZATION_MESSAGES.noSuchInvitation);
      requirePending(found);
      if (answer === "accept") return join(viewer, found);
      await declineRow(found);
      return found.organizationId;
    },

    /** Declines: whoever holds the link may, signed in or not. */
    async decline(key: string): Promise<void> {
      const found = await byKey(key);
      requirePending(found);
      await declineRow(found);
    },

    /** The one-click unsubscribe (RFC 8058): answers whether the link was known. */
    async unsubscribe(token: string): Promise<boolean> {
      const email = await known(token);
      if (!email) return false;
      await optOut(db, emailHash(email));
      return true;
    },

    known,
  };
}

export type Invitations = ReturnType<typeof createInvitations>;
