import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";
import { adAudienceMembers } from "../../db/schema/ads.ts";

let t: TestApp;
let advertiser: TestUser;
let consenting: TestUser;
let private_: TestUser;
let viewedAudience: string;
let commentedAudience: string;
let account: string;
const pages: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({
    PAGE_FETCH_ENABLED: "false",
    RATE_LIMIT_ENABLED: "false",
    OUTBOX_POLL_INTERVAL_MS: "0",
  });
  advertiser = await createUser(t.app, { displayName: "Advertiser" });
  consenting = await createUser(t.app, { displayName: "Consenting" });
  private_ = await createUser(t.app, { displayName: "Private" });
  await sendAs(t.app, consenting, "/api/account", { personalisedAds: true });
  account = (
    await sendAs(t.app, advertiser, "/api/v1/ad-accounts", { name: "A", ownerKind: "USER", timezone: "UTC" })
  ).id;
  viewedAudience = (
    await sendAs(t.app, advertiser, "/api/v1/ad-audiences", {
      adAccountId: account,
      name: "Cycling readers",
      rules: [{ action: "VIEWED", type: "DOMAIN", value: "cycling.example.com" }],
    })
  ).id;
  commentedAudience = (
    await sendAs(t.app, advertiser, "/api/v1/ad-audiences", {
      adAccountId: account,
      name: "Recipe commenters",
      rules: [{ action: "CONTRIBUTED", type: "URL_PREFIX", value: "food.example.com/recipes/" }],
    })
  ).id;
  for (const url of [
    "https://blog.cycling.example.com/tour",
    "https://food.example.com/recipes/bread",
    "https://other.example.com/",
  ]) {
    pages[url] = (
      await t.app.inject({ method: "POST", url: "/api/v1/site-pages/flip", payload: { url } })
    ).json().id;
  }
});
afterAll(() => t.close());

const members = async (audienceId: string) =>
  (await t.app.db.select().from(adAudienceMembers).where(eq(adAudienceMembers.audienceId, audienceId))).map(
    (m) => m.userId,
  );
const view = (who: TestUser, url: string) =>
  t.app.inject({ url: `/api/v1/site-pages/${pages[url]}/mine`, headers: who.headers });

describe("audience membership (ADS.md §3.7)", () => {
  it("adds a consenting reader who views a matching page, and nobody else", async () => {
    expect((await view(consenting, "https://other.example.com/")).statusCode).toBe(200);
    expect((await view(private_, "https://blog.cycling.example.com/tour")).statusCode).toBe(200);
    expect((await view(consenting, "https://blog.cycling.example.com/tour")).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await members(viewedAudience)).toEqual([consenting.id]));
    // A view is not a contribution.
    expect(await members(commentedAudience)).toEqual([]);
  });

  it("refreshes a member seen again", async () => {
    const old = new Date(Date.now() - 10 * 24 * 60 * 60 * 1000);
    await t.app.db
      .update(adAudienceMembers)
      .set({ lastSeenAt: old })
      .where(
        and(eq(adAudienceMembers.audienceId, viewedAudience), eq(adAudienceMembers.userId, consenting.id)),
      );
    await view(consenting, "https://blog.cycling.example.com/tour");
    await vi.waitFor(async () => {
      const [row] = await t.app.db
        .select()
        .from(adAudienceMembers)
        .where(eq(adAudienceMembers.audienceId, viewedAudience));
      expect(row?.lastSeenAt.getTime()).toBeGreaterThan(old.getTime());
    });
  });

  it("adds a consenting person who comments on a matching page", async () => {
    const page = pages["https://food.example.com/recipes/bread"];
    for (const who of [consenting, private_]) {
      await sendAs(t.app, who, "/api/v1/site-page-comments", { sitePage_id: page, body: "Lovely crust." });
    }
    await t.app.outbox.wake();
    expect(await members(commentedAudience)).toEqual([consenting.id]);
  });

  it("reads the audiences in the outbox's own transaction when none are held (one connection on PGlite)", async () => {
    // Saving an audience drops the rules held, so the next comment's handler reads them afresh.
    const extra = await sendAs(t.app, advertiser, "/api/v1/ad-audiences", {
      adAccountId: account,
      name: "Bread commenters",
      rules: [{ action: "CONTRIBUTED", type: "DOMAIN", value: "food.example.com" }],
    });
    await sendAs(t.app, consenting, "/api/v1/site-page-comments", {
      sitePage_id: pages["https://food.example.com/recipes/bread"],
      body: "Still lovely.",
    });
    await t.app.outbox.wake();
    expect(await members(extra.id)).toEqual([consenting.id]);
  });

  it("counts only members seen within the audience's days", async () => {
    await t.app.db
      .update(adAudienceMembers)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(adAudienceMembers.audienceId, viewedAudience));
    const res = await t.app.inject({
      url: `/api/v1/ad-audiences/${viewedAudience}`,
      headers: advertiser.headers,
    });
    expect(res.json().size).toEqual({ bucket: "UNDER_100", approximate: null });
  });
});
