import { z } from "zod";
import { Email } from "./accounts.ts";
import { multilineText } from "./text.ts";

/** Sharing by mail and by link (docs/sharing.md); the numbers of PRODUCT.md §6 and issue 11. */
export const SHARE_LIMITS = {
  /** Addresses in one share by mail. */
  recipientsMax: 5,
  /** Characters of the sharer's own message (plain text). */
  messageMax: 500,
  /** Addresses one person may mail in 24 hours. */
  addressesPerDay: 20,
  /** Characters of a share code (base62): about 59 bits, unguessable. */
  codeLength: 10,
} as const;

export const SHARE_MESSAGES = {
  recipientsRequired: "Add at least one address.",
  tooManyRecipients: `Share with at most ${SHARE_LIMITS.recipientsMax} addresses at once.`,
  messageTooLong: `At most ${SHARE_LIMITS.messageMax} characters.`,
  dailyLimit: `You can share with ${SHARE_LIMITS.addressesPerDay} addresses a day. Try again tomorrow.`,
  targetRequired: "Give sitePage_id or commentId.",
  targetBoth: "Give sitePage_id or commentId, not both.",
  pageNotFound: "There is no such page.",
  commentNotFound: "There is no such comment.",
  codeNotFound: "There is no such share link.",
  sent: "Sent. We mailed the link to the addresses you gave.",
  copied: "Link copied",
} as const;

const Recipients = z
  .array(Email)
  .min(1, SHARE_MESSAGES.recipientsRequired)
  .max(SHARE_LIMITS.recipientsMax, SHARE_MESSAGES.tooManyRecipients);
const Message = multilineText().trim().max(SHARE_LIMITS.messageMax, SHARE_MESSAGES.messageTooLong).optional();

export const SitePageShareMailRequest = z
  .strictObject({ sitePage_id: z.uuid(), to: Recipients, message: Message })
  .meta({ id: "SitePageShareMailRequest" });
export const CommentShareMailRequest = z
  .strictObject({ commentId: z.uuid(), to: Recipients, message: Message })
  .meta({ id: "CommentShareMailRequest" });

/** Always the same: whether an address opted out or not is nobody's business. */
export const ShareMailReceipt = z.object({ status: z.literal("ACCEPTED") }).meta({ id: "ShareMailReceipt" });

export const ShareCodeQuery = z
  .object({ sitePage_id: z.uuid().optional(), commentId: z.uuid().optional() })
  .refine((q) => Boolean(q.sitePage_id) !== Boolean(q.commentId), {
    error: (issue) =>
      (issue.input as { sitePage_id?: string; commentId?: string }).sitePage_id
        ? SHARE_MESSAGES.targetBoth
        : SHARE_MESSAGES.targetRequired,
  });

/** A share link: `/s/{code}`, the same for the same page or comment, and how often it was used. */
export const ShareCode = z
  .object({
    code: z.string(),
    /** `/s/{code}`, relative to the site. */
    path: z.string(),
    sitePage_id: z.uuid(),
    commentId: z.uuid().nullable(),
    /** Times the link was opened. */
    opens: z.number().int(),
    /** Addresses it was mailed to. */
    mailed: z.number().int(),
  })
  .meta({ id: "ShareCode" });
export type ShareCode = z.infer<typeof ShareCode>;

/** What a share code leads to: the page's address, and the comment to highlight on it. */
export const ShareTarget = z
  .object({ code: z.string(), sitePage_id: z.uuid(), url: z.string(), commentId: z.uuid().nullable() })
  .meta({ id: "ShareTarget" });
export type ShareTarget = z.infer<typeof ShareTarget>;
