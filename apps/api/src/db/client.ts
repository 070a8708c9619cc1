import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { MIGRATIONS_DIR } from "../lib/paths.ts";
import { lockDataDir } from "./lock.ts";

/** Both drivers expose the same query builder; code depends only on this. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseSource =
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob | File; lock?: boolean }
  | { kind: "postgres"; url: string; max?: number };

export async function openDatabase(
  source: DatabaseSource,
  opts: { migrate?: boolean } = {},
): Promise<Database> {
  const migrationsFolder = MIGRATIONS_DIR;
  if (source.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: source.url, max: source.max ?? 10 });
    const db = drizzlePg({ client: pool });
    if (opts.migrate !== false) {
      // Several app instances may start together: serialise their migrations.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock(727274)");
        await migratePg(drizzlePg({ client }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock(727274)").catch(() => {});
        client.release();
      }
    }
    return {
      db,
      kind: "postgres",
      ping: async () => void (await pool.query("select 1")),
      close: () => pool.end(),
    };
  }
  const unlock = source.dataDir && source.lock !== false ? lockDataDir(source.dataDir) : () => {};
  try {
    const client = new PGlite({
      ...(source.dataDir ? { dataDir: join(source.dataDir, "pgdata") } : {}),
      ...(source.loadDataDir ? { loadDataDir: source.loadDataDir } : {}),
    });
    await client.waitReady;
    const db = drizzlePglite({ client });
    if (opts.migrate !== false) await migratePglite(db, { migrationsFolder });
    let closed = false;
    return {
      db,
      kind: "pglite",
      ping: async () => void (await db.execute(sql`select 1`)),
      close: async () => {
        if (closed) return;
        closed = true;
        await client.close();
        unlock();
      },
    };
  } catch (e) {
    unlock();
    throw e;
  }
}
