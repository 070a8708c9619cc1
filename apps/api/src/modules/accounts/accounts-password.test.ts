import { PASSWORD_MESSAGES } from "@flipside/contracts/accounts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AccountsHarness,
  bearer,
  createAccountsHarness,
  createActivatedUser,
  getAccount,
  keyFrom,
  login,
  PASSWORD,
  register,
  tokenFor,
  uniqueEmail,
} from "../../../test/accounts-support.ts";
import { errorFields } from "../../../test/helper.ts";

const NEW_PASSWORD = "Brand-New-Pass-5";

let t: AccountsHarness;
beforeAll(async () => {
  t = await createAccountsHarness({ RATE_LIMIT_LOGIN_PER_IP: "1000", RATE_LIMIT_RESET_PER_IP: "1000" });
});
afterAll(() => t.close());

const changePassword = (token: string, payload: object) =>
  t.app.inject({ method: "POST", url: "/api/account/change-password", headers: bearer(token), payload });
const resetInit = (mail: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/account/reset-password/init",
    payload: { mail, isBackOffice: false },
  });
const resetFinish = (key: string, newPassword = NEW_PASSWORD) =>
  t.app.inject({ method: "POST", url: "/api/account/reset-password/finish", payload: { key, newPassword } });

describe("POST /api/account/change-password", () => {
  it("needs the current password", async () => {
    const token = await tokenFor(t, await createActivatedUser(t));
    const res = await changePassword(token, {
      currentPassword: "Wrong-Password-1",
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: "currentPassword", message: "The current password is not correct" },
    ]);
    expect(
      (await t.app.inject({ method: "POST", url: "/api/account/change-password", payload: {} })).statusCode,
    ).toBe(401);
  });

  it("applies the password rules to the new password", async () => {
    const token = await tokenFor(t, await createActivatedUser(t));
    const weak = await changePassword(token, { currentPassword: PASSWORD, newPassword: "short" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toContainEqual({ field: "newPassword", message: PASSWORD_MESSAGES.minLength });
    const common = await changePassword(token, { currentPassword: PASSWORD, newPassword: "P@ssw0rd" });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors).toEqual([{ field: "newPassword", message: PASSWORD_MESSAGES.common }]);
  });

  it("of 20 simultaneous changes with the right current password, exactly one wins", async () => {
    const email = await createActivatedUser(t);
    const token = await tokenFor(t, email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        changePassword(token, { currentPassword: PASSWORD, newPassword: `Brand-New-Pass-${i}x` }),
      ),
    );
    const won = answers.flatMap((res, i) => (res.statusCode === 204 ? [i] : []));
    expect(won).toHaveLength(1);
    for (const res of answers) {
      if (res.statusCode === 204) continue;
      // The others are told their "current" password is not current any more (or to slow down).
      expect([400, 429]).toContain(res.statusCode);
    }
    // The password is the winner's, and only the winner's.
    expect((await login(t, email, `Brand-New-Pass-${won[0]}x`)).statusCode).toBe(200);
    const other = won[0] === 0 ? 1 : 0;
    expect((await login(t, email, `Brand-New-Pass-${other}x`)).statusCode).toBe(401);
  });

  it("changes it, keeps this session and revokes every other one", async () => {
    const email = await createActivatedUser(t);
    const current = await tokenFor(t, email);
    const other = await tokenFor(t, email);
    const res = await changePassword(current, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(204);

    expect((await getAccount(t, current)).statusCode).toBe(200);
    expect((await getAccount(t, other)).statusCode).toBe(401);
    expect((await login(t, email, PASSWORD)).statusCode).toBe(401);
    expect((await login(t, email, NEW_PASSWORD)).statusCode).toBe(200);

    const mail = await t.mail.next(email);
    expect(mail.subject).toBe("Your Flipside password was changed");
  });
});

describe("password reset", () => {
  it("init answers the same whether or not the address has an account", async () => {
    const email = await createActivatedUser(t);
    const known = await resetInit(email);
    const unknown = await resetInit(uniqueEmail("nobody"));
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ message: "Password instructions sent" });
    await t.mail.next(email);
  });

  it("init needs a valid address", async () => {
    const res = await resetInit("not-an-address");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: "mail" })]);
  });

  it("the mailed key sets a new password once and signs out every session", async () => {
    const email = await createActivatedUser(t);
    const a = await tokenFor(t, email);
    const b = await tokenFor(t, email);
    await resetInit(email);
    const mail = await t.mail.next(email);
    expect(mail.subject).toBe("Reset your Flipside password");
    const key = keyFrom(mail, "/reset-password");

    const res = await resetFinish(key);
    expect(res.statusCode).toBe(204);
    expect((await getAccount(t, a)).statusCode).toBe(401);
    expect((await getAccount(t, b)).statusCode).toBe(401);
    expect((await login(t, email, PASSWORD)).statusCode).toBe(401);
    expect((await login(t, email, NEW_PASSWORD)).statusCode).toBe(200);

    const reused = await resetFinish(key, "Yet-Another-Pass-6");
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors).toEqual([{ field: "key", message: expect.any(String) }]);
  });

  it("a used key retires the other reset keys of the account", async () => {
    const email = await createActivatedUser(t);
    await resetInit(email);
    const first = keyFrom(await t.mail.next(email), "/reset-password");
    await resetInit(email);
    const second = keyFrom(await t.mail.next(email), "/reset-password");
    expect((await resetFinish(second)).statusCode).toBe(204);
    expect((await resetFinish(first, "Yet-Another-Pass-6")).statusCode).toBe(400);
  });

  it("refuses an unknown or expired key, and a weak new password", async () => {
    expect((await resetFinish("not-a-key")).statusCode).toBe(400);
    const email = await createActivatedUser(t);
    await resetInit(email);
    const key = keyFrom(await t.mail.next(email), "/reset-password");

    const weak = await resetFinish(key, "weakpass");
    expect(weak.statusCode).toBe(400);
    expect(errorFields(weak)).toContain("newPassword");

    await t.app.db.execute(
      sql`update account_keys set expires_at = now() - interval '1 second' where purpose = 'reset' and user_id = (select id from users where email = ${email})`,
    );
    expect((await resetFinish(key)).statusCode).toBe(400);
    expect((await login(t, email, PASSWORD)).statusCode).toBe(200);
  });

  it("keys are stored only as SHA-256 hashes", async () => {
    const email = await createActivatedUser(t);
    await resetInit(email);
    const key = keyFrom(await t.mail.next(email), "/reset-password");
    const rows = await t.app.db.execute(sql`select key_hash from account_keys`);
    const hashes = (rows as unknown as { rows: { key_hash: string }[] }).rows.map((r) => r.key_hash);
    expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
    expect(hashes).not.toContain(key);
    const { createHash } = await import("node:crypto");
    expect(hashes).toContain(createHash("sha256").update(key).digest("hex"));
  });

  it("a reset proves the address, so it also activates a pending account", async () => {
    const email = uniqueEmail("pending");
    await register(t, email);
    await t.mail.next(email);
    await resetInit(email);
    const key = keyFrom(await t.mail.next(email), "/reset-password");
    expect((await resetFinish(key)).statusCode).toBe(204);
    const token = await tokenFor(t, email, NEW_PASSWORD);
    expect((await getAccount(t, token)).json().activated).toBe(true);
  });
});
