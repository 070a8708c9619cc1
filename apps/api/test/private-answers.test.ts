import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helper.ts";
import { createUser, type TestUser } from "./users.ts";

/** What answers a signed-in request is kept by no cache (issue 16). */

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.app);
});
afterAll(() => t?.close());

describe("Cache-Control", () => {
  it("is private, no-store on every signed-in answer, by bearer or by cookie, errors included", async () => {
    const answers = [
      await t.app.inject({ url: "/api/account", headers: user.headers }),
      await t.app.inject({ url: "/api/account", cookies: { flipside_token: user.token } }),
      await t.app.inject({ url: "/api/v1/site-pages?page=0&size=5", headers: user.headers }),
      await t.app.inject({ url: "/api/v1/site-pages/not-a-uuid/mine", headers: user.headers }),
    ];
    for (const res of answers) expect(res.headers["cache-control"], res.body).toBe("private, no-store");
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 400]);
  });

  it("is private, no-store on an answer that sets a cookie", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/logout", headers: user.headers });
    expect(res.headers["set-cookie"]).toBeDefined();
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it("is left to the route for anonymous answers", async () => {
    const res = await t.app.inject({ url: "/api/v1/site-pages?page=0&size=5" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBeUndefined();
  });
});
