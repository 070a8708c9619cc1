import type { FastifyBaseLogger } from "fastify";
import type { SharedRedis } from "../../plugins/redis.ts";

/** One message for the streams of a topic (`page:<id>`, `user:<id>`). */
export interface LiveMessage {
  topic: string;
  /** The SSE event name. */
  event: string;
  /** The SSE id: what a reconnecting browser sends back as Last-Event-ID. */
  id?: string;
  data: unknown;
  /** Who caused it: their own streams and those across a block with them do not get it. */
  authorId?: string | null;
}

/** One open stream, as the hub sees it. */
export interface LiveStream {
  topics: readonly string[];
  /** Whether this stream may be told of what `message` says. */
  wants(message: LiveMessage): boolean;
  /** Writes SSE text; false when the stream could not take it (it is then closed). */
  write(text: string): boolean;
  close(): void;
}

/** The Redis channel every instance publishes to and listens on. */
const CHANNEL = "flipside:live";

/** The SSE text of a message. */
export function sseText(message: LiveMessage): string {
  const id = message.id ? `id: ${message.id}\n` : "";
  return `${id}event: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`;
}

/**
 * The streams open on this instance, by topic (docs/live.md). With Redis every message goes
 * through one pub/sub channel, so a write on any instance reaches the streams on all of them;
 * without it, to this instance's streams only (one instance). A heartbeat comment keeps idle
 * streams open through proxies and finds dead ones.
 */
export function createLiveHub(opts: {
  log: FastifyBaseLogger;
  /** Shared by the instances; without it, this instance's streams only. */
  redis?: SharedRedis | undefined;
  heartbeatMs: number;
}) {
  const { log } = opts;
  const byTopic = new Map<string, Set<LiveStream>>();
  const all = new Set<LiveStream>();

  function deliver(message: LiveMessage): void {
    const streams = byTopic.get(message.topic);
    if (!streams) return;
    const text = sseText(message);
    for (const stream of streams) if (stream.wants(message)) stream.write(text);
  }

  const bridge = opts.redis;
  bridge?.subscribe(CHANNEL, (text) => {
    try {
      deliver(JSON.parse(text));
    } catch (err) {
      log.warn({ err }, "live updates: unreadable message");
    }
  });

  const heartbeat = setInterval(() => {
    for (const stream of all) stream.write(": \n\n");
  }, opts.heartbeatMs);
  heartbeat.unref();

  return {
    /** Tells every instance's streams of the topic. */
    async publish(message: LiveMessage): Promise<void> {
      // Redis away: this instance's streams still hear of it; the others' catch up when their
      // browsers reconnect (the stream's replay).
      if (!bridge || !(await bridge.publish(CHANNEL, JSON.stringify(message)))) deliver(message);
    },

    /** Adds a stream; answers the function that removes it. */
    attach(stream: LiveStream): () => void {
      all.add(stream);
      for (const topic of stream.topics) {
        const streams = byTopic.get(topic) ?? new Set<LiveStream>();
        streams.add(stream);
        byTopic.set(topic, streams);
      }
      let attached = true;
      return () => {
        if (!attached) return;
        attached = false;
        all.delete(stream);
        for (const topic of stream.topics) {
          const streams = byTopic.get(topic);
          streams?.delete(stream);
          if (streams?.size === 0) byTopic.delete(topic);
        }
      };
    },

    /** How many streams are open on this instance. */
    size: () => all.size,

    /** Ends every stream (they reconnect elsewhere). */
    close(): void {
      clearInterval(heartbeat);
      for (const stream of [...all]) stream.close();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
