import { AdminInvitationCode, InvitationCode } from "@flipside/contracts/joining";
import { JOINING_MESSAGES } from "@flipside/contracts/joining-constants";
import { ACCOUNT_ROLE } from "@flipside/contracts/roles";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  type AccountsHarness,
  createAccountsHarness,
  ORIGIN,
  register,
  tokenFor,
  uniqueEmail,
} from "../../../test/accounts-support.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { invitationCodes, users } from "../../db/schema/accounts.ts";
import { auditLog } from "../../db/schema/admin.ts";

const LIMITS = { RATE_LIMIT_REGISTER_PER_IP: "1000", INVITATION_CODES_PER_ACCOUNT: "3" };

let open: AccountsHarness;
let closed: AccountsHarness;
let ann: TestUser;
let admin: TestUser;
beforeAll(async () => {
  [open, closed] = await Promise.all([
    createAccountsHarness(LIMITS),
    createAccountsHarness({ ...LIMITS, BETA_GATE: "true", ADMIN_EMAILS: "First.Admin@example.test" }),
  ]);
  ann = await createUser(open.app, { displayName: "Ann Inviter" });
  admin = await createUser(closed.app, {
    displayName: "Ada Admin",
    roles: [ACCOUNT_ROLE.USER, ACCOUNT_ROLE.ADMIN],
  });
});
afterAll(() => Promise.all([open?.close(), closed?.close()]));

async function codesOf(t: AccountsHarness, user: TestUser) {
  const res = await t.app.inject({ method: "GET", url: "/api/v1/invitation-codes", headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return z.array(InvitationCode).parse(res.json());
}
const check = (t: AccountsHarness, code: string) =>
  t.app.inject({ method: "GET", url: `/api/v1/invitation-codes/${encodeURIComponent(code)}` });
const joinWith = (t: AccountsHarness, email: string, invitationCode: string, name = "Ben Newcomer") =>
  register(t, email, undefined, name, { invitationCode });
const accountOf = async (t: AccountsHarness, email: string) =>
  (await t.app.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`))[0];

async function mint(body: Record<string, unknown>) {
  const res = await closed.app.inject({
    method: "POST",
    url: "/api/v1/admin/invitation-codes",
    headers: admin.headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return z.array(AdminInvitationCode).parse(res.json());
}

describe("each activated account's invitation codes", () => {
  it("are made the first time the person asks, as many as configured, and stay the same", async () => {
    const [first, again] = await Promise.all([codesOf(open, ann), codesOf(open, ann)]);
    expect(first).toHaveLength(3);
    expect(again.map((c) => c.code)).toEqual(first.map((c) => c.code));
    for (const code of first) {
      expect(code).toMatchObject({ state: "VALID", uses: 0, maxUses: 1, expiresAt: null, joined: [] });
      expect(code.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
      expect(code.link).toBe(`${ORIGIN}/join/${code.code}`);
    }
    expect(new Set(first.map((c) => c.code)).size).toBe(3);
  });

  it("are refused to an account that is not activated, and to nobody signed in", async () => {
    const fresh = await createUser(open.app, { activated: false });
    const res = await open.app.inject({
      method: "GET",
      url: "/api/v1/invitation-codes",
      headers: fresh.headers,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(JOINING_MESSAGES.notActivated);
    const anonymous = await open.app.inject({ method: "GET", url: "/api/v1/invitation-codes" });
    expect(anonymous.statusCode).toBe(401);
    expect(
      await open.app.db.select().from(invitationCodes).where(eq(invitationCodes.ownerId, fresh.id)),
    ).toEqual([]);
  });
});

describe("checking a code (/join/{code})", () => {
  it("names the inviter of a valid code, however the code is typed", async () => {
    const [code] = await codesOf(open, ann);
    if (!code) throw new Error("no code");
    const typed = `${code.code.slice(0, 5).toLowerCase()}-${code.code.slice(5)}`.replace(/0/g, "o");
    for (const spelling of [code.code, typed]) {
      const res = await check(open, spelling);
      expect(res.statusCode, spelling).toBe(200);
      expect(res.json()).toEqual({ code: code.code, inviter: "Ann Inviter", expiresAt: null });
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  it("says plainly that a code does not exist", async () => {
    for (const code of ["ZZZZZZZZZZ", "short", "x".repeat(64)]) {
      const res = await check(open, code);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(JOINING_MESSAGES.codeUnknown);
    }
  });

  it("is rate limited per address, so codes cannot be guessed", async () => {
    const t = await createAccountsHarness({ RATE_LIMIT_INVITATION_CHECK_PER_IP: "3" });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await check(t, "ZZZZZZZZZZ")).statusCode);
      expect(statuses).toEqual([404, 404, 404, 429]);
    } finally {
      await t.close();
    }
  });
});

describe("joining with a code, the gate open", () => {
  it("records who invited whom; the inviter sees the display name; the code is then used", async () => {
    const [, code] = await codesOf(open, ann);
    if (!code) throw new Error("no code");
    const email = uniqueEmail("invited");
    expect((await joinWith(open, email, code.code.toLowerCase())).statusCode).toBe(201);
    const account = await accountOf(open, email);
    expect(account).toMatchObject({ invitedBy: ann.id, invitationCodeId: code.id });

    const after = (await codesOf(open, ann)).find((c) => c.id === code.id);
    expect(after).toMatchObject({
      state: "USED",
      uses: 1,
      joined: [{ id: account?.id, displayName: "Ben Newcomer", joinedDate: expect.any(String) }],
    });
    expect(JSON.stringify(after)).not.toContain(email);
    const res = await check(open, code.code);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(JOINING_MESSAGES.codeUsed);
  });

  it("lets anyone join without a code, and records a code that cannot be used as typed only", async () => {
    const plain = uniqueEmail("plain");
    expect((await register(open, plain)).statusCode).toBe(201);
    expect(await accountOf(open, plain)).toMatchObject({ invitationCode: null, invitedBy: null });
    const typo = uniqueEmail("typo");
    expect((await joinWith(open, typo, "NOT-A-CODE")).statusCode).toBe(201);
    expect(await accountOf(open, typo)).toMatchObject({
      invitationCode: "NOT-A-CODE",
      invitationCodeId: null,
      invitedBy: null,
    });
  });
});

describe("the beta gate closed", () => {
  it("refuses a sign-up without a code, or with one that cannot be used, and writes nothing", async () => {
    const [expired] = await mint({ count: 1, maxUses: 5 });
    if (!expired) throw new Error("no code");
    await closed.app.db
      .update(invitationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitationCodes.id, expired.id));
    for (const [code, message] of [
      [undefined, JOINING_MESSAGES.gateClosed],
      ["ZZZZZZZZZZ", JOINING_MESSAGES.codeUnknown],
      [expired.code, JOINING_MESSAGES.codeExpired],
    ] as const) {
      const email = uniqueEmail("gated");
      const res = await register(closed, email, undefined, "Gated", code ? { invitationCode: code } : {});
      expect(res.statusCode, code).toBe(400);
      expect(res.json().errors).toEqual([{ field: "invitationCode", message }]);
      expect(await accountOf(closed, email)).toBeUndefined();
    }
    const check = await closed.app.inject({ method: "GET", url: `/api/v1/invitation-codes/${expired.code}` });
    expect(check.json().detail).toBe(JOINING_MESSAGES.codeExpired);
  });

  it("lets the configured admins' addresses in without a code, or nobody could mint the first one", async () => {
    expect((await register(closed, "first.admin@EXAMPLE.test")).statusCode).toBe(201);
    expect(await accountOf(closed, "first.admin@example.test")).toMatchObject({ invitationCodeId: null });
  });

  it("lets a single-use code in once: of five sign-ups racing for it, one account is made", async () => {
    const [code] = await mint({ count: 1 });
    if (!code) throw new Error("no code");
    const emails = Array.from({ length: 5 }, () => uniqueEmail("race"));
    const answers = await Promise.all(emails.map((email) => joinWith(closed, email, code.code)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.statusCode === 400)) {
      expect(refused.json().errors[0].message).toBe(JOINING_MESSAGES.codeUsed);
    }
    const made = (await Promise.all(emails.map((email) => accountOf(closed, email)))).filter(Boolean);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ invitedBy: admin.id, invitationCodeId: code.id });
    const [row] = await closed.app.db.select().from(invitationCodes).where(eq(invitationCodes.id, code.id));
    expect(row?.uses).toBe(1);
  });

  it("answers a taken address as any other and keeps the code's use for someone new", async () => {
    const [code] = await mint({ count: 1 });
    if (!code) throw new Error("no code");
    const first = uniqueEmail("first");
    expect((await joinWith(closed, first, code.code)).statusCode).toBe(201);
    const [other] = await mint({ count: 1 });
    if (!other) throw new Error("no code");
    const again = await joinWith(closed, first.toUpperCase(), other.code, "Mallory");
    expect(again.statusCode).toBe(201);
    expect((await check(closed, other.code)).statusCode).toBe(200);
    // Not activated yet: the owner gets a fresh activation link, as for any sign-up again.
    await closed.mail.next(first);
    expect((await closed.mail.next(first)).subject).toBe("Activate your Flipside account");
    expect((await accountOf(closed, first))?.invitationCodeId).toBe(code.id);
  });

  it("lets people invited by someone who joined through the gate in too", async () => {
    const [code] = await mint({ count: 1 });
    if (!code) throw new Error("no code");
    const email = uniqueEmail("chain");
    await joinWith(closed, email, code.code, "Cara Chain");
    await closed.app.db.update(users).set({ activated: true }).where(sql`lower(${users.email}) = ${email}`);
    const token = await tokenFor(closed, email);
    const cara = { id: "", token, displayName: "Cara Chain", headers: { authorization: `Bearer ${token}` } };
    const [hers] = await codesOf(closed, cara);
    if (!hers) throw new Error("no code");
    const next = uniqueEmail("next");
    expect((await joinWith(closed, next, hers.code)).statusCode).toBe(201);
    expect((await accountOf(closed, next))?.invitedBy).toBe((await accountOf(closed, email))?.id);
  });
});

describe("invitation codes in the admin area", () => {
  it("are minted for many uses with an expiry, listed, filtered and revoked, all in the audit log", async () => {
    const expiresAt = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    const minted = await mint({ count: 2, maxUses: 50, expiresAt, note: "Conference, May" });
    expect(minted).toHaveLength(2);
    expect(minted[0]).toMatchObject({
      kind: "MINTED",
      owner: { id: admin.id, displayName: "Ada Admin" },
      maxUses: 50,
      uses: 0,
      expiresAt,
      note: "Conference, May",
      state: "VALID",
    });
    const [one] = minted;
    if (!one) throw new Error("no code");
    // Many uses: three people join with one code.
    for (let i = 0; i < 3; i++)
      expect((await joinWith(closed, uniqueEmail("many"), one.code)).statusCode).toBe(201);

    const list = await closed.app.inject({
      method: "GET",
      url: `/api/v1/admin/invitation-codes?searchAnd=${encodeURIComponent("note||conference,VALID")}&sort=uses,desc`,
      headers: admin.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers["x-total-count"]).toBe("2");
    expect(
      z
        .array(AdminInvitationCode)
        .parse(list.json())
        .map((c) => [c.code, c.uses]),
    ).toEqual([
      [one.code, 3],
      [minted[1]?.code, 0],
    ]);

    const revoked = await closed.app.inject({
      method: "DELETE",
      url: `/api/v1/admin/invitation-codes/${one.id}`,
      headers: admin.headers,
    });
    expect(revoked.json()).toMatchObject({ state: "REVOKED", uses: 3 });
    const again = await closed.app.inject({
      method: "DELETE",
      url: `/api/v1/admin/invitation-codes/${one.id}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(200);
    expect((await check(closed, one.code)).json().detail).toBe(JOINING_MESSAGES.codeRevoked);
    const audit = await closed.app.db.select().from(auditLog).where(eq(auditLog.targetId, one.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["INVITATION_MINTED", "INVITATION_REVOKED"]);
  });

  it("refuse a past expiry or too many uses, and are a 404 for anyone who is not an admin", async () => {
    for (const body of [
      { expiresAt: new Date(Date.now() - 60_000).toISOString() },
      { maxUses: 10_001 },
      { count: 101 },
      { note: "x".repeat(201) },
    ]) {
      const res = await closed.app.inject({
        method: "POST",
        url: "/api/v1/admin/invitation-codes",
        headers: admin.headers,
        payload: body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const someone = await createUser(closed.app);
    for (const [method, url] of [
      ["GET", "/api/v1/admin/invitation-codes"],
      ["POST", "/api/v1/admin/invitation-codes"],
      ["DELETE", `/api/v1/admin/invitation-codes/${someone.id}`],
    ] as const) {
      for (const headers of [someone.headers, {}]) {
        const res = await closed.app.inject({ method, url, headers, payload: {} });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
  });
});
