import type { AddressInfo } from "node:net";
import { PASSWORD_MESSAGES } from "@flipside/contracts/accounts";
import { eq, sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AccountsHarness,
  bearer,
  createAccountsHarness,
  createActivatedUser,
  getAccount,
  keyFrom,
  login,
  ORIGIN,
  PASSWORD,
  register,
  tokenFor,
  uniqueEmail,
} from "../../../test/accounts-support.ts";
import { createTestApp, errorFields } from "../../../test/helper.ts";
import { makeVerifiedOwner } from "../../../test/owners.ts";
import { sites } from "../../db/schema/discussion.ts";
import { requireActivatedViewer } from "../../plugins/auth.ts";
import { findOrInsertSite } from "../discussion/index.ts";

let t: AccountsHarness;
beforeAll(async () => {
  // Generous limits: this file tests behaviour; the limits have their own file.
  const limits = { RATE_LIMIT_REGISTER_PER_IP: "1000", RATE_LIMIT_LOGIN_PER_IP: "1000" };
  t = await createAccountsHarness(limits, (app) => {
    // Stands in for any contributing endpoint (comments, votes…).
    app.post("/api/__test/contribute", async (request) => {
      await requireActivatedViewer(request);
      return { ok: true };
    });
  });
});
afterAll(() => t.close());

const countUsers = async (email: string) => {
  const rows = await t.app.db.execute(
    sql`select count(*)::int as n from users where lower(email) = ${email}`,
  );
  return (rows as unknown as { rows: { n: number }[] }).rows[0]?.n;
};

describe("POST /api/register", () => {
  it("creates an unactivated account and mails an activation link", async () => {
    const email = uniqueEmail("new");
    const res = await register(t, email);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: expect.any(String) });

    const mail = await t.mail.next(email);
    expect(mail.subject).toBe("Activate your Flipside account");
    expect(mail.html).toContain("Ada Lovelace");
    const key = keyFrom(mail, "/validate-email");
    expect(key).toMatch(/^[\w-]{43}$/);

    const token = await tokenFor(t, email);
    const account = await getAccount(t, token);
    expect(account.json()).toMatchObject({ email, activated: false, roles: ["ROLE_USER"] });
  });

  it("answers the same for a taken address and mails its owner instead", async () => {
    const email = await createActivatedUser(t, uniqueEmail("taken"));
    const first = await register(t, uniqueEmail("fresh"));
    const again = await register(t, email.toUpperCase(), "Another-Pass-77", "Mallory");
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    expect(again.headers["content-type"]).toBe(first.headers["content-type"]);

    const mail = await t.mail.next(email);
    expect(mail.subject).toBe("Someone tried to register with your address on Flipside");
    expect(mail.text).toContain(`${ORIGIN}/login`);
    expect(await countUsers(email.toLowerCase())).toBe(1);
    // The original password still works: nothing of the account changed.
    expect((await login(t, email)).statusCode).toBe(200);
  });

  it("mails a fresh activation link when the taken address is not activated yet", async () => {
    const email = uniqueEmail("pending");
    await register(t, email);
    await t.mail.next(email);
    await register(t, email);
    const mail = await t.mail.next(email);
    expect(mail.subject).toBe("Activate your Flipside account");
  });

  const cases: [string, string][] = [
    ["Sh0rt!x", PASSWORD_MESSAGES.minLength],
    ["NO-LOWER-CASE-9", PASSWORD_MESSAGES.lowercase],
    ["no-upper-case-9", PASSWORD_MESSAGES.uppercase],
    ["No-Digits-Here", PASSWORD_MESSAGES.digit],
    ["NoSpecial12345", PASSWORD_MESSAGES.special],
  ];
  it.each(cases)("refuses %s with the docs/accounts.md#passwords message", async (password, message) => {
    const res = await register(t, uniqueEmail("weak"), password);
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    expect(res.json().errors).toEqual([{ field: "password", message }]);
  });

  it("uses the exact docs/accounts.md#passwords texts", () => {
    expect(PASSWORD_MESSAGES).toMatchObject({
      minLength: "The password must be eight characters or longer",
      lowercase: "The password must contain at least 1 lowercase alphabetical character",
      uppercase: "The password must contain at least 1 uppercase alphabetical character",
      digit: "The password must contain at least 1 numeric character",
      special: "The password must contain at least one special character",
    });
  });

  it("lists every broken rule at once", async () => {
    const res = await register(t, uniqueEmail("weak"), "abc");
    expect(res.json().errors.map((e: { message: string }) => e.message)).toEqual([
      PASSWORD_MESSAGES.minLength,
      PASSWORD_MESSAGES.uppercase,
      PASSWORD_MESSAGES.digit,
      PASSWORD_MESSAGES.special,
    ]);
  });

  it("refuses passwords over 128 characters", async () => {
    const res = await register(t, uniqueEmail("long"), `Aa1!${"x".repeat(125)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: "password", message: PASSWORD_MESSAGES.maxLength }]);
    const ok = await register(t, uniqueEmail("long"), `Aa1!${"x".repeat(124)}`);
    expect(ok.statusCode).toBe(201);
  });

  it("refuses one of the 10,000 most common passwords, whatever its case", async () => {
    const email = uniqueEmail("common");
    const res = await register(t, email, "P@ssw0rd");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: "password", message: PASSWORD_MESSAGES.common }]);
    expect(await countUsers(email)).toBe(0);
  });

  it("names the invalid fields of a bad body", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: { email: "not-an-email", password: PASSWORD, displayName: "" },
    });
    expect(res.statusCode).toBe(400);
    expect(errorFields(res)).toEqual(expect.arrayContaining(["email", "displayName"]));
  });
});

describe("activation", () => {
  it("PUT /api/v1/users/activate activates once; a used or unknown key is a 400", async () => {
    const email = uniqueEmail("act");
    await register(t, email);
    const activationKey = keyFrom(await t.mail.next(email), "/validate-email");
    const token = await tokenFor(t, email);

    const ok = await t.app.inject({
      method: "PUT",
      url: "/api/v1/users/activate",
      payload: { activationKey },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ activated: true });
    expect((await getAccount(t, token)).json().activated).toBe(true);

    const reused = await t.app.inject({
      method: "PUT",
      url: "/api/v1/users/activate",
      payload: { activationKey },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.headers["content-type"]).toContain("application/problem+json");
    const unknown = await t.app.inject({
      method: "PUT",
      url: "/api/v1/users/activate",
      payload: { activationKey: "nope" },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it("PUT /api/activate takes the key in the query", async () => {
    const email = uniqueEmail("actq");
    await register(t, email);
    const key = keyFrom(await t.mail.next(email), "/validate-email");
    const res = await t.app.inject({ method: "PUT", url: `/api/activate?key=${encodeURIComponent(key)}` });
    expect(res.statusCode).toBe(200);
    const again = await t.app.inject({ method: "PUT", url: `/api/activate?key=${encodeURIComponent(key)}` });
    expect(again.statusCode).toBe(400);
    const missing = await t.app.inject({ method: "PUT", url: "/api/activate" });
    expect(missing.statusCode).toBe(400);
  });

  it("an unactivated account reads but cannot contribute until activated", async () => {
    const email = uniqueEmail("gate");
    await register(t, email);
    const key = keyFrom(await t.mail.next(email), "/validate-email");
    const token = await tokenFor(t, email);
    const before = await t.app.inject({
      method: "POST",
      url: "/api/__test/contribute",
      headers: bearer(token),
    });
    expect(before.statusCode).toBe(403);
    await t.app.inject({ method: "PUT", url: "/api/v1/users/activate", payload: { activationKey: key } });
    const after = await t.app.inject({
      method: "POST",
      url: "/api/__test/contribute",
      headers: bearer(token),
    });
    expect(after.statusCode).toBe(200);
  });

  it("resends the activation mail to a signed-in unactivated user, not to an activated one", async () => {
    const email = uniqueEmail("resend");
    await register(t, email);
    await t.mail.next(email);
    const token = await tokenFor(t, email);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/account/resend-activation",
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(204);
    const key = keyFrom(await t.mail.next(email), "/validate-email");
    await t.app.inject({ method: "PUT", url: "/api/v1/users/activate", payload: { activationKey: key } });
    const again = await t.app.inject({
      method: "POST",
      url: "/api/account/resend-activation",
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(409);
    const anonymous = await t.app.inject({ method: "POST", url: "/api/account/resend-activation" });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("POST /api/authenticate", () => {
  let email: string;
  beforeAll(async () => {
    email = await createActivatedUser(t, uniqueEmail("login"));
  });

  it("answers an id_token and sets the session cookie per docs/web-app.md#session", async () => {
    const res = await login(t, email);
    expect(res.statusCode).toBe(200);
    const { id_token } = res.json();
    const cookie = res.cookies.find((c) => c.name === "flipside_token");
    // Plain http (as inject speaks): not Secure, which browsers would refuse, and so SameSite=Lax;
    // without "remember me", a cookie that goes with the browser session.
    expect(cookie).toEqual({
      name: "flipside_token",
      value: id_token,
      path: "/",
      sameSite: "Lax",
      httpOnly: true,
    });
    const claims = decodeJwt(id_token);
    expect(claims.aud).toBe("flipside");
    expect(claims.sid).toEqual(expect.any(String));
    const hours = ((claims.exp ?? 0) - (claims.iat ?? 0)) / 3600;
    expect(Math.round(hours)).toBe(24);
    // The cookie alone authenticates too.
    const viaCookie = await t.app.inject({
      method: "GET",
      url: "/api/account",
      cookies: { flipside_token: id_token },
    });
    expect(viaCookie.statusCode).toBe(200);
  });

  it("a rememberMe token lives 365 days, and so does its cookie", async () => {
    const res = await login(t, email, PASSWORD, { rememberMe: true });
    const claims = decodeJwt(res.json().id_token);
    expect(Math.round(((claims.exp ?? 0) - (claims.iat ?? 0)) / 86400)).toBe(365);
    expect(res.cookies.find((c) => c.name === "flipside_token")).toMatchObject({
      path: "/",
      maxAge: 365 * 24 * 60 * 60,
      httpOnly: true,
    });
  });

  it("over https the cookie is Secure and SameSite=None, per docs/web-app.md#session", async () => {
    const https = await createAccountsHarness({ TRUST_PROXY: "127.0.0.1" });
    try {
      const address = await createActivatedUser(https, uniqueEmail("https"));
      for (const rememberMe of [false, true]) {
        const res = await https.app.inject({
          method: "POST",
          url: "/api/authenticate",
          headers: { "x-forwarded-proto": "https" },
          payload: { username: address, password: PASSWORD, rememberMe },
        });
        expect(res.statusCode).toBe(200);
        expect(res.cookies.find((c) => c.name === "flipside_token")).toEqual({
          name: "flipside_token",
          value: res.json().id_token,
          path: "/",
          secure: true,
          sameSite: "None",
          httpOnly: true,
          ...(rememberMe ? { maxAge: 365 * 24 * 60 * 60 } : {}),
        });
      }
    } finally {
      await https.close();
    }
  });

  it("wrong password and unknown address give the same 401 body", async () => {
    const wrong = await login(t, email, "Wrong-Password-1");
    const unknown = await login(t, uniqueEmail("ghost"), "Wrong-Password-1");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.headers["content-type"]).toBe(wrong.headers["content-type"]);
    expect(wrong.cookies).toEqual([]);
  });

  it("checks an unknown address against a real argon2 hash (similar timing)", async () => {
    // Not a timed assertion: the unknown-user path must do an argon2 verification at all,
    // which we see as a cost of the same order (a missing verify would be ~100x faster).
    const time = async (fn: () => Promise<unknown>) => {
      const s = performance.now();
      await fn();
      return performance.now() - s;
    };
    // Each the middle of three, taken in turns: one sample of either can land on a pause of the
    // shared machine (a known login of 52 ms against its usual 9 failed this once).
    const median = (samples: number[]) => samples.sort((a, b) => a - b)[1] as number;
    await login(t, uniqueEmail("warm"), "Wrong-Password-1");
    const knownSamples: number[] = [];
    const unknownSamples: number[] = [];
    for (let i = 0; i < 3; i++) {
      knownSamples.push(await time(() => login(t, email, "Wrong-Password-1")));
      unknownSamples.push(await time(() => login(t, uniqueEmail("ghost"), "Wrong-Password-1")));
    }
    const known = median(knownSamples);
    const unknown = median(unknownSamples);
    expect(unknown).toBeGreaterThan(known / 5);
  });

  it("needs a valid email as username and a non-empty password", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/authenticate",
      payload: { username: "nobody", password: "" },
    });
    expect(res.statusCode).toBe(400);
    expect(errorFields(res)).toEqual(["password", "username"]);
  });
});

describe("POST /api/logout", () => {
  it("revokes the session and clears the cookie", async () => {
    const email = await createActivatedUser(t, uniqueEmail("logout"));
    const token = await tokenFor(t, email);
    const other = await tokenFor(t, email);
    const res = await t.app.inject({ method: "POST", url: "/api/logout", headers: bearer(token) });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === "flipside_token");
    expect(cleared?.value).toBe("");
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
    expect((await getAccount(t, token)).statusCode).toBe(401);
    // Only that session: another device stays signed in.
    expect((await getAccount(t, other)).statusCode).toBe(200);
  });

  it("is harmless without a session", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/logout" });
    expect(res.statusCode).toBe(204);
  });
});

describe("/api/account", () => {
  let email: string;
  let token: string;
  beforeAll(async () => {
    email = await createActivatedUser(t, uniqueEmail("acct"));
    token = await tokenFor(t, email);
  });

  it("GET answers exactly the account fields, never a hash or key", async () => {
    const res = await getAccount(t, token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        "activated",
        "bio",
        "colorMode",
        "createdDate",
        "displayName",
        "email",
        "id",
        "imageUrl",
        "language",
        "organizations",
        "personalisedAds",
        "roles",
        "socialLinks",
      ].sort(),
    );
    expect(body.organizations).toEqual([]);
    expect(body).toMatchObject({
      email,
      displayName: "Ada Lovelace",
      bio: "",
      language: "en",
      colorMode: "system",
    });
    expect(res.body).not.toContain("argon2");
  });

  it("GET without a session is 401", async () => {
    expect((await t.app.inject("/api/account")).statusCode).toBe(401);
  });

  it("POST refuses fields it does not take, naming each, and changes nothing (no mass assignment)", async () => {
    const before = (await getAccount(t, token)).json();
    const editable = { displayName: "  Countess  ", bio: "Analyst", language: "pt-BR", colorMode: "dark" };
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/account",
      headers: bearer(token),
      payload: {
        ...editable,
        roles: ["ROLE_ADMIN"],
        email: "attacker@example.com",
        activated: false,
        id: "00000000-0000-7000-8000-000000000000",
        passwordHash: "x",
        imageUrl: "https://evil.example/x.png",
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(errorFields(refused)).toEqual(["activated", "email", "id", "imageUrl", "passwordHash", "roles"]);
    expect((await getAccount(t, token)).json()).toEqual(before);

    const res = await t.app.inject({
      method: "POST",
      url: "/api/account",
      headers: bearer(token),
      payload: editable,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...before,
      displayName: "Countess",
      bio: "Analyst",
      language: "pt-BR",
      colorMode: "dark",
    });
    expect((await login(t, email)).statusCode).toBe(200);
  });

  it("POST refuses invalid values with field errors", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/account",
      headers: bearer(token),
      payload: { colorMode: "purple", language: "not a language", bio: "x".repeat(501) },
    });
    expect(res.statusCode).toBe(400);
    expect(errorFields(res)).toEqual(["bio", "colorMode", "language"]);
  });
});

describe("DELETE /api/account", () => {
  it("needs the password, then erases the account and its sessions", async () => {
    const email = await createActivatedUser(t, uniqueEmail("delete"));
    const token = await tokenFor(t, email);
    const id = (await getAccount(t, token)).json().id;

    const wrong = await t.app.inject({
      method: "DELETE",
      url: "/api/account",
      headers: bearer(token),
      payload: { password: "Wrong-Password-1" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: "password", message: "The password is not correct" }]);
    const missing = await t.app.inject({ method: "DELETE", url: "/api/account", headers: bearer(token) });
    expect(missing.statusCode).toBe(400);

    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/account",
      headers: bearer(token),
      payload: { password: PASSWORD },
    });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === "flipside_token")?.value).toBe("");
    expect((await getAccount(t, token)).statusCode).toBe(401);
    expect((await login(t, email)).statusCode).toBe(401);
    expect((await t.app.inject(`/api/v1/profiles/${id}`)).statusCode).toBe(404);
    const left = await t.app.db.execute(sql`select
      (select count(*)::int from users where id = ${id}) as users,
      (select count(*)::int from sessions where user_id = ${id}) as sessions,
      (select count(*)::int from account_keys where user_id = ${id}) as keys`);
    expect((left as unknown as { rows: unknown[] }).rows[0]).toEqual({ users: 0, sessions: 0, keys: 0 });
    // The address is free again.
    expect((await register(t, email)).statusCode).toBe(201);
  });

  it("releases the sites the account verified", async () => {
    const email = await createActivatedUser(t, uniqueEmail("owner"));
    const token = await tokenFor(t, email);
    const id = (await getAccount(t, token)).json().id;
    const site = await findOrInsertSite(t.app.db, "owned-by-leaver.com");
    await makeVerifiedOwner(t.app, site.id, id);
    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/account",
      headers: bearer(token),
      payload: { password: PASSWORD },
    });
    expect(res.statusCode).toBe(204);
    const [after] = await t.app.db.select().from(sites).where(eq(sites.id, site.id));
    expect(after).toMatchObject({
      verificationStatus: "PENDING",
      ownerKind: null,
      ownerId: null,
      claimId: null,
    });
  });
});

describe("GET /api/v1/profiles/{id}", () => {
  it("answers the public profile only", async () => {
    const email = await createActivatedUser(t, uniqueEmail("profile"));
    const account = (await getAccount(t, await tokenFor(t, email))).json();
    const res = await t.app.inject(`/api/v1/profiles/${account.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: account.id,
      displayName: account.displayName,
      imageUrl: null,
      bio: account.bio,
      bioHtml: expect.any(String),
      createdDate: account.createdDate,
      stats: { comments: 0, reviews: 0, relatedPages: 0, publicNotes: 0, votesReceived: 0 },
      socialLinks: [],
    });
  });

  it("is not there until the account is activated, whatever it set as its name and bio", async () => {
    const email = uniqueEmail("unproved");
    expect((await register(t, email)).statusCode).toBe(201);
    const activationKey = keyFrom(await t.mail.next(email), "/validate-email");
    const token = await tokenFor(t, email);
    const update = await t.app.inject({
      method: "POST",
      url: "/api/account",
      headers: bearer(token),
      payload: { displayName: "Cheap pills at spam.example", bio: "Visit spam.example" },
    });
    // Its owner keeps their own settings…
    expect(update.statusCode).toBe(200);
    const { id } = (await getAccount(t, token)).json();
    // …which nobody else sees yet.
    const hidden = await t.app.inject(`/api/v1/profiles/${id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain("spam.example");
    await t.app.inject({ method: "PUT", url: "/api/v1/users/activate", payload: { activationKey } });
    expect((await t.app.inject(`/api/v1/profiles/${id}`)).json().displayName).toBe(
      "Cheap pills at spam.example",
    );
  });

  it("404 for an unknown id, 400 for a malformed one", async () => {
    expect((await t.app.inject("/api/v1/profiles/01890f5e-0000-7000-8000-000000000000")).statusCode).toBe(
      404,
    );
    expect((await t.app.inject("/api/v1/profiles/not-a-uuid")).statusCode).toBe(400);
  });
});

describe("OpenAPI", () => {
  it("documents every accounts endpoint", async () => {
    const doc = (await t.app.inject("/api/openapi.json")).json();
    const paths = Object.keys(doc.paths);
    for (const p of [
      "/api/register",
      "/api/v1/users/activate",
      "/api/activate",
      "/api/account/resend-activation",
      "/api/authenticate",
      "/api/logout",
      "/api/account",
      "/api/account/change-password",
      "/api/account/change-image-url",
      "/api/account/reset-password/init",
      "/api/account/reset-password/finish",
      "/api/v1/profiles/{id}",
    ]) {
      expect(paths).toContain(p);
    }
    expect(doc.paths["/api/account"].get.tags).toEqual(["accounts"]);
    expect(doc.paths["/api/authenticate"].post.summary).toEqual(expect.any(String));
  });
});

describe("mail delivery never holds up or breaks an answer", () => {
  it("answers before a slow SMTP server has accepted the mail", async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    let received = 0; // mails accepted by the server
    const stalling = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, _session, callback) {
        stream.resume();
        // The mail is accepted only once the test says so: if the API waited for it, the
        // request below would never finish (and the test would time out).
        stream.on("end", () => {
          void released.then(() => {
            received += 1;
            callback();
          });
        });
      },
    });
    await new Promise<void>((r) => stalling.listen(0, "127.0.0.1", r));
    const { port } = stalling.server.address() as AddressInfo;
    const local = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const res = await local.app.inject({
        method: "POST",
        url: "/api/register",
        payload: { email: uniqueEmail("slow"), password: PASSWORD, displayName: "Slow" },
      });
      expect(res.statusCode).toBe(201);
      expect(received).toBe(0);
      release();
      await local.app.mailer.idle();
      expect(received).toBe(1);
    } finally {
      release();
      await local.close();
      await new Promise<void>((r) => stalling.close(() => r()));
    }
  });

  it("a dead SMTP server is logged, the client still gets its normal answer", async () => {
    const local = await createTestApp({ SMTP_URL: "smtp://127.0.0.1:1" });
    try {
      const res = await local.app.inject({
        method: "POST",
        url: "/api/register",
        payload: { email: uniqueEmail("dead"), password: PASSWORD, displayName: "Dead" },
      });
      expect(res.statusCode).toBe(201);
      const reset = await local.app.inject({
        method: "POST",
        url: "/api/account/reset-password/init",
        payload: { mail: uniqueEmail("dead"), isBackOffice: false },
      });
      expect(reset.statusCode).toBe(200);
      await local.app.mailer.idle();
    } finally {
      await local.close();
    }
  });
});
