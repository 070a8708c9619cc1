import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorFields, type TestApp } from "../../../test/helper.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";
import {
  organizationInvitations,
  organizationMembers,
  organizations,
} from "../../db/schema/organizations.ts";

let t: TestApp;
const people: Record<"owner" | "owner2" | "admin" | "member" | "member2" | "outsider", TestUser> =
  {} as never;
/** An organisation the outsider owns: being someone somewhere gives no right here. */
let elsewhere: string;

beforeAll(async () => {
  t = await createTestApp({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_ENABLED: "false" });
  for (const name of ["owner", "owner2", "admin", "member", "member2", "outsider"] as const) {
    people[name] = await createUser(t.app, { displayName: name });
  }
  elsewhere = (
    await sendAs(t.app, people.outsider, "/api/v1/organizations", { name: "Elsewhere", slug: "elsewhere" })
  ).id;
});
afterAll(() => t.close());

let n = 0;
/** A fresh organisation with two owners, an admin and two members, written straight in. */
async function team(): Promise<{ id: string; slug: string; invitationId: string }> {
  n += 1;
  const slug = `team-${n}-${Date.now().toString(36)}`;
  const [org] = await t.app.db
    .insert(organizations)
    .values({ name: `Team ${n}`, slug })
    .returning();
  if (!org) throw new Error("no organisation");
  const roles = {
    owner: "OWNER",
    owner2: "OWNER",
    admin: "ADMIN",
    member: "MEMBER",
    member2: "MEMBER",
  } as const;
  for (const [who, role] of Object.entries(roles)) {
    await t.app.db
      .insert(organizationMembers)
      .values({ organizationId: org.id, userId: people[who as keyof typeof roles].id, role });
  }
  const [inv] = await t.app.db
    .insert(organizationInvitations)
    .values({
      organizationId: org.id,
      email: `waiting-${n}@example.test`,
      role: "MEMBER",
      keyHash: `hash-${slug}`,
      unsubscribeToken: `unsub-${slug}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  if (!inv) throw new Error("no invitation");
  return { id: org.id, slug, invitationId: inv.id };
}

type Actor = "owner" | "admin" | "member" | "outsider" | "anonymous";
type Org = Awaited<ReturnType<typeof team>>;
type Action = {
  name: string;
  call: (
    org: Org,
    actor: Actor,
  ) => { method: "GET" | "POST" | "PATCH" | "DELETE"; url: string; payload?: object };
  expect: Record<Actor, number>;
};

const base = (org: Org) => `/api/v1/organizations/${org.id}`;
const selfId = (actor: Actor) => (actor === "anonymous" ? people.outsider.id : people[actor].id);

/** Every action × every role: a matrix, not a sample (issue 10). */
const ACTIONS: Action[] = [
  {
    name: "read the organisation",
    call: (o) => ({ method: "GET", url: base(o) }),
    expect: { owner: 200, admin: 200, member: 200, outsider: 404, anonymous: 401 },
  },
  {
    name: "list its members",
    call: (o) => ({ method: "GET", url: `${base(o)}/members` }),
    expect: { owner: 200, admin: 200, member: 200, outsider: 404, anonymous: 401 },
  },
  {
    name: "change its settings",
    call: (o) => ({ method: "PATCH", url: base(o), payload: { name: "Renamed" } }),
    expect: { owner: 200, admin: 403, member: 403, outsider: 404, anonymous: 401 },
  },
  {
    name: "remove its picture",
    call: (o) => ({ method: "DELETE", url: `${base(o)}/image` }),
    expect: { owner: 200, admin: 403, member: 403, outsider: 404, anonymous: 401 },
  },
  {
    name: "delete it",
    call: (o) => ({ method: "DELETE", url: `${base(o)}?confirm=${o.slug}` }),
    expect: { owner: 204, admin: 403, member: 403, outsider: 404, anonymous: 401 },
  },
  {
    name: "list its invitations",
    call: (o) => ({ method: "GET", url: `${base(o)}/invitations` }),
    expect: { owner: 200, admin: 200, member: 403, outsider: 404, anonymous: 401 },
  },
  {
    name: "invite someone",
    call: (o) => ({
      method: "POST",
      url: `${base(o)}/invitations`,
      payload: { email: `new-${o.slug}@example.test` },
    }),
    expect: { owner: 201, admin: 201, member: 403, outsider: 404, anonymous: 401 },
  },
  {
    name: "resend an invitation",
    call: (o) => ({ method: "POST", url: `${base(o)}/invitations/${o.invitationId}/resend` }),
    expect: { owner: 204, admin: 204, member: 403, outsider: 404, anonymous: 401 },
  },
  {
    name: "withdraw an invitation",
    call: (o) => ({ method: "DELETE", url: `${base(o)}/invitations/${o.invitationId}` }),
    expect: { owner: 204, admin: 204, member: 403, outsider: 404, anonymous: 401 },
  },
  {
    name: "make a member an admin",
    call: (o) => ({
      method: "PATCH",
      url: `${base(o)}/members/${people.member2.id}`,
      payload: { role: "ADMIN" },
    }),
    expect: { owner: 200, admin: 200, member: 403, outsider: 404, anonymous: 401 },
  },
  {
    name: "make a member an owner",
    call: (o) => ({
      method: "PATCH",
      url: `${base(o)}/members/${people.member2.id}`,
      payload: { role: "OWNER" },
    }),
    expect: { owner: 200, admin: 403, member: 403, outsider: 404, anonymous: 401 },
  },
  {
    name: "demote another owner",
    call: (o) => ({
      method: "PATCH",
      url: `${base(o)}/members/${people.owner2.id}`,
      payload: { role: "MEMBER" },
    }),
    expect: { owner: 200, admin: 403, member: 403, outsider: 404, anonymous: 401 },
  },
  {
    name: "remove a member",
    call: (o) => ({ method: "DELETE", url: `${base(o)}/members/${people.member2.id}` }),
    expect: { owner: 204, admin: 204, member: 403, outsider: 404, anonymous: 401 },
  },
  {
    name: "remove another owner",
    call: (o) => ({ method: "DELETE", url: `${base(o)}/members/${people.owner2.id}` }),
    expect: { owner: 204, admin: 403, member: 403, outsider: 404, anonymous: 401 },
  },
  {
    name: "transfer ownership",
    call: (o) => ({ method: "POST", url: `${base(o)}/transfer`, payload: { userId: people.member2.id } }),
    expect: { owner: 200, admin: 403, member: 403, outsider: 404, anonymous: 401 },
  },
  {
    name: "show themself on the public page",
    call: (o) => ({ method: "PATCH", url: `${base(o)}/membership`, payload: { showOnProfile: true } }),
    expect: { owner: 200, admin: 200, member: 200, outsider: 404, anonymous: 401 },
  },
  {
    name: "leave",
    call: (o, actor) => ({ method: "DELETE", url: `${base(o)}/members/${selfId(actor)}` }),
    expect: { owner: 204, admin: 204, member: 204, outsider: 404, anonymous: 401 },
  },
  {
    name: "read the public page",
    call: (o) => ({ method: "GET", url: `${base(o)}/public` }),
    expect: { owner: 200, admin: 200, member: 200, outsider: 200, anonymous: 200 },
  },
];

const ACTORS: Actor[] = ["owner", "admin", "member", "outsider", "anonymous"];

describe("roles × actions", () => {
  for (const action of ACTIONS) {
    it(`who may ${action.name}`, async () => {
      const got: Record<string, number> = {};
      for (const actor of ACTORS) {
        const org = await team();
        const before = await snapshot(org.id);
        const req = action.call(org, actor);
        const res = await t.app.inject({
          ...req,
          ...(actor === "anonymous" ? {} : { headers: people[actor].headers }),
        });
        got[actor] = res.statusCode;
        if (res.statusCode >= 400) {
          expect(res.headers["content-type"]).toContain("application/problem+json");
          // A refusal changes nothing.
          expect(await snapshot(org.id), `${action.name} as ${actor}`).toEqual(before);
        }
      }
      expect(got).toEqual(action.expect);
    });
  }

  it("a member of one organisation can do nothing to another", async () => {
    const org = await team();
    for (const action of ACTIONS.filter((a) => a.expect.outsider === 404)) {
      const res = await t.app.inject({
        ...action.call({ ...org, id: elsewhere }, "owner"),
        headers: people.owner.headers,
      });
      expect(res.statusCode, action.name).toBe(404);
    }
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/v1/organizations/${elsewhere}`,
          headers: people.outsider.headers,
        })
      ).statusCode,
    ).toBe(200);
  });
});

async function snapshot(organizationId: string) {
  const [org] = await t.app.db.select().from(organizations).where(eq(organizations.id, organizationId));
  const members = await t.app.db
    .select({
      userId: organizationMembers.userId,
      role: organizationMembers.role,
      show: organizationMembers.showOnProfile,
    })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, organizationId))
    .orderBy(organizationMembers.userId);
  const invitations = await t.app.db
    .select({
      id: organizationInvitations.id,
      status: organizationInvitations.status,
      key: organizationInvitations.keyHash,
    })
    .from(organizationInvitations)
    .where(eq(organizationInvitations.organizationId, organizationId))
    .orderBy(organizationInvitations.id);
  return { org, members, invitations };
}

describe("organisations", () => {
  it("creates one with its maker as OWNER, lists it with the role, and refuses a taken address", async () => {
    const me = await createUser(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/organizations",
      headers: me.headers,
      payload: {
        name: "  The Daily Flip ",
        slug: "Daily-Flip",
        description: "News.",
        website: "https://daily.example",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: "The Daily Flip",
      slug: "daily-flip",
      role: "OWNER",
      memberCount: 1,
      website: "https://daily.example",
      counts: { members: 1, pendingInvitations: 0, websites: 0, notes: 0 },
    });
    const other = await createUser(t.app);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/v1/organizations",
      headers: other.headers,
      payload: { name: "Other", slug: "daily-flip" },
    });
    expect(again.statusCode).toBe(409);
    expect(errorFields(again)).toEqual(["slug"]);
    const mine = await t.app.inject({ method: "GET", url: "/api/v1/organizations", headers: me.headers });
    expect(mine.json().map((o: { slug: string; role: string }) => [o.slug, o.role])).toEqual([
      ["daily-flip", "OWNER"],
    ]);
  });

  it("refuses bad input with the field named and needs an activated account", async () => {
    const me = await createUser(t.app);
    for (const [payload, field] of [
      [{ name: "", slug: "abc" }, "name"],
      [{ name: "A", slug: "a" }, "slug"],
      [{ name: "A", slug: "-abc" }, "slug"],
      [{ name: "A", slug: "abc", website: "javascript:alert(1)" }, "website"],
      [{ name: "A\u202Eevil", slug: "abc" }, "name"],
    ] as const) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/organizations",
        headers: me.headers,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorFields(res)).toContain(field);
    }
    const inactive = await createUser(t.app, { activated: false });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/organizations",
      headers: inactive.headers,
      payload: { name: "A", slug: "inactive-org" },
    });
    expect(res.statusCode).toBe(403);
  });

  it("keeps the last owner: they cannot leave, be demoted or be removed", async () => {
    const me = await createUser(t.app);
    const org = await sendAs(t.app, me, "/api/v1/organizations", {
      name: "Solo",
      slug: `solo-${Date.now()}`,
    });
    const leave = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/organizations/${org.id}/members/${me.id}`,
      headers: me.headers,
    });
    expect(leave.statusCode).toBe(409);
    expect(leave.json().detail).toBe(
      "An organisation needs at least one owner. Make someone else an owner first.",
    );
    const demote = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/organizations/${org.id}/members/${me.id}`,
      headers: me.headers,
      payload: { role: "ADMIN" },
    });
    expect(demote.statusCode).toBe(409);
  });

  it("decides concurrent role changes one after the other: two owners demoting each other leave one owner", async () => {
    const org = await team();
    await t.app.db
      .delete(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, org.id), eq(organizationMembers.role, "ADMIN")));
    const demote = (actor: TestUser, target: TestUser) =>
      t.app.inject({
        method: "PATCH",
        url: `/api/v1/organizations/${org.id}/members/${target.id}`,
        headers: actor.headers,
        payload: { role: "MEMBER" },
      });
    const results = await Promise.all([
      demote(people.owner, people.owner2),
      demote(people.owner2, people.owner),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    // The second to run finds itself no longer an owner (403) or the last owner (409).
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const owners = await t.app.db
      .select()
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, org.id), eq(organizationMembers.role, "OWNER")));
    expect(owners).toHaveLength(1);
  });

  it("transfers ownership: the member becomes an owner, the owner an admin", async () => {
    const org = await team();
    await t.app.db
      .delete(organizationMembers)
      .where(
        and(eq(organizationMembers.organizationId, org.id), eq(organizationMembers.userId, people.owner2.id)),
      );
    const res = await t.app.inject({
      method: "POST",
      url: `/api/v1/organizations/${org.id}/transfer`,
      headers: people.owner.headers,
      payload: { userId: people.member.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().role).toBe("ADMIN");
    const members = await t.app.inject({
      method: "GET",
      url: `/api/v1/organizations/${org.id}/members`,
      headers: people.member.headers,
    });
    const roles = Object.fromEntries(
      members.json().map((m: { profile: { id: string }; role: string }) => [m.profile.id, m.role]),
    );
    expect(roles[people.member.id]).toBe("OWNER");
    expect(roles[people.owner.id]).toBe("ADMIN");
  });

  it("deletes only when its address is typed", async () => {
    const org = await team();
    const wrong = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/organizations/${org.id}?confirm=nope`,
      headers: people.owner.headers,
    });
    expect(wrong.statusCode).toBe(422);
    expect(errorFields(wrong)).toEqual(["confirm"]);
    const right = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/organizations/${org.id}?confirm=${org.slug.toUpperCase()}`,
      headers: people.owner.headers,
    });
    expect(right.statusCode).toBe(204);
    expect(
      await t.app.db.select().from(organizationMembers).where(eq(organizationMembers.organizationId, org.id)),
    ).toEqual([]);
  });

  it("shows on its public page only the members who chose to", async () => {
    const org = await team();
    await sendAs(
      t.app,
      people.admin,
      `/api/v1/organizations/${org.id}/membership`,
      { showOnProfile: true },
      "PATCH",
    );
    const res = await t.app.inject({ method: "GET", url: `/api/v1/organizations/${org.id}/public` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      memberCount: 5,
      members: [{ id: people.admin.id, role: "ADMIN" }],
      websites: [],
    });
  });
});
