import { LIVE_EVENTS, LIVE_REPLAY_MARGIN_MS, LIVE_RETRY_MS } from "@flipside/contracts/live-constants";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest, serviceUnavailable, tooManyRequests } from "../../lib/errors.ts";
import { problems } from "../../lib/openapi-responses.ts";
import { onEvent } from "../outbox/index.ts";
import { createLiveHub, type LiveHub, type LiveMessage, type LiveStream, sseText } from "./hub.ts";
import { blockedSet, contributionMessage, pageTopic, personTopic, replay, tallyMessage } from "./live.ts";

/** Live updates' face to the other modules (docs/live.md). */
export interface Live {
  /** Tells the person's open tabs (every instance's) that their notifications changed. */
  notificationsChanged(userIds: readonly string[]): void;
  hub: LiveHub;
}

declare module "fastify" {
  interface FastifyInstance {
    live: Live;
  }
}

/**
 * A stream that is this far behind (a reader that stopped reading) is closed rather than
 * buffered without end; its browser reconnects and catches up by Last-Event-ID.
 */
const MAX_BUFFERED_BYTES = 256 * 1024;

/**
 * The hub, and the outbox's contribution.added events turned into messages for the page's
 * streams. Messages are collected while the outbox dispatches and published once its transaction
 * has committed, so a browser told of something finds it there.
 */
export const livePlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const hub = createLiveHub({
      log: app.log,
      redis: app.redis,
      heartbeatMs: config.LIVE_HEARTBEAT_MS,
    });
    let pending: LiveMessage[] = [];
    onEvent(app.outbox, "contribution.added", async (tx, { contributionId }) => {
      const message = await contributionMessage(tx, contributionId);
      if (message) pending.push(message);
    });
    onEvent(app.outbox, "vote.cast", async (tx, vote) => {
      const message = await tallyMessage(tx, vote.contributionId, vote.voterId);
      if (message) pending.push(message);
    });
    app.outbox.afterDispatch(async () => {
      const out = pending;
      pending = [];
      await Promise.all(out.map((m) => hub.publish(m)));
    });
    // Streams never end by themselves: end them first, or closing would wait for them for ever.
    app.addHook("preClose", async () => hub.close());
    app.decorate("live", {
      hub,
      notificationsChanged(userIds) {
        for (const id of new Set(userIds)) {
          void hub.publish({ topic: personTopic(id), event: LIVE_EVENTS.notifications, data: {} });
        }
      },
    } satisfies Live);
  },
  { name: "live", dependencies: ["db", "outbox", "redis"] },
);

/** A time the browser sends back (Last-Event-ID, `since`), or undefined when it is not one. */
function timeOf(text: string | undefined): Date | undefined {
  if (!text) return undefined;
  const time = new Date(text);
  return Number.isNaN(time.getTime()) ? undefined : time;
}

export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, live, db } = app;
  const perPerson = new Map<string, number>();

  app.get(
    "/v1/events",
    {
      schema: {
        tags: ["live"],
        summary: "Live updates: a Server-Sent Events stream",
        description: `One stream per browser tab (docs/live.md). \`${LIVE_EVENTS.contribution}\` events (a LiveContribution) tell of each comment, reply, review and related page added to the discussion of \`pageId\` by someone else (never across a block, nothing hidden); their ids are times, and a stream opened with Last-Event-ID (or \`since\`, when the page's data was read) first replays what was added since. \`${LIVE_EVENTS.votes}\` events (a LiveTally) give the tally of a contribution someone else voted on for the first time. \`${LIVE_EVENTS.notifications}\` events tell a signed-in person that their notifications changed. A comment line every LIVE_HEARTBEAT_MS keeps the stream open. At most LIVE_MAX_STREAMS streams per instance (503) and LIVE_MAX_STREAMS_PER_PERSON per person (429).`,
        querystring: z.object({
          pageId: z.uuid().optional().describe("The page being viewed"),
          since: z.iso.datetime({ offset: true }).optional().describe("When the page's data was read"),
        }),
        response: {
          200: z.string().describe("text/event-stream"),
          ...problems(400, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const viewer = await request.viewer();
      const { pageId } = request.query;
      const topics = [...(pageId ? [pageTopic(pageId)] : []), ...(viewer ? [personTopic(viewer.id)] : [])];
      if (topics.length === 0) throw badRequest("Give the pageId of the page to follow, or sign in.");
      if (live.hub.size() >= config.LIVE_MAX_STREAMS) {
        throw serviceUnavailable(60, "Too many live streams are open here. Try again in a minute.");
      }
      if (viewer && (perPerson.get(viewer.id) ?? 0) >= config.LIVE_MAX_STREAMS_PER_PERSON) {
        throw tooManyRequests(60, "You have too many live streams open. Close some tabs and try again.");
      }
      const lastSeen = timeOf(request.headers["last-event-id"]?.toString()) ?? timeOf(request.query.since);
      // What is older than this the browser has (or gets in the replay), even if its message is late.
      const floor = lastSeen ? new Date(lastSeen.getTime() - LIVE_REPLAY_MARGIN_MS) : undefined;
      const [blocked, missed] = await Promise.all([
        blockedSet(db, viewer),
        pageId && floor ? replay(db, pageId, floor, viewer) : [],
      ]);
      const oldest = floor?.toISOString();

      const res = reply.raw;
      reply.hijack();
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "private, no-store",
        // Proxies (nginx) pass each event on as it comes instead of buffering the answer.
        "x-accel-buffering": "no",
        "x-request-id": request.id,
      });
      const stream: LiveStream = {
        topics,
        wants: (m) =>
          (!m.authorId || (m.authorId !== viewer?.id && !blocked.has(m.authorId))) &&
          // Ids are ISO times of one width: compared as text.
          !(oldest && m.id && m.id <= oldest),
        write(text) {
          if (res.destroyed) return false;
          if (res.writableLength > MAX_BUFFERED_BYTES) {
            res.destroy();
            return false;
          }
          res.write(text);
          return true;
        },
        close: () => res.end(),
      };
      stream.write(`retry: ${LIVE_RETRY_MS}\n\n`);
      for (const message of missed) stream.write(sseText(message));
      const detach = live.hub.attach(stream);
      if (viewer) perPerson.set(viewer.id, (perPerson.get(viewer.id) ?? 0) + 1);
      // A reset connection may report an error before it closes.
      res.on("error", () => res.destroy());
      res.on("close", () => {
        detach();
        if (!viewer) return;
        const left = (perPerson.get(viewer.id) ?? 1) - 1;
        if (left > 0) perPerson.set(viewer.id, left);
        else perPerson.delete(viewer.id);
      });
    },
  );
};
