import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { createPageCache } from "./page-cache.ts";

describe("createPageCache", () => {
  it("serves an entry until its page changes or it expires", () => {
    let now = 1_000;
    const cache = createPageCache({ ttlMs: 100, now: () => now });
    cache.set("a", "p1", "A", cache.ticket());
    cache.set("b", "p2", "B", cache.ticket());
    expect(cache.get("a")).toBe("A");
    cache.invalidate("p1");
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toBe("B");
    now += 100;
    expect(cache.get("b")).toBeUndefined();
  });

  it("never keeps what was read before a change that landed during the read", () => {
    const cache = createPageCache({ ttlMs: 1_000 });
    const ticket = cache.ticket(); // a read starts…
    cache.invalidate("p1"); // …a write commits meanwhile…
    cache.set("a", "p1", "stale", ticket); // …and the read finishes with old data.
    expect(cache.get("a")).toBeUndefined();
    const fresh = cache.ticket();
    cache.set("a", "p1", "fresh", fresh);
    expect(cache.get("a")).toBe("fresh");
  });

  it("concurrent misses share one load; a change during it makes later joiners load again", async () => {
    const cache = createPageCache();
    let loads = 0;
    let release: () => void = () => {};
    const load = async () => {
      loads++;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { pageId: "p1", value: `v${loads}` };
    };
    const first = cache.getOrLoad("k", load);
    const second = cache.getOrLoad("k", load);
    release();
    expect(await Promise.all([first, second])).toEqual(["v1", "v1"]);
    expect(loads).toBe(1);
    expect(await cache.getOrLoad("k", load)).toBe("v1");

    cache.invalidate("p1");
    const third = cache.getOrLoad("k", load);
    const fourth = cache.getOrLoad("k", load);
    cache.invalidate("p1"); // a write lands while the shared load runs
    release();
    expect(await third).toBe("v2");
    await new Promise((resolve) => setImmediate(resolve));
    release();
    expect(await fourth).toBe("v3");
    expect(cache.get("k")).toBeUndefined();
  });

  it("caps its size and can be turned off", () => {
    const small = createPageCache({ maxEntries: 2 });
    for (const key of ["a", "b", "c"]) small.set(key, "p", key, small.ticket());
    expect([small.get("a"), small.get("b"), small.get("c")]).toEqual([undefined, "b", "c"]);
    const off = createPageCache({ ttlMs: 0 });
    off.set("a", "p", "A", off.ticket());
    expect(off.get("a")).toBeUndefined();
  });
});

describe("cached reads through the API", () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    t = await createTestApp({
      PAGE_FETCH_ENABLED: "false",
      RATE_LIMIT_ENABLED: "false",
      PAGE_CACHE_TTL_MS: "60000",
    });
    alice = await createUser(t.app);
    bob = await createUser(t.app);
  });
  afterAll(() => t.close());

  const flip = (url: string) =>
    t.app.inject({ method: "POST", url: "/api/v1/site-pages/flip", payload: { url } });

  it("a writer always reads its own writes, and each reader sees their own votes", async () => {
    const page = (await flip("https://cached.example.com/")).json();
    const list = (user?: TestUser) =>
      t.app.inject({
        url: `/api/v1/site-page-comments?searchAnd=sitePage_id==${page.id},COMMENT`,
        ...(user ? { headers: user.headers } : {}),
      });
    expect((await list()).json()).toEqual([]);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/v1/site-page-comments",
      headers: alice.headers,
      payload: { sitePage_id: page.id, body: "first" },
    });
    expect((await list()).json().map((c: { id: string }) => c.id)).toEqual([created.json().id]);
    expect((await flip("https://cached.example.com/")).json().commentCount).toBe(1);

    await t.app.inject({
      method: "POST",
      url: "/api/v1/contribution-votes",
      headers: bob.headers,
      payload: { contributionId: created.json().id, vote: 1 },
    });
    expect((await list(bob)).json()[0]).toMatchObject({ up: 1, myVote: 1 });
    expect((await list(alice)).json()[0]).toMatchObject({ up: 1, myVote: 0 });
    expect((await list()).json()[0]).toMatchObject({ up: 1, myVote: 0 });

    await t.app.inject({
      method: "PUT",
      url: `/api/v1/site-page-comments/${created.json().id}`,
      headers: alice.headers,
      payload: { body: "edited" },
    });
    expect((await list()).json()[0].body).toBe("edited");
    await t.app.inject({
      method: "POST",
      url: "/api/v1/contribution-votes",
      headers: bob.headers,
      payload: { contributionId: page.id, vote: -1, kind: "SITE_PAGE" },
    });
    expect((await flip("cached.example.com")).json()).toMatchObject({ down: 1, score: -1 });
    await t.app.inject({
      method: "POST",
      url: "/api/v1/site-page-reviews",
      headers: bob.headers,
      payload: { sitePage_id: page.id, sentiment: "NEGATIVE", title: "t", body: "b" },
    });
    expect((await flip("cached.example.com")).json().reviewCount).toBe(1);
    await t.app.inject({
      method: "DELETE",
      url: `/api/v1/site-page-comments/${created.json().id}`,
      headers: alice.headers,
    });
    expect((await list()).json()[0]).toMatchObject({ deleted: true, body: "" });
    expect((await flip("cached.example.com")).json().commentCount).toBe(0);
  });
});
