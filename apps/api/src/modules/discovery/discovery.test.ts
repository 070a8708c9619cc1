import { ACCOUNT_ROLE } from "@flipside/contracts/roles";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";
import { pageActivity } from "../../db/schema/discovery.ts";
import { sitePages } from "../../db/schema/discussion.ts";

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  // Trending is refreshed by hand here, with the clock the test says.
  t = await createTestApp({
    PAGE_FETCH_ENABLED: "false",
    TRENDING_REFRESH_INTERVAL_MS: "0",
    RATE_LIMIT_VOTE_PER_MINUTE: "1000",
  });
  alice = await createUser(t.app, { displayName: "Alice" });
  bob = await createUser(t.app, { displayName: "Bob" });
  carol = await createUser(t.app, { displayName: "Carol" });
  moderator = await createUser(t.app, { roles: [ACCOUNT_ROLE.USER, ACCOUNT_ROLE.MODERATOR] });
});
afterAll(() => t.close());

const HOUR = 3_600_000;

async function page(url: string): Promise<string> {
  const res = await t.app.inject({ method: "POST", url: "/api/v1/site-pages/flip", payload: { url } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

const comment = (by: TestUser, pageId: string, body = "Worth reading") =>
  sendAs(t.app, by, "/api/v1/site-page-comments", { sitePage_id: pageId, body });
const vote = (by: TestUser, id: string, kind: "SITE_PAGE" | "CONTRIBUTION" = "SITE_PAGE", value = 1) =>
  sendAs(t.app, by, "/api/v1/contribution-votes", { contributionId: id, vote: value, kind });

/** Moves a page's activity back in time, as if it had happened `hours` earlier. */
async function age(pageId: string, hours: number) {
  await t.app.db
    .update(pageActivity)
    .set({ at: sql`${pageActivity.at} - make_interval(hours => ${hours})` })
    .where(eq(pageActivity.pageId, pageId));
}

async function ranked(query: string, as?: TestUser) {
  const res = await t.app.inject({
    url: `/api/v1/site-pages?${query}`,
    ...(as ? { headers: as.headers } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    ids: res.json().map((p: { id: string }) => p.id) as string[],
    pages: res.json(),
    total: Number(res.headers["x-total-count"]),
  };
}

const trendingOn = (domain: string, as?: TestUser, extra = "") =>
  ranked(`sort=trending&searchAnd=${encodeURIComponent(`domain==${domain}`)}${extra}`, as);
const popularOn = (domain: string, window: string, as?: TestUser) =>
  ranked(`sort=popular&window=${window}&searchAnd=${encodeURIComponent(`domain==${domain}`)}`, as);

describe("page activity", () => {
  it("is recorded by the database with every contribution and vote, and a vote taken back goes", async () => {
    const pageId = await page("https://activity-test.com/a");
    const c = await comment(alice, pageId);
    await sendAs(t.app, bob, "/api/v1/site-page-comments", {
      sitePage_id: pageId,
      parent_id: c.id,
      body: "Yes",
    });
    await sendAs(t.app, bob, "/api/v1/site-page-reviews", {
      sitePage_id: pageId,
      sentiment: "POSITIVE",
      title: "Good",
      body: "Clear and short",
    });
    await vote(carol, pageId);
    await vote(carol, c.id, "CONTRIBUTION");
    const kinds = async () =>
      (await t.app.db.select().from(pageActivity).where(eq(pageActivity.pageId, pageId)))
        .map(
          (row) =>
            `${row.kind}:${row.actorId === alice.id ? "alice" : row.actorId === bob.id ? "bob" : "carol"}`,
        )
        .sort();
    expect(await kinds()).toEqual(["COMMENT:alice", "REPLY:bob", "REVIEW:bob", "VOTE:carol", "VOTE:carol"]);
    // Changing a vote's direction keeps one row; taking it back removes it.
    await vote(carol, c.id, "CONTRIBUTION", -1);
    expect(await kinds()).toHaveLength(5);
    await vote(carol, c.id, "CONTRIBUTION", 0);
    await vote(carol, pageId, "SITE_PAGE", 0);
    expect(await kinds()).toEqual(["COMMENT:alice", "REPLY:bob", "REVIEW:bob"]);
  });
});

describe("GET /v1/site-pages?sort=trending", () => {
  it("ranks by weighted recent activity with time decay, reorders as activity happens and decays with time", async () => {
    const busy = await page("https://trend-test.com/busy");
    const quiet = await page("https://trend-test.com/quiet");
    const idle = await page("https://trend-test.com/idle");
    for (const by of [alice, bob, carol]) await comment(by, busy);
    await comment(alice, quiet);
    await t.app.discovery.flush();
    let list = await trendingOn("trend-test.com");
    // A page nobody did anything on is not trending at all.
    expect(list.ids).toEqual([busy, quiet]);
    expect(list.total).toBe(2);

    // Activity on the quieter page lifts it above the busy one within a flush.
    for (const by of [bob, carol]) await comment(by, quiet);
    await vote(alice, quiet);
    await vote(bob, quiet);
    await t.app.discovery.flush();
    list = await trendingOn("trend-test.com");
    expect(list.ids).toEqual([quiet, busy]);

    // Ten hours later the busy page's burst is older: a fresh comment on it now beats the rest.
    await age(quiet, 10);
    await age(busy, 10);
    await comment(alice, idle);
    await t.app.discovery.flush();
    // Their decay shows at the next periodic refresh.
    expect((await trendingOn("trend-test.com")).ids).toEqual([quiet, busy, idle]);
    await t.app.discovery.refresh();
    list = await trendingOn("trend-test.com");
    expect(list.ids).toEqual([idle, quiet, busy]);

    // Out of the window (72 h by default), nothing trends any more.
    await t.app.discovery.refresh(new Date(Date.now() + 100 * HOUR));
    expect((await trendingOn("trend-test.com")).ids).toEqual([]);
    await t.app.discovery.refresh();
    expect((await trendingOn("trend-test.com")).ids).toEqual([idle, quiet, busy]);
  });

  it("pages through the ranking with the total and Link headers", async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) {
      const id = await page(`https://paged-trend-test.com/${i}`);
      for (let j = 0; j <= i; j++) await comment([alice, bob, carol][j % 3] ?? alice, id);
      ids.push(id);
    }
    await t.app.discovery.flush();
    const first = await ranked(
      `sort=trending&size=2&searchAnd=${encodeURIComponent("domain==paged-trend-test.com")}`,
    );
    const second = await ranked(
      `sort=trending&size=2&page=1&searchAnd=${encodeURIComponent("domain==paged-trend-test.com")}`,
    );
    const past = await ranked(
      `sort=trending&size=2&page=9&searchAnd=${encodeURIComponent("domain==paged-trend-test.com")}`,
    );
    expect([...first.ids, ...second.ids]).toEqual([ids[4], ids[3], ids[2], ids[1]]);
    expect([first.total, second.total, past.total]).toEqual([5, 5, 5]);
    // A site is named by its domain or by any address on it.
    const bySubdomain = await ranked(
      `sort=trending&size=2&searchAnd=${encodeURIComponent("domain==https://www.news.paged-trend-test.com/x")}`,
    );
    expect(bySubdomain.ids).toEqual(first.ids);
    expect(past.ids).toEqual([]);
  });

  it("counts nothing for hidden or deleted content, suspended accounts or hidden pages", async () => {
    const a = await page("https://clean-trend-test.com/a");
    const b = await page("https://clean-trend-test.com/b");
    await comment(alice, a);
    const spam = await Promise.all([comment(bob, b, "Buy pills"), comment(bob, b, "More pills")]);
    await comment(carol, b, "Cheap!");
    await t.app.discovery.flush();
    expect((await trendingOn("clean-trend-test.com")).ids).toEqual([b, a]);

    // A moderator hides one of the spam comments, its author deletes the other.
    const hidden = await t.app.inject({
      method: "POST",
      url: "/api/v1/admin/moderation/actions",
      headers: moderator.headers,
      payload: { targetKind: "COMMENT", targetId: spam[0].id, action: "HIDE", reason: "Spam" },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    await t.app.inject({
      method: "DELETE",
      url: `/api/v1/site-page-comments/${spam[1].id}`,
      headers: bob.headers,
    });
    // Carol, who commented too, is suspended.
    const suspended = await t.app.inject({
      method: "POST",
      url: "/api/v1/admin/moderation/actions",
      headers: moderator.headers,
      payload: { targetKind: "ACCOUNT", targetId: carol.id, action: "SUSPEND", days: 1 },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    await t.app.discovery.refresh();
    expect((await trendingOn("clean-trend-test.com")).ids).toEqual([a]);

    const lifted = await t.app.inject({
      method: "POST",
      url: "/api/v1/admin/moderation/actions",
      headers: moderator.headers,
      payload: { targetKind: "ACCOUNT", targetId: carol.id, action: "UNSUSPEND" },
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    // A hidden page is never listed, however active.
    await t.app.db.update(sitePages).set({ moderation: "HIDDEN" }).where(eq(sitePages.id, a));
    await t.app.discovery.refresh();
    expect((await trendingOn("clean-trend-test.com")).ids).toEqual([b]);
    await t.app.db.update(sitePages).set({ moderation: null }).where(eq(sitePages.id, a));
  });

  it("does not let people a viewer blocked lift pages for that viewer", async () => {
    const mine = await page("https://blocks-trend-test.com/mine");
    const theirs = await page("https://blocks-trend-test.com/theirs");
    const dave = await createUser(t.app, { displayName: "Dave" });
    const erin = await createUser(t.app, { displayName: "Erin" });
    await comment(alice, mine);
    for (let i = 0; i < 4; i++) await comment(dave, theirs, `Again ${i}`);
    await t.app.discovery.flush();
    expect((await trendingOn("blocks-trend-test.com")).ids).toEqual([theirs, mine]);
    await sendAs(t.app, erin, "/api/v1/profile-blocks", { blockedId: dave.id });
    // Erin blocked Dave: only Alice's activity counts for her.
    expect((await trendingOn("blocks-trend-test.com", erin)).ids).toEqual([mine]);
    // Dave, blocked by Erin, does not see Erin's activity either (blocks work both ways).
    await comment(erin, mine, "Mine now");
    expect((await popularOn("blocks-trend-test.com", "day", dave)).pages).toEqual([
      expect.objectContaining({ id: theirs, activityCount: 4 }),
      expect.objectContaining({ id: mine, activityCount: 1 }),
    ]);
    // Everyone else's ranking is unchanged.
    expect((await trendingOn("blocks-trend-test.com", alice)).ids).toEqual([theirs, mine]);
  });

  it("filters by topic", async () => {
    const news = await page("https://topic-trend-test.com/story");
    const other = await page("https://other-topic-trend-test.com/story");
    await comment(alice, news);
    await comment(alice, other);
    const topics = await t.app.inject({ url: "/api/v1/topics?size=1" });
    const [topic] = topics.json();
    const site = await t.app.inject({
      url: `/api/v1/site-pages?searchAnd=${encodeURIComponent(`id==${news}`)}`,
    });
    await sendAs(t.app, bob, "/api/v1/site-topics", { siteId: site.json()[0].site.id, topicId: topic.id });
    await t.app.discovery.flush();
    const list = await ranked(`sort=trending&searchAnd=${encodeURIComponent(`topic==${topic.slug}`)}`);
    expect(list.ids).toContain(news);
    expect(list.ids).not.toContain(other);
  });
});

describe("GET /v1/site-pages?sort=popular", () => {
  it("counts contributions and votes in the window, with each page's count and review sentiment", async () => {
    const old = await page("https://popular-test.com/old");
    const fresh = await page("https://popular-test.com/fresh");
    const frank = await createUser(t.app, { displayName: "Frank" });
    for (const by of [alice, bob, frank]) await comment(by, old);
    await vote(alice, old);
    await age(old, 3 * 24);
    await comment(alice, fresh);
    await sendAs(t.app, bob, "/api/v1/site-page-reviews", {
      sitePage_id: fresh,
      sentiment: "NEGATIVE",
      title: "Wrong",
      body: "The dates are wrong",
    });
    const counts = (list: { pages: { id: string; activityCount: number }[] }) =>
      list.pages.map((p) => [p.id, p.activityCount]);
    expect(counts(await popularOn("popular-test.com", "day"))).toEqual([[fresh, 2]]);
    expect(counts(await popularOn("popular-test.com", "week"))).toEqual([
      [old, 4],
      [fresh, 2],
    ]);
    expect(counts(await popularOn("popular-test.com", "all"))).toEqual([
      [old, 4],
      [fresh, 2],
    ]);
    // Week is the default window.
    const byDefault = await ranked(
      `sort=popular&searchAnd=${encodeURIComponent("domain==popular-test.com")}`,
    );
    expect(byDefault.total).toBe(2);
    const freshPage = byDefault.pages.find((p: { id: string }) => p.id === fresh);
    expect(freshPage.sentiment).toEqual({ positive: 0, negative: 1, expert: 0 });
    expect(freshPage).toMatchObject({
      commentCount: 1,
      reviewCount: 1,
      site: { domain: "popular-test.com" },
    });
  });

  it("refuses a ranking mixed with other sorts, ascending, or a window it does not take", async () => {
    for (const query of [
      "sort=trending,asc",
      "sort=popular&sort=title,asc",
      "sort=trending&window=day",
      "sort=createdDate,desc&window=week",
      "sort=popular&window=year",
    ]) {
      const res = await t.app.inject({ url: `/api/v1/site-pages?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.headers["content-type"]).toContain("application/problem+json");
    }
  });
});
