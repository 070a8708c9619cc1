import { and, desc, eq, gt, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedOnce } from "../../db/prepared.ts";
import { accountKeys, sessions, users } from "../../db/schema/accounts.ts";
import { sites } from "../../db/schema/discussion.ts";
import { organizationMembers, organizations } from "../../db/schema/organizations.ts";
import { SITE_WITHOUT_OWNER, siteClaims } from "../../db/schema/websites.ts";
import { conflict } from "../../lib/errors.ts";

export type UserRow = typeof users.$inferSelect;
export type KeyPurpose = (typeof accountKeys.$inferInsert)["purpose"];

const byEmail = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(byEmail(email)).limit(1);
  return row;
}

/** On every read of the signed-in account (each page load). */
const userByIdStatement = preparedOnce((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .limit(1)
    .prepare("user_by_id"),
);

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await userByIdStatement(db).execute({ id });
  return row;
}

/** Inserts the user, or returns undefined when the address is taken (also under a race). */
export async function insertUser(
  db: Db,
  values: Pick<typeof users.$inferInsert, "email" | "passwordHash" | "displayName" | "invitationCode">,
): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

/**
 * Sets a new password hash only if the hash is still the one the caller checked the current
 * password against: of concurrent changes, one wins and the others find it changed.
 */
export async function replacePasswordHash(
  db: Db,
  id: string,
  checkedHash: string | null,
  passwordHash: string,
) {
  const rows = await db
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(
      and(
        eq(users.id, id),
        checkedHash === null ? isNull(users.passwordHash) : eq(users.passwordHash, checkedHash),
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function updateUser(
  db: Db,
  id: string,
  patch: Partial<
    Pick<
      typeof users.$inferInsert,
      | "displayName"
      | "bio"
      | "language"
      | "colorMode"
      | "passwordHash"
      | "activated"
      | "imageKey"
      | "imageUrl"
      | "socialLinks"
      | "personalisedAds"
    >
  >,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/**
 * The user row goes with everything hanging off it by foreign key (their site claims too); a
 * site they verified is released in the same transaction, so it is nobody's rather than a
 * deleted account's. Organisations (docs/organizations.md#deleting-an-account): one where they
 * are the only owner and others are members stops the deletion (409, named); one where they are
 * the only member goes with them; claims they made for organisations that stay pass to another
 * owner of it, so the organisation keeps its websites.
 */
export async function deleteUser(db: Db, id: string): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    const soleOwned = await tx
      .select({
        id: organizations.id,
        name: organizations.name,
        members: sql<number>`(select count(*)::int from ${organizationMembers} m where m.organization_id = ${organizations.id})`,
      })
      .from(organizationMembers)
      .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
      .where(
        and(
          eq(organizationMembers.userId, id),
          eq(organizationMembers.role, "OWNER"),
          sql`not exists (select 1 from ${organizationMembers} o where o.organization_id = ${organizations.id} and o.role = 'OWNER' and o.user_id <> ${id})`,
        ),
      )
      .for("update", { of: organizations });
    const blocking = soleOwned.filter((o) => o.members > 1);
    if (blocking.length > 0) {
      throw conflict(
        `You are the only owner of ${blocking.map((o) => o.name).join(", ")}. Make another member an owner, or delete the organisation, first.`,
      );
    }
    const alone = soleOwned.map((o) => o.id);
    if (alone.length > 0) {
      await tx
        .update(sites)
        .set(SITE_WITHOUT_OWNER)
        .where(and(eq(sites.ownerKind, "ORGANIZATION"), inArray(sites.ownerId, alone)));
      await tx.delete(organizations).where(inArray(organizations.id, alone));
    }
    await tx.execute(sql`update ${siteClaims} c set user_id = (
        select o.user_id from ${organizationMembers} o
        where o.organization_id = c.organization_id and o.role = 'OWNER' and o.user_id <> ${id}
        order by o.created_at limit 1)
      where c.user_id = ${id} and c.organization_id is not null`);
    await tx
      .update(sites)
      .set(SITE_WITHOUT_OWNER)
      .where(and(eq(sites.ownerKind, "USER"), eq(sites.ownerId, id)));
    const [row] = await tx.delete(users).where(eq(users.id, id)).returning();
    return row;
  });
}

export async function insertSession(
  db: Db,
  values: { userId: string; expiresAt: Date; userAgent: string | null },
): Promise<string> {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  if (!row) throw new Error("session insert returned nothing");
  return row.id;
}

/** Expired sessions are of no use to anyone: drop them when their owner signs in again. */
export async function deleteExpiredSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
}

export async function revokeSession(db: Db, userId: string, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** The user's live sessions, the most recently used first. */
export async function liveSessions(db: Db, userId: string) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Revokes one live session of the user; false when there is no such session of theirs. */
export async function revokeOwnSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/** Revokes every session of the user, except `keep` when given. */
export async function revokeSessions(db: Db, userId: string, keep?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ...(keep ? [ne(sessions.id, keep)] : [])),
    );
}

export async function insertKey(
  db: Db,
  values: { userId: string; purpose: KeyPurpose; keyHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(accountKeys).values(values);
}

/** The user a key belongs to, when it is of this purpose, unused and unexpired. */
export async function findUsableKey(
  db: Db,
  purpose: KeyPurpose,
  keyHash: string,
): Promise<{ userId: string } | undefined> {
  const [row] = await db
    .select({ userId: accountKeys.userId })
    .from(accountKeys)
    .where(usable(purpose, keyHash))
    .limit(1);
  return row;
}

/**
 * Marks a key used and answers whose it was, in one statement: of two concurrent requests
 * with the same key only one gets the user back.
 */
export async function consumeKey(
  db: Db,
  purpose: KeyPurpose,
  keyHash: string,
): Promise<{ userId: string } | undefined> {
  const [row] = await db
    .update(accountKeys)
    .set({ usedAt: new Date() })
    .where(usable(purpose, keyHash))
    .returning({ userId: accountKeys.userId });
  return row;
}

/** After a reset, older reset mails of the same account must not work any more. */
export async function retireKeys(db: Db, userId: string, purpose: KeyPurpose): Promise<void> {
  await db
    .update(accountKeys)
    .set({ usedAt: new Date() })
    .where(and(eq(accountKeys.userId, userId), eq(accountKeys.purpose, purpose), isNull(accountKeys.usedAt)));
}

function usable(purpose: KeyPurpose, keyHash: string) {
  return and(
    eq(accountKeys.keyHash, keyHash),
    eq(accountKeys.purpose, purpose),
    isNull(accountKeys.usedAt),
    gt(accountKeys.expiresAt, new Date()),
  );
}
