import { pathToFileURL } from "node:url";
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

/**
 * Runs a command (`npm run admin`, `npm run ledger`) when its module is the process's entry: opens
 * the database, prints what the command answers (on stderr when it failed), exits with its code.
 */
export function runAsCommand(
  moduleUrl: string,
  command: (db: Database["db"], args: readonly string[]) => Promise<{ out: string; code: number }>,
): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  (async () => {
    const { database } = await openCommandDatabase("Stop the server first: the embedded database is in use.");
    try {
      const { out, code } = await command(database.db, process.argv.slice(2));
      (code === 0 ? console.log : console.error)(out);
      process.exitCode = code;
    } finally {
      await database.close();
    }
  })().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
