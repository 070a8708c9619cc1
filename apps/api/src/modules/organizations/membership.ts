import { ORGANIZATION_MESSAGES, type OrganizationRole } from "@flipside/contracts/organizations";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { organizationMembers, organizations } from "../../db/schema/organizations.ts";
import { forbidden, notFound } from "../../lib/errors.ts";

/**
 * Who may do what in an organisation (docs/organizations.md#roles): the one place a role rule is
 * written; every service call goes through `requireRole` before it reads or writes anything.
 *
 * - OWNER: everything; at least one always.
 * - ADMIN: members (not owners), invitations, websites.
 * - MEMBER: reads the organisation and its notes, writes notes for it, answers officially on its
 *   verified websites.
 *
 * Someone who is not a member learns nothing, not even that the organisation exists (404); a
 * member whose role does not allow an action is told so (403).
 */

export const MANAGERS: readonly OrganizationRole[] = ["OWNER", "ADMIN"];
export const OWNERS: readonly OrganizationRole[] = ["OWNER"];
export const EVERYONE: readonly OrganizationRole[] = ["OWNER", "ADMIN", "MEMBER"];

export type Membership = typeof organizationMembers.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;

/**
 * The viewer's membership, checked against the roles allowed. With `lock`, the organisation's row
 * is held first (every write that changes members takes it, in this order), so two role changes
 * at once are decided one after the other and cannot leave the organisation without an owner.
 */
export async function requireRole(
  db: Db,
  organizationId: string,
  userId: string,
  allowed: readonly OrganizationRole[],
  opts: { lock?: boolean; message?: string } = {},
): Promise<{ organization: OrganizationRow; membership: Membership }> {
  const orgQuery = db.select().from(organizations).where(eq(organizations.id, organizationId));
  const [organization] = opts.lock ? await orgQuery.for("update") : await orgQuery;
  if (!organization) throw notFound(ORGANIZATION_MESSAGES.notFound);
  const [membership] = await db
    .select()
    .from(organizationMembers)
    .where(
      and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)),
    );
  if (!membership) throw notFound(ORGANIZATION_MESSAGES.notFound);
  if (!allowed.includes(membership.role)) {
    throw forbidden(
      opts.message ??
        (allowed.includes("ADMIN") ? ORGANIZATION_MESSAGES.managersOnly : ORGANIZATION_MESSAGES.ownersOnly),
    );
  }
  return { organization, membership };
}

/** The ids of the organisations a person belongs to. */
export async function membershipIds(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, userId));
  return new Set(rows.map((r) => r.id));
}

/** Whether a person belongs to an organisation, with one of `roles`. */
export async function isMember(
  db: Db,
  organizationId: string,
  userId: string,
  roles: readonly OrganizationRole[] = EVERYONE,
): Promise<boolean> {
  const [row] = await db
    .select({ role: organizationMembers.role })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.userId, userId),
        inArray(organizationMembers.role, [...roles]),
      ),
    );
  return Boolean(row);
}

/** The organisations a person belongs to, by name, with their role (the account answer). */
export async function organizationsOfAccount(db: Db, userId: string) {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      slug: organizations.slug,
      role: organizationMembers.role,
    })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(sql`lower(${organizations.name})`, organizations.id);
}
