import type { FastifyBaseLogger } from "fastify";
import { type Jobs, repeatEvery } from "../../lib/jobs.ts";
import type { WebsitesService } from "./websites.service.ts";

export const SITE_CHECKS_QUEUE = "site-checks";

/**
 * Every `intervalMs` one tick, once across all instances (`repeatEvery`), runs the website checks
 * that are due (docs/websites.md#checks-on-their-own). The checks' own state lives in
 * `site_claims` (`next_check_at`), each leased by the instance that runs it, so nothing is lost
 * or run twice.
 */
export async function scheduleSiteChecks(opts: {
  jobs: Jobs;
  service: WebsitesService;
  log: FastifyBaseLogger;
  intervalMs: number;
}): Promise<void> {
  await repeatEvery(
    opts.jobs,
    SITE_CHECKS_QUEUE,
    { intervalMs: opts.intervalMs, expireInSeconds: 15 * 60 },
    async () => {
      const ran = await opts.service.runDue();
      if (ran > 0) opts.log.info({ ran }, "website checks run");
    },
  );
}
