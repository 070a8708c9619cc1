import type {
  AdAccount,
  AdAccountOwnerChoice,
  CreateAdAccount,
  UpdateAdAccount,
} from "@flipside/contracts/ads";
import { ADS_MESSAGES } from "@flipside/contracts/ads-constants";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/faults.ts";
import { adAccounts } from "../../db/schema/ads.ts";
import { organizationMembers, organizations } from "../../db/schema/organizations.ts";
import { conflict } from "../../lib/errors.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { type WalletOwnerRef, walletOwnerKey } from "../ledger/index.ts";
import { MANAGERS, requireRole } from "../organizations/index.ts";
import { type AdAccess, requireAdAccount } from "./access.ts";

export function presentAccount({ account, role, organizationName }: AdAccess): AdAccount {
  return {
    id: account.id,
    name: account.name,
    ownerKind: account.ownerKind,
    ownerId: (account.ownerKind === "USER" ? account.userId : account.organizationId) ?? "",
    organizationName,
    timezone: account.timezone,
    currency: account.currency,
    status: account.status,
    suspensionReason: account.status === "SUSPENDED" ? account.suspensionReason : null,
    viewerRole: role,
    createdAt: account.createdAt.toISOString(),
    version: account.version,
  };
}

/** Every account the viewer may use: their own first, then their organisations' by name. */
export async function listAccounts(db: Db, viewer: Viewer): Promise<AdAccount[]> {
  const memberships = await db
    .select({ id: organizations.id, name: organizations.name, role: organizationMembers.role })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, viewer.id));
  const byOrganization = new Map(memberships.map((m) => [m.id, m]));
  const rows = await db
    .select()
    .from(adAccounts)
    .where(
      or(
        and(eq(adAccounts.ownerKind, "USER"), eq(adAccounts.userId, viewer.id)),
        byOrganization.size > 0 ? inArray(adAccounts.organizationId, [...byOrganization.keys()]) : undefined,
      ),
    )
    .orderBy(sql`${adAccounts.ownerKind} = 'ORGANIZATION'`, sql`lower(${adAccounts.name})`, adAccounts.id);
  return rows.map((account) => {
    const org = account.organizationId ? byOrganization.get(account.organizationId) : undefined;
    return presentAccount({ account, role: org?.role ?? "OWNER", organizationName: org?.name ?? null });
  });
}

/** Where the viewer could still open an account: themselves, and organisations they manage without one. */
export async function ownerChoices(db: Db, viewer: Viewer): Promise<AdAccountOwnerChoice[]> {
  const managed = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(and(eq(organizationMembers.userId, viewer.id), inArray(organizationMembers.role, [...MANAGERS])))
    .orderBy(sql`lower(${organizations.name})`, organizations.id);
  const keys = [
    walletOwnerKey({ kind: "USER", id: viewer.id }),
    ...managed.map((o) => walletOwnerKey({ kind: "ORGANIZATION", id: o.id })),
  ];
  const taken = new Set(
    (
      await db.select({ key: adAccounts.ownerKey }).from(adAccounts).where(inArray(adAccounts.ownerKey, keys))
    ).map((r) => r.key),
  );
  const choices: AdAccountOwnerChoice[] = [];
  if (!taken.has(keys[0] ?? "")) {
    choices.push({ ownerKind: "USER", organizationId: null, name: viewer.displayName });
  }
  for (const o of managed) {
    if (!taken.has(walletOwnerKey({ kind: "ORGANIZATION", id: o.id }))) {
      choices.push({ ownerKind: "ORGANIZATION", organizationId: o.id, name: o.name });
    }
  }
  return choices;
}

export async function createAccount(
  db: Db,
  viewer: Viewer,
  input: CreateAdAccount,
  currency: string,
): Promise<AdAccount> {
  let organization: { id: string; name: string } | null = null;
  if (input.ownerKind === "ORGANIZATION" && input.organizationId) {
    ({ organization } = await requireRole(db, input.organizationId, viewer.id, MANAGERS, {
      message: ADS_MESSAGES.membersReadOnly,
    }));
  }
  const owner: WalletOwnerRef = organization
    ? { kind: "ORGANIZATION", id: organization.id }
    : { kind: "USER", id: viewer.id };
  try {
    const [account] = await db
      .insert(adAccounts)
      .values({
        ownerKind: owner.kind,
        ownerKey: walletOwnerKey(owner),
        userId: organization ? null : viewer.id,
        organizationId: organization?.id ?? null,
        name: input.name,
        timezone: input.timezone,
        currency,
      })
      .returning();
    if (!account) throw new Error("insert returned nothing");
    return presentAccount({ account, role: "OWNER", organizationName: organization?.name ?? null });
  } catch (error) {
    if (isUniqueViolation(error, "ad_accounts_owner_key")) throw conflict(ADS_MESSAGES.accountExists);
    throw error;
  }
}

export async function updateAccount(
  db: Db,
  viewer: Viewer,
  id: string,
  input: UpdateAdAccount,
): Promise<AdAccount> {
  const access = await requireAdAccount(db, viewer, id, "write");
  const [account] = await db
    .update(adAccounts)
    .set({
      name: input.name,
      timezone: input.timezone,
      updatedAt: new Date(),
      version: sql`${adAccounts.version} + 1`,
    })
    .where(and(eq(adAccounts.id, id), eq(adAccounts.version, input.version)))
    .returning();
  if (!account) throw conflict(ADS_MESSAGES.stale);
  return presentAccount({ ...access, account });
}
