import { z } from "zod";
import { ProfileRef, SitePageRef } from "./discussion.ts";
import { FOLLOW_KINDS, FOLLOW_MESSAGES, MAX_FOLLOWS } from "./follow-constants.ts";

export { FOLLOW_KINDS, FOLLOW_MESSAGES, MAX_FOLLOWS };

export const FollowKind = z.enum(FOLLOW_KINDS).meta({ id: "FollowKind" });

/** Follow a page, a site (all its pages) or a person. */
export const FollowRequest = z
  .strictObject({ targetKind: FollowKind, targetId: z.uuid() })
  .meta({ id: "FollowRequest" });
export type FollowRequest = z.infer<typeof FollowRequest>;

/** What one follow is of: exactly one of page, site and person, by its kind. */
export const Follow = z
  .object({
    targetKind: FollowKind,
    targetId: z.uuid(),
    page: SitePageRef.nullable(),
    site: z.object({ id: z.uuid(), domain: z.string() }).nullable(),
    person: ProfileRef.nullable(),
    createdDate: z.iso.datetime(),
  })
  .meta({ id: "Follow" });
export type Follow = z.infer<typeof Follow>;

/** Someone who follows the viewer. Only the person followed sees this list. */
export const Follower = z
  .object({ person: ProfileRef, createdDate: z.iso.datetime() })
  .meta({ id: "Follower" });
export type Follower = z.infer<typeof Follower>;
