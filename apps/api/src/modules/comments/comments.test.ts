import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { makeVerifiedOwner } from "../../../test/owners.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { users } from "../../db/schema/accounts.ts";
import { contributions, sitePages } from "../../db/schema/discussion.ts";
import { parseSearchAnd } from "../../lib/search-filter.ts";
import { COMMENT_FILTER, topLevelShape } from "./comments.service.ts";

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let pageId: string;

beforeAll(async () => {
  t = await createTestApp({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_ENABLED: "false" });
  alice = await createUser(t.app, { displayName: "Alice" });
  bob = await createUser(t.app, { displayName: "Bob" });
  pageId = await newPage("https://comments.example.com/article");
});
afterAll(() => t.close());

async function newPage(url: string, app = t.app): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/v1/site-pages/flip", payload: { url } });
  return res.json().id;
}

function post(user: TestUser | null, payload: Record<string, unknown>, app = t.app) {
  return app.inject({
    method: "POST",
    url: "/api/v1/site-page-comments",
    payload,
    ...(user ? { headers: user.headers } : {}),
  });
}

async function comment(user: TestUser, body: string, extra: Record<string, unknown> = {}, page = pageId) {
  const res = await post(user, { sitePage_id: page, body, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

function list(query: string, user?: TestUser) {
  return t.app.inject({
    url: `/api/v1/site-page-comments?${query}`,
    ...(user ? { headers: user.headers } : {}),
  });
}

const q = (searchAnd: string) => `searchAnd=${encodeURIComponent(searchAnd)}`;

describe("POST /v1/site-page-comments", () => {
  it("refuses anonymous visitors (401) and unactivated accounts (403)", async () => {
    expect((await post(null, { sitePage_id: pageId, body: "hi" })).statusCode).toBe(401);
    const newcomer = await createUser(t.app, { activated: false });
    const res = await post(newcomer, { sitePage_id: pageId, body: "hi" });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toContain("Activate your account");
  });

  it("creates a comment with its author, counts and rendered body", async () => {
    const c = await comment(alice, "Hello **world**");
    expect(c).toMatchObject({
      sitePage_id: pageId,
      parent_id: null,
      contributionType: "COMMENT",
      body: "Hello **world**",
      bodyHtml: "<p>Hello <strong>world</strong></p>\n",
      author: { id: alice.id, displayName: "Alice", imageUrl: null },
      claimUuid: null,
      replySize: 0,
      up: 0,
      down: 0,
      score: 0,
      myVote: 0,
      deleted: false,
      edited: false,
      inReplyTo: null,
      attachments: [],
    });
    expect(Date.parse(c.createdDate)).not.toBeNaN();
    const [page] = await t.app.db.select().from(sitePages).where(eq(sitePages.id, pageId));
    expect(page?.commentCount).toBeGreaterThan(0);
  });

  it.each([
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "[click](javascript:alert(1))",
    '<a href="javascript:alert(1)">x</a>',
    "[x](JaVaScRiPt:alert(1))",
    "<svg onload=alert(1)>",
  ])("stores %j as written and returns it harmless in bodyHtml", async (payload) => {
    const c = await comment(bob, payload);
    expect(c.body).toBe(payload);
    expect(c.bodyHtml).not.toMatch(/<script/i);
    expect(c.bodyHtml).not.toMatch(/<(img|svg|a)\b[^>]*\bon\w+=/i);
    expect(c.bodyHtml).not.toMatch(/href="\s*javascript:/i);
    const listed = (await list(q(`id==${c.id}`))).json()[0];
    expect(listed.bodyHtml).toBe(c.bodyHtml);
  });

  it("validates the body and the page", async () => {
    const empty = await post(alice, { sitePage_id: pageId, body: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].field).toBe("body");
    const long = await post(alice, { sitePage_id: pageId, body: "x".repeat(10_001) });
    expect(long.statusCode).toBe(400);
    expect((await post(alice, { sitePage_id: pageId, body: "x".repeat(10_000) })).statusCode).toBe(201);
    const unknownPage = await post(alice, { sitePage_id: "0190a0a0-0000-7000-8000-000000000000", body: "x" });
    expect(unknownPage.statusCode).toBe(404);
    expect((await post(alice, { sitePage_id: "not-a-uuid", body: "x" })).statusCode).toBe(400);
  });
});

describe("threads", () => {
  it("replies join the thread of their root; a reply to a reply says whom it answers", async () => {
    const page = await newPage("https://threads.example.com/");
    const root = await comment(alice, "root", {}, page);
    const reply = await comment(bob, "reply", { parent_id: root.id }, page);
    expect(reply).toMatchObject({ contributionType: "REPLY", parent_id: root.id, inReplyTo: null });
    const nested = await comment(alice, "reply to reply", { parent_id: reply.id }, page);
    expect(nested).toMatchObject({
      contributionType: "REPLY",
      parent_id: root.id,
      inReplyTo: { id: reply.id, author: { id: bob.id, displayName: "Bob" } },
    });

    const top = await list(q(`sitePage_id==${page},COMMENT`));
    expect(top.json().map((c: { id: string }) => c.id)).toEqual([root.id]);
    expect(top.json()[0].replySize).toBe(2);
    expect(top.headers["x-total-count"]).toBe("1");

    const replies = await list(`${q(`parent_id==${root.id}`)}&sort=createdDate,asc`);
    expect(replies.json().map((c: { id: string }) => c.id)).toEqual([reply.id, nested.id]);
    const topLevel = await list(q(`sitePage_id==${page},parent_id==null`));
    expect(topLevel.json().map((c: { id: string }) => c.id)).toEqual([root.id]);
  });

  it("refuses replies to a comment of another page or a deleted one", async () => {
    const other = await newPage("https://threads.example.com/other");
    const root = await comment(alice, "root");
    const wrongPage = await post(bob, { sitePage_id: other, parent_id: root.id, body: "x" });
    expect(wrongPage.statusCode).toBe(422);
    const unknown = await post(bob, { sitePage_id: pageId, parent_id: other, body: "x" });
    expect(unknown.statusCode).toBe(404);
    await t.app.inject({
      method: "DELETE",
      url: `/api/v1/site-page-comments/${root.id}`,
      headers: alice.headers,
    });
    const toDeleted = await post(bob, { sitePage_id: pageId, parent_id: root.id, body: "x" });
    expect(toDeleted.statusCode).toBe(422);
  });
});

describe("what a write answers", () => {
  it("is the comment every read shows: top level, a reply to a reply, an official response", async () => {
    const page = await newPage("https://answers.example.org/story");
    const [row] = await t.app.db.select().from(sitePages).where(eq(sitePages.id, page));
    const owner = await createUser(t.app, { displayName: "Owner <b>&</b>" });
    await t.app.db
      .update(users)
      .set({ imageUrl: "https://img.example.net/owner.png" })
      .where(eq(users.id, owner.id));
    const claimUuid = await makeVerifiedOwner(t.app, row?.siteId as string, owner.id);
    const root = await comment(alice, "a *root*", {}, page);
    const official = await comment(owner, "official", { parent_id: root.id }, page);
    const nested = await comment(bob, "to the owner", { parent_id: official.id }, page);
    expect(official).toMatchObject({
      claimUuid,
      author: { displayName: "Owner <b>&</b>", imageUrl: "https://img.example.net/owner.png" },
    });
    expect(nested.inReplyTo).toEqual({
      id: official.id,
      author: { id: owner.id, displayName: "Owner <b>&</b>", imageUrl: "https://img.example.net/owner.png" },
    });
    for (const written of [root, official, nested]) {
      const [read] = (await list(q(`id==${written.id}`), alice)).json();
      expect(written, written.body).toEqual({ ...read, replySize: written.replySize });
    }
  });

  it("refused, it changes no count", async () => {
    const page = await newPage("https://answers.example.org/refused");
    const other = await newPage("https://answers.example.org/elsewhere");
    const root = await comment(alice, "root", {}, page);
    const counts = async () => {
      const [p] = await t.app.db.select().from(sitePages).where(eq(sitePages.id, page));
      const [r] = await t.app.db.select().from(contributions).where(eq(contributions.id, root.id));
      return { comments: p?.commentCount, replies: r?.replySize };
    };
    const before = await counts();
    expect((await post(bob, { sitePage_id: other, parent_id: root.id, body: "x" })).statusCode).toBe(422);
    const unknownPage = "0190a0a0-0000-7000-8000-000000000000";
    expect((await post(bob, { sitePage_id: unknownPage, parent_id: root.id, body: "x" })).statusCode).toBe(
      404,
    );
    expect((await post(bob, { sitePage_id: page, parent_id: unknownPage, body: "x" })).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
    await comment(bob, "fine", { parent_id: root.id }, page);
    expect(await counts()).toEqual({ comments: before.comments, replies: (before.replies ?? 0) + 1 });
  });
});

describe("GET /v1/site-page-comments", () => {
  let page: string;
  const ids: string[] = [];
  beforeAll(async () => {
    page = await newPage("https://paging.example.com/long-thread");
    for (let i = 0; i < 30; i++) ids.push((await comment(i % 2 ? alice : bob, `comment ${i}`, {}, page)).id);
  });

  it("pages by 25 with X-Total-Count and Link, newest first", async () => {
    const first = await list(q(`sitePage_id==${page},COMMENT`));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(25);
    expect(first.headers["x-total-count"]).toBe("30");
    expect(first.headers.link).toContain('rel="next"');
    expect(first.json()[0].id).toBe(ids[29]);
    const second = await list(`${q(`sitePage_id==${page},COMMENT`)}&page=1`);
    expect(second.json()).toHaveLength(5);
    const all = [...first.json(), ...second.json()].map((c: { id: string }) => c.id);
    expect(all).toEqual([...ids].reverse());
  });

  it("goes out compressed to clients that accept it, compressed once while the page is cached", async () => {
    const query = q(`sitePage_id==${page},COMMENT`);
    const plain = await list(query);
    const asked = (encoding: string) =>
      t.app.inject({ url: `/api/v1/site-page-comments?${query}`, headers: { "accept-encoding": encoding } });
    const br = await asked("gzip, deflate, br, zstd");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["x-total-count"]).toBe("30");
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const again = await asked("br");
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    const gz = await asked("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect((await asked("identity")).headers["content-encoding"]).toBeUndefined();
  });

  it("readers asking together each get their own votes, compressed when they accept it", async () => {
    const voted = await newPage("https://paging.example.com/votes");
    for (let i = 0; i < 5; i++)
      await comment(alice, `a comment long enough to be compressed ${"x".repeat(300)}`, {}, voted);
    const query = q(`sitePage_id==${voted},COMMENT`);
    const readers = await Promise.all(Array.from({ length: 4 }, () => createUser(t.app)));
    // Reader i votes on the i-th comment of the first page of the list, up for even i, down for odd.
    const shown: string[] = (await list(query)).json().map((c: { id: string }) => c.id);
    await Promise.all(
      readers.slice(1).map((reader, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/v1/contribution-votes",
          headers: reader.headers,
          payload: { contributionId: shown[i], vote: i % 2 ? -1 : 1 },
        }),
      ),
    );
    const answers = await Promise.all(
      [...readers, ...readers].map((reader) =>
        t.app.inject({
          url: `/api/v1/site-page-comments?${query}`,
          headers: { ...reader.headers, "accept-encoding": "br" },
        }),
      ),
    );
    answers.forEach((res, n) => {
      const r = n % readers.length;
      const items: { id: string; myVote: number }[] = JSON.parse(
        res.headers["content-encoding"] === "br" ? brotliDecompressSync(res.rawPayload).toString() : res.body,
      );
      expect(res.headers["content-encoding"]).toBe("br");
      const mine = items.filter((c) => c.myVote !== 0).map((c) => [c.id, c.myVote]);
      expect(mine, `reader ${r}`).toEqual(r === 0 ? [] : [[shown[r - 1], (r - 1) % 2 ? -1 : 1]]);
      expect(items.map((c) => c.id)).toEqual(shown);
    });
  });

  it("a reader asking for two pages' lists together sees on each only their votes on it", async () => {
    const reader = await createUser(t.app);
    const pages = [
      await newPage("https://paging.example.com/one"),
      await newPage("https://paging.example.com/two"),
    ];
    const written = [];
    for (const [n, p] of pages.entries())
      written.push([
        await comment(alice, `first on ${n}`, {}, p),
        await comment(bob, `second on ${n}`, {}, p),
      ]);
    // Up on the first comment of page one, down on the second of page two.
    const votes = [
      { contributionId: written[0]?.[0]?.id, vote: 1 },
      { contributionId: written[1]?.[1]?.id, vote: -1 },
    ];
    for (const payload of votes)
      await t.app.inject({
        method: "POST",
        url: "/api/v1/contribution-votes",
        headers: reader.headers,
        payload,
      });
    const [one, two] = await Promise.all(pages.map((p) => list(q(`sitePage_id==${p},COMMENT`), reader)));
    const mine = (res: Awaited<ReturnType<typeof list>> | undefined) =>
      Object.fromEntries(res?.json().map((c: { body: string; myVote: number }) => [c.body, c.myVote]));
    expect(mine(one)).toEqual({ "first on 0": 1, "second on 0": 0 });
    expect(mine(two)).toEqual({ "first on 1": 0, "second on 1": -1 });
  });

  it("Oldest and Top orders", async () => {
    const oldest = await list(`${q(`sitePage_id==${page}`)}&sort=createdDate,asc&size=3`);
    expect(oldest.json().map((c: { id: string }) => c.id)).toEqual(ids.slice(0, 3));
    // One comment with many up votes and one with a single up vote: the first is surer.
    const voters = await Promise.all(Array.from({ length: 4 }, () => createUser(t.app)));
    const vote = (user: TestUser, id: string, value: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/contribution-votes",
        headers: user.headers,
        payload: { contributionId: id, vote: value },
      });
    for (const v of voters) await vote(v, ids[3] as string, 1);
    await vote(voters[0] as TestUser, ids[7] as string, 1);
    const top = await list(`${q(`sitePage_id==${page}`)}&sort=top,desc&size=2`);
    expect(top.json().map((c: { id: string }) => c.id)).toEqual([ids[3], ids[7]]);
    expect(top.json()[0]).toMatchObject({ up: 4, down: 0, score: 4 });
    const mine = await list(`${q(`id==${ids[3]}`)}`, voters[1]);
    expect(mine.json()[0].myVote).toBe(1);
  });

  it("official responses of the verified owner come first", async () => {
    const owner = await createUser(t.app, { displayName: "Site Owner" });
    const official = await newPage("https://official.example.io/post");
    const [row] = await t.app.db.select().from(sitePages).where(eq(sitePages.id, official));
    const claimUuid = await makeVerifiedOwner(t.app, row?.siteId as string, owner.id);
    const answer = await comment(owner, "We fixed it.", {}, official);
    expect(answer.claimUuid).toBe(claimUuid);
    // The owner may speak as themselves; nobody else can make a comment official by asking.
    const personal = await comment(owner, "Speaking for myself", { official: false }, official);
    expect(personal.claimUuid).toBeNull();
    const reply = await comment(owner, "Me again", { official: false, parent_id: answer.id }, official);
    expect(reply.claimUuid).toBeNull();
    expect(
      (await comment(owner, "Officially", { official: true, parent_id: answer.id }, official)).claimUuid,
    ).toBe(claimUuid);
    expect((await comment(alice, "I say so", { official: true }, official)).claimUuid).toBeNull();
    await comment(alice, "later comment", {}, official);
    for (const sort of ["", "&sort=createdDate,desc", "&sort=createdDate,asc", "&sort=top,desc"]) {
      const res = await list(`${q(`sitePage_id==${official},COMMENT`)}${sort}`);
      expect(res.json()[0].id, sort).toBe(answer.id);
    }
  });

  it.each([
    "sitePage_id==x' or '1'='1",
    "secret==1",
    "parent_id==null; drop table contributions",
    "__proto__==1",
    "score>=1e400",
    "createdDate>=yesterday",
    "COMMENT,REVIEW",
    "deleted==maybe",
  ])("a hostile searchAnd %j is a 400 naming what is allowed", async (searchAnd) => {
    const res = await list(q(searchAnd));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/Allowed filters/);
  });

  it("refuses an unknown sort with the allowed fields", async () => {
    const res = await list("sort=body,asc");
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain("claimUuid");
  });
});

describe("PUT and DELETE /v1/site-page-comments/{id}", () => {
  it("the author edits (marked edited); others get 403; unknown ids 404", async () => {
    const c = await comment(alice, "first version");
    const put = (user: TestUser, id: string, body: string) =>
      t.app.inject({
        method: "PUT",
        url: `/api/v1/site-page-comments/${id}`,
        headers: user.headers,
        payload: { body },
      });
    const edited = await put(alice, c.id, "second *version*");
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ body: "second *version*", edited: true });
    expect(edited.json().editedDate).not.toBeNull();
    expect((await put(bob, c.id, "hijacked")).statusCode).toBe(403);
    expect((await put(alice, "0190a0a0-0000-7000-8000-000000000000", "x")).statusCode).toBe(404);
    const [row] = await t.app.db.select().from(contributions).where(eq(contributions.id, c.id));
    expect(row?.body).toBe("second *version*");
  });

  it("soft delete keeps the thread and blanks text and author", async () => {
    const page = await newPage("https://deleting.example.com/");
    const root = await comment(alice, "to be deleted", {}, page);
    const reply = await comment(bob, "a reply", { parent_id: root.id }, page);
    const del = (user: TestUser, id: string) =>
      t.app.inject({ method: "DELETE", url: `/api/v1/site-page-comments/${id}`, headers: user.headers });
    expect((await del(bob, root.id)).statusCode).toBe(403);
    expect((await del(alice, "0190a0a0-0000-7000-8000-000000000000")).statusCode).toBe(404);
    expect((await del(alice, root.id)).statusCode).toBe(204);
    const listed = (await list(q(`sitePage_id==${page},COMMENT`))).json();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: root.id,
      deleted: true,
      body: "",
      bodyHtml: "",
      author: null,
      replySize: 1,
    });
    const replies = (await list(q(`parent_id==${root.id}`))).json();
    expect(replies.map((r: { id: string }) => r.id)).toEqual([reply.id]);
    expect((await del(alice, root.id)).statusCode).toBe(404);
    const edit = await t.app.inject({
      method: "PUT",
      url: `/api/v1/site-page-comments/${root.id}`,
      headers: alice.headers,
      payload: { body: "back" },
    });
    expect(edit.statusCode).toBe(404);
    const live = (await list(q(`sitePage_id==${page},deleted==false`))).json();
    expect(live.map((r: { id: string }) => r.id)).toEqual([reply.id]);
  });
});

describe("list totals", () => {
  it("the top-level totals from the page counters agree with counting", async () => {
    const page = await newPage("https://totals.example.com/");
    const a = await comment(alice, "one", {}, page);
    const b = await comment(bob, "two", {}, page);
    await comment(alice, "three", {}, page);
    await comment(bob, "a reply", { parent_id: a.id }, page);
    await t.app.inject({ method: "DELETE", url: `/api/v1/site-page-comments/${b.id}`, headers: bob.headers });
    for (const [extra, expected] of [
      ["", "3"],
      [",deleted==false", "2"],
      [",deleted==true", "1"],
    ] as const) {
      const fast = await list(q(`sitePage_id==${page},COMMENT${extra}`));
      // An extra always-true condition takes the counting path.
      const counted = await list(q(`sitePage_id==${page},COMMENT${extra},score>=-1000000`));
      expect(fast.headers["x-total-count"], extra).toBe(expected);
      expect(counted.headers["x-total-count"], extra).toBe(expected);
      expect(fast.json()).toHaveLength(Number(expected));
    }
    const view = await t.app.inject(`/api/v1/site-pages?searchAnd=id==${page}`);
    expect(view.json()[0].commentCount).toBe(2);
    expect((await list(q(`sitePage_id==${page}`))).headers["x-total-count"]).toBe("4");
  });
});

describe("contribution rate limits", () => {
  it("accounts younger than a day: per minute and per day; older ones: per minute", async () => {
    const limited = await createTestApp({
      PAGE_FETCH_ENABLED: "false",
      RATE_LIMIT_CONTRIB_NEW_PER_MINUTE: "2",
      RATE_LIMIT_CONTRIB_NEW_PER_DAY: "100",
      RATE_LIMIT_CONTRIB_PER_MINUTE: "3",
    });
    const daily = await createTestApp({
      PAGE_FETCH_ENABLED: "false",
      RATE_LIMIT_CONTRIB_NEW_PER_MINUTE: "10",
      RATE_LIMIT_CONTRIB_NEW_PER_DAY: "2",
    });
    try {
      const page = await newPage("https://limits.example.com/", limited.app);
      const fresh = await createUser(limited.app, { createdAt: new Date() });
      const old = await createUser(limited.app);
      const send = (user: TestUser, app = limited.app, p = page) =>
        post(user, { sitePage_id: p, body: "spam?" }, app).then((r) => r.statusCode);
      expect([await send(fresh), await send(fresh), await send(fresh)]).toEqual([201, 201, 429]);
      expect([await send(old), await send(old), await send(old), await send(old)]).toEqual([
        201, 201, 201, 429,
      ]);
      // A refusal says when to try again, in words and in Retry-After (issue 19).
      const refused = await post(old, { sitePage_id: page, body: "again?" }, limited.app);
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers["retry-after"]);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect(refused.json().detail).toMatch(/^Too many requests\. Try again in (\d+ seconds?|1 minute)\.$/);

      const dailyPage = await newPage("https://limits.example.com/daily", daily.app);
      const newcomer = await createUser(daily.app, { createdAt: new Date() });
      const results = [];
      for (let i = 0; i < 3; i++) results.push(await send(newcomer, daily.app, dailyPage));
      expect(results).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
      await daily.close();
    }
  });
});

describe("topLevelShape", () => {
  const page = "0192f3a4-5b6c-7d8e-9f01-23456789abcd";
  const shape = (searchAnd: string) => topLevelShape(parseSearchAnd(searchAnd, COMMENT_FILTER));

  it("knows a page's top-level list in any order and spelling", () => {
    expect(shape(`sitePage_id==${page},COMMENT`)).toEqual({ pageId: page });
    expect(shape(`deleted==false, contributionType==COMMENT ,sitePage_id==${page.toUpperCase()}`)).toEqual({
      pageId: page,
      deleted: false,
    });
  });

  it("leaves every other list to the counting path", () => {
    expect(shape(`sitePage_id==${page}`)).toBeNull();
    expect(shape(`sitePage_id==${page},COMMENT,score>=1`)).toBeNull();
    expect(shape(`sitePage_id!=${page},COMMENT`)).toBeNull();
  });
});
