import { LiveContribution, LiveTally } from "@flipside/contracts/live";
import { LIVE_RETRY_MS } from "@flipside/contracts/live-constants";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { openStream, type SseEvent } from "../../../test/sse.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";
import { contributions } from "../../db/schema/discussion.ts";

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({
    PAGE_FETCH_ENABLED: "false",
    RATE_LIMIT_ENABLED: "false",
    LIVE_HEARTBEAT_MS: "200",
  });
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => t.close());

const flip = async (url: string): Promise<string> =>
  (await t.app.inject({ method: "POST", url: "/api/v1/site-pages/flip", payload: { url } })).json().id;
const say = async (by: TestUser, pageId: string, body: string, parentId?: string): Promise<string> =>
  (
    await sendAs(t.app, by, "/api/v1/site-page-comments", {
      sitePage_id: pageId,
      body,
      ...(parentId ? { parent_id: parentId } : {}),
    })
  ).id;
const streamOf = (query: string, who?: TestUser, headers: Record<string, string> = {}) =>
  openStream(`${base}/api/v1/events?${query}`, {
    ...(who ? { authorization: `Bearer ${who.token}` } : {}),
    ...headers,
  });
const contribution = (e: SseEvent) => LiveContribution.parse(JSON.parse(e.data));
const about = (id: string) => (e: SseEvent) => e.event === "contribution" && contribution(e).id === id;

describe("GET /v1/events", () => {
  it("tells a page's streams of what others add, at once, and never the writer of their own", async () => {
    const pageId = await flip("https://live-test.com/first");
    const ann = await createUser(t.app, { displayName: "Ann Live" });
    const bob = await createUser(t.app, { displayName: "Bob Live" });
    const anonymous = await streamOf(`pageId=${pageId}`);
    const annStream = await streamOf(`pageId=${pageId}`, ann);
    try {
      expect(anonymous.status).toBe(200);
      expect(anonymous.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      expect(anonymous.headers.get("cache-control")).toBe("private, no-store");
      const id = await say(bob, pageId, "Fresh news");
      const event = await anonymous.next(about(id));
      expect(contribution(event)).toMatchObject({ id, pageId, kind: "COMMENT", parentId: null });
      // Its id is when it was written: what a reconnecting browser sends back.
      expect(event.id).toBe(contribution(event).createdDate);
      expect(anonymous.retry()).toBe(LIVE_RETRY_MS);
      const reply = await say(ann, pageId, "A reply of Ann's", id);
      expect(contribution(await anonymous.next(about(reply)))).toMatchObject({ kind: "REPLY", parentId: id });
      await annStream.next(about(id));
      // Ann's own reply is not news to Ann; the heartbeat still comes.
      const beats = annStream.comments();
      await expect.poll(() => annStream.comments(), { timeout: 3000 }).toBeGreaterThan(beats);
      expect(annStream.events.some(about(reply))).toBe(false);
    } finally {
      anonymous.close();
      annStream.close();
    }
  });

  it("gives the tally of a contribution others vote on, not to the voter", async () => {
    const pageId = await flip("https://live-test.com/votes");
    const jo = await createUser(t.app, { displayName: "Jo Author" });
    const kai = await createUser(t.app, { displayName: "Kai Voter" });
    const id = await say(jo, pageId, "Vote on me");
    const watcher = await streamOf(`pageId=${pageId}`, jo);
    const voter = await streamOf(`pageId=${pageId}`, kai);
    try {
      await sendAs(t.app, kai, "/api/v1/contribution-votes", { contributionId: id, vote: 1 });
      const event = await watcher.next((e) => e.event === "votes");
      expect(LiveTally.parse(JSON.parse(event.data))).toEqual({ id, pageId, upCount: 1, downCount: 0 });
      // No id: tallies are not replayed (a reload has them).
      expect(event.id).toBeUndefined();
      // Told in order: once the voter hears of a later comment, the tally would have come before it.
      const later = await say(jo, pageId, "And a comment after it");
      await voter.next(about(later));
      expect(voter.events.some((e) => e.event === "votes")).toBe(false);
    } finally {
      watcher.close();
      voter.close();
    }
  });

  it("replays what was added since the page was read, or since the last event (Last-Event-ID)", async () => {
    const pageId = await flip("https://live-test.com/replay");
    const cy = await createUser(t.app, { displayName: "Cy Live" });
    const first = await say(cy, pageId, "One");
    const second = await say(cy, pageId, "Two");
    await t.app.outbox.wake();
    // Written two and one minutes ago.
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
    await t.app.db
      .update(contributions)
      .set({ createdAt: minutesAgo(2) })
      .where(eq(contributions.id, first));
    await t.app.db
      .update(contributions)
      .set({ createdAt: minutesAgo(1) })
      .where(eq(contributions.id, second));
    const since = await streamOf(`pageId=${pageId}&since=${encodeURIComponent(minutesAgo(3).toISOString())}`);
    try {
      await since.next(about(second));
      expect(since.events.filter((e) => e.event === "contribution").map((e) => contribution(e).id)).toEqual([
        first,
        second,
      ]);
    } finally {
      since.close();
    }
    // A browser that had the first one's event gets the second again, then what comes next.
    const resumed = await streamOf(`pageId=${pageId}`, undefined, {
      "last-event-id": new Date(minutesAgo(2).getTime() + 30_000).toISOString(),
    });
    try {
      const third = await say(cy, pageId, "Three");
      await resumed.next(about(third));
      expect(resumed.events.filter((e) => e.event === "contribution").map((e) => contribution(e).id)).toEqual(
        [second, third],
      );
    } finally {
      resumed.close();
    }
  });

  it("leaves out the people across a block, live and replayed", async () => {
    const pageId = await flip("https://live-test.com/blocks");
    const dee = await createUser(t.app, { displayName: "Dee Blocker" });
    const eve = await createUser(t.app, { displayName: "Eve Blocked" });
    const fay = await createUser(t.app, { displayName: "Fay Fine" });
    await sendAs(t.app, dee, "/api/v1/profile-blocks", { blockedId: eve.id });
    const early = new Date(Date.now() - 60_000).toISOString();
    await say(eve, pageId, "Eve before");
    const stream = await streamOf(`pageId=${pageId}&since=${encodeURIComponent(early)}`, dee);
    try {
      await say(eve, pageId, "Eve again");
      const fine = await say(fay, pageId, "Fay here");
      await stream.next(about(fine));
      expect(stream.events.filter((e) => e.event === "contribution")).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it("tells a signed-in person's streams when their notifications change", async () => {
    const pageId = await flip("https://live-test.com/bell");
    const gil = await createUser(t.app, { displayName: "Gil Bell" });
    const hal = await createUser(t.app, { displayName: "Hal Replier" });
    const question = await say(gil, pageId, "Anyone?");
    const bell = await streamOf("", gil);
    const elsewhere = await streamOf(`pageId=${await flip("https://live-test.com/elsewhere")}`, gil);
    try {
      await say(hal, pageId, "Me!", question);
      await bell.next((e) => e.event === "notifications");
      await elsewhere.next((e) => e.event === "notifications");
      // Read on one device: the others hear of it too.
      const from = bell.events.length;
      const [notification] = (
        await t.app.inject({ url: "/api/v1/notifications", headers: gil.headers })
      ).json();
      await t.app.inject({
        method: "POST",
        url: `/api/v1/notifications/${notification.id}/read`,
        headers: gil.headers,
      });
      await bell.next((e) => e.event === "notifications", 5_000, from);
    } finally {
      bell.close();
      elsewhere.close();
    }
  });

  it("refuses a stream about nothing or an unreadable page id", async () => {
    const nothing = await streamOf("");
    expect(nothing.status).toBe(400);
    expect(nothing.json()).toMatchObject({ detail: "Give the pageId of the page to follow, or sign in." });
    const bad = await streamOf("pageId=nope");
    expect(bad.status).toBe(400);
  });
});

describe("stream limits", () => {
  let small: TestApp;
  let smallBase: string;
  beforeAll(async () => {
    small = await createTestApp({
      PAGE_FETCH_ENABLED: "false",
      RATE_LIMIT_ENABLED: "false",
      LIVE_MAX_STREAMS: "3",
      LIVE_MAX_STREAMS_PER_PERSON: "2",
    });
    smallBase = await small.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => small.close());

  it("caps one person's streams (429) and the instance's (503), and frees them as they close", async () => {
    const ivy = await createUser(small.app, { displayName: "Ivy Tabs" });
    const as = { authorization: `Bearer ${ivy.token}` };
    const url = `${smallBase}/api/v1/events`;
    const open = [await openStream(url, as), await openStream(url, as)];
    const third = await openStream(url, as);
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBe("60");
    const pageId = (
      await small.app.inject({
        method: "POST",
        url: "/api/v1/site-pages/flip",
        payload: { url: "https://cap.com/" },
      })
    ).json().id;
    open.push(await openStream(`${url}?pageId=${pageId}`));
    const full = await openStream(`${url}?pageId=${pageId}`);
    expect(full.status).toBe(503);
    expect(full.json()).toMatchObject({ code: "unavailable" });
    open[0]?.close();
    await expect
      .poll(async () => {
        const again = await openStream(url, as);
        again.close();
        return again.status;
      })
      .toBe(200);
    for (const s of open) s.close();
  });

  it("ends open streams when the server closes, so closing never waits for them", async () => {
    const other = await createTestApp({ PAGE_FETCH_ENABLED: "false" });
    const otherBase = await other.app.listen({ port: 0, host: "127.0.0.1" });
    const pageId = (
      await other.app.inject({
        method: "POST",
        url: "/api/v1/site-pages/flip",
        payload: { url: "https://end.com/" },
      })
    ).json().id;
    const stream = await openStream(`${otherBase}/api/v1/events?pageId=${pageId}`);
    expect(stream.status).toBe(200);
    await other.close();
    await stream.closed();
  });
});
