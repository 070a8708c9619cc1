import { BLOCK_MESSAGES } from "@flipside/contracts/blocks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AccountsHarness, createAccountsHarness } from "../../../test/accounts-support.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";

let t: AccountsHarness;
let ann: TestUser;
let bob: TestUser;
let cid: TestUser;
let pageId: string;

beforeAll(async () => {
  t = await createAccountsHarness({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_ENABLED: "false" });
  [ann, bob, cid] = (await Promise.all(
    ["Ann Blocker", "Bob Blocked", "Cid Bystander"].map((displayName) => createUser(t.app, { displayName })),
  )) as [TestUser, TestUser, TestUser];
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/site-pages/flip",
    payload: { url: "https://news.blocks-test.org/story" },
  });
  pageId = res.json().id;
});
afterAll(() => t.close());

const get = (by: TestUser | null, url: string) =>
  t.app.inject({ method: "GET", url, ...(by ? { headers: by.headers } : {}) });
const block = (by: TestUser, blockedId: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/profile-blocks/",
    headers: by.headers,
    payload: { blockedId },
  });
const unblock = (by: TestUser, blockedId: string) =>
  t.app.inject({ method: "DELETE", url: `/api/v1/profile-blocks/${blockedId}`, headers: by.headers });
const comment = (by: TestUser, body: string, parent_id?: string) =>
  sendAs(t.app, by, "/api/v1/site-page-comments", {
    sitePage_id: pageId,
    body,
    ...(parent_id ? { parent_id } : {}),
  });

/** What a person is shown of the page: comment bodies, the total, reply counts, reviews and related pages. */
async function seenBy(by: TestUser | null) {
  const comments = await get(
    by,
    `/api/v1/site-page-comments?searchAnd=sitePage_id==${pageId},COMMENT&size=100`,
  );
  const reviews = await get(by, `/api/v1/site-page-reviews?searchAnd=sitePage_id==${pageId}`);
  const summary = await get(by, `/api/v1/site-page-reviews/summary?sitePage_id=${pageId}`);
  const related = await get(by, `/api/v1/site-page-related-pages?searchAnd=sitePage_id==${pageId}`);
  for (const res of [comments, reviews, summary, related]) expect(res.statusCode, res.body).toBe(200);
  const items = comments.json() as { id: string; body: string; replySize: number }[];
  return {
    comments: items.map((c) => c.body).sort(),
    commentTotal: Number(comments.headers["x-total-count"]),
    replySizes: Object.fromEntries(items.map((c) => [c.body, c.replySize])),
    reviews: (reviews.json() as { title: string }[]).map((r) => r.title).sort(),
    reviewTotal: Number(reviews.headers["x-total-count"]),
    reviewSummary: summary.json().total,
    related: (related.json() as unknown[]).length,
    relatedTotal: Number(related.headers["x-total-count"]),
  };
}

describe("blocking a person", () => {
  it("refuses yourself, an unknown person and anyone signed out; changes nothing", async () => {
    const self = await block(ann, ann.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().detail).toBe(BLOCK_MESSAGES.self);
    const unknown = await block(ann, "0190f4c2-0000-7000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect((await block(ann, "not-a-uuid")).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/v1/profile-blocks/",
      payload: { blockedId: bob.id },
    });
    expect(anonymous.statusCode).toBe(401);
    const list = await get(ann, "/api/v1/profile-blocks");
    expect(list.json()).toEqual([]);
  });

  it("hides each one's contributions from the other, with counts that match, and from nobody else", async () => {
    const annSays = await comment(ann, "Ann's comment");
    const bobSays = await comment(bob, "Bob's comment");
    await comment(cid, "Cid's comment");
    const bobAnswersAnn = await comment(bob, "Bob answers Ann", annSays.id);
    await comment(cid, "Cid answers Ann", annSays.id);
    await comment(cid, "Cid answers Bob", bobAnswersAnn.id);
    const annAnswersBob = await comment(ann, "Ann answers Bob", bobSays.id);
    await comment(cid, "Cid answers Ann in Bob's thread", annAnswersBob.id);
    for (const [by, sentiment] of [
      [ann, "POSITIVE"],
      [bob, "NEGATIVE"],
    ] as const) {
      await sendAs(t.app, by, "/api/v1/site-page-reviews", {
        sitePage_id: pageId,
        sentiment,
        title: `${by.displayName} reviews`,
        body: "A review with enough words in it.",
      });
    }
    await sendAs(t.app, bob, "/api/v1/site-page-related-pages", {
      sitePage_id: pageId,
      url: "https://other.blocks-test.org/bob",
    });

    const bobsNote = await sendAs(t.app, bob, "/api/v1/notes", {
      sitePage_id: pageId,
      title: "Bob's public note",
      body: "For everyone.",
      visibility: "PUBLIC",
    });
    const before = await seenBy(ann);
    expect(before.comments).toEqual(["Ann's comment", "Bob's comment", "Cid's comment"]);
    expect(before.replySizes["Ann's comment"]).toBe(3);

    const res = await block(ann, bob.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().blocked).toMatchObject({ id: bob.id, displayName: "Bob Blocked" });
    expect((await block(ann, bob.id)).statusCode).toBe(200);
    expect((await get(ann, `/api/v1/profile-blocks?blockedId=${bob.id}`)).json()).toHaveLength(1);
    expect((await get(ann, `/api/v1/profile-blocks?blockedId=${cid.id}`)).json()).toEqual([]);
    expect((await get(bob, `/api/v1/profile-blocks?blockedId=${ann.id}`)).json()).toEqual([]);

    const annSees = await seenBy(ann);
    expect(annSees).toEqual({
      comments: ["Ann's comment", "Cid's comment"],
      commentTotal: 2,
      // Bob's reply to Ann stays in her thread, collapsed (below).
      replySizes: { "Ann's comment": 3, "Cid's comment": 0 },
      reviews: ["Ann Blocker reviews"],
      reviewTotal: 1,
      reviewSummary: 1,
      related: 0,
      relatedTotal: 0,
    });
    const bobSees = await seenBy(bob);
    expect(bobSees).toEqual({
      comments: ["Bob's comment", "Cid's comment"],
      commentTotal: 2,
      // Ann's reply to Bob is gone for him, and his count says so.
      replySizes: { "Bob's comment": 1, "Cid's comment": 0 },
      reviews: ["Bob Blocked reviews"],
      reviewTotal: 1,
      reviewSummary: 1,
      related: 1,
      relatedTotal: 1,
    });
    // Everyone else sees the whole page, anonymous or signed in.
    for (const other of [cid, null]) {
      const seen = await seenBy(other);
      expect(seen.comments).toEqual(["Ann's comment", "Bob's comment", "Cid's comment"]);
      expect(seen.commentTotal).toBe(3);
      expect(seen.replySizes["Ann's comment"]).toBe(3);
      expect(seen.reviewSummary).toBe(2);
    }

    const annReplies = await get(
      ann,
      `/api/v1/site-page-comments?searchAnd=parent_id==${annSays.id}&sort=createdDate,asc`,
    );
    expect(annReplies.headers["x-total-count"]).toBe("3");
    expect(annReplies.json()).toEqual([
      expect.objectContaining({
        blocked: true,
        deleted: true,
        author: null,
        body: "",
        bodyHtml: "",
        attachments: [],
      }),
      expect.objectContaining({ blocked: false, body: "Cid answers Ann", inReplyTo: null }),
      // Whom Cid answered is not named to Ann.
      expect.objectContaining({ body: "Cid answers Bob", inReplyTo: { id: bobAnswersAnn.id, author: null } }),
    ]);
    // Nor to Bob, Ann (he is never told of the block: her reply is simply not there).
    const bobReplies = await get(bob, `/api/v1/site-page-comments?searchAnd=parent_id==${bobSays.id}`);
    expect(bobReplies.json()).toEqual([
      expect.objectContaining({
        body: "Cid answers Ann in Bob's thread",
        inReplyTo: { id: annAnswersBob.id, author: null },
      }),
    ]);
    const cidReplies = await get(
      cid,
      `/api/v1/site-page-comments?searchAnd=parent_id==${bobSays.id}&sort=createdDate,asc`,
    );
    const answered = (cidReplies.json() as { inReplyTo: { author: { id: string } | null } | null }[]).map(
      (r) => r.inReplyTo?.author?.id ?? null,
    );
    expect(answered).toEqual([null, ann.id]);
    // Read by id, the placeholder is all there is of it.
    const bobsReplyId = annReplies.json()[0].id;
    expect((await get(ann, `/api/v1/site-page-comments/${bobsReplyId}`)).json()).toMatchObject({
      blocked: true,
      body: "",
    });
    expect((await get(cid, `/api/v1/site-page-comments/${bobsReplyId}`)).json()).toMatchObject({
      blocked: false,
      body: "Bob answers Ann",
    });
    // A person's contributions, as listed on their profile, are gone too.
    const bobsOnProfile = await get(ann, `/api/v1/contributions?searchAnd=authorId==${bob.id}`);
    expect(bobsOnProfile.json()).toEqual([]);
    expect((await get(ann, `/api/v1/site-page-comments/${bobSays.id}`)).statusCode).toBe(404);
    expect((await get(ann, `/api/v1/profiles/${bob.id}/notes`)).json()).toEqual([]);
    expect((await get(ann, `/api/v1/notes/${bobsNote.id}`)).statusCode).toBe(404);
    expect((await get(cid, `/api/v1/profiles/${bob.id}/notes`)).json()).toHaveLength(1);
  });

  it("stops replies and votes across the block, both ways", async () => {
    const annSays = await comment(ann, "Ann again");
    const bobSays = await comment(bob, "Bob again");
    const cidSays = await comment(cid, "Cid again");
    const bobReplyToCid = await comment(bob, "Bob answers Cid", cidSays.id);
    for (const [by, target] of [
      [bob, annSays.id],
      [ann, bobSays.id],
      // A reply to a reply joins its thread: answering Bob inside Cid's thread is refused too.
      [ann, bobReplyToCid.id],
    ] as const) {
      const reply = await t.app.inject({
        method: "POST",
        url: "/api/v1/site-page-comments",
        headers: by.headers,
        payload: { sitePage_id: pageId, body: "Hello?", parent_id: target },
      });
      expect(reply.statusCode, reply.body).toBe(404);
      const vote = await t.app.inject({
        method: "POST",
        url: "/api/v1/contribution-votes",
        headers: by.headers,
        payload: { contributionId: target, vote: 1 },
      });
      expect(vote.statusCode, vote.body).toBe(404);
    }
    // Nothing was written: the counts are as they were.
    expect((await get(cid, `/api/v1/site-page-comments/${annSays.id}`)).json()).toMatchObject({
      replySize: 0,
      up: 0,
    });
    // Each may still answer and vote on everyone else.
    await comment(ann, "Ann answers Cid", cidSays.id);
    await sendAs(t.app, bob, "/api/v1/contribution-votes", { contributionId: cidSays.id, vote: 1 });
  });

  it("lists only the viewer's own blocks, and unblocking brings everything back", async () => {
    const annList = await get(ann, "/api/v1/profile-blocks");
    expect(annList.headers["x-total-count"]).toBe("1");
    expect(annList.json()).toEqual([
      {
        blocked: { id: bob.id, displayName: "Bob Blocked", imageUrl: null },
        createdDate: expect.any(String),
      },
    ]);
    // The blocked person is never told.
    expect((await get(bob, "/api/v1/profile-blocks")).json()).toEqual([]);

    expect((await unblock(ann, bob.id)).statusCode).toBe(204);
    expect((await unblock(ann, bob.id)).statusCode).toBe(204);
    const annSees = await seenBy(ann);
    expect(annSees.comments).toContain("Bob's comment");
    expect(annSees.reviewSummary).toBe(2);
    expect((await get(ann, "/api/v1/profile-blocks")).json()).toEqual([]);
  });
});
