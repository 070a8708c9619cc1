import { z } from "zod";
import { Email } from "./accounts.ts";
import { JOINING_LIMITS, JOINING_MESSAGES } from "./joining-constants.ts";
import { lineText, multilineText } from "./text.ts";

/** Someone who joined with an invitation, as the inviter sees them: the display name only. */
export const InvitedPerson = z
  .object({ id: z.uuid(), displayName: z.string(), joinedDate: z.iso.datetime() })
  .meta({ id: "InvitedPerson" });
export type InvitedPerson = z.infer<typeof InvitedPerson>;

const CodeState = z
  .enum(["VALID", "USED", "EXPIRED", "REVOKED"])
  .describe("VALID: can still be used; USED: every use taken; EXPIRED; REVOKED by an admin");

/** GET /v1/invitation-codes: one of the signed-in person's own codes. */
export const InvitationCode = z
  .object({
    id: z.uuid(),
    code: z.string(),
    /** `/join/{code}` on this Flipside. */
    link: z.url(),
    maxUses: z.number().int(),
    uses: z.number().int(),
    expiresAt: z.iso.datetime().nullable(),
    state: CodeState,
    createdDate: z.iso.datetime(),
    joined: z.array(InvitedPerson),
  })
  .meta({ id: "InvitationCode" });
export type InvitationCode = z.infer<typeof InvitationCode>;

/** GET /v1/invitation-codes/{code}: a valid code, as anyone arriving at /join/{code} sees it. */
export const InvitationCheck = z
  .object({
    code: z.string(),
    /** The display name of who invited them; null for a code an admin minted. */
    inviter: z.string().nullable(),
    expiresAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "InvitationCheck" });
export type InvitationCheck = z.infer<typeof InvitationCheck>;

/** A minted or personal code as the admin area lists it. */
export const AdminInvitationCode = z
  .object({
    id: z.uuid(),
    code: z.string(),
    link: z.url(),
    kind: z.enum(["PERSONAL", "MINTED"]),
    owner: z.object({ id: z.uuid(), displayName: z.string() }).nullable(),
    maxUses: z.number().int(),
    uses: z.number().int(),
    expiresAt: z.iso.datetime().nullable(),
    note: z.string().nullable(),
    state: CodeState,
    createdDate: z.iso.datetime(),
  })
  .meta({ id: "AdminInvitationCode" });
export type AdminInvitationCode = z.infer<typeof AdminInvitationCode>;

/** POST /v1/admin/invitation-codes: mint `count` codes of `maxUses` uses each. */
export const MintInvitationCodesRequest = z
  .strictObject({
    count: z.number().int().min(1).max(JOINING_LIMITS.mintMax).default(1),
    maxUses: z.number().int().min(1).max(JOINING_LIMITS.maxUsesMax).default(1),
    expiresAt: z.iso
      .datetime({ offset: true })
      .optional()
      .refine((value) => value === undefined || Date.parse(value) > Date.now(), {
        error: "Give a time in the future.",
      }),
    note: lineText()
      .max(JOINING_LIMITS.noteMax, { error: `At most ${JOINING_LIMITS.noteMax} characters.` })
      .optional(),
  })
  .meta({ id: "MintInvitationCodesRequest" });
export type MintInvitationCodesRequest = z.input<typeof MintInvitationCodesRequest>;

export const InvitationCodeParams = z.object({
  code: z.string().max(64).describe("The code, in any case, with or without its dash"),
});

export { JOINING_MESSAGES };

/** POST /v1/beta-users: ask to join the closed beta. */
export const BetaRequestCreate = z
  .strictObject({
    email: Email,
    reason: multilineText()
      .max(JOINING_LIMITS.reasonMax, { error: `At most ${JOINING_LIMITS.reasonMax} characters.` })
      .optional(),
  })
  .meta({ id: "BetaRequestCreate" });
export type BetaRequestCreate = z.input<typeof BetaRequestCreate>;

/** The same answer whatever is known of the address. */
export const BetaRequestAccepted = z.object({ message: z.string() }).meta({ id: "BetaRequestAccepted" });

const BetaStatus = z.enum(["PENDING", "APPROVED", "REJECTED"]);

/** GET /v1/beta-users: a request as admins see it. */
export const BetaUser = z
  .object({
    id: z.uuid(),
    email: z.string(),
    reason: z.string(),
    status: BetaStatus,
    createdDate: z.iso.datetime(),
    decidedDate: z.iso.datetime().nullable(),
    decidedBy: z.object({ id: z.uuid(), displayName: z.string() }).nullable(),
    /** Whether the address already has an account (approval then activates it). */
    hasAccount: z.boolean(),
    /** When the mailed link was used. */
    usedDate: z.iso.datetime().nullable(),
  })
  .meta({ id: "BetaUser" });
export type BetaUser = z.infer<typeof BetaUser>;

/** GET /v1/beta-users/activation/{key}: what /beta-user/activate/{key} offers. */
export const BetaActivation = z
  .object({
    email: z.string(),
    /** The address has an account: the link activates it instead of opening sign-up. */
    hasAccount: z.boolean(),
  })
  .meta({ id: "BetaActivation" });
export type BetaActivation = z.infer<typeof BetaActivation>;

export const BetaKey = z.string().min(1).max(128);
