import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type Jobs, startJobs } from "../lib/jobs.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The PostgreSQL job queue (decision 008): background work that outlives a request. */
    jobs: Jobs;
  }
}

/**
 * One job queue per app on the app's own database. Plugins that register workers declare
 * `dependencies: ["jobs"]`; their onClose hooks run before this one, and this one (which waits
 * for the jobs running here) before the database closes.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const jobs = await startJobs({ execute: app.database.execute, log: app.log });
    app.decorate("jobs", jobs);
    app.addHook("onClose", () => jobs.stop());
  },
  { name: "jobs", dependencies: ["db"] },
);
