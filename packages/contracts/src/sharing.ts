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
/** Any contribution: a comment, a reply, a review or a related page. */
export const ContributionShareMailRequest = z
  .strictObject({ contributionId: z.uuid(), to: Recipients, message: Message })
  .meta({ id: "ContributionShareMailRequest" });
/** Someone's PUBLIC note. */
export const NoteShareMailRequest = z
  .strictObject({ noteId: z.uuid(), to: Recipients, message: Message })
  .meta({ id: "NoteShareMailRequest" });

/** Always the same: whether an address opted out or not is nobody's business. */
export const ShareMailReceipt = z.object({ status: z.literal("ACCEPTED") }).meta({ id: "ShareMailReceipt" });

const TARGETS = ["sitePage_id", "commentId", "contributionId", "noteId"] as const;

/** Exactly one of: a page, a comment or reply, any contribution (a review, a related page…), a public note. */
export const ShareCodeQuery = z
  .object({
    sitePage_id: z.uuid().optional(),
    commentId: z.uuid().optional(),
    contributionId: z.uuid().optional(),
    noteId: z.uuid().optional(),
  })
  .refine((q) => TARGETS.filter((key) => q[key]).length === 1, {
    error: (issue) => {
      const q = issue.input as Record<string, string | undefined>;
      return TARGETS.some((key) => q[key]) ? SHARE_MESSAGES.targetBoth : SHARE_MESSAGES.targetRequired;
    },
  });

/** What kind of contribution a share link points at. */
export const SharedContributionType = z
  .enum(["COMMENT", "REPLY", "REVIEW", "RELATED_PAGE"])
  .meta({ id: "SharedContributionType" });
export type SharedContributionType = z.infer<typeof SharedContributionType>;

/** A share link: `/s/{code}`, the same for the same target, and how often it was used. */
export const ShareCode = z
  .object({
    code: z.string(),
    /** `/s/{code}`, relative to the site. */
    path: z.string(),
    sitePage_id: z.uuid(),
    /** The comment or reply shared; null for a page, a review or a related page. */
    commentId: z.uuid().nullable(),
    /** The contribution shared (any kind); null for a page. */
    contributionId: z.uuid().nullable(),
    contributionType: SharedContributionType.nullable(),
    /** The public note shared; null otherwise. */
    noteId: z.uuid().nullable(),
    /** Times the link was opened. */
    opens: z.number().int(),
    /** Addresses it was mailed to. */
    mailed: z.number().int(),
  })
  .meta({ id: "ShareCode" });
export type ShareCode = z.infer<typeof ShareCode>;

/**
 * What a share code leads to: the page's address and the contribution to highlight on it, or a
 * public note, shown on its author's page.
 */
export const ShareTarget = z
  .object({
    code: z.string(),
    sitePage_id: z.uuid(),
    url: z.string(),
    /** The comment or reply shared; null otherwise. */
    commentId: z.uuid().nullable(),
    contributionId: z.uuid().nullable(),
    contributionType: SharedContributionType.nullable(),
    /** The public note shared, and its author (whose page shows it); null otherwise. */
    note: z.object({ id: z.uuid(), authorId: z.uuid() }).nullable(),
  })
  .meta({ id: "ShareTarget" });
export type ShareTarget = z.infer<typeof ShareTarget>;
