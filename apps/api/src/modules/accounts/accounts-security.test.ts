import { sql } from "drizzle-orm";
import { decodeJwt, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AccountsHarness,
  bearer,
  createAccountsHarness,
  createActivatedUser,
  getAccount,
  login,
  ORIGIN,
  PASSWORD,
  register,
  tokenFor,
  uniqueEmail,
} from "../../../test/accounts-support.ts";
import { testConfig } from "../../config.ts";

const SECRET = new TextEncoder().encode(testConfig().JWT_SECRET);

describe("tokens", () => {
  let t: AccountsHarness;
  let token: string;
  let claims: { sub: string; sid: string };
  beforeAll(async () => {
    t = await createAccountsHarness();
    token = await tokenFor(t, await createActivatedUser(t));
    const c = decodeJwt(token);
    claims = { sub: String(c.sub), sid: String(c.sid) };
  });
  afterAll(() => t.close());

  const forge = (opts: { secret?: Uint8Array; aud?: string; iss?: string; exp?: number }) =>
    new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(claims.sub)
      .setAudience(opts.aud ?? "flipside")
      .setIssuer(opts.iss ?? ORIGIN)
      .setIssuedAt()
      .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 3600)
      .sign(opts.secret ?? SECRET);

  it("a correctly forged token is accepted (so the refusals below are meaningful)", async () => {
    expect((await getAccount(t, await forge({}))).statusCode).toBe(200);
  });

  it("refuses an expired token", async () => {
    const expired = await forge({ exp: Math.floor(Date.now() / 1000) - 10 });
    expect((await getAccount(t, expired)).statusCode).toBe(401);
  });

  it("refuses an expired session even inside the token's lifetime (a remembered one too)", async () => {
    const own = await tokenFor(t, await createActivatedUser(t));
    const sid = String(decodeJwt(own).sid);
    await t.app.db.execute(
      sql`update sessions set expires_at = now() + interval '300 milliseconds' where id = ${sid}`,
    );
    // Accepted (and remembered by the session cache) while the session lives…
    expect((await getAccount(t, own)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 400));
    // …and refused once it has ended, however long the cache would otherwise keep it.
    expect((await getAccount(t, own)).statusCode).toBe(401);
  });

  it("refuses alg none", async () => {
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const now = Math.floor(Date.now() / 1000);
    const none = `${enc({ alg: "none", typ: "JWT" })}.${enc({ sub: claims.sub, sid: claims.sid, aud: "flipside", iss: ORIGIN, iat: now, exp: now + 3600 })}.`;
    expect((await getAccount(t, none)).statusCode).toBe(401);
  });

  it("refuses a wrong signature", async () => {
    const other = await forge({
      secret: new TextEncoder().encode("another-secret-another-secret-another-secret"),
    });
    expect((await getAccount(t, other)).statusCode).toBe(401);
    const [h, p, s] = token.split(".");
    const flipped = `${h}.${p}.${s?.startsWith("A") ? `B${s.slice(1)}` : `A${s?.slice(1)}`}`;
    expect((await getAccount(t, flipped)).statusCode).toBe(401);
  });

  it("refuses a wrong audience or issuer", async () => {
    expect((await getAccount(t, await forge({ aud: "someone-else" }))).statusCode).toBe(401);
    expect((await getAccount(t, await forge({ iss: "https://evil.example" }))).statusCode).toBe(401);
  });

  it("refuses garbage in the header and in the cookie", async () => {
    expect((await getAccount(t, "not.a.jwt")).statusCode).toBe(401);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/account",
      cookies: { flipside_token: "garbage" },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("CSRF", () => {
  let t: AccountsHarness;
  let token: string;
  beforeAll(async () => {
    t = await createAccountsHarness({ EXTENSION_ORIGINS: "chrome-extension://abcdefghijklmnop" });
    token = await tokenFor(t, await createActivatedUser(t));
  });
  afterAll(() => t.close());

  const update = (headers: Record<string, string>, cookies?: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: "/api/account",
      headers,
      ...(cookies ? { cookies } : {}),
      payload: { bio: "csrf?" },
    });

  it("refuses a cookie-authenticated unsafe request from a foreign origin", async () => {
    const res = await update({ origin: "https://evil.example" }, { flipside_token: token });
    expect(res.statusCode).toBe(403);
    expect(res.headers["content-type"]).toContain("application/problem+json");
  });

  it("refuses one marked cross-site by Sec-Fetch-Site without an Origin", async () => {
    const res = await update({ "sec-fetch-site": "cross-site" }, { flipside_token: token });
    expect(res.statusCode).toBe(403);
  });

  it("accepts the site's own origin and a configured extension origin", async () => {
    expect((await update({ origin: ORIGIN }, { flipside_token: token })).statusCode).toBe(200);
    expect(
      (await update({ origin: "chrome-extension://abcdefghijklmnop" }, { flipside_token: token })).statusCode,
    ).toBe(200);
  });

  it("accepts any origin of a scheme given with * (Firefox's, random per installation)", async () => {
    const firefox = await createAccountsHarness({ EXTENSION_ORIGINS: "moz-extension://*" });
    try {
      const own = await tokenFor(firefox, await createActivatedUser(firefox));
      const post = (origin: string) =>
        firefox.app.inject({
          method: "POST",
          url: "/api/account",
          headers: { origin },
          cookies: { flipside_token: own },
          payload: { bio: "from the sidebar" },
        });
      expect((await post("moz-extension://0b6e5d1c-3f5e-4e7c-9b5e-1c2d3e4f5a6b")).statusCode).toBe(200);
      expect((await post("chrome-extension://abcdefghijklmnop")).statusCode).toBe(403);
    } finally {
      await firefox.close();
    }
  });

  it("accepts a bearer token from anywhere (a browser never attaches it by itself)", async () => {
    expect((await update({ origin: "https://evil.example", ...bearer(token) })).statusCode).toBe(200);
  });

  it("refuses a login posted by a foreign page (login CSRF)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/authenticate",
      headers: { origin: "https://evil.example" },
      payload: { username: "a@example.com", password: "x" },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("rate limits", () => {
  let t: AccountsHarness;
  beforeAll(async () => {
    t = await createAccountsHarness({
      RATE_LIMIT_LOGIN_PER_IP: "6",
      RATE_LIMIT_LOGIN_PER_ACCOUNT: "3",
      RATE_LIMIT_REGISTER_PER_IP: "3",
      RATE_LIMIT_RESET_PER_IP: "3",
      RATE_LIMIT_RESET_PER_ACCOUNT: "2",
      RATE_LIMIT_RESEND_PER_ACCOUNT: "1",
    });
  });
  afterAll(() => t.close());

  const expect429 = (res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({ status: 429, title: "Too Many Requests" });
  };

  it("20 sign-ups of one address from 20 IPs send at most the resend limit's mails", async () => {
    for (const activated of [false, true]) {
      const email = activated ? await createActivatedUser(t) : uniqueEmail("flood");
      const before = t.mail.mails.length;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          t.app.inject({
            method: "POST",
            url: "/api/register",
            remoteAddress: `203.0.113.${100 + i}`,
            payload: { email, password: PASSWORD, displayName: "Flood" },
          }),
        ),
      );
      await t.app.mailer.idle();
      const sent = t.mail.mails.slice(before).filter((m) => m.to.includes(email));
      // RATE_LIMIT_RESEND_PER_ACCOUNT is 1 here (the activated address had its own sign-up already).
      expect(sent.length).toBe(activated ? 0 : 1);
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses.filter((s) => s === 429).length).toBe(activated ? 20 : 19);
    }
    // An address nobody registered answers alike once over the limit: 429s tell nothing.
    const fresh = uniqueEmail("fresh");
    const reg = () => register(t, fresh);
    expect((await reg()).statusCode).toBe(201);
    expect429(await reg());
  });

  it("register per IP counts validation failures too", async () => {
    const ip = "198.51.100.7";
    const reg = (payload: object) =>
      t.app.inject({ method: "POST", url: "/api/register", remoteAddress: ip, payload });
    expect((await reg({ email: "bad" })).statusCode).toBe(400);
    expect((await reg({ email: uniqueEmail(), password: "weak", displayName: "x" })).statusCode).toBe(400);
    expect((await reg({ email: uniqueEmail(), password: PASSWORD, displayName: "x" })).statusCode).toBe(201);
    expect429(await reg({ email: uniqueEmail(), password: PASSWORD, displayName: "x" }));
    // Another address is not affected.
    const other = await t.app.inject({
      method: "POST",
      url: "/api/register",
      remoteAddress: "198.51.100.8",
      payload: { email: uniqueEmail(), password: PASSWORD, displayName: "x" },
    });
    expect(other.statusCode).toBe(201);
  });

  it("an attacked account answers 429 to the attacker's network, not to its owner elsewhere", async () => {
    const email = await createActivatedUser(t);
    const attacker = "203.0.113.10";
    for (let i = 0; i < 3; i++) {
      expect((await login(t, email, "Wrong-Password-1", { ip: attacker })).statusCode).toBe(401);
    }
    expect429(await login(t, email, "Wrong-Password-1", { ip: attacker }));
    // Even the right password from the attacking network (a neighbour in the same /24).
    expect429(await login(t, email, PASSWORD, { ip: "203.0.113.77" }));
    // The owner, from another network, logs in.
    expect((await login(t, email, PASSWORD, { ip: "192.0.2.55" })).statusCode).toBe(200);
    // An unknown address is limited the same way (no enumeration through 429s).
    const ghost = uniqueEmail("ghost");
    for (let i = 0; i < 3; i++) await login(t, ghost, "Wrong-Password-1", { ip: "192.0.2.200" });
    expect429(await login(t, ghost, "Wrong-Password-1", { ip: "192.0.2.200" }));
  });

  it("a successful login clears the account's failure count", async () => {
    const email = await createActivatedUser(t);
    const ip = "100.64.1.1";
    await login(t, email, "Wrong-Password-1", { ip });
    await login(t, email, "Wrong-Password-1", { ip });
    expect((await login(t, email, PASSWORD, { ip })).statusCode).toBe(200);
    expect((await login(t, email, "Wrong-Password-1", { ip })).statusCode).toBe(401);
    expect((await login(t, email, "Wrong-Password-1", { ip })).statusCode).toBe(401);
  });

  it("login per IP limits spraying many accounts from one address", async () => {
    const ip = "2001:db8:1:2::1";
    for (let i = 0; i < 6; i++) {
      expect((await login(t, uniqueEmail("spray"), "Wrong-Password-1", { ip })).statusCode).toBe(401);
    }
    // Another address of the same /64 is the same client.
    expect429(await login(t, uniqueEmail("spray"), "Wrong-Password-1", { ip: "2001:db8:1:2::99" }));
  });

  it("reset init is limited per account and per IP, with the same answer otherwise", async () => {
    const email = await createActivatedUser(t);
    const init = (mail: string, ip: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/account/reset-password/init",
        remoteAddress: ip,
        payload: { mail, isBackOffice: false },
      });
    expect((await init(email, "10.1.0.1")).statusCode).toBe(200);
    expect((await init(email, "10.2.0.1")).statusCode).toBe(200);
    expect429(await init(email, "10.3.0.1"));

    expect((await init(uniqueEmail(), "10.9.0.1")).statusCode).toBe(200);
    expect((await init(uniqueEmail(), "10.9.0.1")).statusCode).toBe(200);
    expect((await init(uniqueEmail(), "10.9.0.1")).statusCode).toBe(200);
    expect429(await init(uniqueEmail(), "10.9.0.1"));
  });

  it("resend activation is limited per account", async () => {
    const email = uniqueEmail("resend");
    await register(t, email, PASSWORD);
    await t.mail.next(email);
    const token = await tokenFor(t, email);
    const resend = () =>
      t.app.inject({ method: "POST", url: "/api/account/resend-activation", headers: bearer(token) });
    expect((await resend()).statusCode).toBe(204);
    expect429(await resend());
  });

  it("password checks of a signed-in user are limited like logins", async () => {
    const email = await createActivatedUser(t);
    const token = await tokenFor(t, email);
    const change = (currentPassword: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/account/change-password",
        headers: bearer(token),
        payload: { currentPassword, newPassword: "Brand-New-Pass-5" },
      });
    for (let i = 0; i < 3; i++) expect((await change("Wrong-Password-1")).statusCode).toBe(400);
    expect429(await change(PASSWORD));
  });

  it("RATE_LIMIT_ENABLED=false turns them off", async () => {
    const free = await createAccountsHarness({
      RATE_LIMIT_ENABLED: "false",
      RATE_LIMIT_LOGIN_PER_ACCOUNT: "1",
    });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await login(free, "x@example.com", "Wrong-Password-1")).statusCode).toBe(401);
      }
    } finally {
      await free.close();
    }
  });
});

describe("mail links", () => {
  let t: AccountsHarness;
  beforeAll(async () => {
    t = await createAccountsHarness();
  });
  afterAll(() => t.close());

  const links = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];
  const signUpAt = async (host: string) => {
    const email = uniqueEmail();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/register",
      headers: { host },
      payload: { email, password: PASSWORD, displayName: "Ada Lovelace" },
    });
    expect(res.statusCode).toBe(201);
    return links((await t.mail.next(email)).text);
  };
  const resetAt = async (host: string) => {
    const email = await createActivatedUser(t);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/account/reset-password/init",
      headers: { host },
      payload: { mail: email, isBackOffice: false },
    });
    expect(res.statusCode).toBe(200);
    return links((await t.mail.next(email)).text);
  };

  it("open where the person is when they reached the server by another loopback name", async () => {
    // ORIGIN is http://localhost:3000.
    expect(await signUpAt("127.0.0.1:3000")).toEqual([
      expect.stringMatching(/^http:\/\/127\.0\.0\.1:3000\/validate-email\?key=/),
    ]);
    expect(await resetAt("[::1]:3000")).toEqual([
      expect.stringMatching(/^http:\/\/\[::1\]:3000\/reset-password\?key=/),
    ]);
  });

  it("never follow a Host header to another server: a reset key must not reach the sender's", async () => {
    for (const host of ["evil.example:3000", "127.0.0.1:4000", "evil.example"]) {
      expect(await signUpAt(host)).toEqual([
        expect.stringMatching(/^http:\/\/localhost:3000\/validate-email\?key=/),
      ]);
    }
    expect(await resetAt("evil.example")).toEqual([
      expect.stringMatching(new RegExp(`^${ORIGIN}/reset-password\\?key=`)),
    ]);
  });
});
