import { z } from "zod";
import { BLOCK_MESSAGES } from "./block-constants.ts";
import { ProfileRef } from "./discussion.ts";

export { BLOCK_MESSAGES };

/** SPEC.md §3: the block payload. */
export const ProfileBlockRequest = z
  .strictObject({ blockedId: z.uuid() })
  .meta({ id: "ProfileBlockRequest" });

/** One person the viewer blocked. Nobody is ever told who blocked them. */
export const ProfileBlock = z
  .object({ blocked: ProfileRef, createdDate: z.iso.datetime() })
  .meta({ id: "ProfileBlock" });
export type ProfileBlock = z.infer<typeof ProfileBlock>;
