import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idempotencyKeys } from "../src/db/schema/money.ts";
import { createTestApp, type TestApp } from "./helper.ts";
import { createUser, sendAs, type TestUser } from "./users.ts";

/**
 * Idempotency-Key on every POST (issue 24): a write whose answer was lost is sent again with its
 * key and answers the first result; it is never written twice.
 */
let t: TestApp;
let writer: TestUser;
let pageId: string;

beforeAll(async () => {
  t = await createTestApp({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_ENABLED: "false" });
  writer = await createUser(t.app, { displayName: "Ida Empotent" });
  pageId = (await sendAs(t.app, writer, "/api/v1/site-pages/flip", { url: "https://once-only.com/" })).id;
});
afterAll(() => t?.close());

const comment = (key: string | undefined, body: string, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/site-page-comments",
    headers: { ...writer.headers, ...(key === undefined ? {} : { "idempotency-key": key }), ...extra },
    payload: { sitePage_id: pageId, body },
  });

async function commentsSaying(body: string) {
  const res = await t.app.inject(
    `/api/v1/site-page-comments?searchAnd=sitePage_id==${pageId},COMMENT&size=100`,
  );
  return res.json().filter((c: { body: string }) => c.body === body);
}

describe("a POST with an Idempotency-Key", () => {
  it("sent again answers the first result, marked as a replay, and writes once", async () => {
    const first = await comment("key-sent-twice", "Only once, please");
    expect(first.statusCode).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await comment("key-sent-twice", "Only once, please");
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(await commentsSaying("Only once, please")).toHaveLength(1);
    // Without a key, the same body is another comment, as before.
    expect((await comment(undefined, "Only once, please")).statusCode).toBe(201);
    expect(await commentsSaying("Only once, please")).toHaveLength(2);
  });

  it("sent many times at once writes once: the others wait their turn (409) or answer the first", async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => comment("key-at-once", "All at once")),
    );
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const a of answers.filter((a) => a.statusCode !== 201)) {
      expect(a.statusCode).toBe(409);
      expect(a.headers["retry-after"]).toBe("1");
      expect(a.json().detail).toBe(
        "A request with this Idempotency-Key is still being processed. Try again in a moment.",
      );
    }
    expect(new Set(created.map((a) => a.json().id)).size).toBe(1);
    expect(await commentsSaying("All at once")).toHaveLength(1);
  });

  it("with another body is refused (422 naming the header), and writes nothing", async () => {
    expect((await comment("key-reused", "The first")).statusCode).toBe(201);
    const other = await comment("key-reused", "Something else");
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual([
      {
        field: "Idempotency-Key",
        message:
          "This Idempotency-Key was already used for a different request. Use a new key for a new request.",
      },
    ]);
    expect(await commentsSaying("Something else")).toHaveLength(0);
  });

  it("that is not a key is refused (400), and writes nothing", async () => {
    for (const key of ["", " padded ", "x".repeat(256), "tab\there"]) {
      const res = await comment(key, "Badly keyed");
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json().errors[0].field).toBe("Idempotency-Key");
    }
    expect(await commentsSaying("Badly keyed")).toHaveLength(0);
  });

  it("keeps a refusal as its answer too", async () => {
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/v1/site-page-comments",
      headers: { ...writer.headers, "idempotency-key": "key-refused" },
      payload: { sitePage_id: "00000000-0000-4000-8000-000000000000", body: "Nowhere" },
    });
    expect(refused.statusCode).toBe(404);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/v1/site-page-comments",
      headers: { ...writer.headers, "idempotency-key": "key-refused" },
      payload: { sitePage_id: "00000000-0000-4000-8000-000000000000", body: "Nowhere" },
    });
    expect(again.statusCode).toBe(404);
    expect(again.headers["content-type"]).toContain("application/problem+json");
    expect(again.json()).toMatchObject({ status: 404, code: refused.json().code });
  });

  it("keeps the answer as it was, not as it was compressed", async () => {
    const long = `A long comment. ${"Words and more words. ".repeat(120)}`;
    const first = await comment("key-compressed", long, { "accept-encoding": "br" });
    expect(first.statusCode).toBe(201);
    expect(first.headers["content-encoding"]).toBe("br");
    const created = JSON.parse(brotliDecompressSync(first.rawPayload).toString());
    const again = await comment("key-compressed", long);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(created.id);
  });

  it("whose first request never answered (its instance died) is never written again", async () => {
    // What a process killed between its claim and its answer leaves behind.
    await t.app.db.insert(idempotencyKeys).values({
      userId: writer.id,
      key: "key-orphaned",
      fingerprint: "unknown",
      status: 0,
      body: {},
      createdAt: new Date(Date.now() - 60_000),
    });
    const res = await comment("key-orphaned", "After a crash");
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      "The first request with this Idempotency-Key was cut off before it answered, so whether it took effect is not known. Reload to check before you try again.",
    );
    expect(await commentsSaying("After a crash")).toHaveLength(0);
  });

  it("is ignored for anonymous callers (keys are per person)", async () => {
    const flip = () =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/site-pages/flip",
        headers: { "idempotency-key": "anonymous-key" },
        payload: { url: "https://once-only.com/other" },
      });
    expect((await flip()).statusCode).toBeLessThan(300);
    const again = await flip();
    expect(again.statusCode).toBeLessThan(300);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
  });
});
