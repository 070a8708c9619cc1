import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";
import { users } from "../../db/schema/accounts.ts";
import { sites } from "../../db/schema/discussion.ts";
import { organizationMembers, organizations } from "../../db/schema/organizations.ts";
import { siteClaims } from "../../db/schema/websites.ts";
import { hashPassword } from "../../lib/passwords.ts";

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  t = await createTestApp({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_ENABLED: "false" });
  owner = await createUser(t.app, { displayName: "Owner" });
  admin = await createUser(t.app, { displayName: "Admin" });
  member = await createUser(t.app, { displayName: "Member" });
  outsider = await createUser(t.app, { displayName: "Outsider" });
});
afterAll(() => t.close());

let n = 0;
async function org(): Promise<{ id: string; slug: string }> {
  n += 1;
  const made = await sendAs(t.app, owner, "/api/v1/organizations", {
    name: `Support ${n}`,
    slug: `support-${n}`,
  });
  await t.app.db.insert(organizationMembers).values([
    { organizationId: made.id, userId: admin.id, role: "ADMIN" },
    { organizationId: made.id, userId: member.id, role: "MEMBER" },
  ]);
  return made;
}

const claim = (user: TestUser, address: string, organizationId?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/site-verifications",
    headers: user.headers,
    payload: { address, ...(organizationId ? { organizationId } : {}) },
  });

/** Marks a claim verified straight in the database, as a passed check would. */
async function verify(claimId: string) {
  const [c] = await t.app.db
    .update(siteClaims)
    .set({ status: "VERIFIED", verifiedAt: new Date(), method: "DNS_TXT" })
    .where(eq(siteClaims.id, claimId))
    .returning();
  if (!c) throw new Error("no claim");
  await t.app.db
    .update(sites)
    .set({
      verificationStatus: "VERIFIED",
      ownerKind: c.ownerKind,
      ownerId: c.organizationId ?? c.userId,
      claimId: c.id,
    })
    .where(eq(sites.id, c.siteId));
}

async function pageOn(domain: string): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/site-pages/flip",
    payload: { url: `https://${domain}/post` },
  });
  return res.json().id;
}

describe("organisation websites", () => {
  it("OWNERs and ADMINs claim for the organisation; MEMBERs may not; outsiders learn nothing", async () => {
    const o = await org();
    const byAdmin = await claim(admin, `https://help-${n}.example.com/x`, o.id);
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(byAdmin.json()).toMatchObject({
      ownerKind: "ORGANIZATION",
      organizationId: o.id,
      domain: `example.com`,
    });
    expect((await claim(member, `other-${n}.example.org`, o.id)).statusCode).toBe(403);
    expect((await claim(outsider, `other-${n}.example.org`, o.id)).statusCode).toBe(404);

    // Every member sees the organisation's websites; the claimant's own list does not hold them.
    const listed = await t.app.inject({
      url: `/api/v1/site-verifications?organizationId=${o.id}`,
      headers: member.headers,
    });
    expect(listed.json().map((c: { domain: string }) => c.domain)).toEqual(["example.com"]);
    const own = await t.app.inject({ url: "/api/v1/site-verifications", headers: admin.headers });
    expect(own.json()).toEqual([]);
    expect(
      (
        await t.app.inject({
          url: `/api/v1/site-verifications?organizationId=${o.id}`,
          headers: outsider.headers,
        })
      ).statusCode,
    ).toBe(404);
    const detail = await t.app.inject({
      url: `/api/v1/site-verifications/example.com?organizationId=${o.id}`,
      headers: owner.headers,
    });
    expect(detail.statusCode).toBe(200);

    // Any OWNER or ADMIN manages it (not only who claimed it); a MEMBER cannot remove it.
    const id = byAdmin.json().id;
    const check = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/site-verifications/${id}`,
      headers: member.headers,
    });
    expect(check.statusCode).toBe(404);
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/site-verifications/${id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
  });

  it("once verified, the organisation owns the site and every member answers officially; others do not", async () => {
    const o = await org();
    const domain = `newsroom-${n}-${Date.now().toString(36)}.com`;
    const res = await claim(owner, domain, o.id);
    expect(res.statusCode, res.body).toBe(201);
    await verify(res.json().id);
    const [site] = await t.app.db.select().from(sites).where(eq(sites.domain, domain));
    expect(site).toMatchObject({ ownerKind: "ORGANIZATION", ownerId: o.id, verificationStatus: "VERIFIED" });
    const pageId = await pageOn(domain);
    const official = await sendAs(t.app, member, "/api/v1/site-page-comments", {
      sitePage_id: pageId,
      body: "We fixed it.",
    });
    expect(official.claimUuid).toBe(res.json().id);
    const review = await sendAs(t.app, admin, "/api/v1/site-page-reviews", {
      sitePage_id: pageId,
      sentiment: "POSITIVE",
      title: "Ours",
      body: "We stand by it.",
    });
    expect(review.claimUuid).toBe(res.json().id);
    const plain = await sendAs(t.app, outsider, "/api/v1/site-page-comments", {
      sitePage_id: pageId,
      body: "Not yet.",
    });
    expect(plain.claimUuid).toBeNull();
    const publicPage = await t.app.inject({ url: `/api/v1/organizations/${o.id}/public` });
    expect(publicPage.json().websites).toEqual([{ domain, unicodeDomain: domain }]);
  });

  it("deleting the organisation returns its websites to their claimants, or to PENDING", async () => {
    const o = await org();
    const kept = `kept-${n}-${Date.now().toString(36)}.com`;
    const pending = `pending-${n}-${Date.now().toString(36)}.com`;
    const a = (await claim(admin, kept, o.id)).json();
    await verify(a.id);
    const b = (await claim(admin, pending, o.id)).json();
    await verify(b.id);
    // The admin also claimed `pending` personally: the organisation's claim goes, the site is nobody's.
    expect((await claim(admin, pending)).statusCode).toBe(201);
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/organizations/${o.id}?confirm=${o.slug}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(204);
    const [k] = await t.app.db.select().from(sites).where(eq(sites.domain, kept));
    expect(k).toMatchObject({
      ownerKind: "USER",
      ownerId: admin.id,
      verificationStatus: "VERIFIED",
      claimId: a.id,
    });
    const [p] = await t.app.db.select().from(sites).where(eq(sites.domain, pending));
    expect(p).toMatchObject({ ownerKind: null, ownerId: null, verificationStatus: "PENDING" });
    const mine = await t.app.inject({ url: "/api/v1/site-verifications", headers: admin.headers });
    expect(mine.json().map((c: { domain: string; ownerKind: string }) => [c.domain, c.ownerKind])).toEqual([
      [kept, "USER"],
      [pending, "USER"],
    ]);
  });
});

describe("deleting an account", () => {
  it("is refused while the person is the only owner of an organisation with other members", async () => {
    const solo = await createUser(t.app, { displayName: "Solo" });
    const made = await sendAs(t.app, solo, "/api/v1/organizations", {
      name: "Solo's team",
      slug: `solo-team-${Date.now()}`,
    });
    await t.app.db
      .insert(organizationMembers)
      .values({ organizationId: made.id, userId: member.id, role: "MEMBER" });
    await t.app.db
      .update(users)
      .set({ passwordHash: await hashPassword("Correct-Horse-9") })
      .where(eq(users.id, solo.id));
    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/account",
      headers: solo.headers,
      payload: { password: "Correct-Horse-9" },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().detail).toBe(
      "You are the only owner of Solo's team. Make another member an owner, or delete the organisation, first.",
    );
    expect(await t.app.db.select().from(users).where(eq(users.id, solo.id))).toHaveLength(1);
    // Alone in it, the organisation goes with the account.
    await t.app.db
      .delete(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, made.id), eq(organizationMembers.userId, member.id)));
    const gone = await t.app.inject({
      method: "DELETE",
      url: "/api/account",
      headers: solo.headers,
      payload: { password: "Correct-Horse-9" },
    });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await t.app.db.select().from(organizations).where(eq(organizations.id, made.id))).toEqual([]);
  });
});
