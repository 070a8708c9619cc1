import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database, Db } from "../db/client.ts";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

export const dbPlugin = fp(
  async (app: FastifyInstance, opts: { database: Database; closeOnShutdown: boolean }) => {
    app.decorate("database", opts.database);
    app.decorate("db", opts.database.db);
    opts.database.onConnectionError((error) =>
      app.log.warn({ err: error }, "database connection lost; the pool opens another"),
    );
    if (opts.closeOnShutdown) app.addHook("onClose", () => opts.database.close());
  },
  { name: "db" },
);
