/** Words of the block feature, shared by the API's errors and the web app's copy (no zod here: the web app imports them). */
export const BLOCK_MESSAGES = {
  self: "You cannot block yourself.",
  unknownPerson: "There is no such person.",
  blocked: "Blocked. You no longer see each other's comments, reviews and related pages.",
  unblocked: "Unblocked.",
} as const;
