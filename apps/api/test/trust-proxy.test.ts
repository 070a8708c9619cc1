import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";
import { type AccountsHarness, createAccountsHarness, PASSWORD, uniqueEmail } from "./accounts-support.ts";

/**
 * Behind a proxy, the client is the address the proxy saw, never what the client wrote into
 * X-Forwarded-For (issue 16): forged headers get no more logins or sign-ups than anyone else.
 */

const LIMITS = {
  RATE_LIMIT_LOGIN_PER_IP: "3",
  RATE_LIMIT_REGISTER_PER_IP: "2",
  RATE_LIMIT_LOGIN_PER_ACCOUNT: "1000",
};
const PROXY = "10.0.0.5";

let forged = 0;
/** A new, made-up address on the left each time, as an attacker would write. */
const forgedLeft = () => `192.0.2.${++forged % 250}`;

function loginVia(t: AccountsHarness, remoteAddress: string, xff?: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/authenticate",
    remoteAddress,
    ...(xff ? { headers: { "x-forwarded-for": xff } } : {}),
    payload: { username: uniqueEmail("nobody"), password: "Wrong-Password-1", rememberMe: false },
  });
}

function registerVia(t: AccountsHarness, remoteAddress: string, xff: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/register",
    remoteAddress,
    headers: { "x-forwarded-for": xff },
    payload: { email: uniqueEmail(), password: PASSWORD, displayName: "Forger" },
  });
}

describe.each([
  ["a hop count", "1"],
  ["the proxy's network", "10.0.0.0/8"],
])("TRUST_PROXY as %s", (_, trust) => {
  let t: AccountsHarness;
  beforeAll(async () => {
    t = await createAccountsHarness({ ...LIMITS, TRUST_PROXY: trust });
  });
  afterAll(() => t?.close());

  it("limits logins by the address the proxy saw, whatever the client forged before it", async () => {
    const client = "203.0.113.20";
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await loginVia(t, PROXY, `${forgedLeft()}, ${client}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // Another client behind the same proxy is not limited.
    expect((await loginVia(t, PROXY, `${forgedLeft()}, 203.0.113.21`)).statusCode).toBe(401);
  });

  it("limits sign-ups the same way", async () => {
    const client = "203.0.113.30";
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await registerVia(t, PROXY, `${forgedLeft()}, ${client}`)).statusCode);
    expect(statuses).toEqual([201, 201, 429, 429]);
  });

  // A hop count cannot tell the proxy from a client that reaches the server directly (README).
  it.skipIf(trust === "1")(
    "a client reaching the server without the proxy cannot speak for others",
    async () => {
      const direct = "198.51.100.40";
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await loginVia(t, direct, forgedLeft())).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    },
  );
});

describe("TRUST_PROXY's values", () => {
  it("refuses true, which would believe the client's own header", () => {
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY=1/);
  });
  it("refuses what is neither a count nor addresses", () => {
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/8,proxy.example" })).toThrow(/proxy\.example/);
  });
  it("takes a hop count, addresses and networks, and proxy-addr's names", () => {
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,::1,loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
      "::1",
      "loopback",
    ]);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
  });
});

describe("without TRUST_PROXY", () => {
  let t: AccountsHarness;
  beforeAll(async () => {
    t = await createAccountsHarness(LIMITS);
  });
  afterAll(() => t?.close());

  it("X-Forwarded-For is ignored: the peer is the client", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await loginVia(t, "198.51.100.50", forgedLeft())).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});
