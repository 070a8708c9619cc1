import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { contributions, sitePages, votes } from "../../db/schema/discussion.ts";

let t: TestApp;
let author: TestUser;
let pageId: string;

beforeAll(async () => {
  t = await createTestApp({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_ENABLED: "false" });
  author = await createUser(t.app, { displayName: "Author" });
  const flip = await t.app.inject({
    method: "POST",
    url: "/api/v1/site-pages/flip",
    payload: { url: "https://votes.example.com/page" },
  });
  pageId = flip.json().id;
});
afterAll(() => t.close());

async function newComment(body = "vote on me"): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/site-page-comments",
    headers: author.headers,
    payload: { sitePage_id: pageId, body },
  });
  return res.json().id;
}

function vote(user: TestUser | null, contributionId: string, value: number, kind?: string, app = t.app) {
  return app.inject({
    method: "POST",
    url: "/api/v1/contribution-votes",
    payload: { contributionId, vote: value, ...(kind ? { kind } : {}) },
    ...(user ? { headers: user.headers } : {}),
  });
}

/** The counters as stored, and what the vote rows say they should be. */
async function countsOf(id: string) {
  const [row] = await t.app.db
    .select({ up: contributions.upCount, down: contributions.downCount, score: contributions.score })
    .from(contributions)
    .where(eq(contributions.id, id));
  const [truth] = await t.app.db
    .select({
      up: sql<number>`count(*) filter (where ${votes.value} = 1)::int`,
      down: sql<number>`count(*) filter (where ${votes.value} = -1)::int`,
    })
    .from(votes)
    .where(and(eq(votes.targetKind, "CONTRIBUTION"), eq(votes.targetId, id)));
  if (!row || !truth) throw new Error(`contribution ${id} is missing`);
  return { stored: row, truth };
}

describe("POST /v1/contribution-votes", () => {
  it("up, down, remove: returns the new counts and the viewer's vote", async () => {
    const id = await newComment();
    const voter = await createUser(t.app);
    const up = await vote(voter, id, 1);
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({
      contributionId: id,
      kind: "CONTRIBUTION",
      up: 1,
      down: 0,
      score: 1,
      vote: 1,
    });
    expect((await vote(voter, id, 1)).json()).toMatchObject({ up: 1, down: 0, score: 1, vote: 1 });
    expect((await vote(voter, id, -1)).json()).toMatchObject({ up: 0, down: 1, score: -1, vote: -1 });
    expect((await vote(voter, id, 0)).json()).toMatchObject({ up: 0, down: 0, score: 0, vote: 0 });
    expect((await vote(voter, id, 0)).json()).toMatchObject({ up: 0, down: 0, score: 0, vote: 0 });
    const listed = await t.app.inject({
      url: `/api/v1/site-page-comments?searchAnd=id==${id}`,
      headers: voter.headers,
    });
    expect(listed.json()[0]).toMatchObject({ up: 0, down: 0, myVote: 0 });
  });

  it("refuses anonymous (401), unactivated (403), self votes (403), bad values (400) and unknown targets (404)", async () => {
    const id = await newComment();
    expect((await vote(null, id, 1)).statusCode).toBe(401);
    const newcomer = await createUser(t.app, { activated: false });
    expect((await vote(newcomer, id, 1)).statusCode).toBe(403);
    const self = await vote(author, id, 1);
    expect(self.statusCode).toBe(403);
    expect(self.json().detail).toBe("You cannot vote on your own contribution.");
    const voter = await createUser(t.app);
    expect((await vote(voter, id, 2)).statusCode).toBe(400);
    expect((await vote(voter, "0190a0a0-0000-7000-8000-000000000000", 1)).statusCode).toBe(404);
    expect((await vote(voter, id, 1, "SOMETHING")).statusCode).toBe(400);
    await t.app.inject({
      method: "DELETE",
      url: `/api/v1/site-page-comments/${id}`,
      headers: author.headers,
    });
    expect((await vote(voter, id, 1)).statusCode).toBe(404);
  });

  it("votes on a page itself with kind SITE_PAGE", async () => {
    const voter = await createUser(t.app);
    const res = await vote(voter, pageId, 1, "SITE_PAGE");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: "SITE_PAGE", up: 1, score: 1, vote: 1 });
    const page = await t.app.inject({
      url: `/api/v1/site-pages?searchAnd=id==${pageId}`,
      headers: voter.headers,
    });
    expect(page.json()[0]).toMatchObject({ up: 1, score: 1, myVote: 1 });
    // A comment id is not a page.
    expect((await vote(voter, await newComment(), 1, "SITE_PAGE")).statusCode).toBe(404);
  });

  it("stays exact when 20 profiles vote at the same moment", async () => {
    const id = await newComment();
    const voters = await Promise.all(Array.from({ length: 20 }, () => createUser(t.app)));
    const results = await Promise.all(voters.map((v, i) => vote(v, id, i < 14 ? 1 : -1)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const { stored, truth } = await countsOf(id);
    expect(stored).toEqual({ up: 14, down: 6, score: 8 });
    expect(truth).toEqual({ up: 14, down: 6 });
    // Every answer saw a consistent state: the counts it returned add up to the votes so far.
    const totals = results.map((r) => r.json().up + r.json().down).sort((a, b) => a - b);
    expect(totals).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("stays exact when the same profiles toggle concurrently", async () => {
    const id = await newComment();
    const voters = await Promise.all(Array.from({ length: 6 }, () => createUser(t.app)));
    const sequence = [1, -1, 0, 1, 1, -1, 0, -1];
    await Promise.all(voters.flatMap((v) => sequence.map((value) => vote(v, id, value))));
    const { stored, truth } = await countsOf(id);
    expect(stored.up).toBe(truth.up);
    expect(stored.down).toBe(truth.down);
    expect(stored.score).toBe(truth.up - truth.down);
    const [rows] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(votes)
      .where(eq(votes.targetId, id));
    expect(rows?.n).toBeLessThanOrEqual(6);
  });

  it("limits votes per account", async () => {
    const limited = await createTestApp({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_VOTE_PER_MINUTE: "2" });
    try {
      const page = await limited.app.inject({
        method: "POST",
        url: "/api/v1/site-pages/flip",
        payload: { url: "https://vote-limit.example.com/" },
      });
      const voter = await createUser(limited.app);
      const codes = [];
      for (const value of [1, -1, 1])
        codes.push((await vote(voter, page.json().id, value, "SITE_PAGE", limited.app)).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      const [row] = await limited.app.db.select().from(sitePages).where(eq(sitePages.id, page.json().id));
      expect(row).toMatchObject({ upCount: 0, downCount: 1 });
    } finally {
      await limited.close();
    }
  });
});
