import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "./accounts-support.ts";
import { createTestApp, type TestApp } from "./helper.ts";
import { createUser, sendAs } from "./users.ts";

/**
 * Redis is shared help, never a reason to fail (issue 24): with it away, readiness says so but
 * stays 200 (taking every instance out would stop the service), limits count in the process
 * instead, and writes go through. The machine runs Redis on 127.0.0.1:6379 (TEST_REDIS_URL).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
/** Nothing listens on port 1. */
const NO_REDIS = "redis://127.0.0.1:1";

function login(t: TestApp) {
  return t.app.inject({
    method: "POST",
    url: "/api/authenticate",
    payload: { username: uniqueEmail("nobody"), password: "Wrong-Password-1", rememberMe: false },
  });
}

describe("with Redis away", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      REDIS_URL: NO_REDIS,
      RATE_LIMIT_LOGIN_PER_IP: "2",
      PAGE_FETCH_ENABLED: "false",
    });
  });
  afterAll(() => t?.close());

  it("is ready but degraded, and says which helper is down", async () => {
    const res = await t.app.inject("/api/ready");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "degraded", database: "up", redis: "down" });
  });

  it("still limits, counting in this process", async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await login(t)).statusCode);
    expect(statuses).toEqual([401, 401, 429]);
  });

  it("takes writes", async () => {
    const writer = await createUser(t.app, { displayName: "Wynn Without" });
    const page = await sendAs(t.app, writer, "/api/v1/site-pages/flip", { url: "https://no-redis.com/" });
    const comment = await sendAs(t.app, writer, "/api/v1/site-page-comments", {
      sitePage_id: page.id,
      body: "Written while Redis was away",
    });
    expect(comment.id).toBeTruthy();
  });
});

describe("with Redis up", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL, PAGE_FETCH_ENABLED: "false" });
  });
  afterAll(() => t?.close());

  it("is ready and says Redis answers", async () => {
    // The app does not wait for Redis at start (it runs without it); its first connection takes a
    // moment on a busy machine, and a ping before it is answered "down" at once (no offline queue).
    await expect
      .poll(async () => (await t.app.inject("/api/ready")).json(), { timeout: 5_000 })
      .toEqual({ status: "ok", database: "up", redis: "up" });
    const res = await t.app.inject("/api/ready");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: "up", redis: "up" });
  });
});
