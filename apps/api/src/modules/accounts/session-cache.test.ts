import { sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AccountsHarness,
  bearer,
  createAccountsHarness,
  createActivatedUser,
  getAccount,
  keyFrom,
  PASSWORD,
  register,
  tokenFor,
  uniqueEmail,
} from "../../../test/accounts-support.ts";
import { requireActivatedViewer } from "../../plugins/auth.ts";

// The auth plugin remembers who a token signs in for SESSION_CACHE_TTL_MS (docs/caches.md).
// Changes made through this instance must take effect at once; changes it cannot see (another
// instance, the database by hand) within the TTL.
const TTL_MS = 400;
let t: AccountsHarness;
beforeAll(async () => {
  t = await createAccountsHarness(
    { SESSION_CACHE_TTL_MS: String(TTL_MS), RATE_LIMIT_ENABLED: "false" },
    (app) => {
      app.post("/api/__test/contribute", async (request) => {
        await requireActivatedViewer(request);
        return { ok: true };
      });
    },
  );
});
afterAll(() => t.close());

const contribute = (token: string) =>
  t.app.inject({ method: "POST", url: "/api/__test/contribute", headers: bearer(token) });
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the session cache", () => {
  it("signing out ends the session at once, though it was just remembered", async () => {
    const token = await tokenFor(t, await createActivatedUser(t));
    expect((await getAccount(t, token)).statusCode).toBe(200);
    const out = await t.app.inject({ method: "POST", url: "/api/logout", headers: bearer(token) });
    expect(out.statusCode).toBeLessThan(300);
    expect((await getAccount(t, token)).statusCode).toBe(401);
  });

  it("a password change ends the other sessions at once", async () => {
    const email = await createActivatedUser(t);
    const [mine, other] = [await tokenFor(t, email), await tokenFor(t, email)];
    expect((await getAccount(t, other)).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: "POST",
      url: "/api/account/change-password",
      headers: bearer(mine),
      payload: { currentPassword: PASSWORD, newPassword: "An0ther-Passphrase-2026" },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    expect((await getAccount(t, other)).statusCode).toBe(401);
    expect((await getAccount(t, mine)).statusCode).toBe(200);
  });

  it("activating lets a remembered session contribute at once", async () => {
    const email = uniqueEmail("cache");
    await register(t, email);
    const token = await tokenFor(t, email);
    expect((await contribute(token)).statusCode).toBe(403);
    const activationKey = keyFrom(await t.mail.next(email), "/validate-email");
    const act = await t.app.inject({
      method: "PUT",
      url: "/api/v1/users/activate",
      payload: { activationKey },
    });
    expect(act.statusCode).toBe(200);
    expect((await contribute(token)).statusCode).toBe(200);
  });

  it("a revocation this instance did not make shows within the TTL", async () => {
    const token = await tokenFor(t, await createActivatedUser(t));
    expect((await getAccount(t, token)).statusCode).toBe(200);
    const sid = String(decodeJwt(token).sid);
    await t.app.db.execute(sql`update sessions set revoked_at = now() where id = ${sid}`);
    // Remembered: no query per request is the point of the cache.
    expect((await getAccount(t, token)).statusCode).toBe(200);
    await wait(TTL_MS + 100);
    expect((await getAccount(t, token)).statusCode).toBe(401);
  });
});
