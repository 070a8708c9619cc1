import { setTimeout as sleep } from "node:timers/promises";
import closeWithGrace from "close-with-grace";
import { buildApp, databaseSourceOf } from "./app.ts";
import { type Config, ConfigError, loadConfig, startupWarnings } from "./config.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { isDatabaseUnavailable } from "./db/faults.ts";
import { DataDirLockedError } from "./db/lock.ts";

/** The longest wait between two tries to reach the database at start. */
const MAX_RETRY_DELAY_MS = 10_000;

/**
 * Opens the database, trying again with growing waits while it cannot be reached (an instance
 * started before its database, or during a restart of it): an orchestrator's restart loop is not
 * needed, and a signal ends the waiting at once.
 */
async function openWhenReachable(config: Config, stop: AbortSignal): Promise<Database | undefined> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await openDatabase(databaseSourceOf(config));
    } catch (e) {
      if (!isDatabaseUnavailable(e)) throw e;
      // Jitter keeps instances that lost the database together from knocking together.
      const delay = Math.round(Math.min(MAX_RETRY_DELAY_MS, 250 * 2 ** attempt) * (0.75 + Math.random() / 2));
      const reason = e instanceof Error ? e.message : String(e);
      console.error(
        `The database cannot be reached (${reason}); trying again in ${(delay / 1000).toFixed(1)} s`,
      );
      try {
        await sleep(delay, undefined, { signal: stop });
      } catch {
        return undefined;
      }
    }
  }
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const stopWaiting = new AbortController();
  const stopOnSignal = () => stopWaiting.abort();
  process.once("SIGTERM", stopOnSignal).once("SIGINT", stopOnSignal);
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    const database = await openWhenReachable(config, stopWaiting.signal);
    if (!database) process.exit(0);
    app = await buildApp(config, { database, ownsDatabase: true });
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  process.off("SIGTERM", stopOnSignal).off("SIGINT", stopOnSignal);
  for (const warning of startupWarnings(config)) app.log.warn(warning);
  // A promise nobody waited for failed: logged loudly, but every request is still answered and
  // nothing is in an unknown state, so the process carries on (an uncaught exception, which may
  // leave one, still shuts it down).
  process.on("unhandledRejection", (err) => app.log.error({ err }, "unhandled rejection"));
  // First the instance drains: /api/ready answers 503 while requests are still served, so the
  // balancer's health check takes it out. Then the listener closes, in-flight requests finish and
  // the database closes (onClose hooks). A second signal, or the grace running out, ends it at once.
  closeWithGrace(
    { delay: config.shutdownDrainMs + config.SHUTDOWN_GRACE_MS, skip: ["unhandledRejection"] },
    async ({ signal, err }) => {
      if (err) {
        app.log.error({ err }, "shutting down after an error");
      } else {
        app.log.info({ signal, drainMs: config.shutdownDrainMs }, "draining, then shutting down");
        app.lifecycle.draining = true;
        await sleep(config.shutdownDrainMs);
      }
      await app.close();
    },
  );
  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`Flipside is serving ${config.publicOrigin}`);
}

void main();
