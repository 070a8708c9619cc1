import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { repeatEvery } from "../../lib/jobs.ts";
import { createDispatcher, type OutboxHandler } from "./outbox.ts";

/** The outbox's face to the other modules (docs/outbox.md). */
export interface Outbox {
  /** Adds a handler of one type of event (at registration, before the server is ready). */
  on(type: string, handler: OutboxHandler): void;
  /** Handles the pending events now (after a write outside the discussion; tests). */
  wake(): Promise<void>;
  /** Runs after each dispatch (work that follows handled events, such as their mails); `wake` waits for it. */
  afterDispatch(listener: () => Promise<void>): void;
}

declare module "fastify" {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

/** How often events handled long ago are deleted, once across instances. */
const SWEEP_INTERVAL_MS = 3_600_000;

export const outboxPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const dispatcher = createDispatcher({
      db: app.db,
      log: app.log,
      maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
    });
    let timer: NodeJS.Timeout | undefined;
    const after: (() => Promise<void>)[] = [];
    const dispatch = async () => {
      await dispatcher.wake();
      // Side by side: live updates must not wait for a slow SMTP server sending mails.
      await Promise.all(after.map((listener) => listener()));
    };
    await repeatEvery(app.jobs, "outbox-sweep", { intervalMs: SWEEP_INTERVAL_MS, expireInSeconds: 600 }, () =>
      dispatcher.sweep(),
    );

    // Handlers are all registered once the app is ready: only then is anything dispatched.
    app.addHook("onReady", async () => {
      // A write here wakes the dispatcher as soon as it commits (the page cache hears of every
      // discussion write after its commit); the poll finds other instances' and a dead process's.
      app.discussion.cache.subscribe(() => void dispatch());
      if (config.OUTBOX_POLL_INTERVAL_MS > 0) {
        timer = setInterval(() => void dispatch(), config.OUTBOX_POLL_INTERVAL_MS);
        timer.unref();
      }
      void dispatch();
    });
    app.addHook("onClose", async () => {
      clearInterval(timer);
      await dispatcher.stop();
    });
    app.decorate("outbox", {
      on: (type, handler) => dispatcher.on(type, handler),
      wake: dispatch,
      afterDispatch: (listener) => after.push(listener),
    } satisfies Outbox);
  },
  { name: "outbox", dependencies: ["db", "jobs", "discussion"] },
);
