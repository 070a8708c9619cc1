import { createHash, randomBytes } from "node:crypto";
import type { BetaActivation, BetaUser } from "@flipside/contracts/joining";
import { BETA_LINK_TTL_DAYS, JOINING_MESSAGES } from "@flipside/contracts/joining-constants";
import { and, count, eq, gt, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { betaRequests, users } from "../../db/schema/accounts.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { betaApprovedMail } from "../../lib/mail-templates/joining-mails.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { compileSearchAnd, compileSort, type FilterSpec, type SortSpec } from "../../lib/search-filter.ts";
import { type AuditActor, recordAudit } from "../admin/index.ts";

type RequestRow = typeof betaRequests.$inferSelect;
const DAY_MS = 24 * 60 * 60 * 1000;

const hashKey = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");
const sameAddress = (email: string) => sql`lower(${users.email}) = lower(${email})`;

/**
 * Puts an address on the waiting list. The same answer, and nothing mailed, whether the address is
 * new, already waiting, decided or has an account: the form tells nobody anything about anyone.
 */
export async function requestBeta(db: Db, input: { email: string; reason?: string | undefined }) {
  await db
    .insert(betaRequests)
    .values({ email: input.email, reason: input.reason?.trim() ?? "" })
    .onConflictDoNothing();
}

const deciders = alias(users, "deciders");

export const BETA_USERS_FILTER: FilterSpec = {
  fields: {
    email: { column: betaRequests.email, type: "string" },
    reason: { column: betaRequests.reason, type: "string" },
    status: { column: betaRequests.status, type: "enum", values: ["PENDING", "APPROVED", "REJECTED"] },
    createdDate: { column: betaRequests.createdAt, type: "date" },
  },
  bareToken: { field: "status", values: ["PENDING", "APPROVED", "REJECTED"] },
};

export const BETA_USERS_SORT: SortSpec = {
  fields: {
    createdDate: betaRequests.createdAt,
    email: betaRequests.email,
    status: betaRequests.status,
    id: betaRequests.id,
  },
};

const hasAccount = sql<boolean>`exists (select 1 from ${users} where lower(${users.email}) = lower(${betaRequests.email}))`;

function present(
  row: RequestRow,
  decider: { id: string | null; displayName: string | null },
  account: boolean,
): BetaUser {
  return {
    id: row.id,
    email: row.email,
    reason: row.reason,
    status: row.status,
    createdDate: row.createdAt.toISOString(),
    decidedDate: row.decidedAt?.toISOString() ?? null,
    decidedBy:
      decider.id && decider.displayName !== null
        ? { id: decider.id, displayName: decider.displayName }
        : null,
    hasAccount: account,
    usedDate: row.usedAt?.toISOString() ?? null,
  };
}

/** Oldest first by default: the waiting list is served in the order people asked. */
export async function listRequests(
  db: Db,
  q: { page: number; size: number; sort?: string | string[] | undefined; searchAnd?: string | undefined },
): Promise<{ items: BetaUser[]; total: number }> {
  const where = compileSearchAnd(q.searchAnd, BETA_USERS_FILTER);
  const order = compileSort(q.sort, BETA_USERS_SORT, ["createdDate,asc", "id,asc"]);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        request: betaRequests,
        deciderId: deciders.id,
        deciderName: deciders.displayName,
        hasAccount,
      })
      .from(betaRequests)
      .leftJoin(deciders, eq(deciders.id, betaRequests.decidedBy))
      .where(where)
      .orderBy(...order)
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ total: count() }).from(betaRequests).where(where),
  ]);
  return {
    items: rows.map((row) =>
      present(row.request, { id: row.deciderId, displayName: row.deciderName }, row.hasAccount),
    ),
    total: counted?.total ?? 0,
  };
}

/**
 * Approves a request and mails its link, or rejects it (nothing is mailed). Approving again sends
 * a fresh link, and the old one stops working: the way to help someone whose mail went missing.
 */
export async function decide(
  deps: { db: Db; mailer: Mailer },
  admin: NonNullable<AuditActor>,
  id: string,
  decision: "APPROVED" | "REJECTED",
  origin: string,
): Promise<BetaUser> {
  const { db, mailer } = deps;
  const key = randomBytes(32).toString("base64url");
  const { row, account } = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(betaRequests).where(eq(betaRequests.id, id)).for("update");
    if (!current) throw notFound(JOINING_MESSAGES.noSuchRequest);
    const approved = decision === "APPROVED";
    const [updated] = await tx
      .update(betaRequests)
      .set({
        status: decision,
        decidedAt: new Date(),
        decidedBy: admin.id,
        keyHash: approved ? hashKey(key) : null,
        keyExpiresAt: approved ? new Date(Date.now() + BETA_LINK_TTL_DAYS * DAY_MS) : null,
      })
      .where(eq(betaRequests.id, id))
      .returning();
    if (!updated) throw notFound(JOINING_MESSAGES.noSuchRequest);
    await recordAudit(tx, {
      actor: admin,
      action: approved ? "BETA_APPROVED" : "BETA_REJECTED",
      targetKind: "BETA_REQUEST",
      targetId: updated.id,
      targetLabel: updated.email,
    });
    const [found] = await tx.select({ id: users.id }).from(users).where(sameAddress(updated.email));
    return { row: updated, account: Boolean(found) };
  });
  if (decision === "APPROVED") {
    void mailer.send({
      to: row.email,
      ...betaApprovedMail({ link: `${origin}/beta-user/activate/${key}`, hasAccount: account }),
    });
  }
  return present(row, { id: admin.id, displayName: admin.displayName }, account);
}

const usable = (key: string): SQL | undefined =>
  and(
    eq(betaRequests.keyHash, hashKey(key)),
    eq(betaRequests.status, "APPROVED"),
    isNull(betaRequests.usedAt),
    gt(betaRequests.keyExpiresAt, sql`now()`),
  );

const invalidLink = () =>
  badRequest(JOINING_MESSAGES.betaLinkInvalid, [
    { field: "betaKey", message: JOINING_MESSAGES.betaLinkInvalid },
  ]);

/** What the mailed link opens: sign-up for its address, or the activation of its account. */
export async function activationOf(db: Db, key: string): Promise<BetaActivation> {
  const [row] = await db.select().from(betaRequests).where(usable(key));
  if (!row) throw notFound(JOINING_MESSAGES.betaLinkInvalid);
  const [account] = await db.select({ id: users.id }).from(users).where(sameAddress(row.email));
  return { email: row.email, hasAccount: Boolean(account) };
}

/** The request a sign-up's beta key belongs to: usable, and mailed to the address signing up. */
export async function betaRequestFor(db: Db, key: string, email: string): Promise<string> {
  const [row] = await db.select().from(betaRequests).where(usable(key));
  if (!row) throw invalidLink();
  if (row.email.toLowerCase() !== email.toLowerCase()) {
    throw badRequest(JOINING_MESSAGES.betaLinkOtherAddress, [
      { field: "email", message: JOINING_MESSAGES.betaLinkOtherAddress },
    ]);
  }
  return row.id;
}

/** Uses the link once, in the transaction that makes or activates the account. */
export async function useBetaLink(tx: Db, requestId: string): Promise<boolean> {
  const used = await tx
    .update(betaRequests)
    .set({ usedAt: new Date() })
    .where(and(eq(betaRequests.id, requestId), isNull(betaRequests.usedAt)))
    .returning({ id: betaRequests.id });
  return used.length === 1;
}

/**
 * The link of an address that already has an account: the mail proved the address, so the
 * account is activated (and so in the beta). Answers the activated account's id.
 */
export async function activateWithBetaLink(db: Db, key: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(betaRequests).where(usable(key)).for("update");
    if (!row) throw invalidLink();
    const [account] = await tx
      .update(users)
      .set({ activated: true, updatedAt: new Date() })
      .where(sameAddress(row.email))
      .returning({ id: users.id });
    if (!account) throw invalidLink();
    if (!(await useBetaLink(tx, row.id))) throw invalidLink();
    return account.id;
  });
}
