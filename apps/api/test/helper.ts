import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { type BuildOptions, buildApp } from "../src/app.ts";
import { testConfig } from "../src/config.ts";
import { type Database, openDatabase } from "../src/db/client.ts";

let snapshot: Blob | undefined;

/**
 * A freshly migrated database of its own: a clone of the run's migrated snapshot on
 * PGlite, or of the template database on the PostgreSQL server of TEST_DATABASE_URL.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `flipside_t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject("pgTemplate")}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase(
      { kind: "postgres", url: url.toString(), max: 5 },
      { migrate: false },
    );
    return {
      ...database,
      async close() {
        await database.close();
        // pg-pool's end() resolves before its sockets are closed; a forced drop would then kill
        // backends whose client has no error listener any more (an uncaught 57P01). Wait for them.
        for (let i = 0; i < 100; i++) {
          const { rows } = await admin.query(
            "select count(*)::int as n from pg_stat_activity where datname = $1",
            [name],
          );
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  snapshot ??= new Blob([await readFile(inject("pgliteSnapshot"))]);
  return openDatabase({ kind: "pglite", loadDataDir: snapshot }, { migrate: false });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** buildApp on a fresh database, with config overrides (env-style strings). */
export async function createTestApp(
  overrides: Record<string, string> = {},
  extend?: (app: FastifyInstance) => void,
  options: Omit<BuildOptions, "database"> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp(testConfig({ DATA_DIR: inject("testDataDir"), ...overrides }), {
    ...options,
    database,
  });
  extend?.(app);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The fields a problem answer's `errors` name, sorted (each field once per error). */
export function errorFields(response: { json(): unknown }): string[] {
  const { errors = [] } = response.json() as { errors?: { field: string }[] };
  return errors.map((e) => e.field).sort();
}
