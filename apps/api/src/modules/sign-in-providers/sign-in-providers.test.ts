import { createHmac } from "node:crypto";
import { SESSION_COOKIE } from "@flipside/contracts/constants";
import { SIGN_IN_MESSAGES } from "@flipside/contracts/sign-in-providers-constants";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AccountsHarness,
  bearer,
  createAccountsHarness,
  createActivatedUser,
  keyFrom,
  ORIGIN,
  PASSWORD,
  tokenFor,
  uniqueEmail,
} from "../../../test/accounts-support.ts";
import { startTestIssuer, type TestIssuer } from "../../../test/oidc-issuer.ts";
import { users } from "../../db/schema/accounts.ts";
import { signInFlows, signInIdentities } from "../../db/schema/sign-in.ts";

const FACEBOOK_SECRET = "facebook-app-secret-for-tests";
let t: AccountsHarness;
let issuer: TestIssuer;
beforeAll(async () => {
  issuer = await startTestIssuer();
  issuer.allowRedirect(`${ORIGIN}/api/sign-in/acme/callback`);
  t = await createAccountsHarness({
    OIDC_ACME_ISSUER: issuer.url,
    OIDC_ACME_CLIENT_ID: issuer.clientId,
    OIDC_ACME_CLIENT_SECRET: issuer.clientSecret,
    OIDC_ACME_LABEL: "Acme ID",
    FACEBOOK_APP_ID: "1234567890",
    FACEBOOK_APP_SECRET: FACEBOOK_SECRET,
  });
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
});

let people = 0;
/** A person at the issuer, with a fresh address. */
function person(options: { email?: string; verified?: boolean; name?: string } = {}) {
  people += 1;
  const login = `person-${people}-${Date.now()}`;
  issuer.people.set(login, {
    email: options.email ?? uniqueEmail("oidc"),
    emailVerified: options.verified ?? true,
    name: options.name ?? "Olive Idsen",
  });
  return login;
}

const cookieOf = (res: { cookies: { name: string; value: string }[] }, name: string) =>
  res.cookies.find((c) => c.name === name)?.value;

/** Leaves for the issuer: the authorization URL and the state cookie. */
async function start(query = "", headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: "GET", url: `/api/sign-in/acme/start${query}`, headers });
  expect(res.statusCode, res.body).toBe(302);
  const state = cookieOf(res, "fs_signin_state");
  if (!state) throw new Error("no state cookie");
  return { url: String(res.headers.location), state };
}

async function callback(callbackUrl: URL, state: string | undefined) {
  return t.app.inject({
    method: "GET",
    url: `${callbackUrl.pathname}${callbackUrl.search}`,
    cookies: state ? { fs_signin_state: state } : {},
  });
}

/** The whole round trip as a browser makes it. */
async function signInAs(login: string, query = "") {
  const { url, state } = await start(query);
  const back = await issuer.signIn(url, login);
  return callback(back, state);
}

const identitiesOf = (userId: string) =>
  t.app.db.select().from(signInIdentities).where(eq(signInIdentities.userId, userId));
const accountOf = async (email: string) =>
  (await t.app.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`))[0];

describe("signing in with an OpenID Connect provider", () => {
  it("leaves with PKCE (S256), state and nonce, and keeps the secrets on the server", async () => {
    const { url, state } = await start("?returnTo=/p/example.com");
    const params = new URL(url).searchParams;
    expect(url.startsWith(issuer.url)).toBe(true);
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("code_challenge")).toBeTruthy();
    expect(params.get("state")).toBe(state);
    expect(params.get("nonce")).toBeTruthy();
    expect(params.get("redirect_uri")).toBe(`${ORIGIN}/api/sign-in/acme/callback`);
    expect(url).not.toContain("code_verifier");
  });

  it("creates an activated account on first sign-in and the same session as a password login", async () => {
    const login = person({ name: "Nova Provider" });
    const email = issuer.people.get(login)?.email ?? "";
    const res = await signInAs(login, "?returnTo=/p/example.com");
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe("/p/example.com");
    const session = cookieOf(res, SESSION_COOKIE);
    expect(session).toBeTruthy();
    const account = await t.app.inject({
      method: "GET",
      url: "/api/account",
      cookies: { [SESSION_COOKIE]: session ?? "" },
    });
    expect(account.statusCode).toBe(200);
    expect(account.json()).toMatchObject({ email, displayName: "Nova Provider", activated: true });
    // The session is listed and revocable like any other.
    const sessions = await t.app.inject({
      method: "GET",
      url: "/api/account/sessions",
      cookies: { [SESSION_COOKIE]: session ?? "" },
    });
    expect(sessions.statusCode).toBe(200);
    expect(sessions.json()).toHaveLength(1);

    // Signing in again finds the same account, not a new one.
    const again = await signInAs(login);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe("/");
    const row = await accountOf(email);
    expect(row?.passwordHash).toBeNull();
    expect(await identitiesOf(row?.id ?? "")).toHaveLength(1);
    // No password: a password login with any password fails like a wrong one.
    const pw = await t.app.inject({
      method: "POST",
      url: "/api/authenticate",
      payload: { username: email, password: "anything-at-all" },
    });
    expect(pw.statusCode).toBe(401);
  });

  it("refuses a tampered state, a missing state cookie and an unknown state; nothing is created", async () => {
    const login = person();
    const email = issuer.people.get(login)?.email ?? "";
    const { url, state } = await start();
    const back = await issuer.signIn(url, login);
    const tampered = new URL(back);
    tampered.searchParams.set("state", `${state}x`);
    for (const [u, s] of [
      [tampered, `${state}x`],
      [back, undefined],
      [tampered, state],
    ] as const) {
      const res = await callback(u, s);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/login?signInError=state");
      expect(cookieOf(res, SESSION_COOKIE)).toBeFalsy();
    }
    expect(await accountOf(email)).toBeUndefined();
  });

  it("refuses a replayed callback: a state and its code work once", async () => {
    const login = person();
    const { url, state } = await start();
    const back = await issuer.signIn(url, login);
    const first = await callback(back, state);
    expect(cookieOf(first, SESSION_COOKIE)).toBeTruthy();
    const replay = await callback(back, state);
    expect(replay.headers.location).toBe("/login?signInError=state");
    expect(cookieOf(replay, SESSION_COOKIE)).toBeFalsy();

    // A code used once is refused by the issuer even under a fresh state of this browser.
    const fresh = await start();
    const replayedCode = new URL(back);
    replayedCode.searchParams.set("state", fresh.state);
    const res = await callback(replayedCode, fresh.state);
    expect(res.headers.location).toBe("/login?signInError=failed");
    expect(cookieOf(res, SESSION_COOKIE)).toBeFalsy();
  });

  it("refuses an ID token whose nonce is not the one the sign-in left with", async () => {
    const login = person();
    const email = issuer.people.get(login)?.email ?? "";
    const { url, state } = await start();
    await t.app.db.update(signInFlows).set({ nonce: "another-nonce-entirely" }).where(sql`true`);
    const res = await callback(await issuer.signIn(url, login), state);
    expect(res.headers.location).toBe("/login?signInError=failed");
    expect(cookieOf(res, SESSION_COOKIE)).toBeFalsy();
    expect(await accountOf(email)).toBeUndefined();
  });

  it("refuses an address the provider has not verified", async () => {
    const login = person({ verified: false });
    const email = issuer.people.get(login)?.email ?? "";
    const res = await signInAs(login);
    expect(res.headers.location).toBe("/login?signInError=email");
    expect(cookieOf(res, SESSION_COOKIE)).toBeFalsy();
    expect(await accountOf(email)).toBeUndefined();
  });

  it("says so when the person cancels at the provider", async () => {
    const { state } = await start();
    const res = await callback(
      new URL(`${ORIGIN}/api/sign-in/acme/callback?error=access_denied&state=${state}`),
      state,
    );
    expect(res.headers.location).toBe("/login?signInError=denied");
  });

  it("answers 404 for a provider that is not configured", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/sign-in/google/start" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("application/problem+json");
  });
});

describe("an existing account's address from a provider", () => {
  async function pendingFor(email: string) {
    const login = person({ email });
    const res = await signInAs(login, "?returnTo=/profile");
    expect(res.statusCode).toBe(302);
    expect(cookieOf(res, SESSION_COOKIE)).toBeFalsy();
    const location = new URL(String(res.headers.location), ORIGIN);
    expect(location.pathname).toBe("/login/link");
    return { login, token: location.searchParams.get("token") ?? "" };
  }

  it("links only after the password proves the account", async () => {
    const email = await createActivatedUser(t);
    const { login, token } = await pendingFor(email);
    const shown = await t.app.inject({ method: "GET", url: `/api/v1/sign-in/pending/${token}` });
    expect(shown.json()).toMatchObject({ provider: "acme", label: "Acme ID", email });

    const wrong = await t.app.inject({
      method: "POST",
      url: `/api/v1/sign-in/pending/${token}/password`,
      payload: { password: "Wrong-Horse-9" },
    });
    expect(wrong.statusCode).toBe(400);
    const user = await accountOf(email);
    expect(await identitiesOf(user?.id ?? "")).toHaveLength(0);

    const right = await t.app.inject({
      method: "POST",
      url: `/api/v1/sign-in/pending/${token}/password`,
      payload: { password: PASSWORD },
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({ returnTo: "/profile" });
    expect(cookieOf(right, SESSION_COOKIE)).toBeTruthy();
    expect(await identitiesOf(user?.id ?? "")).toHaveLength(1);
    // Used once.
    const again = await t.app.inject({
      method: "POST",
      url: `/api/v1/sign-in/pending/${token}/password`,
      payload: { password: PASSWORD },
    });
    expect(again.statusCode).toBe(404);
    // From now on the provider signs straight in.
    const next = await signInAs(login);
    expect(cookieOf(next, SESSION_COOKIE)).toBeTruthy();
    expect(next.headers.location).toBe("/");
  });

  it("links after the mailed link is followed", async () => {
    const email = await createActivatedUser(t);
    const { token } = await pendingFor(email);
    const asked = await t.app.inject({ method: "POST", url: `/api/v1/sign-in/pending/${token}/mail` });
    expect(asked.statusCode).toBe(202);
    const key = keyFrom(await t.mail.next(email), "/login/link");
    const done = await t.app.inject({
      method: "POST",
      url: "/api/v1/sign-in/pending/confirm",
      payload: { key },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(cookieOf(done, SESSION_COOKIE)).toBeTruthy();
    expect(await identitiesOf((await accountOf(email))?.id ?? "")).toHaveLength(1);
    const replay = await t.app.inject({
      method: "POST",
      url: "/api/v1/sign-in/pending/confirm",
      payload: { key },
    });
    expect(replay.statusCode).toBe(404);
  });
});

describe("linking and unlinking from the profile", () => {
  it("links a provider to a signed-in account, refuses the same identity for a second account, and unlinks", async () => {
    const email = await createActivatedUser(t);
    const token = await tokenFor(t, email);
    const login = person();
    const started = await t.app.inject({
      method: "POST",
      url: "/api/v1/account/sign-in-providers/acme/link",
      headers: bearer(token),
    });
    expect(started.statusCode, started.body).toBe(200);
    const state = cookieOf(started, "fs_signin_state");
    const linked = await callback(await issuer.signIn(started.json().url, login), state);
    expect(linked.headers.location).toBe("/profile/socials?linked=acme");

    const list = await t.app.inject({
      method: "GET",
      url: "/api/v1/account/sign-in-providers",
      headers: bearer(token),
    });
    expect(list.json()).toMatchObject({
      hasPassword: true,
      linked: [{ provider: "acme", label: "Acme ID", email: issuer.people.get(login)?.email }],
      available: expect.arrayContaining([
        { id: "acme", label: "Acme ID" },
        { id: "facebook", label: "Facebook" },
      ]),
    });

    // The same identity for another account is refused.
    const other = await tokenFor(t, await createActivatedUser(t));
    const second = await t.app.inject({
      method: "POST",
      url: "/api/v1/account/sign-in-providers/acme/link",
      headers: bearer(other),
    });
    const refused = await callback(
      await issuer.signIn(second.json().url, login),
      cookieOf(second, "fs_signin_state"),
    );
    expect(refused.headers.location).toBe("/profile/socials?signInError=taken");

    const id = list.json().linked[0].id;
    const otherUnlink = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/account/sign-in-providers/${id}`,
      headers: bearer(other),
    });
    expect(otherUnlink.statusCode).toBe(404);
    const unlink = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/account/sign-in-providers/${id}`,
      headers: bearer(token),
    });
    expect(unlink.statusCode).toBe(204);
  });

  it("refuses to unlink the last way in of an account without a password", async () => {
    const res = await signInAs(person());
    const session = { [SESSION_COOKIE]: cookieOf(res, SESSION_COOKIE) ?? "" };
    const list = await t.app.inject({
      method: "GET",
      url: "/api/v1/account/sign-in-providers",
      cookies: session,
    });
    expect(list.json().hasPassword).toBe(false);
    const unlink = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/account/sign-in-providers/${list.json().linked[0].id}`,
      cookies: session,
      headers: { origin: ORIGIN },
    });
    expect(unlink.statusCode).toBe(409);
    expect(unlink.json().detail).toBe(SIGN_IN_MESSAGES.lastWay);
  });
});

describe("Facebook's data-deletion callback", () => {
  const signed = (payload: object, secret = FACEBOOK_SECRET) => {
    const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
    const sig = createHmac("sha256", secret).update(body).digest("base64url");
    return `${sig}.${body}`;
  };
  const post = (signedRequest: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/facebook/data-deletion",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ signed_request: signedRequest }).toString(),
    });

  it("removes the Facebook link and answers a status address with a confirmation code", async () => {
    const email = await createActivatedUser(t);
    const user = await accountOf(email);
    await t.app.db
      .insert(signInIdentities)
      .values({ userId: user?.id ?? "", provider: "facebook", subject: "fb-42" });
    const res = await post(signed({ algorithm: "HMAC-SHA256", user_id: "fb-42", issued_at: 1 }));
    expect(res.statusCode, res.body).toBe(200);
    const { url, confirmation_code } = res.json();
    expect(url).toBe(`${ORIGIN}/facebook/verify?code=${confirmation_code}`);
    expect(await identitiesOf(user?.id ?? "")).toHaveLength(0);
    const status = await t.app.inject({
      method: "GET",
      url: `/api/v1/facebook/deletions/${confirmation_code}`,
    });
    expect(status.json()).toMatchObject({
      status: "deleted",
      removedLinks: 1,
      confirmationCode: confirmation_code,
    });
    expect((await t.app.inject({ method: "GET", url: "/api/v1/facebook/deletions/nope" })).statusCode).toBe(
      404,
    );
  });

  it("refuses a forged or malformed signed request with a 400 and deletes nothing", async () => {
    const email = await createActivatedUser(t);
    const user = await accountOf(email);
    await t.app.db
      .insert(signInIdentities)
      .values({ userId: user?.id ?? "", provider: "facebook", subject: "fb-43" });
    const good = signed({ algorithm: "HMAC-SHA256", user_id: "fb-43" });
    const [sig, body] = good.split(".");
    const forged = [
      signed({ algorithm: "HMAC-SHA256", user_id: "fb-43" }, "not-the-secret"),
      `${sig}.${Buffer.from(JSON.stringify({ algorithm: "HMAC-SHA256", user_id: "fb-1" })).toString("base64url")}`,
      `${sig}`,
      `${sig}.${body}.extra`,
      signed({ algorithm: "none", user_id: "fb-43" }),
      "%%%.%%%",
    ];
    for (const request of forged) {
      const res = await post(request);
      expect(res.statusCode, request).toBe(400);
      expect(res.headers["content-type"]).toContain("application/problem+json");
    }
    expect(await identitiesOf(user?.id ?? "")).toHaveLength(1);
  });
});

describe("with the beta gate closed", () => {
  let gated: AccountsHarness;
  // The gate lets the configured admins in: someone has to hand out the first code.
  const inviterEmail = uniqueEmail("inviter");
  beforeAll(async () => {
    gated = await createAccountsHarness({
      BETA_GATE: "true",
      ADMIN_EMAILS: inviterEmail,
      OIDC_ACME_ISSUER: issuer.url,
      OIDC_ACME_CLIENT_ID: issuer.clientId,
      OIDC_ACME_CLIENT_SECRET: issuer.clientSecret,
    });
  });
  afterAll(() => gated?.close());

  async function gatedSignIn(login: string, query = "") {
    const started = await gated.app.inject({ method: "GET", url: `/api/sign-in/acme/start${query}` });
    const back = await issuer.signIn(String(started.headers.location), login);
    return gated.app.inject({
      method: "GET",
      url: `${back.pathname}${back.search}`,
      cookies: { fs_signin_state: cookieOf(started, "fs_signin_state") ?? "" },
    });
  }

  it("a new account needs an invitation code, carried from the start; the code is then used", async () => {
    const refused = await gatedSignIn(person());
    expect(refused.headers.location).toBe("/login?signInError=gate");
    expect(cookieOf(refused, SESSION_COOKIE)).toBeFalsy();

    const inviter = await createActivatedUser(gated, inviterEmail);
    const codes = await gated.app.inject({
      method: "GET",
      url: "/api/v1/invitation-codes",
      headers: bearer(await tokenFor(gated, inviter)),
    });
    const code: string = codes.json()[0].code;
    const login = person();
    const admitted = await gatedSignIn(login, `?invitationCode=${code}`);
    expect(admitted.headers.location).toBe("/");
    expect(cookieOf(admitted, SESSION_COOKIE)).toBeTruthy();
    const row = (
      await gated.app.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${issuer.people.get(login)?.email.toLowerCase()}`)
    )[0];
    expect(row?.invitedBy).toBeTruthy();
    // Single-use: the next newcomer with it is refused.
    const next = await gatedSignIn(person(), `?invitationCode=${code}`);
    expect(next.headers.location).toBe("/login?signInError=invitation");
  });
});
