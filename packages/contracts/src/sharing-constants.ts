/** Sharing by mail and by link (docs/sharing.md): numbers and words, without zod (the web app's share dialog imports them). */
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
  targetRequired: "Give sitePage_id, commentId, contributionId or noteId.",
  targetBoth: "Give one of sitePage_id, commentId, contributionId and noteId.",
  pageNotFound: "There is no such page.",
  commentNotFound: "There is no such comment.",
  contributionNotFound: "There is nothing to share with that id.",
  noteNotFound: "There is no such public note.",
  codeNotFound: "There is no such share link.",
  sent: "Sent. We mailed the link to the addresses you gave.",
  copied: "Link copied",
} as const;
