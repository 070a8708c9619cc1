import { Contribution } from "@flipside/contracts/discussion";
import { FOLLOW_MESSAGES, Follow, Follower, MAX_FOLLOWS } from "@flipside/contracts/follows";
import { ACCOUNT_ROLE } from "@flipside/contracts/roles";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";
import { sitePages } from "../../db/schema/discussion.ts";
import { follows } from "../../db/schema/follows.ts";

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
let cid: TestUser;
let moderator: TestUser;
const pages: Record<string, { id: string; siteId: string }> = {};

async function flip(url: string) {
  const res = await t.app.inject({ method: "POST", url: "/api/v1/site-pages/flip", payload: { url } });
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json();
  return { id: String(page.id), siteId: String(page.site.id) };
}

beforeAll(async () => {
  t = await createTestApp({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_ENABLED: "false" });
  [ann, bob, cid] = (await Promise.all(
    ["Ann Follower", "Bob Writer", "Cid Other"].map((displayName) => createUser(t.app, { displayName })),
  )) as [TestUser, TestUser, TestUser];
  moderator = await createUser(t.app, { roles: [ACCOUNT_ROLE.USER, ACCOUNT_ROLE.MODERATOR] });
  pages.story = await flip("https://news.follow-test.com/story");
  pages.sibling = await flip("https://news.follow-test.com/other-story");
  pages.elsewhere = await flip("https://elsewhere-follow.org/page");
});
afterAll(() => t.close());

const follow = (by: TestUser, targetKind: string, targetId: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/follows",
    headers: by.headers,
    payload: { targetKind, targetId },
  });
const unfollow = (by: TestUser, targetKind: string, targetId: string) =>
  t.app.inject({ method: "DELETE", url: `/api/v1/follows/${targetKind}/${targetId}`, headers: by.headers });
const comment = (by: TestUser, pageId: string, body: string) =>
  sendAs(t.app, by, "/api/v1/site-page-comments", { sitePage_id: pageId, body });

async function feed(by: TestUser, extra = "") {
  const res = await t.app.inject({ url: `/api/v1/follows/feed?${extra || "size=50"}`, headers: by.headers });
  expect(res.statusCode, res.body).toBe(200);
  const items = z.array(Contribution).parse(res.json());
  return { bodies: items.map((c) => c.body), items, total: Number(res.headers["x-total-count"]) };
}

describe("follows", () => {
  it("follows a page, a site and a person once each, lists them newest first, and unfollows", async () => {
    const page = await follow(ann, "PAGE", pages.story?.id ?? "");
    expect(page.statusCode, page.body).toBe(201);
    expect(Follow.parse(page.json())).toMatchObject({
      targetKind: "PAGE",
      targetId: pages.story?.id,
      page: { normalizedUrl: "news.follow-test.com/story", domain: "follow-test.com" },
      site: null,
      person: null,
    });
    // Again: the same follow, not a second one.
    const again = await follow(ann, "PAGE", pages.story?.id ?? "");
    expect(again.statusCode).toBe(200);
    expect((await follow(ann, "SITE", pages.elsewhere?.siteId ?? "")).statusCode).toBe(201);
    const person = await follow(ann, "PERSON", bob.id);
    expect(person.statusCode).toBe(201);
    expect(person.json().person).toMatchObject({ id: bob.id, displayName: "Bob Writer" });

    // The page view learns both from its viewer's own call.
    const mine = await t.app.inject({
      url: `/api/v1/site-pages/${pages.story?.id}/mine`,
      headers: ann.headers,
    });
    expect(mine.json().following).toEqual({ page: true, site: false });
    const elsewhere = await t.app.inject({
      url: `/api/v1/site-pages/${pages.elsewhere?.id}/mine`,
      headers: ann.headers,
    });
    expect(elsewhere.json().following).toEqual({ page: false, site: true });

    const list = await t.app.inject({ url: "/api/v1/follows", headers: ann.headers });
    expect(list.statusCode).toBe(200);
    expect(list.headers["x-total-count"]).toBe("3");
    expect(
      z
        .array(Follow)
        .parse(list.json())
        .map((f) => f.targetKind),
    ).toEqual(["PERSON", "SITE", "PAGE"]);
    // Whether one follows one thing: narrowed by kind and id.
    const one = await t.app.inject({
      url: `/api/v1/follows?targetKind=PERSON&targetId=${bob.id}`,
      headers: ann.headers,
    });
    expect(one.json()).toHaveLength(1);
    const none = await t.app.inject({
      url: `/api/v1/follows?targetKind=PERSON&targetId=${cid.id}`,
      headers: ann.headers,
    });
    expect(none.json()).toHaveLength(0);

    // Bob sees Ann among his followers; nobody else's followers are readable.
    const followers = await t.app.inject({ url: "/api/v1/follows/followers", headers: bob.headers });
    expect(
      z
        .array(Follower)
        .parse(followers.json())
        .map((f) => f.person.id),
    ).toEqual([ann.id]);
    expect((await t.app.inject({ url: "/api/v1/follows/followers", headers: cid.headers })).json()).toEqual(
      [],
    );

    expect((await unfollow(ann, "SITE", pages.elsewhere?.siteId ?? "")).statusCode).toBe(204);
    expect((await unfollow(ann, "SITE", pages.elsewhere?.siteId ?? "")).statusCode).toBe(204);
    const after = await t.app.inject({ url: "/api/v1/follows?targetKind=SITE", headers: ann.headers });
    expect(after.json()).toEqual([]);
  });

  it("refuses what cannot be followed, changing nothing", async () => {
    const before = await t.app.db.select().from(follows);
    const self = await follow(cid, "PERSON", cid.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().detail).toBe(FOLLOW_MESSAGES.self);
    const unknown = "0190a000-0000-7000-8000-000000000000";
    for (const kind of ["PAGE", "SITE", "PERSON"])
      expect((await follow(cid, kind, unknown)).statusCode).toBe(404);
    expect((await follow(cid, "TOPIC", pages.story?.id ?? "")).statusCode).toBe(400);
    expect((await follow(cid, "PAGE", "not-an-id")).statusCode).toBe(400);
    const extra = await t.app.inject({
      method: "POST",
      url: "/api/v1/follows",
      headers: cid.headers,
      payload: { targetKind: "PAGE", targetId: pages.story?.id, followerId: ann.id },
    });
    expect(extra.statusCode).toBe(400);
    // Signed out: nothing to follow with.
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/v1/follows",
      payload: { targetKind: "PAGE", targetId: pages.story?.id },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/v1/follows/feed" })).statusCode).toBe(401);
    // A page moderators hid is not there to follow.
    const hidden = await flip("https://hidden-follow-test.com/x");
    await t.app.db.update(sitePages).set({ moderation: "HIDDEN" }).where(eq(sitePages.id, hidden.id));
    expect((await follow(cid, "PAGE", hidden.id)).statusCode).toBe(404);
    expect(await t.app.db.select().from(follows)).toEqual(before);
  });

  it("stops at the limit of follows, but following again what one follows still answers", async () => {
    const dan = await createUser(t.app, { displayName: "Dan Many" });
    await sendAs(t.app, dan, "/api/v1/follows", { targetKind: "PAGE", targetId: pages.story?.id });
    // The limit's worth of follows written directly: a thousand requests would say nothing more.
    await t.app.db.execute(sql`
      insert into follows (follower_id, kind, person_id)
      select ${dan.id}::uuid, 'PERSON', id from users where id <> ${dan.id}::uuid limit ${MAX_FOLLOWS}`);
    const [{ n } = { n: 0 }] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(follows)
      .where(eq(follows.followerId, dan.id));
    // Fewer people exist than the limit: fill the rest with sites.
    if (n < MAX_FOLLOWS) {
      await t.app.db.execute(sql`
        with made as (
          insert into sites (id, domain)
          select gen_random_uuid(), 'filler-' || i || '.follow-test.com' from generate_series(1, ${MAX_FOLLOWS - n}) i
          returning id)
        insert into follows (follower_id, kind, site_id) select ${dan.id}::uuid, 'SITE', id from made`);
    }
    const more = await follow(dan, "PAGE", pages.sibling?.id ?? "");
    expect(more.statusCode).toBe(409);
    expect(more.json().detail).toBe(FOLLOW_MESSAGES.tooMany);
    expect((await follow(dan, "PAGE", pages.story?.id ?? "")).statusCode).toBe(200);
  });
});

describe("the feed", () => {
  it("shows new discussion on followed pages, sites and by followed people, newest first, never one's own", async () => {
    const eve = await createUser(t.app, { displayName: "Eve Reader" });
    const fay = await createUser(t.app, { displayName: "Fay Writer" });
    expect((await feed(eve)).bodies).toEqual([]);
    await sendAs(t.app, eve, "/api/v1/follows", { targetKind: "PAGE", targetId: pages.story?.id });
    await sendAs(t.app, eve, "/api/v1/follows", { targetKind: "SITE", targetId: pages.elsewhere?.siteId });
    await sendAs(t.app, eve, "/api/v1/follows", { targetKind: "PERSON", targetId: fay.id });

    await comment(cid, pages.story?.id ?? "", "On the followed page");
    await comment(cid, pages.sibling?.id ?? "", "On a page of the same site, not followed");
    await comment(cid, pages.elsewhere?.id ?? "", "On a page of the followed site");
    await comment(fay, pages.sibling?.id ?? "", "By the followed person, anywhere");
    await comment(eve, pages.story?.id ?? "", "Eve's own words");
    const { bodies, items, total } = await feed(eve);
    expect(bodies).toEqual([
      "By the followed person, anywhere",
      "On a page of the followed site",
      "On the followed page",
    ]);
    expect(total).toBe(3);
    expect(items[0]?.sitePage.normalizedUrl).toBe("news.follow-test.com/other-story");
    // Paged and filtered like every list of contributions.
    expect((await feed(eve, "size=1&page=1")).bodies).toEqual(["On a page of the followed site"]);
  });

  it("leaves out what the discussion hides: deleted, hidden, across a block, on a hidden page", async () => {
    const gil = await createUser(t.app, { displayName: "Gil Reader" });
    const hal = await createUser(t.app, { displayName: "Hal Writer" });
    const page = await flip("https://feed-rules.follow-test.com/a");
    await sendAs(t.app, gil, "/api/v1/follows", { targetKind: "PAGE", targetId: page.id });
    const gone = await comment(cid, page.id, "Deleted later");
    const hidden = await comment(cid, page.id, "Hidden by a moderator");
    await comment(hal, page.id, "By someone Gil blocks");
    await comment(cid, page.id, "Stays");
    await t.app.inject({
      method: "DELETE",
      url: `/api/v1/site-page-comments/${gone.id}`,
      headers: cid.headers,
    });
    const hide = await t.app.inject({
      method: "POST",
      url: "/api/v1/admin/moderation/actions",
      headers: moderator.headers,
      payload: { targetKind: "COMMENT", targetId: hidden.id, action: "HIDE", reason: "Spam" },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    await sendAs(t.app, gil, "/api/v1/profile-blocks", { blockedId: hal.id });
    expect((await feed(gil)).bodies).toEqual(["Stays"]);
    await t.app.db.update(sitePages).set({ moderation: "HIDDEN" }).where(eq(sitePages.id, page.id));
    expect((await feed(gil)).bodies).toEqual([]);
  });

  it("lists nobody across a block among one's followers", async () => {
    const ivy = await createUser(t.app, { displayName: "Ivy Followed" });
    const jon = await createUser(t.app, { displayName: "Jon Follower" });
    await sendAs(t.app, jon, "/api/v1/follows", { targetKind: "PERSON", targetId: ivy.id });
    const before = await t.app.inject({ url: "/api/v1/follows/followers", headers: ivy.headers });
    expect(before.json()).toHaveLength(1);
    await sendAs(t.app, ivy, "/api/v1/profile-blocks", { blockedId: jon.id });
    const after = await t.app.inject({ url: "/api/v1/follows/followers", headers: ivy.headers });
    expect(after.json()).toEqual([]);
  });
});
