/**
 * Live updates (docs/live.md): one Server-Sent Events stream per browser tab, `GET /v1/events`,
 * carrying what is new on the page being viewed and hints for the signed-in person's bell. No
 * zod here: the page view's script imports these.
 */

/** The event names on the stream. */
export const LIVE_EVENTS = {
  /** A comment, reply, review or related page was added to the page subscribed to (a LiveContribution). */
  contribution: "contribution",
  /** Someone voted on a contribution of the page: its tally now (a LiveTally). */
  votes: "votes",
  /** The person's notifications changed (new, read): ask for the unread count again. */
  notifications: "notifications",
} as const;
export type LiveEventName = (typeof LIVE_EVENTS)[keyof typeof LIVE_EVENTS];

/**
 * How far before the asked-for time a replay reaches: a contribution is stamped when its
 * transaction began, so one that committed just after a later-stamped one is still found. The
 * browser drops what it has already counted.
 */
export const LIVE_REPLAY_MARGIN_MS = 5_000;

/** At most this many contributions are replayed when a stream (re)connects. */
export const LIVE_REPLAY_LIMIT = 100;

/** How long the browser waits before connecting again after the stream dropped. */
export const LIVE_RETRY_MS = 5_000;

/** After a refusal (429, 503) the browser tries again this much later. */
export const LIVE_REFUSED_RETRY_MS = 60_000;

/** A tab in the background this long lets its stream go; coming back reconnects and catches up. */
export const LIVE_HIDDEN_CLOSE_MS = 60_000;

/** How long the browser waits for more hints (ten votes in a second) before it asks once. */
export const LIVE_HINT_QUIET_MS = 300;
