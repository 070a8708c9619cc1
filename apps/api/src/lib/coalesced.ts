import type { FastifyBaseLogger } from "fastify";

/**
 * Background work that drains a queue kept in the database (the outbox, notification mails):
 * `wake()` runs `round` until it says there is no more; a wake while it runs makes it go round
 * once more instead of starting a second run. A failing round (the database away) is logged and
 * left for the next wake or poll.
 */
export function coalesced(what: string, log: FastifyBaseLogger, round: () => Promise<boolean>) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  return {
    wake(): Promise<void> {
      if (stopped) return Promise.resolve();
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        try {
          do {
            again = false;
            while (!stopped && (await round())) {}
          } while (again && !stopped);
        } catch (err) {
          log.warn({ err }, `${what} failed`);
        } finally {
          running = null;
        }
      })();
      return running;
    },
    /** Stops going round and waits for the round under way. */
    async stop(): Promise<void> {
      stopped = true;
      await running;
    },
  };
}
