import { z } from "zod";
import { ContributionType } from "./discussion.ts";

/** The shapes of the live stream's events (docs/live.md; names and numbers in live-constants.ts). */

export const LiveContribution = z
  .object({
    id: z.uuid(),
    pageId: z.uuid(),
    kind: ContributionType,
    parentId: z.uuid().nullable(),
    createdDate: z.iso.datetime(),
  })
  .meta({ id: "LiveContribution" });
export type LiveContribution = z.infer<typeof LiveContribution>;

export const LiveTally = z
  .object({ id: z.uuid(), pageId: z.uuid(), upCount: z.number().int(), downCount: z.number().int() })
  .meta({ id: "LiveTally" });
export type LiveTally = z.infer<typeof LiveTally>;
