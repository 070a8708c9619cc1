import type { AdminAccount, AdminOrganization } from "@flipside/contracts/admin";
import { ACCOUNT_ROLE, GRANTABLE_ROLES, type GrantableRole } from "@flipside/contracts/roles";
import { and, arrayContains, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { organizationMembers, organizations } from "../../db/schema/organizations.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { escapeLike } from "../../lib/search-filter.ts";
import type { Storage } from "../../lib/storage.ts";
import { type AuditActor, recordAudit } from "./audit.ts";

export const ROLE_MESSAGES = {
  noAccount: "There is no such account.",
  notActivated: "This account is not activated yet: a role needs an address its owner has proved.",
  ownAdmin: "You cannot take away your own admin role: ask another admin to.",
} as const;

type UserRow = typeof users.$inferSelect;

function present(user: UserRow, storage: Storage): AdminAccount {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    imageUrl: user.imageKey ? storage.url(user.imageKey) : user.imageUrl,
    activated: user.activated,
    roles: user.roles,
    createdDate: user.createdAt.toISOString(),
  };
}

/** USER first, then the granted roles in GRANTABLE_ROLES' order: one spelling for each set. */
function normalRoles(granted: readonly string[]): string[] {
  return [ACCOUNT_ROLE.USER, ...GRANTABLE_ROLES.filter((role) => granted.includes(role))];
}

/**
 * Makes the activated accounts of the configured addresses admins (ADMIN_EMAILS, or the `npm run
 * admin` command), and records it. Only activated accounts: registering with an admin's address
 * proves nothing until its mail is answered. Returns the accounts that were changed.
 */
export async function grantConfiguredAdmins(
  db: Db,
  emails: readonly string[],
  opts: { userId?: string; actorName?: string } = {},
): Promise<string[]> {
  const wanted = emails.map((email) => email.toLowerCase());
  if (wanted.length === 0) return [];
  return db.transaction(async (tx) => {
    const granted = await tx
      .update(users)
      .set({ roles: sql`array_append(${users.roles}, ${ACCOUNT_ROLE.ADMIN})`, updatedAt: new Date() })
      .where(
        and(
          eq(users.activated, true),
          sql`lower(${users.email}) = any(${sql.param(wanted)}::text[])`,
          sql`not (${ACCOUNT_ROLE.ADMIN} = any(${users.roles}))`,
          opts.userId ? eq(users.id, opts.userId) : undefined,
        ),
      )
      .returning({ id: users.id, displayName: users.displayName, roles: users.roles });
    for (const user of granted) {
      await recordAudit(
        tx,
        {
          actor: null,
          action: "ROLES_CHANGED",
          targetKind: "ACCOUNT",
          targetId: user.id,
          targetLabel: user.displayName,
          details: { before: user.roles.filter((r) => r !== ACCOUNT_ROLE.ADMIN), after: user.roles },
        },
        opts.actorName,
      );
    }
    return granted.map((user) => user.id);
  });
}

export async function listAccounts(
  db: Db,
  storage: Storage,
  q: { q?: string | undefined; role?: GrantableRole | undefined; page: number; size: number },
): Promise<{ items: AdminAccount[]; total: number }> {
  const conditions: SQL[] = [];
  if (q.q) {
    const pattern = `%${escapeLike(q.q)}%`;
    const matches = or(ilike(users.email, pattern), ilike(users.displayName, pattern));
    if (matches) conditions.push(matches);
  }
  if (q.role) conditions.push(arrayContains(users.roles, [q.role]));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items: rows.map((row) => present(row, storage)), total: counted?.total ?? 0 };
}

/** Organisations whose name or address holds `q`, newest first (admins crediting a wallet). */
export async function listOrganizations(
  db: Db,
  storage: Storage,
  q: { q?: string | undefined; page: number; size: number },
): Promise<{ items: AdminOrganization[]; total: number }> {
  const pattern = q.q ? `%${escapeLike(q.q)}%` : null;
  const where = pattern
    ? or(ilike(organizations.name, pattern), ilike(organizations.slug, pattern))
    : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        org: organizations,
        memberCount: sql<number>`(select count(*)::int from ${organizationMembers} where ${organizationMembers.organizationId} = ${organizations.id})`,
      })
      .from(organizations)
      .where(where)
      .orderBy(desc(organizations.createdAt), desc(organizations.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ total: count() }).from(organizations).where(where),
  ]);
  return {
    items: rows.map(({ org, memberCount }) => ({
      id: org.id,
      name: org.name,
      slug: org.slug,
      imageUrl: org.imageKey ? storage.url(org.imageKey) : null,
      memberCount,
      createdDate: org.createdAt.toISOString(),
    })),
    total: counted?.total ?? 0,
  };
}

/**
 * Gives an account exactly these roles beyond USER, recorded with the admin who did it. An admin
 * cannot demote themselves, so the last admin cannot lock everyone out.
 */
export async function setRoles(
  db: Db,
  storage: Storage,
  actor: NonNullable<AuditActor>,
  accountId: string,
  change: { roles: readonly GrantableRole[]; reason?: string | undefined },
): Promise<{ account: AdminAccount; changed: boolean }> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, accountId)).for("update");
    if (!user) throw notFound(ROLE_MESSAGES.noAccount);
    const after = normalRoles(change.roles);
    const before = normalRoles(user.roles);
    if (after.join() === before.join()) return { account: present(user, storage), changed: false };
    if (!user.activated) throw conflict(ROLE_MESSAGES.notActivated);
    if (user.id === actor.id && !after.includes(ACCOUNT_ROLE.ADMIN)) throw conflict(ROLE_MESSAGES.ownAdmin);
    const [updated] = await tx
      .update(users)
      .set({ roles: after, updatedAt: new Date() })
      .where(eq(users.id, accountId))
      .returning();
    await recordAudit(tx, {
      actor,
      action: "ROLES_CHANGED",
      targetKind: "ACCOUNT",
      targetId: user.id,
      targetLabel: user.displayName,
      reason: change.reason ?? "",
      details: { before, after },
    });
    return { account: present(updated ?? user, storage), changed: true };
  });
}
