import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { contributions, sitePages } from "../../db/schema/discussion.ts";

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_ENABLED: "false" });
  alice = await createUser(t.app, { displayName: "Alice" });
  bob = await createUser(t.app, { displayName: "Bob" });
});
afterAll(() => t.close());

async function flip(url: string, back = false) {
  return t.app.inject({ method: "POST", url: "/api/v1/site-pages/flip", payload: { url, back } });
}

function link(user: TestUser | null, sitePage_id: string, url: string, reason?: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/v1/site-page-related-pages",
    payload: { sitePage_id, url, ...(reason !== undefined ? { reason } : {}) },
    ...(user ? { headers: user.headers } : {}),
  });
}

const related = (page: string, extra = "", user?: TestUser) =>
  t.app.inject({
    url: `/api/v1/site-page-related-pages?searchAnd=sitePage_id==${page}${extra}`,
    ...(user ? { headers: user.headers } : {}),
  });

describe("related pages", () => {
  it("a link is one undirected pair showing the OTHER page from either side", async () => {
    const a = (await flip("https://news.example.com/story")).json();
    await t.app.db.update(sitePages).set({ title: "The story" }).where(eq(sitePages.id, a.id));
    const created = await link(
      alice,
      a.id,
      "https://www.other-site.example.org/analysis/",
      "Same topic, **deeper**",
    );
    expect(created.statusCode).toBe(201);
    const b = (await flip("other-site.example.org/analysis", true)).json();
    expect(created.json()).toMatchObject({
      contributionType: "RELATED_PAGE",
      sitePage_id: a.id,
      relatedPage: { id: b.id, domain: "example.org", normalizedUrl: "other-site.example.org/analysis" },
      url: "https://other-site.example.org/analysis",
      domain: "example.org",
      title: null,
      reason: "Same topic, **deeper**",
      reasonHtml: "<p>Same topic, <strong>deeper</strong></p>\n",
      author: { id: alice.id, displayName: "Alice" },
      up: 0,
      myVote: 0,
    });

    const fromA = (await related(a.id)).json();
    expect(fromA.map((r: { relatedPage: { id: string } }) => r.relatedPage.id)).toEqual([b.id]);
    const fromB = (await related(b.id)).json();
    expect(fromB).toHaveLength(1);
    expect(fromB[0]).toMatchObject({
      id: created.json().id,
      sitePage_id: b.id,
      relatedPage: { id: a.id },
      url: "https://news.example.com/story",
      title: "The story",
      domain: "example.com",
    });

    const again = await link(bob, b.id, "news.example.com/story");
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe("These pages are already linked.");
    expect((await link(alice, a.id, "http://other-site.example.org/analysis")).statusCode).toBe(409);

    const counts = await t.app.db.select({ id: sitePages.id, n: sitePages.relatedCount }).from(sitePages);
    expect(counts.find((c) => c.id === a.id)?.n).toBe(1);
    expect(counts.find((c) => c.id === b.id)?.n).toBe(1);
  });

  it("refuses bad addresses, self links, anonymous and unactivated users", async () => {
    const page = (await flip("https://guard.example.com/")).json();
    const bad = await link(alice, page.id, "javascript:alert(1)");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe("javascript:alert(1) is not a valid domain");
    const self = await link(alice, page.id, "http://www.guard.example.com");
    expect(self.statusCode).toBe(422);
    expect((await link(null, page.id, "https://x.example.com/")).statusCode).toBe(401);
    expect(
      (await link(await createUser(t.app, { activated: false }), page.id, "https://x.example.com/"))
        .statusCode,
    ).toBe(403);
    expect(
      (await link(alice, "0190a0a0-0000-7000-8000-000000000000", "https://x.example.com/")).statusCode,
    ).toBe(404);
  });

  it("lists 5 by default, best first, and links are votable", async () => {
    const hub = (await flip("https://hub.example.com/")).json();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await link(i % 2 ? alice : bob, hub.id, `https://spoke${i}.example.net/`);
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    const first = await related(hub.id);
    expect(first.json()).toHaveLength(5);
    expect(first.headers["x-total-count"]).toBe("7");
    expect(first.json()[0].id).toBe(ids[6]);

    const voters = await Promise.all([1, 2, 3].map(() => createUser(t.app)));
    for (const v of voters) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/contribution-votes",
        headers: v.headers,
        payload: { contributionId: ids[2], vote: 1 },
      });
      expect(res.statusCode).toBe(200);
    }
    const best = await related(hub.id, "", voters[0]);
    expect(best.json()[0]).toMatchObject({ id: ids[2], up: 3, score: 3, myVote: 1 });
    const byDate = await related(hub.id, "&sort=createdDate,asc&size=2");
    expect(byDate.json().map((r: { id: string }) => r.id)).toEqual(ids.slice(0, 2));
  });

  it("the author removes a link; the pair can then be linked again", async () => {
    const a = (await flip("https://remove.example.com/a")).json();
    const created = (await link(alice, a.id, "https://remove.example.com/b", "Private thoughts")).json();
    const del = (user: TestUser) =>
      t.app.inject({
        method: "DELETE",
        url: `/api/v1/site-page-related-pages/${created.id}`,
        headers: user.headers,
      });
    expect((await del(bob)).statusCode).toBe(403);
    expect((await del(alice)).statusCode).toBe(204);
    expect((await related(a.id)).json()).toEqual([]);
    // Deleted like every kind: the row stays, its text does not.
    const [row] = await t.app.db
      .select({ body: contributions.body, deleted: contributions.deleted })
      .from(contributions)
      .where(eq(contributions.id, created.id));
    expect(row).toEqual({ body: "", deleted: true });
    expect((await del(alice)).statusCode).toBe(404);
    expect((await link(bob, a.id, "https://remove.example.com/b")).statusCode).toBe(201);
  });

  it("a hostile searchAnd is a 400", async () => {
    const res = await t.app.inject(
      `/api/v1/site-page-related-pages?searchAnd=${encodeURIComponent("sitePage_id==1;select pg_sleep(10)")}`,
    );
    expect(res.statusCode).toBe(400);
  });
});
