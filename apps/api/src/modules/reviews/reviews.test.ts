import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { reviews, sitePages } from "../../db/schema/discussion.ts";

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_ENABLED: "false" });
  alice = await createUser(t.app, { displayName: "Alice" });
  bob = await createUser(t.app, { displayName: "Bob" });
});
afterAll(() => t.close());

async function newPage(url: string): Promise<string> {
  const res = await t.app.inject({ method: "POST", url: "/api/v1/site-pages/flip", payload: { url } });
  return res.json().id;
}

function review(user: TestUser | null, payload: Record<string, unknown>) {
  return t.app.inject({
    method: "POST",
    url: "/api/v1/site-page-reviews",
    payload,
    ...(user ? { headers: user.headers } : {}),
  });
}

const summary = (page: string) => t.app.inject(`/api/v1/site-page-reviews/summary?sitePage_id=${page}`);

describe("POST /v1/site-page-reviews", () => {
  it("creates one review per profile per page; posting again edits it", async () => {
    const page = await newPage("https://reviews.example.com/product");
    const first = await review(alice, {
      sitePage_id: page,
      sentiment: "POSITIVE",
      title: "Great",
      body: "Loved *it*",
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      contributionType: "REVIEW",
      sitePage_id: page,
      sentiment: "POSITIVE",
      sentimentLabel: "Positive",
      title: "Great",
      body: "Loved *it*",
      bodyHtml: "<p>Loved <em>it</em></p>\n",
      expertise: null,
      author: { id: alice.id, displayName: "Alice" },
      edited: false,
      myVote: 0,
    });
    const again = await review(alice, {
      sitePage_id: page,
      sentiment: "NEGATIVE",
      title: "Changed my mind",
      body: "Meh",
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      id: first.json().id,
      sentiment: "NEGATIVE",
      sentimentLabel: "Negative",
      edited: true,
    });
    const [row] = await t.app.db.select().from(sitePages).where(eq(sitePages.id, page));
    expect(row?.reviewCount).toBe(1);
    expect((await summary(page)).json()).toEqual({
      sitePage_id: page,
      total: 1,
      counts: { POSITIVE: 0, NEGATIVE: 1, EXPERT: 0 },
    });
  });

  it("concurrent posts of one profile still make one review", async () => {
    const page = await newPage("https://reviews.example.com/race");
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        review(bob, { sitePage_id: page, sentiment: "POSITIVE", title: `t${i}`, body: "b" }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    const [count] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(and(eq(reviews.sitePageId, page), eq(reviews.authorId, bob.id)));
    expect(count?.n).toBe(1);
  });

  it("EXPERT reviews need an expertise, which other sentiments drop", async () => {
    const page = await newPage("https://reviews.example.com/expert");
    const missing = await review(alice, {
      sitePage_id: page,
      sentiment: "EXPERT",
      title: "Deep dive",
      body: "x",
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: "expertise", message: "Expert reviews say what your expertise is" },
    ]);
    const expert = await review(alice, {
      sitePage_id: page,
      sentiment: "EXPERT",
      title: "Deep dive",
      body: "x",
      expertise: "Structural engineer",
    });
    expect(expert.json()).toMatchObject({
      sentiment: "EXPERT",
      sentimentLabel: "Expert",
      expertise: "Structural engineer",
    });
    const plain = await review(alice, {
      sitePage_id: page,
      sentiment: "POSITIVE",
      title: "t",
      body: "x",
      expertise: "ignored",
    });
    expect(plain.json().expertise).toBeNull();
  });

  it("refuses anonymous (401), unactivated (403), bad sentiments (400) and unknown pages (404)", async () => {
    const page = await newPage("https://reviews.example.com/guarded");
    const payload = { sitePage_id: page, sentiment: "POSITIVE", title: "t", body: "b" };
    expect((await review(null, payload)).statusCode).toBe(401);
    expect((await review(await createUser(t.app, { activated: false }), payload)).statusCode).toBe(403);
    expect((await review(alice, { ...payload, sentiment: "MEH" })).statusCode).toBe(400);
    expect((await review(alice, { ...payload, title: "" })).statusCode).toBe(400);
    expect(
      (await review(alice, { ...payload, sitePage_id: "0190a0a0-0000-7000-8000-000000000000" })).statusCode,
    ).toBe(404);
  });
});

describe("GET /v1/site-page-reviews and the summary", () => {
  let page: string;
  beforeAll(async () => {
    page = await newPage("https://reviews.example.com/popular");
    const sentiments = ["POSITIVE", "POSITIVE", "NEGATIVE", "EXPERT"];
    for (let i = 0; i < 12; i++) {
      const user = await createUser(t.app);
      const sentiment = sentiments[i % 4];
      const res = await review(user, {
        sitePage_id: page,
        sentiment,
        title: `Review ${i}`,
        body: "text",
        ...(sentiment === "EXPERT" ? { expertise: "Reviewer" } : {}),
      });
      expect(res.statusCode).toBe(201);
    }
  });

  it("pages by 10 with X-Total-Count, newest first", async () => {
    const res = await t.app.inject(`/api/v1/site-page-reviews?searchAnd=sitePage_id==${page}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(10);
    expect(res.headers["x-total-count"]).toBe("12");
    expect(res.json()[0].title).toBe("Review 11");
  });

  it("filters by sentiment, also as a bare token", async () => {
    const token = await t.app.inject(`/api/v1/site-page-reviews?searchAnd=sitePage_id==${page},EXPERT`);
    expect(token.headers["x-total-count"]).toBe("3");
    expect(token.json().every((r: { sentiment: string }) => r.sentiment === "EXPERT")).toBe(true);
    const field = await t.app.inject(
      `/api/v1/site-page-reviews?searchAnd=sitePage_id==${page},sentiment==POSITIVE`,
    );
    expect(field.headers["x-total-count"]).toBe("6");
    expect((await t.app.inject("/api/v1/site-page-reviews?searchAnd=COMMENT")).statusCode).toBe(400);
  });

  it("counts per sentiment", async () => {
    const res = await summary(page);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      sitePage_id: page,
      total: 12,
      counts: { POSITIVE: 6, NEGATIVE: 3, EXPERT: 3 },
    });
    expect((await summary("0190a0a0-0000-7000-8000-000000000000")).statusCode).toBe(404);
    expect((await summary("nope")).statusCode).toBe(400);
  });
});

describe("votes, replies and deletion", () => {
  it("reviews take votes and replies; the author deletes, others cannot", async () => {
    const page = await newPage("https://reviews.example.com/lifecycle");
    const created = (
      await review(alice, { sitePage_id: page, sentiment: "POSITIVE", title: "Good", body: "b" })
    ).json();
    const vote = await t.app.inject({
      method: "POST",
      url: "/api/v1/contribution-votes",
      headers: bob.headers,
      payload: { contributionId: created.id, vote: 1 },
    });
    expect(vote.json()).toMatchObject({ up: 1, score: 1 });
    const self = await t.app.inject({
      method: "POST",
      url: "/api/v1/contribution-votes",
      headers: alice.headers,
      payload: { contributionId: created.id, vote: 1 },
    });
    expect(self.statusCode).toBe(403);

    const reply = await t.app.inject({
      method: "POST",
      url: "/api/v1/site-page-comments",
      headers: bob.headers,
      payload: { sitePage_id: page, parent_id: created.id, body: "Agreed" },
    });
    expect(reply.json()).toMatchObject({ contributionType: "REPLY", parent_id: created.id });
    const listed = await t.app.inject({
      url: `/api/v1/site-page-reviews?searchAnd=id==${created.id}`,
      headers: bob.headers,
    });
    expect(listed.json()[0]).toMatchObject({ replySize: 1, up: 1, myVote: 1 });

    const del = (user: TestUser) =>
      t.app.inject({
        method: "DELETE",
        url: `/api/v1/site-page-reviews/${created.id}`,
        headers: user.headers,
      });
    expect((await del(bob)).statusCode).toBe(403);
    expect((await del(alice)).statusCode).toBe(204);
    expect((await summary(page)).json().total).toBe(0);
    expect((await t.app.inject(`/api/v1/site-page-reviews?searchAnd=sitePage_id==${page}`)).json()).toEqual(
      [],
    );
    expect((await del(alice)).statusCode).toBe(404);

    const revived = await review(alice, {
      sitePage_id: page,
      sentiment: "NEGATIVE",
      title: "Back",
      body: "again",
    });
    expect(revived.statusCode).toBe(200);
    expect(revived.json()).toMatchObject({ id: created.id, deleted: false, title: "Back" });
    expect((await summary(page)).json().counts).toEqual({ POSITIVE: 0, NEGATIVE: 1, EXPERT: 0 });
  });
});
