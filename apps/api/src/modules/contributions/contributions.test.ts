import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let pageId: string;

beforeAll(async () => {
  t = await createTestApp({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_ENABLED: "false" });
  alice = await createUser(t.app, { displayName: "Alice" });
  bob = await createUser(t.app, { displayName: "Bob" });
  pageId = (
    await t.app.inject({
      method: "POST",
      url: "/api/v1/site-pages/flip",
      payload: { url: "https://activity.example.com/post" },
    })
  ).json().id;
});
afterAll(() => t.close());

const send = (user: TestUser, url: string, payload: Record<string, unknown>, method?: "POST" | "DELETE") =>
  sendAs(t.app, user, url, payload, method);

describe("GET /v1/contributions", () => {
  it("lists a profile's public contributions of every kind, newest first", async () => {
    const comment = await send(alice, "/api/v1/site-page-comments", {
      sitePage_id: pageId,
      body: "A comment",
    });
    const gone = await send(alice, "/api/v1/site-page-comments", { sitePage_id: pageId, body: "Regret" });
    await t.app.inject({
      method: "DELETE",
      url: `/api/v1/site-page-comments/${gone.id}`,
      headers: alice.headers,
    });
    const bobs = await send(bob, "/api/v1/site-page-comments", { sitePage_id: pageId, body: "Bob here" });
    const reply = await send(alice, "/api/v1/site-page-comments", {
      sitePage_id: pageId,
      parent_id: bobs.id,
      body: "Hi Bob",
    });
    const review = await send(alice, "/api/v1/site-page-reviews", {
      sitePage_id: pageId,
      sentiment: "EXPERT",
      title: "Solid",
      body: "Checked the sources",
      expertise: "Historian",
    });
    const link = await send(alice, "/api/v1/site-page-related-pages", {
      sitePage_id: pageId,
      url: "https://elsewhere.example.org/source",
    });

    const res = await t.app.inject(`/api/v1/contributions?searchAnd=authorId==${alice.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBe("4");
    const items = res.json();
    expect(items.map((c: { id: string }) => c.id)).toEqual([link.id, review.id, reply.id, comment.id]);
    expect(items[0]).toMatchObject({
      contributionType: "RELATED_PAGE",
      sitePage: { id: pageId, domain: "example.com" },
      relatedPage: { normalizedUrl: "elsewhere.example.org/source", domain: "example.org" },
      review: null,
    });
    expect(items[1]).toMatchObject({
      contributionType: "REVIEW",
      review: { sentiment: "EXPERT", title: "Solid", expertise: "Historian" },
      relatedPage: null,
      bodyHtml: "<p>Checked the sources</p>\n",
    });
    expect(items[2]).toMatchObject({
      contributionType: "REPLY",
      parent_id: bobs.id,
      author: { id: alice.id },
    });
    expect(items[3]).toMatchObject({
      contributionType: "COMMENT",
      body: "A comment",
      sitePage: { id: pageId },
    });

    const reviewsOnly = await t.app.inject(`/api/v1/contributions?searchAnd=authorId==${alice.id},REVIEW`);
    expect(reviewsOnly.json().map((c: { id: string }) => c.id)).toEqual([review.id]);
    const oldest = await t.app.inject(
      `/api/v1/contributions?searchAnd=authorId==${alice.id}&sort=createdDate,asc&size=1`,
    );
    expect(oldest.json().map((c: { id: string }) => c.id)).toEqual([comment.id]);
    expect(oldest.headers.link).toContain('rel="next"');
  });

  it("a hostile searchAnd is a 400", async () => {
    for (const searchAnd of [
      "authorId==me",
      "email==a@b.c",
      "NOTE",
      `authorId==${alice.id},${"x==1,".repeat(50)}`,
    ]) {
      const res = await t.app.inject(`/api/v1/contributions?searchAnd=${encodeURIComponent(searchAnd)}`);
      expect(res.statusCode, searchAnd).toBe(400);
    }
  });
});
