import { eq, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizationAdAccount } from "../../../test/ads.ts";
import { createTestApp, errorFields, type TestApp } from "../../../test/helper.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";
import { adAudienceMembers, adCampaigns, adCampaignTargets, adFilterLists } from "../../db/schema/ads.ts";

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
let member: TestUser;
let account: string;
let orgAccount: string;

beforeAll(async () => {
  t = await createTestApp({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_ENABLED: "false" });
  ann = await createUser(t.app, { displayName: "Ann" });
  bob = await createUser(t.app, { displayName: "Bob" });
  member = await createUser(t.app, { displayName: "Member" });
  account = (
    await sendAs(t.app, ann, "/api/v1/ad-accounts", { name: "Ann", ownerKind: "USER", timezone: "UTC" })
  ).id;
  await sendAs(t.app, bob, "/api/v1/ad-accounts", { name: "Bob", ownerKind: "USER", timezone: "UTC" });
  orgAccount = await organizationAdAccount(t.app, ann, member, "org-targeting");
});
afterAll(() => t.close());

const call = (
  who: TestUser | null,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: who?.headers ?? {},
    ...(payload ? { payload: payload as object } : {}),
  });

/** A campaign written straight in that uses `targetId` (campaigns have their own tests). */
async function campaignUsing(
  kind: "FILTER" | "GEO_INCLUDE" | "AUDIENCE_INCLUDE",
  targetId: string,
  status: "DRAFT" | "ARCHIVED" = "DRAFT",
) {
  const [campaign] = await t.app.db
    .insert(adCampaigns)
    .values({
      adAccountId: account,
      name: `Uses ${uuidv7()}`,
      status,
      pricingModel: "CPM",
      bidMicros: 2_000_000,
      totalBudgetMicros: 50_000_000,
      startAt: new Date(),
    })
    .returning();
  if (!campaign) throw new Error("no campaign");
  await t.app.db.insert(adCampaignTargets).values({ campaignId: campaign.id, kind, targetId });
  return campaign.id;
}

describe("filter lists", () => {
  it("stores rules normalised, without duplicates", async () => {
    const res = await call(ann, "POST", "/api/v1/ad-filters", {
      adAccountId: account,
      name: "Brand safety",
      rules: [
        { type: "DOMAIN", value: "https://www.Tabloid.example.com/some/page" },
        { type: "DOMAIN", value: "tabloid.example.com" },
        { type: "URL_PREFIX", value: "news.example.org/crime/" },
        { type: "KEYWORD", value: "Casino" },
        { type: "TOPIC", value: "News" },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      mode: "EXCLUDE",
      ruleCount: 4,
      usedBy: 0,
      version: 0,
      rules: [
        { type: "DOMAIN", value: "tabloid.example.com" },
        { type: "URL_PREFIX", value: "news.example.org/crime" },
        { type: "KEYWORD", value: "casino" },
        { type: "TOPIC", value: "news" },
      ],
    });
  });

  it("names every bad rule at once and saves nothing", async () => {
    const before = (await t.app.db.select().from(adFilterLists)).length;
    const res = await call(ann, "POST", "/api/v1/ad-filters", {
      adAccountId: account,
      name: "Bad",
      rules: [
        { type: "DOMAIN", value: "not a domain" },
        { type: "DOMAIN", value: "fine.example.com" },
        { type: "KEYWORD", value: "x" },
        { type: "URL_EXACT", value: "http://10.0.0.1/" },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: "rules.0.value", message: "not a domain is not a valid domain" },
      { field: "rules.2.value", message: "Use 2 to 50 characters." },
      { field: "rules.3.value", message: "http://10.0.0.1/ is not a valid domain" },
    ]);
    const topic = await call(ann, "POST", "/api/v1/ad-filters", {
      adAccountId: account,
      name: "Topic",
      rules: [{ type: "TOPIC", value: "no-such-topic" }],
    });
    expect(topic.statusCode).toBe(422);
    expect(topic.json().errors).toEqual([{ field: "rules.0.value", message: "Unknown topic." }]);
    expect((await t.app.db.select().from(adFilterLists)).length).toBe(before);

    const check = await call(ann, "POST", "/api/v1/ad-filter-rules/check", {
      rules: [
        { type: "DOMAIN", value: "www.Example.com" },
        { type: "KEYWORD", value: "a" },
      ],
    });
    expect(check.statusCode).toBe(400);
    expect(errorFields(check)).toEqual(["rules.1.value"]);
    const good = await call(ann, "POST", "/api/v1/ad-filter-rules/check", {
      rules: [{ type: "DOMAIN", value: "www.Example.com" }],
    });
    expect(good.json()).toEqual({ rules: [{ type: "DOMAIN", value: "example.com" }] });
  });

  it("checks an address: a site and its subdomains, whole keywords", async () => {
    const list = (
      await call(ann, "POST", "/api/v1/ad-filters", {
        adAccountId: account,
        name: "Check",
        rules: [
          { type: "DOMAIN", value: "example.net" },
          { type: "KEYWORD", value: "bike" },
        ],
      })
    ).json();
    const test = async (url: string) =>
      (await call(ann, "POST", `/api/v1/ad-filters/${list.id}/test`, { url })).json();
    expect(await test("https://blog.example.net/a")).toEqual({
      matches: true,
      rule: { type: "DOMAIN", value: "example.net" },
    });
    expect(await test("https://notexample.net/")).toEqual({ matches: false, rule: null });
    expect(await test("https://shop.example.org/bike/red")).toEqual({
      matches: true,
      rule: { type: "KEYWORD", value: "bike" },
    });
    expect(await test("https://shop.example.org/bikes")).toEqual({ matches: false, rule: null });
    const bad = await call(ann, "POST", `/api/v1/ad-filters/${list.id}/test`, { url: "nonsense" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe("nonsense is not a valid domain");
  });

  it("saves with the version read, and refuses to delete a list a campaign uses", async () => {
    const list = (
      await call(ann, "POST", "/api/v1/ad-filters", { adAccountId: account, name: "Used", rules: [] })
    ).json();
    const put = (body: object) => call(ann, "PUT", `/api/v1/ad-filters/${list.id}`, body);
    const saved = await put({
      name: "Used list",
      mode: "INCLUDE",
      rules: [{ type: "DOMAIN", value: "a.example.com" }],
      version: 0,
    });
    expect(saved.json()).toMatchObject({ name: "Used list", mode: "INCLUDE", ruleCount: 1, version: 1 });
    expect((await put({ name: "Old", mode: "EXCLUDE", rules: [], version: 0 })).statusCode).toBe(409);

    await campaignUsing("FILTER", list.id, "ARCHIVED");
    await campaignUsing("FILTER", list.id);
    await campaignUsing("FILTER", list.id);
    expect((await call(ann, "GET", `/api/v1/ad-filters/${list.id}`)).json().usedBy).toBe(2);
    const refused = await call(ann, "DELETE", `/api/v1/ad-filters/${list.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe("This list is used by 2 campaigns. Remove it from them first.");
    await t.app.db.execute(
      sql`update ad_campaigns set status = 'ARCHIVED' where id in (select campaign_id from ad_campaign_targets where target_id = ${list.id})`,
    );
    expect((await call(ann, "DELETE", `/api/v1/ad-filters/${list.id}`)).statusCode).toBe(204);
    expect((await call(ann, "GET", `/api/v1/ad-filters/${list.id}`)).statusCode).toBe(404);
  });

  it("is the account's own: others get a 404, a MEMBER reads and gets 403 on writes", async () => {
    const list = (
      await call(ann, "POST", "/api/v1/ad-filters", { adAccountId: orgAccount, name: "Org list", rules: [] })
    ).json();
    const random = await call(bob, "GET", `/api/v1/ad-filters/${uuidv7()}`);
    for (const [method, url, body] of [
      ["GET", `/api/v1/ad-filters/${list.id}`, undefined],
      ["PUT", `/api/v1/ad-filters/${list.id}`, { name: "X", mode: "EXCLUDE", rules: [], version: 0 }],
      ["DELETE", `/api/v1/ad-filters/${list.id}`, undefined],
      ["POST", `/api/v1/ad-filters/${list.id}/test`, { url: "example.com" }],
    ] as const) {
      const res = await call(bob, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().detail).toBe(random.json().detail);
    }
    expect(
      (await call(member, "GET", `/api/v1/ad-filters?searchAnd=adAccountId==${orgAccount}`)).json(),
    ).toHaveLength(1);
    expect(
      (
        await call(member, "PUT", `/api/v1/ad-filters/${list.id}`, {
          name: "X",
          mode: "EXCLUDE",
          rules: [],
          version: 0,
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(member, "DELETE", `/api/v1/ad-filters/${list.id}`)).statusCode).toBe(403);
    expect(
      (
        await call(member, "POST", "/api/v1/ad-geo-fences", {
          adAccountId: orgAccount,
          name: "X",
          shapes: [{ type: "COUNTRY", country: "DE" }],
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(null, "GET", `/api/v1/ad-filters/${list.id}`)).statusCode).toBe(401);
  });
});

describe("geo fences", () => {
  const square = (lat: number, lng: number, d: number) => [
    [lat, lng],
    [lat, lng + d],
    [lat + d, lng + d],
    [lat + d, lng],
  ];

  it("takes countries, circles and simple areas", async () => {
    const res = await call(ann, "POST", "/api/v1/ad-geo-fences", {
      adAccountId: account,
      name: "Home markets",
      shapes: [
        { type: "COUNTRY", country: "de" },
        { type: "CIRCLE", lat: 48.8566, lng: 2.3522, radiusKm: 25 },
        { type: "POLYGON", points: square(52.3, 4.8, 0.1) },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().shapes[0]).toEqual({ type: "COUNTRY", country: "DE" });
  });

  it("refuses places that are not places, naming which", async () => {
    const cases: [unknown, string, string][] = [
      [
        { type: "CIRCLE", lat: 48, lng: 2, radiusKm: 0.5 },
        "shapes.0.radiusKm",
        "The radius must be between 1 and 500 km.",
      ],
      [
        { type: "CIRCLE", lat: 48, lng: 2, radiusKm: 501 },
        "shapes.0.radiusKm",
        "The radius must be between 1 and 500 km.",
      ],
      [
        { type: "CIRCLE", lat: 91, lng: 2, radiusKm: 5 },
        "shapes.0.lat",
        "Enter a latitude between -90 and 90.",
      ],
      [{ type: "COUNTRY", country: "XX" }, "shapes.0.country", "Unknown country code."],
      [{ type: "COUNTRY", country: "EU" }, "shapes.0.country", "Unknown country code."],
      [
        {
          type: "POLYGON",
          points: [
            [1, 1],
            [1, 2],
          ],
        },
        "shapes.0.points",
        "An area needs at least 3 points.",
      ],
      [
        {
          type: "POLYGON",
          points: Array.from({ length: 101 }, (_, i) => [Math.sin(i) * 5, Math.cos(i) * 5]),
        },
        "shapes.0.points",
        "An area can have at most 100 points.",
      ],
      [
        {
          type: "POLYGON",
          points: [
            [0, 0],
            [1, 1],
            [0, 1],
            [1, 0],
          ],
        },
        "shapes.0.points",
        "The area's edges must not cross.",
      ],
      [
        { type: "POLYGON", points: square(10, 10, 0.001) },
        "shapes.0.points",
        "The area must cover at least 1 km².",
      ],
      [
        {
          type: "POLYGON",
          points: [
            [0, 179],
            [1, -179],
            [1, 179],
          ],
        },
        "shapes.0.points",
        "An area cannot cross the 180th meridian.",
      ],
    ];
    for (const [shape, field, message] of cases) {
      const res = await call(ann, "POST", "/api/v1/ad-geo-fences", {
        adAccountId: account,
        name: "Bad",
        shapes: [shape],
      });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().errors, message).toEqual([{ field, message }]);
    }
    const none = await call(ann, "POST", "/api/v1/ad-geo-fences", {
      adAccountId: account,
      name: "None",
      shapes: [],
    });
    expect(none.json().errors).toEqual([{ field: "shapes", message: "Add at least one place." }]);
  });

  it("refuses to delete a fence a campaign uses", async () => {
    const fence = (
      await call(ann, "POST", "/api/v1/ad-geo-fences", {
        adAccountId: account,
        name: "Used",
        shapes: [{ type: "COUNTRY", country: "FR" }],
      })
    ).json();
    await campaignUsing("GEO_INCLUDE", fence.id);
    const res = await call(ann, "DELETE", `/api/v1/ad-geo-fences/${fence.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe("This list is used by 1 campaign. Remove it from them first.");
  });
});

describe("audiences", () => {
  it("counts people seen within its days, and serves from 100", async () => {
    const res = await call(ann, "POST", "/api/v1/ad-audiences", {
      adAccountId: account,
      name: "Cyclists",
      rules: [
        { action: "VIEWED", type: "DOMAIN", value: "www.cycling.example.com" },
        { action: "CONTRIBUTED", type: "DOMAIN", value: "cycling.example.com" },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const audience = res.json();
    expect(audience).toMatchObject({
      membershipDays: 30,
      rules: [
        { action: "VIEWED", type: "DOMAIN", value: "cycling.example.com" },
        { action: "CONTRIBUTED", type: "DOMAIN", value: "cycling.example.com" },
      ],
      size: { bucket: "UNDER_100", approximate: null },
      servable: false,
    });

    const people = await Promise.all(
      Array.from({ length: 160 }, (_, i) => createUser(t.app, { displayName: `Reader ${i}` })),
    );
    const day = 24 * 60 * 60 * 1000;
    await t.app.db.insert(adAudienceMembers).values(
      people.map((p, i) => ({
        audienceId: audience.id,
        userId: p.id,
        // 40 of them were last seen too long ago.
        lastSeenAt: new Date(Date.now() - (i < 40 ? 31 : 2) * day),
      })),
    );
    const now = (await call(ann, "GET", `/api/v1/ad-audiences/${audience.id}`)).json();
    expect(now).toMatchObject({ size: { bucket: "APPROX", approximate: 120 }, servable: true });
    const longer = await call(ann, "PUT", `/api/v1/ad-audiences/${audience.id}`, {
      name: "Cyclists",
      membershipDays: 60,
      rules: audience.rules,
      version: 0,
    });
    expect(longer.json()).toMatchObject({ size: { approximate: 160 }, membershipDays: 60, version: 1 });
  });

  it("refuses bad days and rules", async () => {
    const rule = { action: "VIEWED", type: "DOMAIN", value: "x.example.com" };
    const cases: [object, string, string][] = [
      [{ membershipDays: 0, rules: [rule] }, "membershipDays", "Choose between 1 and 180 days."],
      [{ membershipDays: 181, rules: [rule] }, "membershipDays", "Choose between 1 and 180 days."],
      [{ rules: [] }, "rules", "Add at least one rule."],
      [{ rules: Array.from({ length: 11 }, () => rule) }, "rules", "Use at most 10 rules."],
      [{ rules: [{ ...rule, value: "no way" }] }, "rules.0.value", "no way is not a valid domain"],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(ann, "POST", "/api/v1/ad-audiences", {
        adAccountId: account,
        name: "Bad",
        ...body,
      });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().errors, message).toEqual([{ field, message }]);
    }
  });
});

describe("consent to personalised ads", () => {
  it("is off by default; turning it off leaves every audience at once", async () => {
    const reader = await createUser(t.app, { displayName: "Reader" });
    expect((await call(reader, "GET", "/api/account")).json().personalisedAds).toBe(false);
    const on = await call(reader, "POST", "/api/account", { personalisedAds: true });
    expect(on.json().personalisedAds).toBe(true);
    const audience = (
      await call(ann, "POST", "/api/v1/ad-audiences", {
        adAccountId: account,
        name: "Consent",
        rules: [{ action: "VIEWED", type: "DOMAIN", value: "example.com" }],
      })
    ).json();
    await t.app.db.insert(adAudienceMembers).values({ audienceId: audience.id, userId: reader.id });
    const off = await call(reader, "POST", "/api/account", { personalisedAds: false });
    expect(off.json().personalisedAds).toBe(false);
    const left = await t.app.db
      .select()
      .from(adAudienceMembers)
      .where(eq(adAudienceMembers.userId, reader.id));
    expect(left).toEqual([]);
  });
});
