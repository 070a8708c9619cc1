import { z } from "zod";
import { Email } from "./accounts.ts";
import { SHARE_LIMITS, SHARE_MESSAGES } from "./sharing-constants.ts";
import { multilineText } from "./text.ts";

export { SHARE_LIMITS, SHARE_MESSAGES };

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
