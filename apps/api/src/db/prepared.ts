import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";

/**
 * A prepared statement (or anything else bound to one database, such as a batching loader) per
 * database, built the first time it runs. For the queries every request
 * makes: drizzle builds a query's text anew on each call (a sixth of the CPU of a signed-in list
 * read), a prepared one binds its parameters only. A transaction is a database of its own here,
 * so statements run inside one are built for it.
 */
export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let statement = byDb.get(db);
    if (!statement) {
      statement = build(db);
      byDb.set(db, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();

/**
 * A raw statement (one the query builder cannot express, such as several writes in one) prepared
 * once per database under `name`, its values given as `sql.placeholder`s when it runs. The
 * database then plans it once per connection instead of on every call: for the comment insert
 * that planning was half of what the database spent on it. `execute` answers what `db.execute`
 * does (`rowsOf` reads it).
 */
export function preparedSql(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  return preparedOnce((db) => db._.session.prepareQuery(query, undefined, name, false));
}
