import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { createTestApp, type TestApp } from "./helper.ts";
import { type CaughtMail, linkIn, type MailCatcher, startMailCatcher } from "./mail-catcher.ts";

/** Meets every docs/accounts.md#passwords rule and is not a common password. */
export const PASSWORD = "Correct-Horse-9";
export const ORIGIN = "http://localhost:3000";

export interface AccountsHarness extends TestApp {
  mail: MailCatcher;
  dataDir: string;
}

/** A test app that delivers its mail to a real local SMTP server, with its own data dir. */
export async function createAccountsHarness(
  overrides: Record<string, string> = {},
  extend?: (app: FastifyInstance) => void,
): Promise<AccountsHarness> {
  const mail = await startMailCatcher();
  const dataDir = await mkdtemp(join(tmpdir(), "flipside-accounts-"));
  const t = await createTestApp(
    { SMTP_URL: mail.url, DATA_DIR: dataDir, PUBLIC_ORIGIN: ORIGIN, ...overrides },
    extend,
  );
  return {
    ...t,
    mail,
    dataDir,
    async close() {
      await t.close();
      await mail.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A fresh address per call, so tests in one file never collide. */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}.${Date.now()}@example.com`;
}

/** Each sign-up from its own address, so per-IP limits only bite where a test wants them to. */
export async function register(
  t: AccountsHarness,
  email: string,
  password = PASSWORD,
  displayName = "Ada Lovelace",
  /** More of the registration: an invitation code, a beta key. */
  extra: Record<string, string> = {},
) {
  counter += 1;
  return t.app.inject({
    method: "POST",
    url: "/api/register",
    remoteAddress: `10.250.${(counter >> 8) & 255}.${counter & 255}`,
    payload: { email, password, displayName, ...extra },
  });
}

export function keyFrom(mail: CaughtMail, path: string): string {
  const key = linkIn(mail, `${ORIGIN}${path}?key=`).searchParams.get("key");
  if (!key) throw new Error("no key in link");
  return key;
}

/** Registers and activates through the mailed link; answers the address. */
export async function createActivatedUser(t: AccountsHarness, email = uniqueEmail()): Promise<string> {
  const res = await register(t, email);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  const activationKey = keyFrom(await t.mail.next(email), "/validate-email");
  const act = await t.app.inject({
    method: "PUT",
    url: "/api/v1/users/activate",
    payload: { activationKey },
  });
  if (act.statusCode !== 200) throw new Error(`activation failed: ${act.body}`);
  return email;
}

export async function login(
  t: AccountsHarness,
  email: string,
  password = PASSWORD,
  opts: { rememberMe?: boolean; ip?: string } = {},
) {
  return t.app.inject({
    method: "POST",
    url: "/api/authenticate",
    payload: { username: email, password, rememberMe: opts.rememberMe ?? false },
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
}

export async function tokenFor(t: AccountsHarness, email: string, password = PASSWORD): Promise<string> {
  const res = await login(t, email, password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json().id_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function getAccount(t: AccountsHarness, token: string) {
  return t.app.inject({ method: "GET", url: "/api/account", headers: bearer(token) });
}
