import { mentionMarkdown } from "@flipside/contracts/mentions";
import { Notification } from "@flipside/contracts/notifications";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";
import { sites } from "../../db/schema/discussion.ts";

let t: TestApp;
let pageId: string;

beforeAll(async () => {
  // Events are handled when each test says so (no polling), as they would be a moment later.
  t = await createTestApp({
    PAGE_FETCH_ENABLED: "false",
    RATE_LIMIT_ENABLED: "false",
    OUTBOX_POLL_INTERVAL_MS: "0",
  });
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/site-pages/flip",
    payload: { url: "https://notify-test.com/story" },
  });
  pageId = res.json().id;
});
afterAll(() => t.close());

async function inbox(user: TestUser) {
  await t.app.outbox.wake();
  const res = await t.app.inject({ url: "/api/v1/notifications?size=50", headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return z.array(Notification).parse(res.json());
}
async function unread(user: TestUser) {
  await t.app.outbox.wake();
  const res = await t.app.inject({ url: "/api/v1/notifications/unread-count", headers: user.headers });
  return Number(res.json().count);
}
const comment = (by: TestUser, body: string, parent_id?: string, page = pageId) =>
  sendAs(t.app, by, "/api/v1/site-page-comments", {
    sitePage_id: page,
    body,
    ...(parent_id ? { parent_id } : {}),
  });
const vote = (by: TestUser, contributionId: string, value = 1) =>
  sendAs(t.app, by, "/api/v1/contribution-votes", { contributionId, vote: value });

describe("notifications", () => {
  it("tells the author of a reply, grouping the replies to one comment while unread", async () => {
    const ann = await createUser(t.app, { displayName: "Ann Author" });
    const bob = await createUser(t.app, { displayName: "Bob Replier" });
    const cid = await createUser(t.app, { displayName: "Cid Replier" });
    const mine = await comment(ann, "What do you think?");
    await comment(bob, "I think **so**.", mine.id);
    const [first, ...rest] = await inbox(ann);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({
      kind: "REPLY",
      message: "Bob Replier replied to you on “notify-test.com/story”",
      actor: { displayName: "Bob Replier" },
      excerpt: "I think so.",
      read: false,
    });
    expect(first?.link).toBe(`/?url=notify-test.com%2Fstory&comment=${first?.contributionId}`);
    expect(await unread(ann)).toBe(1);
    // Nobody is told of their own reply.
    await comment(ann, "Answering myself", mine.id);
    await comment(cid, "Me too", mine.id);
    const grouped = await inbox(ann);
    expect(grouped).toHaveLength(1);
    expect(grouped[0]).toMatchObject({
      message: "Cid Replier and 1 other person replied to you on “notify-test.com/story”",
      actorCount: 2,
      itemCount: 2,
      excerpt: "Me too",
    });
    expect(await inbox(bob)).toEqual([]);
  });

  it("counts the people who voted on a contribution, once each", async () => {
    const dan = await createUser(t.app, { displayName: "Dan Voted" });
    const theirs = await comment(dan, "Vote on me");
    const voters = await Promise.all(
      ["V1", "V2", "V3"].map((displayName) => createUser(t.app, { displayName })),
    );
    for (const v of voters) await vote(v, theirs.id);
    // Changing one's vote is not another vote.
    await vote(voters[0] as TestUser, theirs.id, -1);
    const [n] = await inbox(dan);
    expect(n).toMatchObject({ kind: "VOTES", actorCount: 3, itemCount: 3 });
    expect(n?.message).toBe("3 people voted on your comment on “notify-test.com/story”");
    // Once read, the next vote starts a new notification.
    const read = await t.app.inject({
      method: "POST",
      url: `/api/v1/notifications/${n?.id}/read`,
      headers: dan.headers,
    });
    expect(read.statusCode).toBe(204);
    const late = await createUser(t.app, { displayName: "Late Voter" });
    await vote(late, theirs.id);
    const after = await inbox(dan);
    expect(after.map((x) => [x.message, x.read])).toEqual([
      ["Late Voter voted on your comment on “notify-test.com/story”", false],
      ["3 people voted on your comment on “notify-test.com/story”", true],
    ]);
  });

  it("tells the people mentioned, by id, and never across a block", async () => {
    const eve = await createUser(t.app, { displayName: "Eve Mentioner" });
    const fay = await createUser(t.app, { displayName: "Fay Mentioned" });
    const gus = await createUser(t.app, { displayName: "Gus Blocker" });
    await sendAs(t.app, gus, "/api/v1/profile-blocks", { blockedId: eve.id });
    await comment(
      eve,
      `Ask ${mentionMarkdown("Fay Mentioned", fay.id)} and ${mentionMarkdown("Gus", gus.id)}`,
    );
    expect((await inbox(fay)).map((n) => [n.kind, n.message])).toEqual([
      ["MENTION", "Eve Mentioner mentioned you on “notify-test.com/story”"],
    ]);
    expect(await inbox(gus)).toEqual([]);
    // Nor a reply across a block.
    const gusComment = await comment(gus, "Gus speaks");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/site-page-comments",
      headers: eve.headers,
      payload: { sitePage_id: pageId, body: "Eve answers", parent_id: gusComment.id },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(await inbox(gus)).toEqual([]);
  });

  it("tells followers of new discussion, grouped per page, and the owner of a verified site of a review", async () => {
    const hal = await createUser(t.app, { displayName: "Hal Follower" });
    const ida = await createUser(t.app, { displayName: "Ida Owner" });
    const jon = await createUser(t.app, { displayName: "Jon Writer" });
    const flip = await t.app.inject({
      method: "POST",
      url: "/api/v1/site-pages/flip",
      payload: { url: "https://owned-notify-test.com/product" },
    });
    const page = flip.json();
    await t.app.db
      .update(sites)
      .set({ verificationStatus: "VERIFIED", ownerKind: "USER", ownerId: ida.id })
      .where(eq(sites.id, page.site.id));
    await sendAs(t.app, hal, "/api/v1/follows", { targetKind: "SITE", targetId: page.site.id });
    await comment(jon, "First", undefined, page.id);
    await sendAs(t.app, jon, "/api/v1/site-page-reviews", {
      sitePage_id: page.id,
      sentiment: "POSITIVE",
      title: "Solid",
      body: "It works",
    });
    expect((await inbox(hal)).map((n) => [n.kind, n.message, n.itemCount])).toEqual([
      ["FOLLOWED_ACTIVITY", "2 new comments, reviews or links on “owned-notify-test.com/product”", 2],
    ]);
    expect((await inbox(ida)).map((n) => [n.kind, n.message])).toEqual([
      [
        "SITE_REVIEW",
        "Jon Writer reviewed “owned-notify-test.com/product” on your site owned-notify-test.com",
      ],
    ]);
  });

  it("marks all read up to what was seen, and keeps each person's to themselves", async () => {
    const kim = await createUser(t.app, { displayName: "Kim" });
    const leo = await createUser(t.app, { displayName: "Leo" });
    const c = await comment(kim, "Kim's");
    await comment(leo, "One", c.id);
    const [seen] = await inbox(kim);
    const someoneElse = await t.app.inject({
      method: "POST",
      url: `/api/v1/notifications/${seen?.id}/read`,
      headers: leo.headers,
    });
    expect(someoneElse.statusCode).toBe(404);
    const before = seen?.updatedDate;
    const mia = await createUser(t.app, { displayName: "Mia" });
    const other = await comment(kim, "Kim's second");
    await new Promise((r) => setTimeout(r, 5));
    await comment(mia, "Later", other.id);
    await t.app.outbox.wake();
    const all = await t.app.inject({
      method: "POST",
      url: "/api/v1/notifications/read-all",
      headers: kim.headers,
      payload: { before },
    });
    expect(all.statusCode).toBe(204);
    expect((await inbox(kim)).map((n) => [n.message.split(" ")[0], n.read])).toEqual([
      ["Mia", false],
      ["Leo", true],
    ]);
    expect(await unread(kim)).toBe(1);
    const everything = await t.app.inject({
      method: "POST",
      url: "/api/v1/notifications/read-all",
      headers: kim.headers,
      payload: {},
    });
    expect(everything.statusCode).toBe(204);
    expect(await unread(kim)).toBe(0);
    expect((await t.app.inject({ url: "/api/v1/notifications" })).statusCode).toBe(401);
  });

  it("keeps mail preferences per kind, with defaults, refusing what is not one", async () => {
    const ned = await createUser(t.app, { displayName: "Ned" });
    const get = await t.app.inject({ url: "/api/v1/notification-preferences", headers: ned.headers });
    expect(get.json().find((p: { kind: string }) => p.kind === "REPLY")).toMatchObject({
      mail: "NOW",
      default: "NOW",
    });
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/v1/notification-preferences",
      headers: ned.headers,
      payload: { preferences: [{ kind: "REPLY", mail: "DIGEST" }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().find((p: { kind: string }) => p.kind === "REPLY")).toMatchObject({ mail: "DIGEST" });
    for (const payload of [
      { preferences: [{ kind: "REPLY", mail: "WEEKLY" }] },
      { preferences: [{ kind: "NOPE", mail: "NOW" }] },
      { preferences: [] },
      { preferences: [{ kind: "REPLY", mail: "NOW" }], extra: true },
    ]) {
      const bad = await t.app.inject({
        method: "PUT",
        url: "/api/v1/notification-preferences",
        headers: ned.headers,
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});
