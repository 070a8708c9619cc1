import { JOINING_MESSAGES } from "@flipside/contracts/joining-constants";
import { ACCOUNT_ROLE } from "@flipside/contracts/roles";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AccountsHarness,
  createAccountsHarness,
  ORIGIN,
  register,
  uniqueEmail,
} from "../../../test/accounts-support.ts";
import { linkIn } from "../../../test/mail-catcher.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { betaRequests, users } from "../../db/schema/accounts.ts";
import { auditLog } from "../../db/schema/admin.ts";

let t: AccountsHarness;
let admin: TestUser;
beforeAll(async () => {
  t = await createAccountsHarness({ BETA_GATE: "true", RATE_LIMIT_REGISTER_PER_IP: "1000" });
  admin = await createUser(t.app, {
    displayName: "Ada Admin",
    roles: [ACCOUNT_ROLE.USER, ACCOUNT_ROLE.ADMIN],
  });
});
afterAll(() => t?.close());

let ip = 0;
const ask = (email: string, reason?: string) => {
  ip += 1;
  return t.app.inject({
    method: "POST",
    url: "/api/v1/beta-users",
    remoteAddress: `10.77.${ip >> 8}.${ip & 255}`,
    payload: { email, ...(reason === undefined ? {} : { reason }) },
  });
};
const requestOf = async (email: string) =>
  (
    await t.app.db
      .select()
      .from(betaRequests)
      .where(sql`lower(${betaRequests.email}) = ${email.toLowerCase()}`)
  )[0];
const accountOf = async (email: string) =>
  (await t.app.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`))[0];

async function decideOn(email: string, action: "approve" | "reject") {
  const request = await requestOf(email);
  const res = await t.app.inject({
    method: "POST",
    url: `/api/v1/beta-users/${request?.id}/${action}`,
    headers: admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Approves and reads the mailed link's key. */
async function approve(email: string): Promise<string> {
  await decideOn(email, "approve");
  const mail = await t.mail.next(email);
  expect(mail.subject).toBe("You can join Flipside now");
  const link = linkIn(mail, `${ORIGIN}/beta-user/activate/`);
  return decodeURIComponent(link.pathname.split("/").pop() ?? "");
}
const activation = (key: string) =>
  t.app.inject({ method: "GET", url: `/api/v1/beta-users/activation/${encodeURIComponent(key)}` });

describe("asking to join the beta", () => {
  it("answers the same whatever is known of the address, and mails nothing", async () => {
    const taken = uniqueEmail("taken");
    await createUser(t.app, { email: taken });
    const fresh = uniqueEmail("fresh");
    const answers = [
      await ask(fresh, "I review gardening shops"),
      await ask(fresh.toUpperCase(), "again"),
      await ask(taken),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ message: JOINING_MESSAGES.betaRequested });
    }
    // One request per address; the first reason stands.
    expect(await requestOf(fresh)).toMatchObject({ status: "PENDING", reason: "I review gardening shops" });
    await expect(t.mail.next(fresh, 300)).rejects.toThrow();
  });

  it("refuses a malformed address or an overlong reason, and is rate limited per address", async () => {
    expect((await ask("not-an-address")).statusCode).toBe(400);
    expect((await ask(uniqueEmail("long"), "x".repeat(1001))).statusCode).toBe(400);
    const limited = await createAccountsHarness({ RATE_LIMIT_BETA_REQUEST_PER_IP: "2" });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.app.inject({
          method: "POST",
          url: "/api/v1/beta-users",
          payload: { email: uniqueEmail("many") },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([202, 202, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("the waiting list (admins)", () => {
  it("lists requests oldest first, filtered and searched, and is a 404 for anyone else", async () => {
    const first = uniqueEmail("wait-first");
    const second = uniqueEmail("wait-second");
    await ask(first, "first");
    await ask(second, "second");
    const res = await t.app.inject({
      method: "GET",
      url: `/api/v1/beta-users?searchAnd=${encodeURIComponent("PENDING,email||wait-")}`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((r: { email: string }) => r.email)).toEqual([first, second]);
    expect(res.headers["x-total-count"]).toBe("2");
    expect(res.json()[0]).toMatchObject({
      status: "PENDING",
      reason: "first",
      hasAccount: false,
      decidedBy: null,
    });
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/v1/beta-users?searchAnd=password==x",
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);

    const someone = await createUser(t.app);
    const request = await requestOf(first);
    for (const [method, url] of [
      ["GET", "/api/v1/beta-users"],
      ["POST", `/api/v1/beta-users/${request?.id}/approve`],
      ["POST", `/api/v1/beta-users/${request?.id}/reject`],
    ] as const) {
      for (const headers of [someone.headers, {}]) {
        expect((await t.app.inject({ method, url, headers })).statusCode, url).toBe(404);
      }
    }
    expect((await requestOf(first))?.status).toBe("PENDING");
  });
});

describe("an approved request's link", () => {
  it("opens sign-up past the gate for its address once; the account is activated at once", async () => {
    const email = uniqueEmail("approved");
    await ask(email);
    const key = await approve(email);
    expect(await activation(key).then((r) => r.json())).toEqual({ email, hasAccount: false });

    const other = await register(t, uniqueEmail("other"), undefined, "Other", { betaKey: key });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual([{ field: "email", message: JOINING_MESSAGES.betaLinkOtherAddress }]);

    const res = await register(t, email, undefined, "Bea Beta", { betaKey: key });
    expect(res.statusCode, res.body).toBe(201);
    expect(await accountOf(email)).toMatchObject({ activated: true, displayName: "Bea Beta" });
    // The link proved the address: no activation mail.
    await expect(t.mail.next(email, 300)).rejects.toThrow();
    expect((await requestOf(email))?.usedAt).toBeInstanceOf(Date);

    const replay = await register(t, email, undefined, "Bea Again", { betaKey: key });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errors).toEqual([{ field: "betaKey", message: JOINING_MESSAGES.betaLinkInvalid }]);
    expect((await activation(key)).statusCode).toBe(404);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.targetLabel, email));
    expect(audit.map((a) => [a.action, a.actorName])).toEqual([["BETA_APPROVED", "Ada Admin"]]);
  });

  it("of a request approved again is a fresh one; the earlier link and a rejected request's stop working", async () => {
    const email = uniqueEmail("twice");
    await ask(email);
    const first = await approve(email);
    const second = await approve(email);
    expect((await activation(first)).statusCode).toBe(404);
    expect((await activation(second)).statusCode).toBe(200);
    const decided = await decideOn(email, "reject");
    expect(decided).toMatchObject({
      status: "REJECTED",
      decidedBy: { id: admin.id, displayName: "Ada Admin" },
    });
    expect((await activation(second)).statusCode).toBe(404);
    const refused = await register(t, email, undefined, "Too Late", { betaKey: second });
    expect(refused.statusCode).toBe(400);
    expect(await accountOf(email)).toBeUndefined();
  });

  it("stops working after 14 days", async () => {
    const email = uniqueEmail("late");
    await ask(email);
    const key = await approve(email);
    await t.app.db
      .update(betaRequests)
      .set({ keyExpiresAt: new Date(Date.now() - 1000) })
      .where(sql`lower(${betaRequests.email}) = ${email}`);
    expect((await activation(key)).statusCode).toBe(404);
    expect((await register(t, email, undefined, "Late", { betaKey: key })).statusCode).toBe(400);
  });

  it("activates the account an address already has, once", async () => {
    const email = uniqueEmail("existing");
    await createUser(t.app, { email, activated: false });
    await ask(email);
    await decideOn(email, "approve");
    const mail = await t.mail.next(email);
    expect(mail.text).toContain("This address already has an account: the link below activates it.");
    const key = decodeURIComponent(
      linkIn(mail, `${ORIGIN}/beta-user/activate/`).pathname.split("/").pop() ?? "",
    );
    expect(await activation(key).then((r) => r.json())).toEqual({ email, hasAccount: true });
    const activate = () =>
      t.app.inject({ method: "POST", url: "/api/v1/beta-users/activation", payload: { key } });
    expect((await activate()).json()).toEqual({ activated: true });
    expect((await accountOf(email))?.activated).toBe(true);
    const again = await activate();
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(JOINING_MESSAGES.betaLinkInvalid);
  });
});
