import { AD_PLANNING_LIMITS } from "@flipside/contracts/ads-constants";
import { lt } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { adRequestSamples } from "../../db/schema/ads.ts";
import { coalesced } from "../../lib/coalesced.ts";
import type { PageFacts } from "./matching.ts";
import type { Reader } from "./serving.ts";

/**
 * The sample of ad requests media planning replays (decision 042): one request in `rate` is
 * kept, written in batches off the request's path (a lost batch costs a forecast a little
 * precision, never a reader any time). What a forecast needs and no more: the page, the serving
 * key, the user only when they agreed to personalised ads, the place rounded to 0.1°.
 */

const FLUSH_AFTER_MS = 2000;
const FLUSH_AT_ROWS = 200;
const DAY_MS = 86_400_000;

type Sample = typeof adRequestSamples.$inferInsert;

export interface RequestLog {
  note(page: PageFacts & { sitePageId: string | null }, reader: Reader, at: Date): void;
  /** Writes what is waiting (tests; closing). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

const coarse = (degrees: number) => Math.round(degrees * 10) / 10;

export function createRequestLog(deps: {
  db: Db;
  rate: number;
  log: FastifyBaseLogger;
  random?: () => number;
}): RequestLog {
  const random = deps.random ?? Math.random;
  let waiting: Sample[] = [];
  let timer: NodeJS.Timeout | null = null;
  const writer = coalesced("writing ad request samples", deps.log, async () => {
    if (waiting.length === 0) return false;
    const batch = waiting;
    waiting = [];
    await deps.db.insert(adRequestSamples).values(batch);
    return waiting.length > 0;
  });
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    return writer.wake();
  };
  return {
    note(page, reader, at) {
      if (deps.rate > 1 && random() * deps.rate >= 1) return;
      const point = reader.place?.point ?? null;
      waiting.push({
        at,
        weight: deps.rate,
        normalizedUrl: page.normalizedUrl,
        host: page.host,
        sitePageId: page.sitePageId,
        viewerKey: reader.key,
        userId: reader.personalisedAds ? reader.userId : null,
        country: reader.place?.country ?? null,
        lat: point ? coarse(point[0]) : null,
        lng: point ? coarse(point[1]) : null,
      });
      if (waiting.length >= FLUSH_AT_ROWS) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), FLUSH_AFTER_MS);
        timer.unref();
      }
    },
    flush,
    async close() {
      await flush();
      await writer.stop();
    },
  };
}

/** Samples older than the replayed days go (ADS.md §3.9: kept 28 days). */
export async function purgeRequestSamples(db: Db, now: Date): Promise<void> {
  await db
    .delete(adRequestSamples)
    .where(lt(adRequestSamples.at, new Date(now.getTime() - AD_PLANNING_LIMITS.historyDays * DAY_MS)));
}
