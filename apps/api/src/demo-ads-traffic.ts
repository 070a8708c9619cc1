import type { Db } from "./db/client.ts";
import { adRequestSamples } from "./db/schema/ads.ts";

const DAY = 24 * 60 * 60 * 1000;
/** As serving keeps them by default: one request in ten. */
const WEIGHT = 10;
const COUNTRIES: [string, number][] = [
  ["NL", 0.35],
  ["DE", 0.2],
  ["GB", 0.15],
  ["US", 0.2],
  ["BE", 0.1],
];

/** A small seeded generator (mulberry32): the same demo on every machine. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Four weeks of the demo pages' ad requests, as serving samples them (decision 042), so media
 * planning forecasts from a history shaped like a small site's: some pages read far more than
 * others, quieter weekends, busier evenings, returning readers, readers from a few countries.
 */
export async function seedAdRequestHistory(
  tx: Db,
  deps: {
    now: Date;
    pages: readonly { normalizedUrl: string; host: string; sitePageId: string }[];
    /** Signed-in readers (the demo's people), a share of the requests. */
    userIds: readonly string[];
  },
): Promise<number> {
  const random = seeded(20261130);
  const rows: (typeof adRequestSamples.$inferInsert)[] = [];
  const today = new Date(deps.now);
  today.setUTCHours(0, 0, 0, 0);
  const country = () => {
    let r = random();
    for (const [code, share] of COUNTRIES) {
      r -= share;
      if (r <= 0) return code;
    }
    return "NL";
  };
  for (let d = 28; d >= 1; d--) {
    const day = today.getTime() - d * DAY;
    const weekday = new Date(day).getUTCDay();
    const weekend = weekday === 0 || weekday === 6 ? 0.7 : 1;
    // A slow climb over the month, as a site that is found more.
    const growth = 0.85 + (0.3 * (28 - d)) / 28;
    deps.pages.forEach((page, i) => {
      // The first pages are the popular ones: about 14 sampled requests a day down to 2.
      const base = 2 + 12 / (1 + i * 0.6);
      const n = Math.round(base * weekend * growth * (0.75 + random() * 0.5));
      for (let k = 0; k < n; k++) {
        // Busier evenings: hours 7–23, weighted towards 19–22.
        const hour = random() < 0.4 ? 19 + Math.floor(random() * 4) : 7 + Math.floor(random() * 16);
        const signedIn = deps.userIds.length > 0 && random() < 0.15;
        rows.push({
          at: new Date(day + hour * 3_600_000 + Math.floor(random() * 3_600_000)),
          weight: WEIGHT,
          normalizedUrl: page.normalizedUrl,
          host: page.host,
          sitePageId: page.sitePageId,
          // Anonymous keys rotate daily: a returning anonymous reader is a new key each day.
          viewerKey: signedIn
            ? `u:${deps.userIds[Math.floor(random() * deps.userIds.length)]}`
            : `a:demo-${d}-${Math.floor(random() * 120)}`,
          country: country(),
        });
      }
    });
  }
  for (let i = 0; i < rows.length; i += 500) await tx.insert(adRequestSamples).values(rows.slice(i, i + 500));
  return rows.length;
}
