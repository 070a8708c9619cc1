import type { AdRejectionReason } from "@flipside/contracts/ads-constants";
import { eq } from "drizzle-orm";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { adCampaigns, adCreatives } from "./db/schema/ads.ts";
import type { Behaviour } from "./demo-ads-traffic.ts";
import type { Storage } from "./lib/storage.ts";
import { createAccount } from "./modules/ads/accounts.ts";
import { createAudiencesService } from "./modules/ads/audiences.ts";
import { createCampaignsService } from "./modules/ads/campaigns.ts";
import { createCreativesService } from "./modules/ads/creatives.ts";
import { createFiltersService } from "./modules/ads/filters.ts";
import { createGeoFencesService } from "./modules/ads/geo-fences.ts";
import type { Viewer } from "./plugins/auth.ts";

const DAY = 24 * 60 * 60 * 1000;

type CampaignBody = Parameters<ReturnType<typeof createCampaignsService>["create"]>[1];

/** A banner of soft shapes in two colours (nobody's photo), 1200 × 628 as ads use. */
async function drawBanner(from: string, to: string): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="628">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="1200" height="628" fill="url(#g)"/>
    <circle cx="300" cy="480" r="260" fill="#ffffff" fill-opacity="0.16"/>
    <circle cx="960" cy="140" r="180" fill="#ffffff" fill-opacity="0.22"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The ads area of `npm run demo` (issue 20): two advertisers (Tom alone, and Greenhouse Growers
 * run by Maya), creatives in every review state, targeting, and campaigns in every status and the
 * delivery states they lead to. Written through the ads services, as the API writes them; the
 * reviews are recorded as Flipside staff's decisions made before this install (no reviewer).
 */
export async function seedAdsDemo(
  tx: Db,
  deps: { config: Config; storage: Storage; tom: Viewer; maya: Viewer; growersId: string; now: Date },
): Promise<{ accounts: number; campaigns: number; creatives: number; running: Map<string, Behaviour> }> {
  const { config, tom, maya, now } = deps;
  const currency = config.MONEY_CURRENCY;
  const creatives = createCreativesService({ db: tx, storage: deps.storage });
  const campaigns = createCampaignsService({ db: tx, currency, geoConfigured: Boolean(config.GEOIP_DB) });
  const filters = createFiltersService(tx);
  const fences = createGeoFencesService(tx);
  const audiences = createAudiencesService(tx);

  const coffee = await createAccount(
    tx,
    tom,
    { name: "Slow Coffee", ownerKind: "USER", timezone: "Europe/Amsterdam" },
    currency,
  );
  const growers = await createAccount(
    tx,
    maya,
    {
      name: "Greenhouse Growers Ads",
      ownerKind: "ORGANIZATION",
      organizationId: deps.growersId,
      timezone: "Europe/Berlin",
    },
    currency,
  );

  const upload = async (who: Viewer, adAccountId: string, colours: [string, string]) => {
    const reserved = await creatives.reserveImage(who, adAccountId);
    const token = new URL(reserved.uploadUrl, "http://demo").searchParams.get("token") ?? "";
    const image = await creatives.pendingImage(who, reserved.id);
    return (await creatives.storeImage(image, token, await drawBanner(...colours))).id;
  };
  const decide = async (id: string, decision: "APPROVED" | { reason: AdRejectionReason; note: string }) => {
    await tx
      .update(adCreatives)
      .set(
        decision === "APPROVED"
          ? { reviewStatus: "APPROVED", reviewedAt: now }
          : {
              reviewStatus: "REJECTED",
              rejectionReason: decision.reason,
              rejectionNote: decision.note,
              reviewedAt: now,
            },
      )
      .where(eq(adCreatives.id, id));
  };

  // Creatives: approved (one with a picture), in review, rejected with a note, archived.
  const beans = await creatives.create(tom, {
    adAccountId: coffee.id,
    name: "Beans of the month",
    headline: "Fresh Ethiopian beans, roasted on Monday",
    body: "Light roast, notes of blueberry. Ships in two days across the EU.",
    destinationUrl: "https://slowcoffee.blog/beans",
    imageId: await upload(tom, coffee.id, ["#b45309", "#f59e0b"]),
  });
  await decide(beans.id, "APPROVED");
  const course = await creatives.create(tom, {
    adAccountId: coffee.id,
    name: "Brewing course",
    headline: "Learn pour-over in one evening",
    body: "Small groups in Amsterdam, every Thursday.",
    destinationUrl: "https://slowcoffee.blog/course",
  });
  const miracle = await creatives.create(tom, {
    adAccountId: coffee.id,
    name: "Miracle claim",
    headline: "Coffee that cures tiredness forever",
    body: "Doctors hate it.",
    destinationUrl: "https://slowcoffee.blog/miracle",
  });
  await decide(miracle.id, {
    reason: "MISLEADING",
    note: "Health claims need a source; please describe the coffee instead.",
  });
  const summer = await creatives.create(tom, {
    adAccountId: coffee.id,
    name: "Summer cold brew",
    headline: "Cold brew kits, back for summer",
    destinationUrl: "https://slowcoffee.blog/cold-brew",
  });
  await decide(summer.id, "APPROVED");
  await creatives.setArchived(tom, summer.id, true);
  const seeds = await creatives.create(maya, {
    adAccountId: growers.id,
    name: "Seed swap",
    headline: "Swap seeds with growers near you",
    body: "Every first Saturday at the Greenhouse. Bring a packet, take a packet.",
    destinationUrl: "https://en.wikipedia.org/wiki/Seed_library",
    imageId: await upload(maya, growers.id, ["#059669", "#84cc16"]),
  });
  await decide(seeds.id, "APPROVED");

  // Targeting.
  const noGossip = await filters.create(tom, {
    adAccountId: coffee.id,
    name: "Keep off gossip",
    mode: "EXCLUDE",
    rules: [
      { type: "DOMAIN", value: "tabloid.example.com" },
      { type: "KEYWORD", value: "celebrity" },
    ],
  });
  const benelux = await fences.create(tom, {
    adAccountId: coffee.id,
    name: "Benelux",
    shapes: [
      { type: "COUNTRY", country: "NL" },
      { type: "COUNTRY", country: "BE" },
      { type: "COUNTRY", country: "LU" },
    ],
  });
  const amsterdam = await fences.create(tom, {
    adAccountId: coffee.id,
    name: "Around Amsterdam",
    shapes: [{ type: "CIRCLE", lat: 52.37, lng: 4.9, radiusKm: 30 }],
  });
  const readers = await audiences.create(tom, {
    adAccountId: coffee.id,
    name: "Coffee readers",
    membershipDays: 30,
    rules: [{ action: "VIEWED", type: "DOMAIN", value: "slowcoffee.blog" }],
  });

  // Campaigns, one per status and the deliveries a reader would meet.
  const base = (name: string, creativeIds: string[]): CampaignBody => ({
    adAccountId: coffee.id,
    name,
    pricingModel: "CPC",
    bidding: {
      strategy: "MANUAL",
      bidMicros: 400_000,
      targetMicros: null,
      bidCeilingMicros: null,
      bidFloorMicros: null,
    },
    budget: { totalMicros: 30_000_000, dailyMicros: 3_000_000, pacing: "EVEN" },
    schedule: { startAt: new Date(now.getTime() + 60_000).toISOString(), endAt: null, weekly: null },
    frequencyCap: { impressions: 3, period: "DAY" },
    creativeIds,
    filterIds: [],
    geoFences: { include: [], exclude: [] },
    audiences: { include: [], exclude: [] },
  });
  // Four weeks at up to its day's budget, and some left to run.
  const running = await campaigns.create(tom, {
    ...base("Beans, all month", [beans.id]),
    budget: { totalMicros: 100_000_000, dailyMicros: 3_000_000, pacing: "EVEN" },
    filterIds: [noGossip.id],
  });
  const waiting = await campaigns.create(tom, base("Brewing course, autumn", [course.id]));
  const paused = await campaigns.create(tom, {
    ...base("Beans for readers", [beans.id]),
    audiences: { include: [readers.id], exclude: [] },
  });
  const later = await campaigns.create(tom, {
    ...base("Christmas gift boxes", [beans.id]),
    schedule: {
      startAt: new Date(now.getTime() + 20 * DAY).toISOString(),
      endAt: new Date(now.getTime() + 40 * DAY).toISOString(),
      weekly: [1, 2, 3, 4, 5].map((day) => ({ day, fromMinute: 7 * 60, toMinute: 10 * 60 })),
    },
    geoFences: { include: [amsterdam.id], exclude: [benelux.id] },
  });
  const old = await campaigns.create(tom, base("Summer cold brew", [beans.id]));
  const rejected = await campaigns.create(tom, base("Miracle coffee", [miracle.id]));
  await campaigns.create(tom, {
    ...base("Espresso machines", []),
    pricingModel: "CPM",
    bidding: {
      strategy: "MANUAL",
      bidMicros: 2_500_000,
      targetMicros: null,
      bidCeilingMicros: null,
      bidFloorMicros: null,
    },
  });
  for (const c of [running, waiting, paused, later, old, rejected])
    await campaigns.setStatus(tom, c.id, "ACTIVE");
  await campaigns.setStatus(tom, paused.id, "PAUSED");
  await campaigns.setStatus(tom, old.id, "ARCHIVED");
  // The archived one ran in the summer: its dates say so.
  await tx
    .update(adCampaigns)
    .set({ startAt: new Date(now.getTime() - 120 * DAY), endAt: new Date(now.getTime() - 60 * DAY) })
    .where(eq(adCampaigns.id, old.id));

  const swap = await campaigns.create(maya, {
    ...base("Seed swap, spring", [seeds.id]),
    adAccountId: growers.id,
    pricingModel: "CPM",
    bidding: {
      strategy: "MANUAL",
      bidMicros: 1_500_000,
      targetMicros: null,
      bidCeilingMicros: null,
      bidFloorMicros: null,
    },
    budget: { totalMicros: 15_000_000, dailyMicros: null, pacing: "ASAP" },
  });
  await campaigns.setStatus(maya, swap.id, "ACTIVE");
  return {
    accounts: 2,
    campaigns: 8,
    creatives: 5,
    // How the demo's readers answer each running campaign's ad (demo-ads-traffic.ts).
    running: new Map<string, Behaviour>([
      [
        running.id,
        {
          viewable: 0.7,
          ctr: 0.022,
          conversion: 0.09,
          valueMicros: 18_000_000,
          // After a week on a manual bid Tom let the autopilot aim at €0.30 a click: it learns
          // from 50 clicks, then finds the lower bid that still wins.
          autopilot: {
            daysAgo: 21,
            as: tom,
            bidding: {
              strategy: "TARGET_CPC",
              targetMicros: 300_000,
              bidCeilingMicros: 600_000,
              bidFloorMicros: 200_000,
            },
          },
        },
      ],
      [
        swap.id,
        {
          viewable: 0.7,
          ctr: 0.016,
          conversion: 0.2,
          valueMicros: null,
        },
      ],
    ]),
  };
}
