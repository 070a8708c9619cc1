import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { executeOnPglite, openDatabase, PGLITE_EXTENSIONS } from "../src/db/client.ts";
import { installJobSchema } from "../src/lib/jobs.ts";
import { MIGRATIONS_DIR } from "../src/lib/paths.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: string;
    /** DATA_DIR of every test app (the mails written without SMTP_URL): gone with the run. */
    testDataDir: string;
  }
}

/**
 * Migrate once per run; every test file then clones the result (a PGlite data-dir
 * snapshot, or a PostgreSQL template database) instead of migrating again.
 */
export default async function setup(project: TestProject) {
  const dataDir = join(tmpdir(), `flipside-api-data-${process.pid}`);
  project.provide("testDataDir", dataDir);
  const removeDataDir = () => rm(dataDir, { recursive: true, force: true });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `flipside_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const db = await openDatabase({ kind: "postgres", url: url.toString(), max: 1 });
    await db.close();
    project.provide("pgTemplate", template);
    project.provide("pgliteSnapshot", "");
    return async () => {
      await admin.query(`drop database if exists ${template}`);
      await admin.end();
      await removeDataDir();
    };
  }
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
  await installJobSchema(executeOnPglite(client));
  const snapshot = await client.dumpDataDir("none");
  await client.close();
  const path = join(tmpdir(), `flipside-pglite-${process.pid}.tar`);
  await writeFile(path, Buffer.from(await snapshot.arrayBuffer()));
  project.provide("pgliteSnapshot", path);
  project.provide("pgTemplate", "");
  // Each run writes its own snapshot (some 40 MB): gone with the run, as its databases are.
  return async () => {
    await rm(path, { force: true });
    await removeDataDir();
  };
}
