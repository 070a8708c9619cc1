import { z } from "zod";
import { ProfileRef } from "./discussion.ts";

/** Words of the block feature, shared by the API's errors and the web app's copy. */
export const BLOCK_MESSAGES = {
  self: "You cannot block yourself.",
  unknownPerson: "There is no such person.",
  blocked: "Blocked. You no longer see each other's comments, reviews and related pages.",
  unblocked: "Unblocked.",
  /** A reply, vote or mention across a block: answered as if the item were not there. */
  notAvailable: "This is not available.",
} as const;

/** SPEC.md §3: the block payload. */
export const ProfileBlockRequest = z
  .strictObject({ blockedId: z.uuid() })
  .meta({ id: "ProfileBlockRequest" });

/** One person the viewer blocked. Nobody is ever told who blocked them. */
export const ProfileBlock = z
  .object({ blocked: ProfileRef, createdDate: z.iso.datetime() })
  .meta({ id: "ProfileBlock" });
export type ProfileBlock = z.infer<typeof ProfileBlock>;
