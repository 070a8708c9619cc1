import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { mailOptOuts } from "../db/schema/websites.ts";

/**
 * The one list of addresses that asked Flipside for no mails sent at other people's request (owner
 * and organisation invitations, shared pages and comments alike). Only a hash of an address is kept: enough to honour the opt-out, never
 * enough to mail it or show it to anyone.
 */
export const emailHash = (email: string) =>
  createHash("sha256").update(email.trim().toLowerCase()).digest("hex");

export async function hasOptedOut(db: Db, hash: string): Promise<boolean> {
  const [row] = await db
    .select({ h: mailOptOuts.emailHash })
    .from(mailOptOuts)
    .where(eq(mailOptOuts.emailHash, hash));
  return Boolean(row);
}

export async function optOut(db: Db, hash: string): Promise<void> {
  await db.insert(mailOptOuts).values({ emailHash: hash }).onConflictDoNothing();
}
