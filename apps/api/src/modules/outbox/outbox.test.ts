import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";
import { outboxEvents } from "../../db/schema/outbox.ts";
import { createDispatcher, type OutboxEvent, recordEvent } from "./outbox.ts";

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
let pageId: string;

beforeAll(async () => {
  // No polling: each test says when events are handled.
  t = await createTestApp({
    PAGE_FETCH_ENABLED: "false",
    OUTBOX_POLL_INTERVAL_MS: "0",
    OUTBOX_MAX_ATTEMPTS: "2",
  });
  ann = await createUser(t.app, { displayName: "Ann" });
  bob = await createUser(t.app, { displayName: "Bob" });
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/site-pages/flip",
    payload: { url: "https://outbox-test.com/story" },
  });
  pageId = res.json().id;
});
afterAll(() => t.close());

const eventsOf = (type: string) => t.app.db.select().from(outboxEvents).where(eq(outboxEvents.type, type));

describe("the outbox", () => {
  it("records a contribution and a vote as events in their own statement, each handled once", async () => {
    const seen: OutboxEvent[] = [];
    t.app.outbox.on("contribution.added", async (_tx, event) => {
      seen.push(event);
    });
    t.app.outbox.on("vote.cast", async (_tx, event) => {
      seen.push(event);
    });
    const comment = await sendAs(t.app, ann, "/api/v1/site-page-comments", {
      sitePage_id: pageId,
      body: "Hello",
    });
    await sendAs(t.app, bob, "/api/v1/contribution-votes", { contributionId: comment.id, vote: 1 });
    await t.app.outbox.wake();
    await t.app.outbox.wake();
    expect(seen.map((e) => [e.type, e.payload])).toEqual([
      [
        "contribution.added",
        {
          contributionId: comment.id,
          pageId,
          authorId: ann.id,
          kind: "COMMENT",
          parentId: null,
          official: false,
        },
      ],
      ["vote.cast", { contributionId: comment.id, voterId: bob.id, value: 1 }],
    ]);
    const [added] = await eventsOf("contribution.added");
    expect(added).toMatchObject({ attempts: 1, lastError: null });
    expect(added?.processedAt).toBeInstanceOf(Date);
  });

  it("leaves no event for a change that rolled back", async () => {
    const before = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(outboxEvents);
    await expect(
      t.app.db.transaction(async (tx) => {
        await recordEvent(tx, "test.rolled-back", { why: "the change failed after it" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await eventsOf("test.rolled-back")).toEqual([]);
    // A refused write (too long) leaves none either.
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/site-page-comments",
      headers: ann.headers,
      payload: { sitePage_id: pageId, body: "x".repeat(100_000) },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const after = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(outboxEvents);
    expect(after).toEqual(before);
  });

  it("keeps a failing handler's event for later, isolated from the others, and gives up after the last try", async () => {
    t.app.outbox.on("test.fails", async (tx) => {
      // What a failing handler wrote goes with it.
      await recordEvent(tx, "test.written-by-a-failure", {});
      throw new Error("the mail server is away");
    });
    const handled: number[] = [];
    t.app.outbox.on("test.works", async (_tx, event) => {
      handled.push(event.id);
    });
    await t.app.db.transaction(async (tx) => {
      await recordEvent(tx, "test.fails", {});
      await recordEvent(tx, "test.works", {});
    });
    await t.app.outbox.wake();
    const [failed] = await eventsOf("test.fails");
    expect(failed).toMatchObject({ attempts: 1, processedAt: null, lastError: "the mail server is away" });
    expect(failed?.retryAt?.getTime()).toBeGreaterThan(Date.now());
    expect(handled).toHaveLength(1);
    expect(await eventsOf("test.written-by-a-failure")).toEqual([]);

    // Not before its time; then its last try (OUTBOX_MAX_ATTEMPTS=2), after which it is kept, given up.
    await t.app.outbox.wake();
    expect((await eventsOf("test.fails"))[0]?.attempts).toBe(1);
    await t.app.db
      .update(outboxEvents)
      .set({ retryAt: new Date(0) })
      .where(eq(outboxEvents.type, "test.fails"));
    await t.app.outbox.wake();
    const [given] = await eventsOf("test.fails");
    expect(given).toMatchObject({ attempts: 2, lastError: "the mail server is away" });
    expect(given?.processedAt).toBeInstanceOf(Date);
    expect(handled).toHaveLength(1);
  });

  it("shares events between dispatchers on one database, each handled exactly once", async () => {
    await t.app.outbox.wake();
    const counts = new Map<number, number>();
    const count = async (_tx: unknown, event: OutboxEvent) => {
      counts.set(event.id, (counts.get(event.id) ?? 0) + 1);
    };
    const one = createDispatcher({ db: t.app.db, log: t.app.log, maxAttempts: 3 });
    const two = createDispatcher({ db: t.app.db, log: t.app.log, maxAttempts: 3 });
    one.on("test.shared", count);
    two.on("test.shared", count);
    await t.app.db.execute(
      sql`insert into outbox_events (type, payload) select 'test.shared', jsonb_build_object('n', i) from generate_series(1, 120) i`,
    );
    await Promise.all([one.wake(), two.wake(), one.wake(), two.wake()]);
    expect(counts.size).toBe(120);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const pending = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outboxEvents)
      .where(sql`${outboxEvents.type} = 'test.shared' and ${outboxEvents.processedAt} is null`);
    expect(pending[0]?.n).toBe(0);
    await Promise.all([one.stop(), two.stop()]);
  });

  it("deletes events handled long ago, keeping given-up ones longer", async () => {
    const day = 86_400_000;
    await t.app.db.transaction(async (tx) => {
      await recordEvent(tx, "test.old", {});
      await recordEvent(tx, "test.old-failure", {});
    });
    await t.app.db
      .update(outboxEvents)
      .set({ processedAt: new Date(Date.now() - 8 * day) })
      .where(eq(outboxEvents.type, "test.old"));
    await t.app.db
      .update(outboxEvents)
      .set({ processedAt: new Date(Date.now() - 8 * day), lastError: "given up" })
      .where(eq(outboxEvents.type, "test.old-failure"));
    const sweeper = createDispatcher({ db: t.app.db, log: t.app.log, maxAttempts: 3 });
    await sweeper.sweep();
    expect(await eventsOf("test.old")).toEqual([]);
    expect(await eventsOf("test.old-failure")).toHaveLength(1);
    await sweeper.sweep(new Date(Date.now() + 23 * day));
    expect(await eventsOf("test.old-failure")).toEqual([]);
  });
});
