import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BROWSER, type CampaignOptions, runningCampaign } from "../../../test/ads.ts";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { writeTestMmdb } from "../../../test/mmdb.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { buildApp } from "../../app.ts";
import { testConfig } from "../../config.ts";
import { adImpressions } from "../../db/schema/ads.ts";

/** Readers placed by their address (GEOIP_DB, ADS.md §5): geo fences at serving. */

const LONDON = "81.2.69.160";
const NEW_YORK = "8.8.8.8";
const UNKNOWN = "192.0.2.1";

let t: TestApp;
let admin: TestUser;
const dir = mkdtempSync(join(tmpdir(), "flipside-geoip-"));
const database = join(dir, "test-city.mmdb");

beforeAll(async () => {
  writeTestMmdb(database, [
    { cidr: "81.2.69.0/24", country: "GB", location: { latitude: 51.5142, longitude: -0.0931 } },
    { cidr: "8.8.8.0/24", country: "US", location: { latitude: 40.7128, longitude: -74.006 } },
  ]);
  t = await createTestApp({
    PAGE_FETCH_ENABLED: "false",
    RATE_LIMIT_ENABLED: "false",
    ADS_CACHE_TTL_MS: "0",
    ADS_SETTLE_INTERVAL_MS: "0",
    GEOIP_DB: database,
  });
  admin = await createUser(t.app, { displayName: "Admin", roles: ["ROLE_USER", "ROLE_ADMIN"] });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const advertiser = (fences: CampaignOptions["fences"]) => runningCampaign(t.app, admin, { fences });
const adsFrom = async (page: string, address: string) => {
  const res = await t.app.inject({
    url: `/api/v1/advertisings?searchAnd=${encodeURIComponent(`url==${page}`)}`,
    headers: { "user-agent": BROWSER },
    remoteAddress: address,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { why: string[]; impressionUrl: string }[];
};

describe("places", () => {
  it("show a country's campaign to its readers only, and nothing fenced to an address no one can place", async () => {
    const uk = await advertiser({ include: [[{ type: "COUNTRY", country: "GB" }]] });
    const [ad] = await adsFrom(uk.page, LONDON);
    expect(ad?.why).toContain("PLACE");
    expect(await adsFrom(uk.page, NEW_YORK)).toEqual([]);
    expect(await adsFrom(uk.page, UNKNOWN)).toEqual([]);
    expect(await adsFrom(uk.page, "::1")).toEqual([]);
    const campaign = await t.app.inject({
      url: `/api/v1/ad-campaigns/${uk.campaign}`,
      headers: uk.user.headers,
    });
    expect(campaign.json().delivery.state).toBe("RUNNING");

    // The impression remembers the reader's country, for the reports by country.
    const seen = await t.app.inject({
      method: "POST",
      url: new URL(ad?.impressionUrl ?? "").pathname,
      headers: { "user-agent": BROWSER },
      remoteAddress: LONDON,
    });
    expect(seen.statusCode).toBe(204);
    const [row] = await t.app.db
      .select()
      .from(adImpressions)
      .where(eq(adImpressions.campaignId, uk.campaign));
    expect(row?.country).toBe("GB");
  });

  it("show a circle's campaign near its centre, and keep an excluded place out", async () => {
    const near = await advertiser({
      include: [[{ type: "CIRCLE", lat: 51.5074, lng: -0.1278, radiusKm: 25 }]],
    });
    expect(await adsFrom(near.page, LONDON)).toHaveLength(1);
    expect(await adsFrom(near.page, NEW_YORK)).toEqual([]);
    const notUs = await advertiser({ exclude: [[{ type: "COUNTRY", country: "US" }]] });
    expect(await adsFrom(notUs.page, LONDON)).toHaveLength(1);
    expect(await adsFrom(notUs.page, NEW_YORK)).toEqual([]);
  });

  it("refuse to start on a file that is not such a database", async () => {
    await expect(
      buildApp(testConfig({ GEOIP_DB: join(dir, "missing.mmdb") }), { database: t.database }),
    ).rejects.toThrow(/GEOIP_DB=.*missing\.mmdb is not a MaxMind-format database/);
  });
});
