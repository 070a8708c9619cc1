import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { type ExecuteSql, installJobSchema } from "../lib/jobs.ts";
import { MIGRATIONS_DIR } from "../lib/paths.ts";
import { isBrokenConnection } from "./faults.ts";
import { lockDataDir } from "./lock.ts";

/** Exported for the test that checks PGlite was given it. */
export const PGLITE_SHARED_BUFFERS = "32MB";

/** PostgreSQL extensions the migrations create (search's trigram indexes), loaded into PGlite. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** How long opening a connection to the PostgreSQL server may take. */
const CONNECT_TIMEOUT_MS = 5_000;

/** Both drivers expose the same query builder; code depends only on this. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Runs raw SQL on the same connections as `db`. Without values the text may hold several
   * statements (the rows are the last one's); with values it is one statement.
   */
  execute: ExecuteSql;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Who is told of a connection that broke (the server restarted, a backend was terminated):
   * that connection is dropped and the next query opens another. The app points it at its log;
   * a broken connection is never a reason to exit.
   */
  onConnectionError(listener: (error: Error) => void): void;
}

export type DatabaseSource =
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob | File; lock?: boolean }
  | { kind: "postgres"; url: string; max?: number };

function executeOn(client: pg.Pool | pg.PoolClient): ExecuteSql {
  return async (text, values) => {
    const result: pg.QueryResult | pg.QueryResult[] = await client.query(text, values);
    // Several statements answer one result each: keep the last, as PGlite's side does.
    return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
  };
}

export function executeOnPglite(client: PGlite): ExecuteSql {
  // query() takes one statement with parameters; exec() several without.
  return async (text, values) =>
    values?.length ? client.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] });
}

const READ_ONLY = /^\s*select\b/i;

/**
 * When the server ends connections (a restart, a terminated backend), idle ones in the pool break
 * and the pool learns of it a moment later: a query can be handed one in between. A read that
 * meets a broken connection is asked again on another (a select changed nothing, and the broken
 * connection has left the pool); a write answers 503 and its client tries again. A server that
 * refuses new connections is not retried: that is an outage, answered 503 at once.
 */
function retryBrokenReads(pool: pg.Pool, size: number) {
  // Every idle connection of the pool may have been broken at once: one more try than it holds.
  const retries = size;
  const query = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<pg.QueryResult>;
  const retrying = async (config: unknown, values?: unknown) => {
    const text = typeof config === "string" ? config : (config as { text?: string } | null)?.text;
    for (let attempt = 0; ; attempt++) {
      try {
        return await query(config, values);
      } catch (error) {
        if (attempt >= retries || !text || !READ_ONLY.test(text) || !isBrokenConnection(error)) throw error;
      }
    }
  };
  pool.query = retrying as typeof pool.query;
}

export async function openDatabase(
  source: DatabaseSource,
  opts: { migrate?: boolean } = {},
): Promise<Database> {
  const migrationsFolder = MIGRATIONS_DIR;
  if (source.kind === "postgres") {
    const size = source.max ?? 10;
    const pool = new pg.Pool({
      connectionString: source.url,
      max: size,
      // A server that does not answer at all (a dropped route, not a refused port) fails a
      // request in seconds, as 503, instead of holding it until the client gives up.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    retryBrokenReads(pool, size);
    const db = drizzlePg({ client: pool });
    const database: Database = {
      db,
      kind: "postgres",
      execute: executeOn(pool),
      ping: async () => void (await pool.query("select 1")),
      close: () => pool.end(),
      onConnectionError: (listener) => {
        reportError = listener;
      },
    };
    // An idle connection's error reaches the pool; one checked out (a transaction's) reaches only
    // its client, where no listener would make it an uncaught exception. Either way the query in
    // flight fails on its own, and the pool drops the connection when it is released.
    let reportError = (error: Error) => console.warn(`database connection lost: ${error.message}`);
    pool.on("connect", (client) => client.on("error", (error) => reportError(error)));
    // The pool repeats an idle client's error, which the client's own listener has reported.
    pool.on("error", () => {});
    if (opts.migrate !== false) {
      try {
        // Several app instances may start together: serialise their migrations.
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock(727274)");
          await migratePg(drizzlePg({ client }), { migrationsFolder });
          await installJobSchema(executeOn(client));
        } finally {
          await client.query("select pg_advisory_unlock(727274)").catch(() => {});
          client.release();
        }
      } catch (e) {
        // The caller may try again (the server waits for its database): leave no pool behind.
        await pool.end().catch(() => {});
        throw e;
      }
    }
    return database;
  }
  const unlock = source.dataDir && source.lock !== false ? lockDataDir(source.dataDir) : () => {};
  try {
    const client = new PGlite({
      // PostgreSQL's default 128 MB of shared buffers lives in the process's own memory here (the
      // WebAssembly heap, never handed back); the data files are real files, which the kernel's
      // page cache keeps as it would for the server. Decision 012, last amendment.
      // (A command-line setting: PGlite's `postgresqlconf` would replace initdb's whole file.)
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
      extensions: PGLITE_EXTENSIONS,
      ...(source.dataDir ? { dataDir: join(source.dataDir, "pgdata") } : {}),
      ...(source.loadDataDir ? { loadDataDir: source.loadDataDir } : {}),
    });
    await client.waitReady;
    const db = drizzlePglite({ client });
    const execute = executeOnPglite(client);
    if (opts.migrate !== false) {
      await migratePglite(db, { migrationsFolder });
      await installJobSchema(execute);
    }
    let closed = false;
    return {
      db,
      kind: "pglite",
      execute,
      ping: async () => void (await db.execute(sql`select 1`)),
      close: async () => {
        if (closed) return;
        closed = true;
        await client.close();
        unlock();
      },
      // In-process: there is no connection to lose.
      onConnectionError: () => {},
    };
  } catch (e) {
    unlock();
    throw e;
  }
}
