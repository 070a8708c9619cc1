import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { testConfig } from "../src/config.ts";
import { WROTE_COOKIE } from "../src/plugins/invalidation.ts";
import { runningCampaign } from "./ads.ts";
import { createTestApp, type TestApp } from "./helper.ts";
import { createUser, type TestUser } from "./users.ts";

/**
 * Two instances on one database, as behind a balancer (issue 24). Every cache lives a minute
 * here, so whatever shows a write before then was told of it, not timed out. The machine runs
 * Redis on 127.0.0.1:6379 (TEST_REDIS_URL to use another).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const LONG_CACHES = {
  PAGE_FETCH_ENABLED: "false",
  RATE_LIMIT_ENABLED: "false",
  PAGE_CACHE_TTL_MS: "60000",
  SESSION_CACHE_TTL_MS: "60000",
};

async function pair(settings: Record<string, string>) {
  const first = await createTestApp(settings);
  const second = await buildApp(testConfig({ DATA_DIR: inject("testDataDir"), ...settings }), {
    database: first.database,
  });
  await second.ready();
  return { first, second };
}

const commentsOf = (app: FastifyInstance, pageId: string, cookie?: string) =>
  app.inject({
    url: `/api/v1/site-page-comments?searchAnd=sitePage_id==${pageId},COMMENT`,
    ...(cookie ? { headers: { cookie } } : {}),
  });
const bodies = (res: LightMyRequestResponse) => res.json().map((c: { body: string }) => c.body);

/** Asks until `seen` holds or `ms` pass: what another instance was told arrives a moment later. */
async function eventually(check: () => Promise<boolean>, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
}

describe("with Redis, an instance hears of another's writes", () => {
  let first: TestApp;
  let second: FastifyInstance;
  let writer: TestUser;
  beforeAll(async () => {
    ({ first, second } = await pair({ ...LONG_CACHES, REDIS_URL }));
    writer = await createUser(first.app, { displayName: "Wanda Writer" });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("a comment written on one shows in the other's cached list, and an edit and a deletion too", async () => {
    const page = (
      await second.inject({
        method: "POST",
        url: "/api/v1/site-pages/flip",
        payload: { url: "https://two-of-us.com/" },
      })
    ).json();
    expect(bodies(await commentsOf(second, page.id))).toEqual([]);
    const created = await first.app.inject({
      method: "POST",
      url: "/api/v1/site-page-comments",
      headers: writer.headers,
      payload: { sitePage_id: page.id, body: "Said on the first" },
    });
    expect(created.statusCode).toBe(201);
    expect(await eventually(async () => bodies(await commentsOf(second, page.id)).length === 1)).toBe(true);

    await first.app.inject({
      method: "PUT",
      url: `/api/v1/site-page-comments/${created.json().id}`,
      headers: writer.headers,
      payload: { body: "Edited on the first" },
    });
    expect(
      await eventually(async () => bodies(await commentsOf(second, page.id))[0] === "Edited on the first"),
    ).toBe(true);
    await first.app.inject({
      method: "DELETE",
      url: `/api/v1/site-page-comments/${created.json().id}`,
      headers: writer.headers,
    });
    // A deleted comment stays in its thread as a tombstone without its words.
    expect(
      await eventually(async () => (await commentsOf(second, page.id)).json()[0]?.deleted === true),
    ).toBe(true);
  });

  it("a session signed out on one is refused by the other, which had it cached", async () => {
    const person = await createUser(first.app, { displayName: "Sid Signout" });
    expect((await second.inject({ url: "/api/account", headers: person.headers })).statusCode).toBe(200);
    const sessions = await first.app.inject({ url: "/api/account/sessions", headers: person.headers });
    const current = sessions.json().find((s: { current: boolean }) => s.current);
    const out = await first.app.inject({
      method: "DELETE",
      url: `/api/account/sessions/${current.id}`,
      headers: person.headers,
    });
    expect(out.statusCode).toBeLessThan(300);
    expect(
      await eventually(
        async () =>
          (await second.inject({ url: "/api/account", headers: person.headers })).statusCode === 401,
      ),
    ).toBe(true);
  });
});

describe("with Redis, what a reader saw or hid on one instance counts on the other", () => {
  let first: TestApp;
  let second: FastifyInstance;
  let admin: TestUser;
  beforeAll(async () => {
    ({ first, second } = await pair({ ...LONG_CACHES, REDIS_URL, ADS_SETTLE_INTERVAL_MS: "0" }));
    admin = await createUser(first.app, { displayName: "Ada Admin", roles: ["ROLE_USER", "ROLE_ADMIN"] });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0";
  const adsOn = async (app: FastifyInstance, page: string, headers: Record<string, string>) => {
    const res = await app.inject({
      url: `/api/v1/advertisings?searchAnd=${encodeURIComponent(`url==${page}`)}`,
      headers: { ...headers, "user-agent": BROWSER },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { impressionUrl: string; feedbackUrl: string }[];
  };
  const pathOf = (url: string) => new URL(url).pathname;

  it("a frequency cap reached through one instance holds on the other, which remembered the reader", async () => {
    const capped = await runningCampaign(first.app, admin, {
      frequencyCap: { impressions: 1, period: "DAY" },
    });
    const reader = await createUser(first.app, { displayName: "Fran Frequent" });
    expect(
      await eventually(async () => (await adsOn(second, capped.page, reader.headers)).length === 1),
    ).toBe(true);
    const [ad] = await adsOn(first.app, capped.page, reader.headers);
    const seen = await first.app.inject({
      method: "POST",
      url: pathOf(ad?.impressionUrl ?? ""),
      headers: { "user-agent": BROWSER },
    });
    expect(seen.statusCode).toBe(204);
    expect(await adsOn(first.app, capped.page, reader.headers)).toEqual([]);
    expect(
      await eventually(async () => (await adsOn(second, capped.page, reader.headers)).length === 0),
    ).toBe(true);
  });

  it("an ad hidden through one instance is gone on the other", async () => {
    const shown = await runningCampaign(first.app, admin, {});
    const reader = await createUser(first.app, { displayName: "Hal Hider" });
    expect(await eventually(async () => (await adsOn(second, shown.page, reader.headers)).length === 1)).toBe(
      true,
    );
    const [ad] = await adsOn(first.app, shown.page, reader.headers);
    const hidden = await first.app.inject({
      method: "POST",
      url: pathOf(ad?.feedbackUrl ?? ""),
      payload: { action: "HIDE" },
    });
    expect(hidden.statusCode).toBe(204);
    expect(await eventually(async () => (await adsOn(second, shown.page, reader.headers)).length === 0)).toBe(
      true,
    );
  });
});

describe("without Redis, the writer still reads their own writes on any instance", () => {
  let first: TestApp;
  let second: FastifyInstance;
  let writer: TestUser;
  beforeAll(async () => {
    ({ first, second } = await pair({ ...LONG_CACHES, READ_YOUR_WRITES_SECONDS: "60" }));
    writer = await createUser(first.app, { displayName: "Ria Reader" });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("by the cookie a write sets: their reads skip the other instance's cache, everyone else's do not", async () => {
    const page = (
      await second.inject({
        method: "POST",
        url: "/api/v1/site-pages/flip",
        payload: { url: "https://my-own.com/" },
      })
    ).json();
    expect(bodies(await commentsOf(second, page.id))).toEqual([]);
    const created = await first.app.inject({
      method: "POST",
      url: "/api/v1/site-page-comments",
      headers: writer.headers,
      payload: { sitePage_id: page.id, body: "Mine" },
    });
    const wrote = created.cookies.find((c) => c.name === WROTE_COOKIE);
    expect(wrote).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", maxAge: 60 });
    // Nobody told the second instance: a stranger still gets its cached list…
    expect(bodies(await commentsOf(second, page.id))).toEqual([]);
    // …the writer, carrying the cookie, does not.
    expect(bodies(await commentsOf(second, page.id, `${WROTE_COOKIE}=${wrote?.value}`))).toEqual(["Mine"]);
    // An old or made-up value is no reason to skip the cache.
    expect(bodies(await commentsOf(second, page.id, `${WROTE_COOKIE}=${Date.now() - 3_600_000}`))).toEqual(
      [],
    );
    expect(bodies(await commentsOf(second, page.id, `${WROTE_COOKIE}=soon`))).toEqual([]);
    // A refused write sets nothing.
    const refused = await first.app.inject({
      method: "POST",
      url: "/api/v1/site-page-comments",
      headers: writer.headers,
      payload: { sitePage_id: page.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.cookies.find((c) => c.name === WROTE_COOKIE)).toBeUndefined();
  });
});
