import { ADS_MESSAGES, type AdViewerRole } from "@flipside/contracts/ads-constants";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adAccounts } from "../../db/schema/ads.ts";
import { organizationMembers, organizations } from "../../db/schema/organizations.ts";
import { conflict, forbidden, notFound } from "../../lib/errors.ts";
import type { Viewer } from "../../plugins/auth.ts";

/**
 * Who may use an advertiser account (ADS.md §4.8): the one place the rule is written. A person's
 * own account is theirs alone; an organisation's is read by every member and written by its
 * OWNERs and ADMINs. Anyone else learns nothing, not even that the account exists (404, the same
 * answer as a random id).
 */

export type AdAccountRow = typeof adAccounts.$inferSelect;

export interface AdAccess {
  account: AdAccountRow;
  role: AdViewerRole;
  organizationName: string | null;
}

export const ACTIVATION_REQUIRED = "Activate your account first: check your mail for the activation link.";

async function accessTo(db: Db, account: AdAccountRow, viewerId: string): Promise<AdAccess | null> {
  if (account.ownerKind === "USER") {
    return account.userId === viewerId ? { account, role: "OWNER", organizationName: null } : null;
  }
  if (!account.organizationId) return null;
  const [row] = await db
    .select({ role: organizationMembers.role, name: organizations.name })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(
      and(
        eq(organizationMembers.organizationId, account.organizationId),
        eq(organizationMembers.userId, viewerId),
      ),
    );
  return row ? { account, role: row.role, organizationName: row.name } : null;
}

/**
 * The account `id` as the viewer may use it: to read (any role) or to write (activated, OWNER or
 * ADMIN, not closed). `notFound` is the refusal when the account is reached through one of its
 * objects (that object's own "no such …"). With `lock`, the account's row is held until the transaction ends, so a
 * suspension or a close cannot pass a write that checked the status a moment earlier.
 */
export async function requireAdAccount(
  db: Db,
  viewer: Viewer,
  id: string,
  mode: "read" | "write",
  opts: { lock?: boolean; notFound?: string } = {},
): Promise<AdAccess> {
  const query = db.select().from(adAccounts).where(eq(adAccounts.id, id));
  const [account] = opts.lock ? await query.for("update") : await query;
  const access = account ? await accessTo(db, account, viewer.id) : null;
  // An object of someone else's account answers as one that does not exist, word for word.
  if (!access) throw notFound(opts.notFound ?? ADS_MESSAGES.accountNotFound);
  if (mode === "write") requireWriter(viewer, access);
  return access;
}

/** The write rules once the account is known to be the viewer's: activation, role, status. */
function requireWriter(viewer: Viewer, access: AdAccess): void {
  if (!viewer.activated) throw forbidden(ACTIVATION_REQUIRED);
  if (access.role === "MEMBER") throw forbidden(ADS_MESSAGES.membersReadOnly);
  if (access.account.status === "CLOSED") throw conflict(ADS_MESSAGES.accountClosed);
}
