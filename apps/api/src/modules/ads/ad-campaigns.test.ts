import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditWallet, openAdAccount, organizationAdAccount } from "../../../test/ads.ts";
import { createTestApp, errorFields, type TestApp } from "../../../test/helper.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";
import { adAccounts, adCampaigns } from "../../db/schema/ads.ts";
import { checkLedger } from "../ledger/index.ts";

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
let admin: TestUser;
let member: TestUser;
let account: string;
let bobAccount: string;
let orgAccount: string;
let approved: string;
let pending: string;
let bobCreative: string;

const HOUR = 60 * 60 * 1000;
const later = (ms: number) => new Date(Date.now() + ms).toISOString();

beforeAll(async () => {
  t = await createTestApp({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_ENABLED: "false" });
  ann = await createUser(t.app, { displayName: "Ann" });
  bob = await createUser(t.app, { displayName: "Bob" });
  member = await createUser(t.app, { displayName: "Member" });
  admin = await createUser(t.app, { displayName: "Admin", roles: ["ROLE_USER", "ROLE_ADMIN"] });
  account = await openAdAccount(t.app, ann, "Europe/Berlin");
  bobAccount = await openAdAccount(t.app, bob, "Europe/Berlin");
  orgAccount = await organizationAdAccount(t.app, ann, member, "org-campaigns");
  const creative = async (who: TestUser, adAccountId: string) =>
    (
      await sendAs(t.app, who, "/api/v1/ad-creatives", {
        adAccountId,
        name: `Creative ${randomUUID()}`,
        headline: "Fresh bread",
        destinationUrl: "https://bakery.example.com/",
      })
    ).id;
  approved = await creative(ann, account);
  pending = await creative(ann, account);
  bobCreative = await creative(bob, bobAccount);
  await sendAs(t.app, admin, `/api/v1/admin/ad-creatives/${approved}/review`, { decision: "APPROVE" });
});
afterAll(async () => {
  await checkLedger(t.app.db).then((report) => expect(report.ok, JSON.stringify(report)).toBe(true));
  await t.close();
});

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

const fund = (userId: string, amount: number) => creditWallet(t.app, admin, userId, amount);

let n = 0;
const body = (extra: Record<string, unknown> = {}) => ({
  adAccountId: account,
  name: `Campaign ${++n}`,
  pricingModel: "CPM",
  bidding: { strategy: "MANUAL", bidMicros: 2_500_000 },
  budget: { totalMicros: 100_000_000, dailyMicros: 10_000_000, pacing: "EVEN" },
  schedule: { startAt: later(0), endAt: null, weekly: null },
  creativeIds: [approved],
  ...extra,
});
const create = async (extra: Record<string, unknown> = {}) => {
  const res = await call(ann, "POST", "/api/v1/ad-campaigns", body(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const status = (who: TestUser, id: string, to: string) =>
  call(who, "POST", `/api/v1/ad-campaigns/${id}/status`, { status: to });
const count = async () => (await t.app.db.select({ id: adCampaigns.id }).from(adCampaigns)).length;

describe("campaigns: the editor's rules", () => {
  it("makes a draft with everything it was given, and a default frequency cap", async () => {
    const made = await create();
    expect(made).toMatchObject({
      status: "DRAFT",
      pricingModel: "CPM",
      bidding: { strategy: "MANUAL", bidMicros: 2_500_000, autopilotStatus: "OFF" },
      budget: { totalMicros: 100_000_000, dailyMicros: 10_000_000, pacing: "EVEN" },
      frequencyCap: { impressions: 3, period: "DAY" },
      creativeIds: [approved],
      delivery: { state: "DRAFT", label: "Draft" },
      stats: { impressions: 0, clicks: 0, billedEvents: 0, spentMicros: 0, spentTodayMicros: 0 },
      version: 0,
    });
  });

  it("names every broken rule on its field and writes nothing", async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "" }, "name", "Enter a name."],
      [{ bidding: { bidMicros: 400_000 } }, "bidding.bidMicros", "The minimum bid is €0.50."],
      [{ bidding: { bidMicros: 100_010_000 } }, "bidding.bidMicros", "The maximum bid is €100.00."],
      [
        { pricingModel: "CPC", bidding: { bidMicros: 40_000 } },
        "bidding.bidMicros",
        "The minimum bid is €0.05.",
      ],
      [{ bidding: { bidMicros: 2_505_000 } }, "bidding.bidMicros", "Use whole cents."],
      [
        { budget: { totalMicros: 500_000, dailyMicros: null, pacing: "ASAP" } },
        "budget.totalMicros",
        "The total budget must be at least €1.00.",
      ],
      [
        { budget: { totalMicros: 10_000_000, dailyMicros: 20_000_000 } },
        "budget.dailyMicros",
        "The daily budget cannot be more than the total budget.",
      ],
      [
        { budget: { totalMicros: 10_000_000, dailyMicros: null, pacing: "EVEN" } },
        "budget.pacing",
        "Even delivery needs a daily budget or an end date.",
      ],
      [{ schedule: { startAt: later(-HOUR) } }, "schedule.startAt", "The start cannot be in the past."],
      [
        { schedule: { startAt: later(2 * HOUR), endAt: later(HOUR) } },
        "schedule.endAt",
        "The end must be after the start.",
      ],
      [{ schedule: { startAt: later(0), weekly: [] } }, "schedule.weekly", "Choose at least one time slot."],
      [
        { schedule: { startAt: later(0), weekly: [{ day: 1, fromMinute: 10, toMinute: 60 }] } },
        "schedule.weekly.0",
        "Use 15-minute steps, with the start of a slot before its end.",
      ],
      [
        { frequencyCap: { impressions: 0, period: "DAY" } },
        "frequencyCap.impressions",
        "Choose between 1 and 100 ads.",
      ],
      [
        { bidding: { strategy: "TARGET_CPC", bidMicros: 1_000_000 } },
        "bidding.targetMicros",
        "The target must be between €0.05 and €50.00.",
      ],
      [
        {
          bidding: {
            strategy: "MAXIMIZE_CLICKS",
            bidMicros: 1_000_000,
            bidFloorMicros: 2_000_000,
            bidCeilingMicros: 1_000_000,
          },
          budget: { totalMicros: 10_000_000, dailyMicros: null, pacing: "ASAP" },
        },
        "bidding.bidFloorMicros,budget.dailyMicros",
        "The lowest bid must be below the highest bid.",
      ],
    ];
    for (const [extra, fields, message] of cases) {
      const res = await call(ann, "POST", "/api/v1/ad-campaigns", body(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(errorFields(res), JSON.stringify(extra)).toEqual(fields.split(","));
      expect(
        res.json().errors.map((e: { message: string }) => e.message),
        JSON.stringify(extra),
      ).toContain(message);
    }
    expect(await count()).toBe(before);
  });

  it("takes only the account's own creatives and targeting (422), and names unique", async () => {
    const fence = (
      await sendAs(t.app, bob, "/api/v1/ad-geo-fences", {
        adAccountId: bobAccount,
        name: "Bob's",
        shapes: [{ type: "COUNTRY", country: "FR" }],
      })
    ).id;
    const before = await count();
    const res = await call(
      ann,
      "POST",
      "/api/v1/ad-campaigns",
      body({ creativeIds: [approved, bobCreative], geoFences: { include: [fence] }, filterIds: [uuidv7()] }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { field: "creativeIds.1", message: "Unknown creative." },
      { field: "filterIds.0", message: "Unknown filter list." },
      { field: "geoFences.include.0", message: "Unknown geo fence." },
    ]);
    const named = await create({ name: "Spring launch" });
    const again = await call(ann, "POST", "/api/v1/ad-campaigns", body({ name: "SPRING LAUNCH" }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual([
      { field: "name", message: "A campaign with this name already exists." },
    ]);
    expect(await count()).toBe(before + 1);
    // Once archived, the name is free again.
    // Each running campaign reserves its day (€10) from the wallet: enough for all of them.
    await fund(ann.id, 5000);
    await status(ann, named.id, "ACTIVE");
    await status(ann, named.id, "ARCHIVED");
    expect(
      (await call(ann, "POST", "/api/v1/ad-campaigns", body({ name: "Spring launch" }))).statusCode,
    ).toBe(201);
  });

  it("saves with the version read; an archived campaign is read-only", async () => {
    const made = await create();
    const { adAccountId: _, ...edit } = body({ name: made.name });
    const saved = await call(ann, "PUT", `/api/v1/ad-campaigns/${made.id}`, {
      ...edit,
      bidding: { bidMicros: 3_000_000 },
      version: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ bidding: { bidMicros: 3_000_000 }, version: 1 });
    const stale = await call(ann, "PUT", `/api/v1/ad-campaigns/${made.id}`, {
      ...edit,
      bidding: { bidMicros: 4_000_000 },
      version: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe(
      "This campaign was changed elsewhere. Reload to see the latest version.",
    );
    await t.app.db.update(adCampaigns).set({ status: "ARCHIVED" }).where(eq(adCampaigns.id, made.id));
    const archived = await call(ann, "PUT", `/api/v1/ad-campaigns/${made.id}`, { ...edit, version: 1 });
    expect(archived.statusCode).toBe(409);
  });
});

describe("campaigns: lifecycle (ADS.md §4.3)", () => {
  it("launches only with a creative and money, then runs once a creative is approved", async () => {
    const broke = await createUser(t.app, { displayName: "Broke" });
    const brokeAccount = (
      await sendAs(t.app, broke, "/api/v1/ad-accounts", { name: "Broke", ownerKind: "USER", timezone: "UTC" })
    ).id;
    const creative = (
      await sendAs(t.app, broke, "/api/v1/ad-creatives", {
        adAccountId: brokeAccount,
        name: "C",
        headline: "H",
        destinationUrl: "https://x.example.com/",
      })
    ).id;
    const make = async (creativeIds: string[]) =>
      (
        await sendAs(t.app, broke, "/api/v1/ad-campaigns", {
          ...body({ adAccountId: brokeAccount, creativeIds }),
        })
      ).id;
    const empty = await make([]);
    const launchEmpty = await status(broke, empty, "ACTIVE");
    expect(launchEmpty.statusCode).toBe(422);
    expect(launchEmpty.json().errors).toEqual([
      { field: "creativeIds", message: "Add at least one creative before launching." },
      { field: "status", message: "Add funds to your wallet to launch this campaign." },
    ]);
    const id = await make([creative]);
    expect((await status(broke, id, "ACTIVE")).json().errors).toEqual([
      { field: "status", message: "Add funds to your wallet to launch this campaign." },
    ]);
    expect((await call(broke, "GET", `/api/v1/ad-campaigns/${id}`)).json().status).toBe("DRAFT");

    await fund(broke.id, 2000);
    const launched = await status(broke, id, "ACTIVE");
    expect(launched.statusCode, launched.body).toBe(200);
    expect(launched.json()).toMatchObject({
      status: "ACTIVE",
      delivery: { state: "WAITING_FOR_REVIEW", label: "Waiting for review" },
    });
    expect(launched.json().launchedAt).not.toBeNull();
    await sendAs(t.app, admin, `/api/v1/admin/ad-creatives/${creative}/review`, { decision: "APPROVE" });
    expect((await call(broke, "GET", `/api/v1/ad-campaigns/${id}`)).json().delivery).toMatchObject({
      state: "RUNNING",
      label: "Running",
    });

    const paused = await status(broke, id, "PAUSED");
    expect(paused.json()).toMatchObject({ status: "PAUSED", delivery: { state: "PAUSED" } });
    expect((await status(broke, id, "PAUSED")).statusCode).toBe(200);
    expect((await status(broke, id, "ACTIVE")).json().status).toBe("ACTIVE");
    expect((await status(broke, id, "ARCHIVED")).json()).toMatchObject({
      status: "ARCHIVED",
      delivery: { label: "Archived" },
    });
    const back = await status(broke, id, "ACTIVE");
    expect(back.statusCode).toBe(409);
    expect(back.json().detail).toBe("A campaign cannot go from Archived to Active.");
    const draftPause = await status(broke, empty, "PAUSED");
    expect(draftPause.statusCode).toBe(409);
  });

  it("does not launch or resume in a suspended account, and says why it is not running", async () => {
    // Each running campaign reserves its day (€10) from the wallet: enough for all of them.
    await fund(ann.id, 5000);
    const running = await create();
    await status(ann, running.id, "ACTIVE");
    const paused = await create();
    await status(ann, paused.id, "ACTIVE");
    await status(ann, paused.id, "PAUSED");
    const draft = await create();
    await t.app.db
      .update(adAccounts)
      .set({ status: "SUSPENDED", suspensionReason: "Unpaid" })
      .where(eq(adAccounts.id, account));
    try {
      expect((await call(ann, "GET", `/api/v1/ad-campaigns/${running.id}`)).json().delivery.state).toBe(
        "ACCOUNT_SUSPENDED",
      );
      for (const id of [paused.id, draft.id]) {
        const res = await status(ann, id, "ACTIVE");
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual([
          { field: "status", message: "This advertiser account is suspended." },
        ]);
      }
    } finally {
      await t.app.db
        .update(adAccounts)
        .set({ status: "ACTIVE", suspensionReason: null })
        .where(eq(adAccounts.id, account));
    }
  });

  it("derives delivery: scheduled, ended, no approved ads", async () => {
    // Each running campaign reserves its day (€10) from the wallet: enough for all of them.
    await fund(ann.id, 5000);
    const future = await create({ schedule: { startAt: later(24 * HOUR), endAt: null, weekly: null } });
    expect((await status(ann, future.id, "ACTIVE")).json().delivery.state).toBe("SCHEDULED");
    const rejectedOnly = (
      await sendAs(t.app, ann, "/api/v1/ad-creatives", {
        adAccountId: account,
        name: "R",
        headline: "H",
        destinationUrl: "https://x.example.com/",
      })
    ).id;
    await sendAs(t.app, admin, `/api/v1/admin/ad-creatives/${rejectedOnly}/review`, {
      decision: "REJECT",
      reason: "QUALITY",
    });
    const noAds = await create({ creativeIds: [rejectedOnly] });
    expect((await status(ann, noAds.id, "ACTIVE")).json().delivery.state).toBe("NO_APPROVED_ADS");
    const waiting = await create({ creativeIds: [pending, rejectedOnly] });
    expect((await status(ann, waiting.id, "ACTIVE")).json().delivery).toEqual({
      state: "WAITING_FOR_REVIEW",
      label: "Waiting for review",
      detail: "1 creative in review",
    });
    const ended = await create({ creativeIds: [approved] });
    await status(ann, ended.id, "ACTIVE");
    await t.app.db
      .update(adCampaigns)
      .set({ startAt: new Date(Date.now() - 3 * HOUR), endAt: new Date(Date.now() - HOUR) })
      .where(eq(adCampaigns.id, ended.id));
    expect((await call(ann, "GET", `/api/v1/ad-campaigns/${ended.id}`)).json().delivery.state).toBe("ENDED");
    const resumeEnded = await status(ann, ended.id, "PAUSED").then(() => status(ann, ended.id, "ACTIVE"));
    expect(resumeEnded.json().errors).toEqual([
      { field: "schedule.endAt", message: "The end date has passed." },
    ]);
  });

  it("deletes drafts only, and duplicates as a draft copy", async () => {
    // Each running campaign reserves its day (€10) from the wallet: enough for all of them.
    await fund(ann.id, 5000);
    const draft = await create({ name: "Winter sale" });
    const copy = await call(ann, "POST", `/api/v1/ad-campaigns/${draft.id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({
      name: "Winter sale (copy)",
      status: "DRAFT",
      creativeIds: [approved],
    });
    const copy2 = await call(ann, "POST", `/api/v1/ad-campaigns/${draft.id}/duplicate`);
    expect(copy2.json().name).toBe("Winter sale (copy 2)");
    expect((await call(ann, "DELETE", `/api/v1/ad-campaigns/${draft.id}`)).statusCode).toBe(204);
    expect((await call(ann, "GET", `/api/v1/ad-campaigns/${draft.id}`)).statusCode).toBe(404);
    const live = copy.json().id;
    await status(ann, live, "ACTIVE");
    const refused = await call(ann, "DELETE", `/api/v1/ad-campaigns/${live}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe("Only drafts can be deleted; archive this campaign instead.");
  });

  it("moves many at once, all or nothing", async () => {
    // Each running campaign reserves its day (€10) from the wallet: enough for all of them.
    await fund(ann.id, 5000);
    const a = await create();
    const b = await create();
    const d = await create();
    await status(ann, a.id, "ACTIVE");
    await status(ann, b.id, "ACTIVE");
    const bulk = (ids: string[], action: string) =>
      call(ann, "POST", "/api/v1/ad-campaigns/bulk", { adAccountId: account, ids, action });
    const refused = await bulk([a.id, d.id, uuidv7()], "PAUSE");
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { field: "ids.1", message: "This campaign is draft and cannot be paused." },
      { field: "ids.2", message: "Unknown campaign." },
    ]);
    expect((await call(ann, "GET", `/api/v1/ad-campaigns/${a.id}`)).json().status).toBe("ACTIVE");
    const paused = await bulk([a.id, b.id], "PAUSE");
    expect(paused.json()).toEqual({ updated: [a.id, b.id] });
    expect((await bulk([a.id, b.id], "ARCHIVE")).statusCode).toBe(200);
    const list = await call(
      ann,
      "GET",
      `/api/v1/ad-campaigns?searchAnd=adAccountId==${account},status==ARCHIVED&sort=name,asc`,
    );
    const names = list.json().map((c: { id: string }) => c.id);
    expect(names).toEqual(expect.arrayContaining([a.id, b.id]));
    const foreign = await call(bob, "POST", "/api/v1/ad-campaigns/bulk", {
      adAccountId: account,
      ids: [d.id],
      action: "ARCHIVE",
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe("campaigns: the list screen's questions", () => {
  it("shows all but archived, finds by name, sorts by budget and pages", async () => {
    const cy = await createUser(t.app, { displayName: "Cy" });
    const own = await openAdAccount(t.app, cy, "UTC");
    const make = async (name: string, totalMicros: number) => {
      const res = await call(cy, "POST", "/api/v1/ad-campaigns", {
        ...body({ adAccountId: own, name, creativeIds: [] }),
        budget: { totalMicros, dailyMicros: null, pacing: "ASAP" },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    await make("Bread, rye", 30_000_000);
    await make("Bread, white", 50_000_000);
    await make("Cakes", 20_000_000);
    const gone = await make("Bread, old", 90_000_000);
    // A draft cannot be archived (it is deleted instead); this one ran once, long ago.
    await t.app.db.update(adCampaigns).set({ status: "ARCHIVED" }).where(eq(adCampaigns.id, gone));
    const list = async (query: string) => {
      const res = await call(cy, "GET", `/api/v1/ad-campaigns?searchAnd=adAccountId==${own},${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return {
        names: res.json().map((c: { name: string }) => c.name),
        total: res.headers["x-total-count"],
      };
    };
    expect(await list("status!=ARCHIVED,name||bread&sort=totalMicros,desc")).toEqual({
      names: ["Bread, white", "Bread, rye"],
      total: "2",
    });
    expect(await list("status!=ARCHIVED&sort=totalMicros,asc&size=2&page=1")).toEqual({
      names: ["Bread, white"],
      total: "3",
    });
    expect(await list("name||bread\\, o")).toEqual({ names: ["Bread, old"], total: "1" });
  });
});

describe("campaigns: the creatives they show", () => {
  it("count as used by every campaign that is not archived", async () => {
    const usedBy = async () => {
      const one = (await call(ann, "GET", `/api/v1/ad-creatives/${pending}`)).json().usedBy;
      const listed = (
        await call(ann, "GET", `/api/v1/ad-creatives?searchAnd=adAccountId==${account}&size=100`)
      )
        .json()
        .find((c: { id: string }) => c.id === pending).usedBy;
      expect(listed).toBe(one);
      return one;
    };
    const before = await usedBy();
    const a = await create({ creativeIds: [pending] });
    await create({ creativeIds: [pending, approved] });
    expect(await usedBy()).toBe(before + 2);
    await t.app.db.update(adCampaigns).set({ status: "ARCHIVED" }).where(eq(adCampaigns.id, a.id));
    expect(await usedBy()).toBe(before + 1);
  });
});

describe("campaigns: who may do what (ADS.md §4.8)", () => {
  it("answers another advertiser as a random id, a MEMBER reads only, anonymous 401", async () => {
    const mine = await create();
    const random = await call(bob, "GET", `/api/v1/ad-campaigns/${uuidv7()}`);
    const { adAccountId: _, ...edit } = body();
    for (const [method, url, payload] of [
      ["GET", `/api/v1/ad-campaigns/${mine.id}`, undefined],
      ["PUT", `/api/v1/ad-campaigns/${mine.id}`, { ...edit, version: 0 }],
      ["POST", `/api/v1/ad-campaigns/${mine.id}/status`, { status: "ACTIVE" }],
      ["POST", `/api/v1/ad-campaigns/${mine.id}/duplicate`, undefined],
      ["DELETE", `/api/v1/ad-campaigns/${mine.id}`, undefined],
    ] as const) {
      const res = await call(bob, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().detail).toBe(random.json().detail);
      expect((await call(null, method, url, payload)).statusCode).toBe(401);
    }
    expect((await call(bob, "POST", "/api/v1/ad-campaigns", body())).statusCode).toBe(404);
    expect(
      (await call(bob, "GET", `/api/v1/ad-campaigns?searchAnd=adAccountId==${account}`)).statusCode,
    ).toBe(404);

    const orgCampaign = (
      await sendAs(t.app, ann, "/api/v1/ad-campaigns", body({ adAccountId: orgAccount, creativeIds: [] }))
    ).id;
    expect((await call(member, "GET", `/api/v1/ad-campaigns/${orgCampaign}`)).statusCode).toBe(200);
    expect(
      (await call(member, "GET", `/api/v1/ad-campaigns?searchAnd=adAccountId==${orgAccount}`)).json(),
    ).toHaveLength(1);
    expect(
      (await call(member, "POST", "/api/v1/ad-campaigns", body({ adAccountId: orgAccount, creativeIds: [] })))
        .statusCode,
    ).toBe(403);
    expect((await status(member, orgCampaign, "ACTIVE")).statusCode).toBe(403);
    expect((await call(member, "DELETE", `/api/v1/ad-campaigns/${orgCampaign}`)).statusCode).toBe(403);
    expect(
      (
        await call(member, "POST", "/api/v1/ad-campaigns/bulk", {
          adAccountId: orgAccount,
          ids: [orgCampaign],
          action: "ARCHIVE",
        })
      ).statusCode,
    ).toBe(403);
  });
});
