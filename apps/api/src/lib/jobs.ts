import type { FastifyBaseLogger } from "fastify";
import PgBoss from "pg-boss";

/**
 * Runs raw SQL; without values the text may hold several statements (the rows are the last
 * one's). The database handle provides it on its own connections.
 */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * Background work kept in PostgreSQL (pg-boss, decision 008): a job survives a restart, and
 * every instance on one database shares the queues, each job handled by one of them.
 */
export interface Jobs {
  /** Declares a queue; calling it again changes nothing. */
  queue(name: string, options: QueueOptions): Promise<void>;
  /** Adds a job. Answers its id, or null when the queue's policy already holds one like it. */
  send(name: string, data?: object, options?: SendOptions): Promise<string | null>;
  /** Handles the queue's jobs here, at most `concurrency` at a time in this process. */
  work<T extends object>(
    name: string,
    options: WorkOptions,
    handler: (data: T) => Promise<void>,
  ): Promise<void>;
  /** Brings the queue's waiting jobs due after `latest` forward to it (a schedule made shorter). */
  notLaterThan(name: string, latest: Date): Promise<void>;
  /** Resolves once the queue holds no job waiting or running (tests, drains). */
  idle(name: string, options?: { timeoutMs?: number }): Promise<void>;
  /** Stops taking jobs and waits for the ones running here (shutdown). */
  stop(): Promise<void>;
}

export interface QueueOptions {
  /**
   * `standard`: every job sent is kept. `short`: at most one job waiting per singleton key
   * (a second send answers null) — for work that only needs doing once more.
   */
  policy: "standard" | "short";
  /** Tries after the first; failures past them stay in the queue's history as failed. */
  retryLimit: number;
  /** A job running longer than this is failed (and retried if it has tries left). */
  expireInSeconds: number;
}

export interface SendOptions {
  singletonKey?: string;
  /** Not before this time. */
  startAfter?: Date;
}

export interface WorkOptions {
  concurrency: number;
}

/** How often an idle worker asks for work; work sent by this process wakes its workers at once. */
const POLL_SECONDS = 2;
const SCHEMA = "pgboss";

/** pg-boss speaks through our connections, so it works on PGlite as on the server. */
const adapter = (execute: ExecuteSql) => ({
  executeSql: (text: string, values?: unknown[]) => execute(text, values),
});

/**
 * Creates or upgrades the queue's tables (its own schema, beside Drizzle's migrations). Run
 * with the migrations; startJobs would do it too, but on every start of a test app.
 */
export async function installJobSchema(execute: ExecuteSql): Promise<void> {
  const boss = new PgBoss({ db: adapter(execute), schema: SCHEMA, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

/**
 * How often (once across instances) jobs left running past their expiry are failed, and so
 * retried elsewhere: what an instance killed mid-job leaves. pg-boss's default is two minutes.
 */
const MAINTENANCE_SECONDS = 30;

export async function startJobs(opts: {
  execute: ExecuteSql;
  log: FastifyBaseLogger;
  maintenanceIntervalSeconds?: number;
}): Promise<Jobs> {
  const { log } = opts;
  const boss = new PgBoss({
    db: adapter(opts.execute),
    schema: SCHEMA,
    // Cron schedules are not used: recurring work re-sends itself (see the attachment sweep).
    schedule: false,
    migrate: true,
    // Completed jobs move to the archive after an hour and are deleted after a week.
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 7,
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? MAINTENANCE_SECONDS,
  });
  boss.on("error", (err) => log.error({ err }, "job queue error"));
  await boss.start();

  const workerIds = new Map<string, string[]>();

  return {
    async queue(name, options) {
      const existing = await boss.getQueue(name);
      const wanted = { name, ...options };
      if (!existing) await boss.createQueue(name, wanted);
      else if (
        existing.policy !== options.policy ||
        existing.retryLimit !== options.retryLimit ||
        existing.expireInSeconds !== options.expireInSeconds
      ) {
        await boss.updateQueue(name, wanted);
      }
    },

    async send(name, data = {}, options = {}) {
      const id = await boss.send(name, data, {
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      });
      if (id && !options.startAfter)
        for (const worker of workerIds.get(name) ?? []) boss.notifyWorker(worker);
      return id;
    },

    async work<T extends object>(name: string, options: WorkOptions, handler: (data: T) => Promise<void>) {
      const ids: string[] = [];
      for (let i = 0; i < options.concurrency; i++) {
        let id = "";
        id = await boss.work<T>(
          name,
          { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS },
          async (jobs) => {
            // A worker that found work asks again at once instead of after the polling interval,
            // so a backlog drains at the speed of its jobs.
            boss.notifyWorker(id);
            for (const job of jobs) {
              try {
                await handler(job.data);
              } catch (err) {
                log.warn({ err, queue: name, jobId: job.id }, "job failed");
                throw err;
              }
            }
          },
        );
        ids.push(id);
      }
      workerIds.set(name, [...(workerIds.get(name) ?? []), ...ids]);
    },

    async notLaterThan(name, latest) {
      await opts.execute(
        `update ${SCHEMA}.job set start_after = $2 where name = $1 and state = 'created' and start_after > $2`,
        [name, latest.toISOString()],
      );
    },

    async idle(name, { timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        // A finished job's completion is written just after its handler returns: count
        // until none is waiting, retrying or running.
        const { rows } = await opts.execute(
          `select count(*)::int as n from ${SCHEMA}.job where name = $1 and state < 'completed' and start_after <= now()`,
          [name],
        );
        if ((rows[0] as { n: number }).n === 0) return;
        if (Date.now() > deadline) throw new Error(`queue ${name} still busy after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },

    async stop() {
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 30_000 });
    },
  };
}

/**
 * Runs `run` every `intervalMs` on the queue `name`, however many instances share the database
 * (decision 008). The queue holds at most one waiting run: each run, when done, sends the next
 * one `intervalMs` later, and an instance starting up adds one only if none waits. So one run
 * happens per interval, and a restart neither loses the schedule nor starts a second one.
 * (pg-boss's cron schedules are not used: they have minute granularity.)
 */
export async function repeatEvery(
  jobs: Jobs,
  name: string,
  opts: { intervalMs: number; expireInSeconds: number },
  run: () => Promise<void>,
): Promise<void> {
  const next = () => jobs.send(name, {}, { startAfter: new Date(Date.now() + opts.intervalMs) });
  // One retry: a run whose instance died (its job expires) is run by another, which then sends
  // the next; without it the schedule would wait for some instance to restart.
  await jobs.queue(name, { policy: "short", retryLimit: 1, expireInSeconds: opts.expireInSeconds });
  await jobs.work(name, { concurrency: 1 }, async () => {
    try {
      await run();
    } finally {
      await next();
    }
  });
  // A run scheduled under a longer interval (before a restart with a shorter one) comes sooner.
  await jobs.notLaterThan(name, new Date(Date.now() + opts.intervalMs));
  await next();
}
