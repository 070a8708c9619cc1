import { JOINING_MESSAGES } from "@flipside/contracts/joining-constants";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { badRequest } from "../../lib/errors.ts";
import { betaRequestFor, useBetaLink } from "./beta-users.ts";
import { findCode, refusal, takeCode } from "./invitations.ts";

/** What lets a sign-up in (docs/joining.md#the-beta-gate), decided before the account is written. */
export interface Admission {
  /** A valid invitation code's id, to take a use of with the new account. */
  codeId: string | null;
  /** The approved beta request whose mailed link brought the sign-up: it proves the address. */
  betaRequestId: string | null;
  /** Whether the gate stood in this sign-up's way (closed, and not a configured admin's address). */
  gateClosed: boolean;
}

const refuse = (message: string) => badRequest(message, [{ field: "invitationCode", message }]);

/** BETA_GATE, and the addresses it never stops: the configured admins (ADMIN_EMAILS), or nobody could mint the first code. */
export interface BetaGate {
  closed: boolean;
  openTo: readonly string[];
}

/**
 * Reads what a registration brings. With the gate closed it must bring a usable code, and a code
 * that cannot be used is refused in the join page's words; with the gate open a code is optional
 * and an unusable one is only recorded as typed.
 */
export async function admission(
  db: Db,
  input: { email: string; invitationCode?: string | undefined; betaKey?: string | undefined },
  gate: BetaGate,
): Promise<Admission> {
  // A beta link is checked whatever the gate: whoever follows it expects it to work.
  const betaRequestId = input.betaKey ? await betaRequestFor(db, input.betaKey, input.email) : null;
  const gateClosed = gate.closed && !betaRequestId && !gate.openTo.includes(input.email.toLowerCase());
  let codeId: string | null = null;
  if (input.invitationCode) {
    const row = await findCode(db, input.invitationCode);
    const why = refusal(row);
    if (!why && row) codeId = row.id;
    else if (gateClosed) throw refuse(why ?? JOINING_MESSAGES.codeUnknown);
  }
  if (gateClosed && !codeId) throw refuse(JOINING_MESSAGES.gateClosed);
  return { codeId, betaRequestId, gateClosed };
}

/**
 * Records the admission with the new account, in the transaction that created it: uses the beta
 * link (the account is then activated: the mail proved the address), takes the code's use (the
 * last one may have gone meanwhile: refused with the gate closed, which rolls the account back) and
 * records who invited whom. Answers whether the account is activated.
 */
export async function admit(tx: Db, userId: string, admitted: Admission): Promise<{ activated: boolean }> {
  let activated = false;
  if (admitted.betaRequestId) {
    if (!(await useBetaLink(tx, admitted.betaRequestId))) {
      throw badRequest(JOINING_MESSAGES.betaLinkInvalid, [
        { field: "betaKey", message: JOINING_MESSAGES.betaLinkInvalid },
      ]);
    }
    await tx.update(users).set({ activated: true }).where(eq(users.id, userId));
    activated = true;
  }
  if (!admitted.codeId) return { activated };
  const taken = await takeCode(tx, admitted.codeId);
  if (!taken) {
    if (admitted.gateClosed) throw refuse(JOINING_MESSAGES.codeUsed);
    return { activated };
  }
  await tx
    .update(users)
    .set({ invitationCodeId: taken.id, invitedBy: taken.ownerId })
    .where(eq(users.id, userId));
  return { activated };
}

export const betaGateOf = (config: { BETA_GATE: boolean; ADMIN_EMAILS: readonly string[] }): BetaGate => ({
  closed: config.BETA_GATE,
  openTo: config.ADMIN_EMAILS.map((email) => email.toLowerCase()),
});
