import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AccountsHarness,
  bearer,
  createAccountsHarness,
  createActivatedUser,
  getAccount,
  PASSWORD,
} from "../../../test/accounts-support.ts";
import { sessions } from "../../db/schema/accounts.ts";

let t: AccountsHarness;
beforeAll(async () => {
  t = await createAccountsHarness();
});
afterAll(() => t.close());

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

async function signInWith(email: string, userAgent: string): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/authenticate",
    headers: { "user-agent": userAgent },
    payload: { username: email, password: PASSWORD, rememberMe: false },
  });
  expect(res.statusCode).toBe(200);
  return res.json().id_token;
}

const sessionsOf = (token: string) =>
  t.app.inject({ method: "GET", url: "/api/account/sessions", headers: bearer(token) });

describe("the sessions of an account", () => {
  it("lists each signed-in device by browser and system, the asking one marked current", async () => {
    const email = await createActivatedUser(t);
    const desk = await signInWith(email, FIREFOX_WINDOWS);
    const phone = await signInWith(email, SAFARI_IPHONE);
    const res = await sessionsOf(phone);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(2);
    expect(list.find((s: { current: boolean }) => s.current)).toMatchObject({
      browser: "Safari 17",
      os: "iOS",
      device: "mobile",
    });
    expect(list.find((s: { current: boolean }) => !s.current)).toMatchObject({
      browser: "Firefox 133",
      os: "Windows 10",
      device: "desktop",
    });
    // Nothing that places a person.
    expect(JSON.stringify(list)).not.toMatch(/127\.0\.0\.1|"ip"/);
    expect((await sessionsOf(desk)).json().find((s: { current: boolean }) => s.current).browser).toBe(
      "Firefox 133",
    );
  });

  it("signs one device out; someone else's session is a 404 and stays signed in", async () => {
    const mine = await createActivatedUser(t);
    const theirs = await createActivatedUser(t);
    const a = await signInWith(mine, FIREFOX_WINDOWS);
    const b = await signInWith(mine, SAFARI_IPHONE);
    const other = await signInWith(theirs, FIREFOX_WINDOWS);
    const otherId = (await sessionsOf(other)).json()[0].id;
    const bId = (await sessionsOf(b)).json().find((s: { current: boolean }) => s.current).id;

    const foreign = await t.app.inject({
      method: "DELETE",
      url: `/api/account/sessions/${otherId}`,
      headers: bearer(a),
    });
    expect(foreign.statusCode).toBe(404);
    expect((await getAccount(t, other)).statusCode).toBe(200);

    const out = await t.app.inject({
      method: "DELETE",
      url: `/api/account/sessions/${bId}`,
      headers: bearer(a),
    });
    expect(out.statusCode).toBe(204);
    expect((await getAccount(t, b)).statusCode).toBe(401);
    expect((await getAccount(t, a)).statusCode).toBe(200);
    expect((await sessionsOf(a)).json()).toHaveLength(1);

    const again = await t.app.inject({
      method: "DELETE",
      url: `/api/account/sessions/${bId}`,
      headers: bearer(a),
    });
    expect(again.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: "DELETE",
      url: "/api/account/sessions/nope",
      headers: bearer(a),
    });
    expect(bad.statusCode).toBe(400);
  });

  it("signing out the current session clears its cookie", async () => {
    const email = await createActivatedUser(t);
    const token = await signInWith(email, FIREFOX_WINDOWS);
    const id = (await sessionsOf(token)).json()[0].id;
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/account/sessions/${id}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers["set-cookie"])).toMatch(/flipside_token=;/);
    expect((await getAccount(t, token)).statusCode).toBe(401);
  });

  it("sign out everywhere else keeps only the asking session", async () => {
    const email = await createActivatedUser(t);
    const keep = await signInWith(email, FIREFOX_WINDOWS);
    const others = [await signInWith(email, SAFARI_IPHONE), await signInWith(email, SAFARI_IPHONE)];
    const res = await t.app.inject({ method: "DELETE", url: "/api/account/sessions", headers: bearer(keep) });
    expect(res.statusCode).toBe(204);
    for (const token of others) expect((await getAccount(t, token)).statusCode).toBe(401);
    expect((await getAccount(t, keep)).statusCode).toBe(200);
    expect((await sessionsOf(keep)).json()).toHaveLength(1);
  });

  it("notes when a session was last used, a few minutes stale at most", async () => {
    const email = await createActivatedUser(t);
    const token = await signInWith(email, FIREFOX_WINDOWS);
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await t.app.db.update(sessions).set({ lastSeenAt: hourAgo });
    t.app.viewers.forgetUser((await getAccount(t, token)).json().id);
    await getAccount(t, token);
    await expect
      .poll(async () => Date.parse((await sessionsOf(token)).json()[0].lastSeenDate))
      .toBeGreaterThan(Date.now() - 60 * 1000);
  });

  it("needs a session", async () => {
    expect((await t.app.inject("/api/account/sessions")).statusCode).toBe(401);
    expect((await t.app.inject({ method: "DELETE", url: "/api/account/sessions" })).statusCode).toBe(401);
  });
});
