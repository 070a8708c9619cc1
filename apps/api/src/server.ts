import closeWithGrace from "close-with-grace";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { DataDirLockedError } from "./db/lock.ts";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config);
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  // A promise nobody waited for failed: logged loudly, but every request is still answered and
  // nothing is in an unknown state, so the process carries on (an uncaught exception, which may
  // leave one, still shuts it down).
  process.on("unhandledRejection", (err) => app.log.error({ err }, "unhandled rejection"));
  // In-flight requests finish, then the database closes (onClose hooks), then we exit.
  closeWithGrace(
    { delay: config.SHUTDOWN_GRACE_MS, skip: ["unhandledRejection"] },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, "shutting down after an error");
      else app.log.info({ signal }, "shutting down");
      await app.close();
    },
  );
  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`Flipside is serving ${config.publicOrigin}`);
}

void main();
