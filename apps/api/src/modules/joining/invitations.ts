import { randomBytes } from "node:crypto";
import type {
  AdminInvitationCode,
  InvitationCheck,
  InvitationCode,
  InvitedPerson,
} from "@flipside/contracts/joining";
import {
  INVITATION_CODE_ALPHABET,
  JOINING_LIMITS,
  JOINING_MESSAGES,
  normalizeInvitationCode,
} from "@flipside/contracts/joining-constants";
import { and, asc, count, eq, gt, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { invitationCodes, users } from "../../db/schema/accounts.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import { compileSearchAnd, compileSort, type FilterSpec, type SortSpec } from "../../lib/search-filter.ts";
import { type AuditActor, recordAudit } from "../admin/index.ts";

type CodeRow = typeof invitationCodes.$inferSelect;
export type CodeState = InvitationCode["state"];

/** 10 characters of 32: every byte's low five bits, so no character is likelier than another. */
export function newInvitationCode(): string {
  const bytes = randomBytes(JOINING_LIMITS.codeLength);
  let code = "";
  for (const byte of bytes) code += INVITATION_CODE_ALPHABET[byte & 31];
  return code;
}

export function codeState(
  row: Pick<CodeRow, "revokedAt" | "expiresAt" | "uses" | "maxUses">,
  now = Date.now(),
) {
  if (row.revokedAt) return "REVOKED" as const;
  if (row.uses >= row.maxUses) return "USED" as const;
  if (row.expiresAt && row.expiresAt.getTime() <= now) return "EXPIRED" as const;
  return "VALID" as const;
}

const STATE_MESSAGES: Record<Exclude<CodeState, "VALID">, string> = {
  USED: JOINING_MESSAGES.codeUsed,
  EXPIRED: JOINING_MESSAGES.codeExpired,
  REVOKED: JOINING_MESSAGES.codeRevoked,
};

/** Why a code cannot be used, in the words the join page shows; null when it can. */
export function refusal(row: CodeRow | undefined): string | null {
  if (!row) return JOINING_MESSAGES.codeUnknown;
  // A personal code goes with its account: once the account is deleted, nobody invites with it.
  if (row.kind === "PERSONAL" && row.ownerId === null) return JOINING_MESSAGES.codeRevoked;
  const state = codeState(row);
  return state === "VALID" ? null : STATE_MESSAGES[state];
}

export async function findCode(db: Db, raw: string): Promise<CodeRow | undefined> {
  const code = normalizeInvitationCode(raw);
  if (!code) return undefined;
  const [row] = await db.select().from(invitationCodes).where(eq(invitationCodes.code, code));
  return row;
}

/** What /join/{code} shows of a valid code; a 404 saying plainly why any other cannot be used. */
export async function checkCode(db: Db, raw: string): Promise<InvitationCheck> {
  const row = await findCode(db, raw);
  const why = refusal(row);
  if (why || !row) throw notFound(why ?? JOINING_MESSAGES.codeUnknown);
  let inviter: string | null = null;
  if (row.kind === "PERSONAL" && row.ownerId) {
    const [owner] = await db
      .select({ displayName: users.displayName })
      .from(users)
      .where(eq(users.id, row.ownerId));
    inviter = owner?.displayName ?? null;
  }
  return { code: row.code, inviter, expiresAt: row.expiresAt?.toISOString() ?? null };
}

/**
 * Takes one use of a code for a new account, in the registration's transaction: one conditional
 * statement, so two sign-ups racing for the last use cannot both have it. Null when it cannot be used.
 */
export async function takeCode(
  tx: Db,
  codeId: string,
): Promise<{ id: string; ownerId: string | null } | null> {
  const [taken] = await tx
    .update(invitationCodes)
    .set({ uses: sql`${invitationCodes.uses} + 1` })
    .where(
      and(
        eq(invitationCodes.id, codeId),
        lt(invitationCodes.uses, invitationCodes.maxUses),
        isNull(invitationCodes.revokedAt),
        or(isNull(invitationCodes.expiresAt), gt(invitationCodes.expiresAt, sql`now()`)),
        or(eq(invitationCodes.kind, "MINTED"), sql`${invitationCodes.ownerId} is not null`),
      ),
    )
    .returning({ id: invitationCodes.id, ownerId: invitationCodes.ownerId });
  return taken ?? null;
}

const joinLink = (origin: string, code: string) => `${origin}/join/${code}`;

async function joinedWith(db: Db, codeIds: string[]): Promise<Map<string, InvitedPerson[]>> {
  const byCode = new Map<string, InvitedPerson[]>();
  if (codeIds.length === 0) return byCode;
  const rows = await db
    .select({
      codeId: users.invitationCodeId,
      id: users.id,
      displayName: users.displayName,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(inArray(users.invitationCodeId, codeIds))
    .orderBy(asc(users.createdAt));
  for (const row of rows) {
    if (!row.codeId) continue;
    const list = byCode.get(row.codeId) ?? [];
    list.push({ id: row.id, displayName: row.displayName, joinedDate: row.createdAt.toISOString() });
    byCode.set(row.codeId, list);
  }
  return byCode;
}

/**
 * The person's own codes, with who joined with each. An activated account is topped up to
 * `perAccount` personal codes the first time it asks (and when the number is raised); the row
 * lock keeps two tabs asking at once from minting twice.
 */
export async function ownCodes(
  db: Db,
  viewer: { id: string; activated: boolean },
  perAccount: number,
  origin: string,
): Promise<InvitationCode[]> {
  if (!viewer.activated) throw forbidden(JOINING_MESSAGES.notActivated);
  const mine = (tx: Db) =>
    tx
      .select()
      .from(invitationCodes)
      .where(eq(invitationCodes.ownerId, viewer.id))
      .orderBy(asc(invitationCodes.createdAt), asc(invitationCodes.id));
  const personal = (list: CodeRow[]) => list.filter((row) => row.kind === "PERSONAL").length;
  // Every visit of the profile reads them; only the first (or one after the number was raised)
  // writes, under the account row's lock.
  let rows = await mine(db);
  if (personal(rows) < perAccount) {
    rows = await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.id)).for("update");
      const current = await mine(tx);
      const missing = perAccount - personal(current);
      if (missing <= 0) return current;
      await tx.insert(invitationCodes).values(
        Array.from({ length: missing }, () => ({
          code: newInvitationCode(),
          kind: "PERSONAL" as const,
          ownerId: viewer.id,
        })),
      );
      return mine(tx);
    });
  }
  const joined = await joinedWith(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    link: joinLink(origin, row.code),
    maxUses: row.maxUses,
    uses: row.uses,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    state: codeState(row),
    createdDate: row.createdAt.toISOString(),
    joined: joined.get(row.id) ?? [],
  }));
}

// --- The admin area ---------------------------------------------------------------------------

const owners = alias(users, "code_owners");

const STATE_CONDITIONS: Record<CodeState, SQL> = {
  REVOKED: sql`${invitationCodes.revokedAt} is not null`,
  USED: sql`${invitationCodes.revokedAt} is null and ${invitationCodes.uses} >= ${invitationCodes.maxUses}`,
  EXPIRED: sql`${invitationCodes.revokedAt} is null and ${invitationCodes.uses} < ${invitationCodes.maxUses} and ${invitationCodes.expiresAt} <= now()`,
  VALID: sql`${invitationCodes.revokedAt} is null and ${invitationCodes.uses} < ${invitationCodes.maxUses} and (${invitationCodes.expiresAt} is null or ${invitationCodes.expiresAt} > now())`,
};

/** The filter checked the value against the enum already; an unknown one matches nothing. */
const stateMatches = new Map<unknown, SQL>(Object.entries(STATE_CONDITIONS));
const STATES = ["VALID", "USED", "EXPIRED", "REVOKED"];

export const ADMIN_CODES_FILTER: FilterSpec = {
  fields: {
    code: { column: invitationCodes.code, type: "string", normalize: (v) => normalizeInvitationCode(v) ?? v },
    kind: { column: invitationCodes.kind, type: "enum", values: ["PERSONAL", "MINTED"] },
    note: { column: invitationCodes.note, type: "string" },
    ownerId: { column: invitationCodes.ownerId, type: "uuid" },
    uses: { column: invitationCodes.uses, type: "int" },
    createdDate: { column: invitationCodes.createdAt, type: "date" },
    state: {
      column: invitationCodes.id,
      type: "enum",
      values: STATES,
      matches: (value) => stateMatches.get(value) ?? sql`false`,
    },
  },
  bareToken: { field: "state", values: STATES },
};

export const ADMIN_CODES_SORT: SortSpec = {
  fields: {
    createdDate: invitationCodes.createdAt,
    uses: invitationCodes.uses,
    expiresAt: invitationCodes.expiresAt,
    id: invitationCodes.id,
  },
};

function presentAdmin(
  row: CodeRow,
  owner: { id: string | null; displayName: string | null },
  origin: string,
): AdminInvitationCode {
  return {
    id: row.id,
    code: row.code,
    link: joinLink(origin, row.code),
    kind: row.kind,
    owner: owner.id && owner.displayName !== null ? { id: owner.id, displayName: owner.displayName } : null,
    maxUses: row.maxUses,
    uses: row.uses,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    note: row.note,
    state: codeState(row),
    createdDate: row.createdAt.toISOString(),
  };
}

export async function listCodes(
  db: Db,
  q: { page: number; size: number; sort?: string | string[] | undefined; searchAnd?: string | undefined },
  origin: string,
): Promise<{ items: AdminInvitationCode[]; total: number }> {
  const where = compileSearchAnd(q.searchAnd, ADMIN_CODES_FILTER);
  const order = compileSort(q.sort, ADMIN_CODES_SORT, ["createdDate,desc", "id,desc"]);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ code: invitationCodes, ownerId: owners.id, ownerName: owners.displayName })
      .from(invitationCodes)
      .leftJoin(owners, eq(owners.id, invitationCodes.ownerId))
      .where(where)
      .orderBy(...order)
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ total: count() }).from(invitationCodes).where(where),
  ]);
  return {
    items: rows.map((row) => presentAdmin(row.code, { id: row.ownerId, displayName: row.ownerName }, origin)),
    total: counted?.total ?? 0,
  };
}

export async function mintCodes(
  db: Db,
  admin: NonNullable<AuditActor>,
  input: { count: number; maxUses: number; expiresAt?: string | undefined; note?: string | undefined },
  origin: string,
): Promise<AdminInvitationCode[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(invitationCodes)
      .values(
        Array.from({ length: input.count }, () => ({
          code: newInvitationCode(),
          kind: "MINTED" as const,
          ownerId: admin.id,
          maxUses: input.maxUses,
          expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
          note: input.note || null,
        })),
      )
      .returning();
    for (const row of rows) {
      await recordAudit(tx, {
        actor: admin,
        action: "INVITATION_MINTED",
        targetKind: "INVITATION_CODE",
        targetId: row.id,
        targetLabel: row.code,
        details: { maxUses: row.maxUses, expiresAt: row.expiresAt?.toISOString() ?? null, note: row.note },
      });
    }
    return rows.map((row) => presentAdmin(row, { id: admin.id, displayName: admin.displayName }, origin));
  });
}

/** Revoking twice answers the same revoked code; people who joined with it keep their accounts. */
export async function revokeCode(
  db: Db,
  admin: NonNullable<AuditActor>,
  id: string,
  origin: string,
): Promise<AdminInvitationCode> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(invitationCodes).where(eq(invitationCodes.id, id)).for("update");
    if (!row) throw notFound(JOINING_MESSAGES.noSuchCode);
    let current = row;
    if (!row.revokedAt) {
      const [revoked] = await tx
        .update(invitationCodes)
        .set({ revokedAt: new Date() })
        .where(eq(invitationCodes.id, id))
        .returning();
      if (revoked) current = revoked;
      await recordAudit(tx, {
        actor: admin,
        action: "INVITATION_REVOKED",
        targetKind: "INVITATION_CODE",
        targetId: row.id,
        targetLabel: row.code,
      });
    }
    const [owner] = current.ownerId
      ? await tx
          .select({ id: users.id, displayName: users.displayName })
          .from(users)
          .where(eq(users.id, current.ownerId))
      : [];
    return presentAdmin(current, { id: owner?.id ?? null, displayName: owner?.displayName ?? null }, origin);
  });
}
