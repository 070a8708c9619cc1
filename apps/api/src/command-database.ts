import { databaseSourceOf } from "./app.ts";
import { type Config, loadConfig } from "./config.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { DataDirLockedError } from "./db/lock.ts";

/**
 * The database of an `npm run …` command (demo, admin), as `npm start` would open it: a relative
 * DATA_DIR means the directory npm was invoked from. While the server holds the embedded
 * database, says so (`whenLocked`) and exits.
 */
export async function openCommandDatabase(
  whenLocked: string,
): Promise<{ config: Config; database: Database }> {
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const config = loadConfig();
  try {
    return { config, database: await openDatabase(databaseSourceOf(config)) };
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`${whenLocked} ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}
