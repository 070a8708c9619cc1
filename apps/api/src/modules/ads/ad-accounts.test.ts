import { eq } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorFields, type TestApp } from "../../../test/helper.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { adAccounts } from "../../db/schema/ads.ts";
import { organizationMembers, organizations } from "../../db/schema/organizations.ts";

let t: TestApp;
let people: Record<"owner" | "admin" | "member" | "outsider", TestUser>;
let dormant: TestUser;
let org: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_ENABLED: "false" });
  people = {
    owner: await createUser(t.app, { displayName: "owner" }),
    admin: await createUser(t.app, { displayName: "admin" }),
    member: await createUser(t.app, { displayName: "member" }),
    outsider: await createUser(t.app, { displayName: "outsider" }),
  };
  dormant = await createUser(t.app, { displayName: "dormant", activated: false });
  const [row] = await t.app.db.insert(organizations).values({ name: "Acme", slug: "acme-ads" }).returning();
  if (!row) throw new Error("no organisation");
  org = row;
  for (const [who, role] of [
    ["owner", "OWNER"],
    ["admin", "ADMIN"],
    ["member", "MEMBER"],
  ] as const) {
    await t.app.db
      .insert(organizationMembers)
      .values({ organizationId: org.id, userId: people[who].id, role });
  }
});
afterAll(() => t.close());

const call = (
  who: TestUser | null,
  method: "GET" | "POST" | "PUT",
  url: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

const countAccounts = async () => (await t.app.db.select({ id: adAccounts.id }).from(adAccounts)).length;

describe("advertiser accounts", () => {
  it("asks who you are first: anonymous gets 401 on every call", async () => {
    for (const [method, url] of [
      ["GET", "/api/v1/ad-accounts"],
      ["GET", "/api/v1/ad-accounts/available-owners"],
      ["POST", "/api/v1/ad-accounts"],
      ["GET", `/api/v1/ad-accounts/${uuidv7()}`],
    ] as const) {
      const res = await call(null, method, url, method === "POST" ? {} : undefined);
      expect(res.statusCode, url).toBe(401);
    }
  });

  it("opens one personal account, in the wallet's currency, and refuses a second", async () => {
    const mine = await call(people.outsider, "GET", "/api/v1/ad-accounts/available-owners");
    expect(mine.json()).toEqual([{ ownerKind: "USER", organizationId: null, name: "outsider" }]);

    const res = await call(people.outsider, "POST", "/api/v1/ad-accounts", {
      name: "  Outsider Ltd ",
      ownerKind: "USER",
      timezone: "Europe/Berlin",
    });
    expect(res.statusCode, res.body).toBe(201);
    const account = res.json();
    expect(account).toMatchObject({
      name: "Outsider Ltd",
      ownerKind: "USER",
      ownerId: people.outsider.id,
      organizationName: null,
      timezone: "Europe/Berlin",
      currency: "EUR",
      status: "ACTIVE",
      suspensionReason: null,
      viewerRole: "OWNER",
      version: 0,
    });

    const before = await countAccounts();
    const again = await call(people.outsider, "POST", "/api/v1/ad-accounts", {
      name: "Second",
      ownerKind: "USER",
      timezone: "UTC",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe("This owner already has an advertiser account.");
    expect(await countAccounts()).toBe(before);
    expect((await call(people.outsider, "GET", "/api/v1/ad-accounts/available-owners")).json()).toEqual([]);
    expect((await call(people.outsider, "GET", "/api/v1/ad-accounts")).json()).toEqual([account]);
  });

  it("refuses a bad shape naming the field, and changes nothing", async () => {
    const before = await countAccounts();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "", ownerKind: "USER", timezone: "UTC" }, "name", "Enter a name."],
      [{ name: "x".repeat(101), ownerKind: "USER", timezone: "UTC" }, "name", "Use at most 100 characters."],
      [{ name: "A", ownerKind: "USER", timezone: "Mars/Olympus" }, "timezone", "Choose a time zone."],
      [
        { name: "A", ownerKind: "ORGANIZATION", timezone: "UTC" },
        "organizationId",
        "Choose the organisation that pays.",
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call(people.admin, "POST", "/api/v1/ad-accounts", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorFields(res)).toEqual([field]);
      expect(res.json().errors[0].message).toBe(message);
    }
    const extra = await call(people.admin, "POST", "/api/v1/ad-accounts", {
      name: "A",
      ownerKind: "USER",
      timezone: "UTC",
      currency: "USD",
    });
    expect(extra.statusCode).toBe(400);
    expect(await countAccounts()).toBe(before);
  });

  it("asks for an activated account before anything is written", async () => {
    const res = await call(dormant, "POST", "/api/v1/ad-accounts", {
      name: "D",
      ownerKind: "USER",
      timezone: "UTC",
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe("Activate your account first: check your mail for the activation link.");
    // Reading is allowed: the screens show what there is, with the write buttons disabled.
    expect((await call(dormant, "GET", "/api/v1/ad-accounts")).json()).toEqual([]);
  });

  describe("an organisation's account (ADS.md §4.8)", () => {
    let accountId: string;

    it("only its OWNERs and ADMINs open it; a MEMBER 403, anyone else 404", async () => {
      const body = {
        name: "Acme Ads",
        ownerKind: "ORGANIZATION",
        organizationId: org.id,
        timezone: "Europe/Paris",
      };
      const member = await call(people.member, "POST", "/api/v1/ad-accounts", body);
      expect(member.statusCode).toBe(403);
      const outsider = await call(people.outsider, "POST", "/api/v1/ad-accounts", body);
      expect(outsider.statusCode).toBe(404);
      const unknown = await call(people.owner, "POST", "/api/v1/ad-accounts", {
        ...body,
        organizationId: uuidv7(),
      });
      expect(unknown.statusCode).toBe(404);

      const choices = (await call(people.admin, "GET", "/api/v1/ad-accounts/available-owners")).json();
      expect(choices).toContainEqual({ ownerKind: "ORGANIZATION", organizationId: org.id, name: "Acme" });
      expect((await call(people.member, "GET", "/api/v1/ad-accounts/available-owners")).json()).toEqual([
        { ownerKind: "USER", organizationId: null, name: "member" },
      ]);

      const res = await call(people.admin, "POST", "/api/v1/ad-accounts", body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        ownerKind: "ORGANIZATION",
        ownerId: org.id,
        organizationName: "Acme",
      });
      accountId = res.json().id;
      const twice = await call(people.owner, "POST", "/api/v1/ad-accounts", body);
      expect(twice.statusCode).toBe(409);
    });

    it("every member reads it, with their role; others get the answer of a random id", async () => {
      for (const [who, role] of [
        ["owner", "OWNER"],
        ["admin", "ADMIN"],
        ["member", "MEMBER"],
      ] as const) {
        const list = (await call(people[who], "GET", "/api/v1/ad-accounts")).json();
        expect(list.map((a: { id: string; viewerRole: string }) => [a.id, a.viewerRole])).toContainEqual([
          accountId,
          role,
        ]);
        const one = await call(people[who], "GET", `/api/v1/ad-accounts/${accountId}`);
        expect(one.statusCode).toBe(200);
        expect(one.json().viewerRole).toBe(role);
      }
      const foreign = await call(people.outsider, "GET", `/api/v1/ad-accounts/${accountId}`);
      const random = await call(people.outsider, "GET", `/api/v1/ad-accounts/${uuidv7()}`);
      expect(foreign.statusCode).toBe(404);
      expect({ ...foreign.json(), instance: null }).toEqual({ ...random.json(), instance: null });
      expect(
        (await call(people.outsider, "GET", "/api/v1/ad-accounts")).json().map((a: { id: string }) => a.id),
      ).not.toContain(accountId);
    });

    it("saves with the version read: a MEMBER 403, a stale version 409, nothing changed", async () => {
      const url = `/api/v1/ad-accounts/${accountId}`;
      const member = await call(people.member, "PUT", url, { name: "Mine", timezone: "UTC", version: 0 });
      expect(member.statusCode).toBe(403);
      expect(member.json().detail).toBe(
        "Only the organisation's owners and admins can change its advertising.",
      );
      const outsider = await call(people.outsider, "PUT", url, { name: "Mine", timezone: "UTC", version: 0 });
      expect(outsider.statusCode).toBe(404);

      const saved = await call(people.owner, "PUT", url, {
        name: "Acme Europe",
        timezone: "Europe/Lisbon",
        version: 0,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ name: "Acme Europe", timezone: "Europe/Lisbon", version: 1 });

      const stale = await call(people.admin, "PUT", url, { name: "Acme Old", timezone: "UTC", version: 0 });
      expect(stale.statusCode).toBe(409);
      const [row] = await t.app.db.select().from(adAccounts).where(eq(adAccounts.id, accountId));
      expect(row).toMatchObject({ name: "Acme Europe", timezone: "Europe/Lisbon", version: 1 });
    });
  });

  it("remembers the account the screens show in a cookie, only one of the viewer's", async () => {
    const [mine] = (await call(people.outsider, "GET", "/api/v1/ad-accounts")).json();
    const chosen = await call(people.outsider, "PUT", "/api/v1/ad-accounts/current", {
      adAccountId: mine.id,
    });
    expect(chosen.statusCode).toBe(204);
    const cookie = chosen.cookies.find((c) => c.name === "flipside_ad_account");
    expect(cookie).toMatchObject({ value: mine.id, path: "/", sameSite: "Lax", maxAge: 31536000 });
    const foreign = await call(people.member, "PUT", "/api/v1/ad-accounts/current", { adAccountId: mine.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.cookies).toEqual([]);
  });
});
