import { domainToUnicode } from "node:url";
import {
  type CreateOrganization,
  type MyOrganization,
  ORGANIZATION_LIMITS,
  ORGANIZATION_MESSAGES,
  type Organization,
  type OrganizationDetail,
  type OrganizationMember,
  type OrganizationRole,
  type PublicOrganization,
  type UpdateOrganization,
} from "@flipside/contracts/organizations";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/faults.ts";
import { users } from "../../db/schema/accounts.ts";
import { notes, sites } from "../../db/schema/discussion.ts";
import {
  organizationInvitations,
  organizationMembers,
  organizations,
} from "../../db/schema/organizations.ts";
import { SITE_WITHOUT_OWNER, siteClaims } from "../../db/schema/websites.ts";
import { avatarFiles, decodeBase64Image, storeAvatar } from "../../lib/avatars.ts";
import { AppError, conflict, forbidden, notFound } from "../../lib/errors.ts";
import type { Storage } from "../../lib/storage.ts";
import { profileImageUrl } from "../discussion/index.ts";
import { EVERYONE, MANAGERS, type OrganizationRow, OWNERS, requireRole } from "./membership.ts";

export interface OrganizationsDeps {
  db: Db;
  storage: Storage;
  /** The page views of a site's pages show its owner: told when that changes. */
  onSiteChanged?: (siteId: string) => void;
}

const slugTaken = () =>
  new AppError("conflict", ORGANIZATION_MESSAGES.slugTaken, [
    { field: "slug", message: ORGANIZATION_MESSAGES.slugTaken },
  ]);

const memberCount = sql<number>`(select count(*)::int from ${organizationMembers} where ${organizationMembers.organizationId} = ${organizations.id})`;

/**
 * Organisations (docs/organizations.md): create, settings, members and their roles, ownership,
 * deletion, the public page. Every call checks the caller's role first (membership.ts).
 */
export function createOrganizationsService(deps: OrganizationsDeps) {
  const { db, storage } = deps;

  function present(org: OrganizationRow): Organization {
    return {
      id: org.id,
      name: org.name,
      slug: org.slug,
      description: org.description,
      website: org.website,
      imageUrl: org.imageKey ? storage.url(org.imageKey) : null,
      createdDate: org.createdAt.toISOString(),
    };
  }

  async function detail(userId: string, organizationId: string): Promise<OrganizationDetail> {
    const { organization, membership } = await requireRole(db, organizationId, userId, EVERYONE);
    const [counts] = await db
      .select({
        members: memberCount,
        pendingInvitations: sql<number>`(select count(*)::int from ${organizationInvitations} where ${organizationInvitations.organizationId} = ${organizations.id} and ${organizationInvitations.status} = 'PENDING' and ${organizationInvitations.expiresAt} > now())`,
        websites: sql<number>`(select count(*)::int from ${siteClaims} where ${siteClaims.organizationId} = ${organizations.id})`,
        verifiedWebsites: sql<number>`(select count(*)::int from ${siteClaims} where ${siteClaims.organizationId} = ${organizations.id} and ${siteClaims.status} = 'VERIFIED')`,
        notes: sql<number>`(select count(*)::int from ${notes} where ${notes.organizationId} = ${organizations.id} and ${notes.visibility} = 'ORGANIZATION')`,
      })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    const c = counts ?? { members: 0, pendingInvitations: 0, websites: 0, verifiedWebsites: 0, notes: 0 };
    return {
      ...present(organization),
      role: membership.role,
      memberCount: c.members,
      showOnProfile: membership.showOnProfile,
      counts: c,
    };
  }

  /** Everyone in it, owners first, then by name: any member may see this. */
  async function members(userId: string, organizationId: string): Promise<OrganizationMember[]> {
    await requireRole(db, organizationId, userId, EVERYONE);
    const rows = await db
      .select({
        m: organizationMembers,
        u: {
          id: users.id,
          displayName: users.displayName,
          imageKey: users.imageKey,
          imageUrl: users.imageUrl,
        },
      })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(eq(organizationMembers.organizationId, organizationId))
      .orderBy(
        sql`case ${organizationMembers.role} when 'OWNER' then 0 when 'ADMIN' then 1 else 2 end`,
        asc(sql`lower(${users.displayName})`),
        asc(users.id),
      );
    return rows.map((r) => ({
      profile: {
        id: r.u.id,
        displayName: r.u.displayName,
        imageUrl: r.u.imageKey ? storage.url(r.u.imageKey) : r.u.imageUrl,
      },
      role: r.m.role,
      showOnProfile: r.m.showOnProfile,
      joinedDate: r.m.createdAt.toISOString(),
    }));
  }

  async function ownerCount(tx: Db, organizationId: string): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(organizationMembers)
      .where(
        and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.role, "OWNER")),
      );
    return row?.n ?? 0;
  }

  async function memberRow(tx: Db, organizationId: string, userId: string) {
    const [row] = await tx
      .select()
      .from(organizationMembers)
      .where(
        and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)),
      );
    if (!row) throw notFound(ORGANIZATION_MESSAGES.notAMember);
    return row;
  }

  /**
   * The organisation's website claims go back to the people who made them: a claim becomes its
   * claimant's own (a verified site stays verified, now theirs), unless they claimed the site
   * themselves too, in which case the organisation's claim goes and its site returns to PENDING.
   */
  async function returnWebsites(tx: Db, organizationId: string): Promise<string[]> {
    const claims = await tx.select().from(siteClaims).where(eq(siteClaims.organizationId, organizationId));
    const changed: string[] = [];
    for (const claim of claims) {
      const [site] = await tx.select().from(sites).where(eq(sites.id, claim.siteId)).for("update");
      const verified = site?.claimId === claim.id;
      const [own] = await tx
        .select({ id: siteClaims.id })
        .from(siteClaims)
        .where(
          and(
            eq(siteClaims.siteId, claim.siteId),
            eq(siteClaims.userId, claim.userId),
            sql`${siteClaims.organizationId} is null`,
          ),
        );
      if (own) {
        await tx.delete(siteClaims).where(eq(siteClaims.id, claim.id));
        if (verified) await tx.update(sites).set(SITE_WITHOUT_OWNER).where(eq(sites.id, claim.siteId));
      } else {
        await tx
          .update(siteClaims)
          .set({ ownerKind: "USER", organizationId: null })
          .where(eq(siteClaims.id, claim.id));
        if (verified)
          await tx
            .update(sites)
            .set({ ownerKind: "USER", ownerId: claim.userId })
            .where(eq(sites.id, claim.siteId));
      }
      if (verified) changed.push(claim.siteId);
    }
    return changed;
  }

  return {
    present,
    detail,

    /** The caller's organisations, by name, with their role. */
    async listMine(userId: string): Promise<MyOrganization[]> {
      const rows = await db
        .select({ org: organizations, role: organizationMembers.role, members: memberCount })
        .from(organizationMembers)
        .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
        .where(eq(organizationMembers.userId, userId))
        .orderBy(asc(sql`lower(${organizations.name})`), asc(organizations.id));
      return rows.map((r) => ({ ...present(r.org), role: r.role, memberCount: r.members }));
    },

    /** Makes an organisation with the caller as its first OWNER. */
    async create(userId: string, input: z.output<typeof CreateOrganization>): Promise<OrganizationDetail> {
      const id = await db
        .transaction(async (tx) => {
          // Held while counting, so two creations at once cannot pass the limit.
          await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
          const [mine] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(organizationMembers)
            .where(eq(organizationMembers.userId, userId));
          if ((mine?.n ?? 0) >= ORGANIZATION_LIMITS.membershipsPerPerson)
            throw conflict(ORGANIZATION_MESSAGES.tooManyMemberships);
          const [taken] = await tx
            .select({ id: organizations.id })
            .from(organizations)
            .where(eq(organizations.slug, input.slug));
          if (taken) throw slugTaken();
          const [org] = await tx
            .insert(organizations)
            .values({
              name: input.name,
              slug: input.slug,
              description: input.description,
              website: input.website || null,
            })
            .returning({ id: organizations.id });
          if (!org) throw new Error("organisation insert returned nothing");
          await tx.insert(organizationMembers).values({ organizationId: org.id, userId, role: "OWNER" });
          return org.id;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error, "organizations_slug_key")) throw slugTaken();
          throw error;
        });
      return detail(userId, id);
    },

    /** Name, address, description, website: OWNERs only. */
    async update(
      userId: string,
      organizationId: string,
      patch: z.output<typeof UpdateOrganization>,
    ): Promise<OrganizationDetail> {
      await db
        .transaction(async (tx) => {
          await requireRole(tx, organizationId, userId, OWNERS, { lock: true });
          if (patch.slug !== undefined) {
            const [taken] = await tx
              .select({ id: organizations.id })
              .from(organizations)
              .where(and(eq(organizations.slug, patch.slug), ne(organizations.id, organizationId)));
            if (taken) throw slugTaken();
          }
          await tx
            .update(organizations)
            .set({
              ...(patch.name !== undefined ? { name: patch.name } : {}),
              ...(patch.slug !== undefined ? { slug: patch.slug } : {}),
              ...(patch.description !== undefined ? { description: patch.description } : {}),
              ...(patch.website !== undefined ? { website: patch.website || null } : {}),
              updatedAt: new Date(),
            })
            .where(eq(organizations.id, organizationId));
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error, "organizations_slug_key")) throw slugTaken();
          throw error;
        });
      return detail(userId, organizationId);
    },

    /** A new avatar from an untrusted image (checked by content, re-encoded): OWNERs only. */
    async changeImage(userId: string, organizationId: string, base64: string): Promise<OrganizationDetail> {
      const { organization } = await requireRole(db, organizationId, userId, OWNERS);
      const imageKey = await storeAvatar(storage, organizationId, decodeBase64Image(base64), "base64");
      await db
        .update(organizations)
        .set({ imageKey, updatedAt: new Date() })
        .where(eq(organizations.id, organizationId));
      if (organization.imageKey)
        await Promise.all(avatarFiles(organization.imageKey).map((k) => storage.delete(k)));
      return detail(userId, organizationId);
    },

    async removeImage(userId: string, organizationId: string): Promise<OrganizationDetail> {
      const { organization } = await requireRole(db, organizationId, userId, OWNERS);
      await db
        .update(organizations)
        .set({ imageKey: null, updatedAt: new Date() })
        .where(eq(organizations.id, organizationId));
      if (organization.imageKey)
        await Promise.all(avatarFiles(organization.imageKey).map((k) => storage.delete(k)));
      return detail(userId, organizationId);
    },

    /**
     * Deletes the organisation once its address is typed: its notes, members and invitations go
     * with it; its websites return to the people who claimed them (returnWebsites).
     */
    async remove(userId: string, organizationId: string, confirm: string): Promise<void> {
      const { imageKey, changed } = await db.transaction(async (tx) => {
        const { organization } = await requireRole(tx, organizationId, userId, OWNERS, { lock: true });
        if (confirm.trim().toLowerCase() !== organization.slug) {
          throw new AppError("validation_failed", ORGANIZATION_MESSAGES.confirmSlug, [
            { field: "confirm", message: ORGANIZATION_MESSAGES.confirmSlug },
          ]);
        }
        const changed = await returnWebsites(tx, organizationId);
        await tx.delete(organizations).where(eq(organizations.id, organizationId));
        return { imageKey: organization.imageKey, changed };
      });
      for (const siteId of changed) deps.onSiteChanged?.(siteId);
      if (imageKey)
        await Promise.all(
          avatarFiles(imageKey)
            .map((k) => storage.delete(k))
            .map((p) => p.catch(() => {})),
        );
    },

    members,

    /**
     * Changes a member's role. OWNERs change anyone's; ADMINs change MEMBERs and ADMINs but never
     * make or unmake an OWNER. The last OWNER keeps the role.
     */
    async changeRole(
      userId: string,
      organizationId: string,
      targetId: string,
      role: OrganizationRole,
    ): Promise<OrganizationMember[]> {
      await db.transaction(async (tx) => {
        const { membership } = await requireRole(tx, organizationId, userId, MANAGERS, { lock: true });
        const target = await memberRow(tx, organizationId, targetId);
        if (membership.role !== "OWNER" && (target.role === "OWNER" || role === "OWNER"))
          throw forbidden(ORGANIZATION_MESSAGES.ownerRoleByOwners);
        if (target.role === role) return;
        if (target.role === "OWNER" && (await ownerCount(tx, organizationId)) <= 1)
          throw conflict(ORGANIZATION_MESSAGES.lastOwner);
        await tx
          .update(organizationMembers)
          .set({ role })
          .where(
            and(
              eq(organizationMembers.organizationId, organizationId),
              eq(organizationMembers.userId, targetId),
            ),
          );
      });
      return members(userId, organizationId);
    },

    /**
     * Removes a member, or the caller themself (leaving). OWNERs remove anyone, ADMINs anyone but
     * an OWNER; anyone may leave, except the last OWNER.
     */
    async removeMember(userId: string, organizationId: string, targetId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const leaving = targetId === userId;
        const { membership } = await requireRole(tx, organizationId, userId, leaving ? EVERYONE : MANAGERS, {
          lock: true,
        });
        const target = leaving ? membership : await memberRow(tx, organizationId, targetId);
        if (!leaving && membership.role !== "OWNER" && target.role === "OWNER")
          throw forbidden(ORGANIZATION_MESSAGES.ownerRoleByOwners);
        if (target.role === "OWNER" && (await ownerCount(tx, organizationId)) <= 1)
          throw conflict(ORGANIZATION_MESSAGES.lastOwner);
        await tx
          .delete(organizationMembers)
          .where(
            and(
              eq(organizationMembers.organizationId, organizationId),
              eq(organizationMembers.userId, targetId),
            ),
          );
      });
    },

    /** The caller's own choice: whether the public page lists them. */
    async changeMembership(
      userId: string,
      organizationId: string,
      showOnProfile: boolean,
    ): Promise<OrganizationDetail> {
      await requireRole(db, organizationId, userId, EVERYONE);
      await db
        .update(organizationMembers)
        .set({ showOnProfile })
        .where(
          and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)),
        );
      return detail(userId, organizationId);
    },

    /** Hands ownership to another member: they become an OWNER, the caller an ADMIN. */
    async transfer(userId: string, organizationId: string, targetId: string): Promise<OrganizationDetail> {
      if (targetId === userId) throw conflict(ORGANIZATION_MESSAGES.notAMember);
      await db.transaction(async (tx) => {
        await requireRole(tx, organizationId, userId, OWNERS, { lock: true });
        await memberRow(tx, organizationId, targetId);
        const inOrg = (id: string) =>
          and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, id));
        await tx.update(organizationMembers).set({ role: "OWNER" }).where(inOrg(targetId));
        await tx.update(organizationMembers).set({ role: "ADMIN" }).where(inOrg(userId));
      });
      return detail(userId, organizationId);
    },

    /** The public page: anyone may read it. */
    async publicProfile(organizationId: string): Promise<PublicOrganization> {
      const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
      if (!org) throw notFound(ORGANIZATION_MESSAGES.notFound);
      const websites = await db
        .select({ domain: sites.domain })
        .from(sites)
        .where(
          and(
            eq(sites.ownerKind, "ORGANIZATION"),
            eq(sites.ownerId, organizationId),
            eq(sites.verificationStatus, "VERIFIED"),
          ),
        )
        .orderBy(asc(sites.domain));
      const shown = await db
        .select({
          id: users.id,
          displayName: users.displayName,
          imageKey: users.imageKey,
          imageUrl: users.imageUrl,
          role: organizationMembers.role,
        })
        .from(organizationMembers)
        .innerJoin(users, eq(users.id, organizationMembers.userId))
        .where(
          and(
            eq(organizationMembers.organizationId, organizationId),
            eq(organizationMembers.showOnProfile, true),
          ),
        )
        .orderBy(asc(sql`lower(${users.displayName})`))
        .limit(100);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(organizationMembers)
        .where(eq(organizationMembers.organizationId, organizationId));
      return {
        ...present(org),
        websites: websites.map((w) => ({
          domain: w.domain,
          unicodeDomain: domainToUnicode(w.domain) || w.domain,
        })),
        members: shown.map((m) => ({
          id: m.id,
          displayName: m.displayName,
          imageUrl: profileImageUrl(m, storage),
          role: m.role,
        })),
        memberCount: count?.n ?? 0,
      };
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
