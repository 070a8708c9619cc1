import { JOINING_MESSAGES } from "@flipside/contracts/joining-constants";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { badRequest } from "../../lib/errors.ts";
import { findCode, refusal, takeCode } from "./invitations.ts";

/** What lets a sign-up in (docs/joining.md#the-beta-gate), decided before the account is written. */
export interface Admission {
  /** A valid invitation code's id, to take a use of with the new account. */
  codeId: string | null;
}

const refuse = (message: string) => badRequest(message, [{ field: "invitationCode", message }]);

/**
 * Reads what a registration brings. With the gate closed it must bring a usable code, and a code
 * that cannot be used is refused in the join page's words; with the gate open a code is optional
 * and an unusable one is only recorded as typed.
 */
export async function admission(
  db: Db,
  input: { invitationCode?: string | undefined },
  gateClosed: boolean,
): Promise<Admission> {
  let codeId: string | null = null;
  if (input.invitationCode) {
    const row = await findCode(db, input.invitationCode);
    const why = refusal(row);
    if (!why && row) codeId = row.id;
    else if (gateClosed) throw refuse(why ?? JOINING_MESSAGES.codeUnknown);
  }
  if (gateClosed && !codeId) throw refuse(JOINING_MESSAGES.gateClosed);
  return { codeId };
}

/**
 * Records the admission with the new account, in the transaction that created it: takes the
 * code's use (the last one may have gone meanwhile: refused with the gate closed, which rolls the
 * account back) and who invited whom.
 */
export async function admit(tx: Db, userId: string, admitted: Admission, gateClosed: boolean) {
  if (!admitted.codeId) return;
  const taken = await takeCode(tx, admitted.codeId);
  if (!taken) {
    if (gateClosed) throw refuse(JOINING_MESSAGES.codeUsed);
    return;
  }
  await tx
    .update(users)
    .set({ invitationCodeId: taken.id, invitedBy: taken.ownerId })
    .where(eq(users.id, userId));
}
