import { ACCOUNT_ROLE } from "@flipside/contracts/roles";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { runAdminCommand } from "../../admin-cli.ts";
import { users } from "../../db/schema/accounts.ts";
import { auditLog } from "../../db/schema/admin.ts";
import { organizationMembers, organizations } from "../../db/schema/organizations.ts";

let t: TestApp;
let admin: TestUser;
let moderator: TestUser;
let someone: TestUser;

const ADMIN_ADDRESS = "First.Admin@Example.test";

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_ENABLED: "false",
    ADMIN_EMAILS: ` ${ADMIN_ADDRESS} , other@example.test`,
  });
  admin = await createUser(t.app, {
    displayName: "Ada Admin",
    roles: [ACCOUNT_ROLE.USER, ACCOUNT_ROLE.ADMIN],
  });
  moderator = await createUser(t.app, {
    displayName: "Mo Moderator",
    roles: [ACCOUNT_ROLE.USER, ACCOUNT_ROLE.MODERATOR],
  });
  someone = await createUser(t.app, { displayName: "Sam Someone" });
});
afterAll(() => t.close());

const call = (user: TestUser | null, method: "GET" | "PUT", url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    ...(user ? { headers: user.headers } : {}),
  });
const rolesOf = async (id: string) =>
  (await t.app.db.select({ roles: users.roles }).from(users).where(eq(users.id, id)))[0]?.roles;
const noSuchPath = { status: 404, detail: "There is no API endpoint at this path." };

describe("the admin area's API", () => {
  it("answers anyone without the role as a path that does not exist, before reading the request", async () => {
    const unknownPath = (await t.app.inject({ method: "GET", url: "/api/v1/admin/nothing-here" })).json();
    expect(unknownPath).toMatchObject(noSuchPath);
    for (const user of [null, someone, moderator]) {
      for (const [method, url, body] of [
        ["GET", "/accounts", undefined],
        ["GET", "/accounts?size=nonsense", undefined],
        ["GET", "/organizations?q=x", undefined],
        ["PUT", `/accounts/${someone.id}/roles`, { roles: [ACCOUNT_ROLE.ADMIN] }],
        ["PUT", "/accounts/not-a-uuid/roles", { roles: "everything" }],
      ] as const) {
        const res = await call(user, method, url, body);
        expect(res.statusCode, `${user?.displayName} ${method} ${url}`).toBe(404);
        expect(res.json()).toMatchObject({ ...noSuchPath, instance: expect.any(String) });
      }
    }
    for (const user of [null, someone]) {
      expect((await call(user, "GET", "/audit-log")).json()).toMatchObject(noSuchPath);
    }
    expect(await rolesOf(someone.id)).toEqual([ACCOUNT_ROLE.USER]);
    // An account that is not activated has no role, whatever its row says.
    const unproved = await createUser(t.app, {
      activated: false,
      roles: [ACCOUNT_ROLE.USER, ACCOUNT_ROLE.ADMIN],
    });
    expect((await call(unproved, "GET", "/accounts")).statusCode).toBe(404);
  });

  it("lets an admin find accounts and grant and take back roles, each change in the audit log", async () => {
    const found = await call(admin, "GET", `/accounts?q=${encodeURIComponent("sam some")}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.headers["x-total-count"]).toBe("1");
    expect(found.json()).toEqual([expect.objectContaining({ id: someone.id, roles: [ACCOUNT_ROLE.USER] })]);
    // LIKE's wildcards are searched as text.
    expect((await call(admin, "GET", "/accounts?q=%25")).headers["x-total-count"]).toBe("0");

    const granted = await call(admin, "PUT", `/accounts/${someone.id}/roles`, {
      roles: [ACCOUNT_ROLE.MODERATOR],
      reason: "Helps with the queue",
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().roles).toEqual([ACCOUNT_ROLE.USER, ACCOUNT_ROLE.MODERATOR]);
    // The new moderator's next request sees the role (the session cache forgot them).
    expect((await call(someone, "GET", "/audit-log")).statusCode).toBe(200);
    const moderators = await call(admin, "GET", "/accounts?role=ROLE_MODERATOR");
    expect(
      moderators
        .json()
        .map((a: { id: string }) => a.id)
        .sort(),
    ).toEqual([moderator.id, someone.id].sort());

    // The same roles again change nothing and write nothing.
    await call(admin, "PUT", `/accounts/${someone.id}/roles`, { roles: [ACCOUNT_ROLE.MODERATOR] });
    const taken = await call(admin, "PUT", `/accounts/${someone.id}/roles`, {
      roles: [],
      reason: "Stepped down",
    });
    expect(taken.json().roles).toEqual([ACCOUNT_ROLE.USER]);
    expect((await call(someone, "GET", "/audit-log")).statusCode).toBe(404);

    const log = await call(moderator, "GET", `/audit-log?targetId=${someone.id}`);
    expect(log.headers["x-total-count"]).toBe("2");
    expect(log.json()).toEqual([
      expect.objectContaining({
        actor: { id: admin.id, displayName: "Ada Admin" },
        action: "ROLES_CHANGED",
        targetKind: "ACCOUNT",
        targetLabel: "Sam Someone",
        reason: "Stepped down",
        details: { before: [ACCOUNT_ROLE.USER, ACCOUNT_ROLE.MODERATOR], after: [ACCOUNT_ROLE.USER] },
      }),
      expect.objectContaining({ reason: "Helps with the queue" }),
    ]);
  });

  it("lets an admin find organisations by name or address, with their member counts", async () => {
    const slug = `tidal-works-${Date.now().toString(36)}`;
    const [org] = await t.app.db.insert(organizations).values({ name: "Tidal Works", slug }).returning();
    if (!org) throw new Error("no organisation");
    await t.app.db.insert(organizationMembers).values([
      { organizationId: org.id, userId: someone.id, role: "OWNER" },
      { organizationId: org.id, userId: moderator.id, role: "MEMBER" },
    ]);
    for (const q of ["tidal", slug.slice(0, 14).toUpperCase()]) {
      const res = await call(admin, "GET", `/organizations?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-total-count"]).toBe("1");
      expect(res.json()).toEqual([
        {
          id: org.id,
          name: "Tidal Works",
          slug,
          imageUrl: null,
          memberCount: 2,
          createdDate: expect.any(String),
        },
      ]);
    }
    expect((await call(admin, "GET", "/organizations?q=%25")).json()).toEqual([]);
    expect((await call(admin, "GET", "/organizations?size=500")).statusCode).toBe(400);
  });

  it("refuses what would lock admins out or give a role to an address nobody proved", async () => {
    const own = await call(admin, "PUT", `/accounts/${admin.id}/roles`, { roles: [ACCOUNT_ROLE.MODERATOR] });
    expect(own.statusCode).toBe(409);
    expect(own.json().detail).toBe("You cannot take away your own admin role: ask another admin to.");
    expect(await rolesOf(admin.id)).toEqual([ACCOUNT_ROLE.USER, ACCOUNT_ROLE.ADMIN]);

    const unproved = await createUser(t.app, { activated: false });
    const refused = await call(admin, "PUT", `/accounts/${unproved.id}/roles`, {
      roles: [ACCOUNT_ROLE.ADMIN],
    });
    expect(refused.statusCode).toBe(409);
    expect(await rolesOf(unproved.id)).toEqual([ACCOUNT_ROLE.USER]);

    const unknown = await call(admin, "PUT", `/accounts/${crypto.randomUUID()}/roles`, { roles: [] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe("There is no such account.");
    for (const body of [{ roles: ["ROLE_USER"] }, { roles: ["ROLE_ROOT"] }, { roles: [], extra: 1 }, {}]) {
      expect((await call(admin, "PUT", `/accounts/${someone.id}/roles`, body)).statusCode).toBe(400);
    }
    expect(
      (await call(admin, "PUT", `/accounts/${someone.id}/roles`, { roles: [], reason: "x".repeat(1001) }))
        .statusCode,
    ).toBe(400);
  });

  it("makes the account of an address in ADMIN_EMAILS an admin once it is activated, and records it", async () => {
    const first = await createUser(t.app, { email: ADMIN_ADDRESS.toLowerCase(), activated: false });
    // Not activated: registering with the address proves nothing yet.
    expect((await call(first, "GET", "/accounts")).statusCode).toBe(404);
    expect(await rolesOf(first.id)).toEqual([ACCOUNT_ROLE.USER]);

    await t.app.db.update(users).set({ activated: true }).where(eq(users.id, first.id));
    t.app.viewers.forgetUser(first.id);
    expect((await call(first, "GET", "/accounts")).statusCode).toBe(200);
    expect(await rolesOf(first.id)).toEqual([ACCOUNT_ROLE.USER, ACCOUNT_ROLE.ADMIN]);
    const account = await t.app.inject({ method: "GET", url: "/api/account", headers: first.headers });
    expect(account.json().roles).toEqual([ACCOUNT_ROLE.USER, ACCOUNT_ROLE.ADMIN]);

    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, first.id));
    expect(entry).toMatchObject({
      actorId: null,
      actorName: "Configuration (ADMIN_EMAILS)",
      action: "ROLES_CHANGED",
    });
    // An admin who takes the role away is not overruled on the next request... unless the
    // address is still configured: the configuration wins, and says so in the log again.
    await call(admin, "PUT", `/accounts/${first.id}/roles`, { roles: [] });
    expect((await call(first, "GET", "/accounts")).statusCode).toBe(200);
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, first.id))).toHaveLength(3);
  });

  it("names an admin from the command line", async () => {
    const later = await createUser(t.app, { email: "later@example.test" });
    const pending = await createUser(t.app, { email: "pending@example.test", activated: false });
    expect(await runAdminCommand(t.app.db, ["grant", "nobody@example.test"])).toMatchObject({ code: 1 });
    expect(await runAdminCommand(t.app.db, ["grant", "PENDING@example.test"])).toMatchObject({ code: 1 });
    expect(await rolesOf(pending.id)).toEqual([ACCOUNT_ROLE.USER]);
    expect(await runAdminCommand(t.app.db, ["grant", "Later@example.test"])).toEqual({
      out: "Later@example.test is now an admin. It shows within a minute on a running server.",
      code: 0,
    });
    expect(await rolesOf(later.id)).toEqual([ACCOUNT_ROLE.USER, ACCOUNT_ROLE.ADMIN]);
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, later.id));
    expect(entry?.actorName).toBe("Command line (npm run admin)");
    expect((await runAdminCommand(t.app.db, ["list"])).out).toContain("later@example.test\tadmin");
    expect(await runAdminCommand(t.app.db, [])).toMatchObject({ code: 2 });
  });
});
