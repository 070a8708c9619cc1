import type { FastifyBaseLogger } from "fastify";
import type { Jobs } from "../../lib/jobs.ts";
import type { WebsitesService } from "./websites.service.ts";

export const SITE_CHECKS_QUEUE = "site-checks";

/**
 * Every `intervalMs` one tick runs the website checks that are due (docs/websites.md#checks).
 * As with the attachment sweep, the queue holds at most one waiting tick, each tick sends the
 * next, and a starting instance adds one only if none waits: one tick per interval however many
 * instances run, and a restart keeps the schedule. The checks' own state lives in `site_claims`
 * (`next_check_at`), each leased by the instance that runs it, so nothing is lost or run twice.
 */
export async function scheduleSiteChecks(opts: {
  jobs: Jobs;
  service: WebsitesService;
  log: FastifyBaseLogger;
  intervalMs: number;
}): Promise<void> {
  const { jobs, intervalMs } = opts;
  const next = () => jobs.send(SITE_CHECKS_QUEUE, {}, { startAfter: new Date(Date.now() + intervalMs) });
  await jobs.queue(SITE_CHECKS_QUEUE, { policy: "short", retryLimit: 0, expireInSeconds: 15 * 60 });
  await jobs.work(SITE_CHECKS_QUEUE, { concurrency: 1 }, async () => {
    try {
      const ran = await opts.service.runDue();
      if (ran > 0) opts.log.info({ ran }, "website checks run");
    } finally {
      await next();
    }
  });
  await next();
}
