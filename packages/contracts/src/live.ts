import { z } from "zod";
import { ContributionType } from "./discussion.ts";

/**
 * Live updates (docs/live.md): one Server-Sent Events stream per browser tab, `GET /v1/events`,
 * carrying what is new on the page being viewed and hints for the signed-in person's bell.
 */

/** The event names on the stream. */
export const LIVE_EVENTS = {
  /** A comment, reply, review or related page was added to the page subscribed to. */
  contribution: "contribution",
  /** The person's notifications changed (new, read): ask for the unread count again. */
  notifications: "notifications",
} as const;

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

/**
 * How far before the asked-for time a replay reaches: a contribution is stamped when its
 * transaction began, so one that committed just after a later-stamped one is still found. The
 * browser drops what it has already counted.
 */
export const LIVE_REPLAY_MARGIN_MS = 5_000;

/** At most this many contributions are replayed when a stream (re)connects. */
export const LIVE_REPLAY_LIMIT = 100;

/** How long the browser waits before connecting again after the server closed the stream. */
export const LIVE_RETRY_MS = 5_000;
