import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AccountsHarness,
  createAccountsHarness,
  ORIGIN,
  register,
  tokenFor,
  uniqueEmail,
} from "../../../test/accounts-support.ts";
import { linkIn } from "../../../test/mail-catcher.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";
import { users } from "../../db/schema/accounts.ts";
import { organizationInvitationSends, organizationInvitations } from "../../db/schema/organizations.ts";

let t: AccountsHarness;
let owner: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await createAccountsHarness({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_ENABLED: "false" });
  owner = await createUser(t.app, { displayName: "Olive <Owner>" });
  member = await createUser(t.app, { displayName: "Max Member" });
});
afterAll(() => t.close());

let n = 0;
async function newOrg(): Promise<{ id: string; slug: string }> {
  n += 1;
  const org = await sendAs(t.app, owner, "/api/v1/organizations", {
    name: `Newsroom ${n}`,
    slug: `newsroom-${n}-${Date.now().toString(36)}`,
  });
  const emailOfMember = (await t.app.db.select().from(users).where(eq(users.id, member.id)))[0]?.email;
  const inv = await sendAs(t.app, owner, `/api/v1/organizations/${org.id}/invitations`, {
    email: emailOfMember,
  });
  const key = await keyOf(emailOfMember ?? "");
  await sendAs(t.app, member, `/api/v1/organization-invitations/${key}/accept`, {});
  expect(inv.status).toBe("PENDING");
  return org;
}

/** The key in the newest invitation mailed to this address. */
async function keyOf(email: string): Promise<string> {
  const mail = await t.mail.next(email.toLowerCase());
  const link = linkIn(mail, `${ORIGIN}/organizations/invitations/`);
  return link.pathname.split("/").pop() ?? "";
}

const invite = (org: { id: string }, email: string, as: TestUser = owner, role?: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/v1/organizations/${org.id}/invitations`,
    headers: as.headers,
    payload: { email, ...(role ? { role } : {}) },
  });
const accept = (key: string, headers?: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url: `/api/v1/organization-invitations/${key}/accept`,
    ...(headers ? { headers } : {}),
  });

describe("invitations by mail", () => {
  it("mails one fixed template with a single-use link and RFC 8058 headers; the invitee signs up and joins", async () => {
    const org = await newOrg();
    const email = uniqueEmail("invitee");
    const res = await invite(org, email, owner, "ADMIN");
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ email, role: "ADMIN", status: "PENDING", inviter: { id: owner.id } });

    const mail = await t.mail.next(email);
    expect(mail.subject).toBe(`Join Newsroom ${n} on Flipside`);
    expect(mail.text).toContain(`Olive <Owner> invites you to join Newsroom ${n} on Flipside as an admin.`);
    expect(mail.html).toContain("Olive &lt;Owner&gt;");
    const headers = Object.fromEntries(mail.parsed.headers.map((h) => [h.key, h.value]));
    expect(headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(headers["list-unsubscribe"]).toMatch(/\/api\/v1\/organization-invitations\/unsubscribe\?token=/);
    const key = linkIn(mail, `${ORIGIN}/organizations/invitations/`).pathname.split("/").pop() ?? "";

    // Anyone holding the link sees what it is.
    const preview = await t.app.inject({ method: "GET", url: `/api/v1/organization-invitations/${key}` });
    expect(preview.json()).toMatchObject({
      organization: { id: org.id, name: `Newsroom ${n}` },
      inviter: "Olive <Owner>",
      email,
      role: "ADMIN",
      status: "PENDING",
    });
    // Accepting needs a session…
    expect((await accept(key)).statusCode).toBe(401);
    // …of the account with that address, which may sign up first (not yet activated).
    expect((await register(t, email)).statusCode).toBe(201);
    const [account] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(account?.activated).toBe(false);
    const token = await tokenFor(t, email);
    const joined = await accept(key, { authorization: `Bearer ${token}` });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ id: org.id, role: "ADMIN" });
    // The link proved the address.
    const [after] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(after?.activated).toBe(true);
    // Single use.
    const again = await accept(key, { authorization: `Bearer ${token}` });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe("This invitation has already been answered.");
    const listed = await t.app.inject({
      method: "GET",
      url: `/api/v1/organizations/${org.id}/invitations`,
      headers: owner.headers,
    });
    expect(listed.json().find((i: { email: string }) => i.email === email)).toMatchObject({
      status: "ACCEPTED",
    });
  });

  it("refuses a tampered key, the wrong account, an expired and a withdrawn invitation, and changes nothing", async () => {
    const org = await newOrg();
    const outsider = await createUser(t.app);
    const email = uniqueEmail("tampered");
    await invite(org, email);
    const key = await keyOf(email);

    const tampered = `${key.slice(0, -2)}${key.endsWith("AA") ? "BB" : "AA"}`;
    const bad = await accept(tampered, outsider.headers);
    expect(bad.statusCode).toBe(404);
    expect(bad.json().detail).toBe("This invitation link is not valid. Copy the whole link from the mail.");
    expect(
      (await t.app.inject({ method: "GET", url: `/api/v1/organization-invitations/${tampered}` })).statusCode,
    ).toBe(404);

    const wrong = await accept(key, outsider.headers);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().detail).toContain("This invitation was sent to another address.");

    await t.app.db
      .update(organizationInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(organizationInvitations.email, email));
    const preview = await t.app.inject({ method: "GET", url: `/api/v1/organization-invitations/${key}` });
    expect(preview.json().status).toBe("EXPIRED");
    const user = await createUser(t.app);
    await t.app.db.update(users).set({ email }).where(eq(users.id, user.id));
    const expired = await accept(key, user.headers);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().detail).toBe("This invitation has expired. Ask the organisation for a new one.");

    // Resending makes a new link valid 7 days; the old one stops working.
    const [row] = await t.app.db
      .select()
      .from(organizationInvitations)
      .where(eq(organizationInvitations.email, email));
    const resent = await t.app.inject({
      method: "POST",
      url: `/api/v1/organizations/${org.id}/invitations/${row?.id}/resend`,
      headers: owner.headers,
    });
    expect(resent.statusCode, resent.body).toBe(204);
    const newKey = await keyOf(email);
    expect(newKey).not.toBe(key);
    expect((await accept(key, user.headers)).statusCode).toBe(404);

    // Withdrawn.
    const revoked = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/organizations/${org.id}/invitations/${row?.id}`,
      headers: owner.headers,
    });
    expect(revoked.statusCode).toBe(204);
    const late = await accept(newKey, user.headers);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe("This invitation was withdrawn by the organisation.");
    const members = await t.app.inject({
      method: "GET",
      url: `/api/v1/organizations/${org.id}/members`,
      headers: owner.headers,
    });
    expect(members.json()).toHaveLength(2);
  });

  it("declines with the link alone", async () => {
    const org = await newOrg();
    const email = uniqueEmail("decline");
    await invite(org, email);
    const key = await keyOf(email);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/v1/organization-invitations/${key}/decline`,
    });
    expect(res.statusCode).toBe(204);
    const preview = await t.app.inject({ method: "GET", url: `/api/v1/organization-invitations/${key}` });
    expect(preview.json().status).toBe("DECLINED");
  });

  it("refuses an address that belongs to a member, or has an invitation waiting", async () => {
    const org = await newOrg();
    const [m] = await t.app.db.select().from(users).where(eq(users.id, member.id));
    const res = await invite(org, (m?.email ?? "").toUpperCase());
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe("That address belongs to a member of this organisation already.");
    const email = uniqueEmail("twice");
    expect((await invite(org, email)).statusCode).toBe(201);
    const twice = await invite(org, email.toUpperCase());
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe("That address has an invitation waiting. Resend it instead.");
  });

  it("stops at the organisation's daily limit, resends included", async () => {
    const org = await newOrg();
    const sends = Array.from({ length: 49 }, () => ({ organizationId: org.id, senderId: null }));
    await t.app.db.insert(organizationInvitationSends).values(sends);
    // newOrg sent one: this is the 51st.
    const res = await invite(org, uniqueEmail("limit"));
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBeDefined();
    expect(res.json().detail).toBe(
      "This organisation has sent as many invitations as it may today. Try again tomorrow.",
    );
  });

  it("honours the one-click unsubscribe: that address can be invited no more", async () => {
    const org = await newOrg();
    const email = uniqueEmail("unsub");
    await invite(org, email);
    const mail = await t.mail.next(email);
    const headers = Object.fromEntries(mail.parsed.headers.map((h) => [h.key, h.value]));
    const url = new URL(/^<(.+)>$/.exec(headers["list-unsubscribe"] ?? "")?.[1] ?? "");
    const page = await t.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    const post = await t.app.inject({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(post.statusCode).toBe(200);
    const org2 = await newOrg();
    const res = await invite(org2, email);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe("That address asked Flipside to send it no invitations.");
  });

  it("tells an account it was invited, and lets it answer in the app by the invitation's id", async () => {
    const org = await newOrg();
    const email = uniqueEmail("invitee");
    const invitee = await createUser(t.app, { displayName: "Ivy Invitee", email });
    const stranger = await createUser(t.app, { displayName: "Sam Stranger" });
    expect((await invite(org, email.toUpperCase(), owner, "ADMIN")).statusCode).toBe(201);
    await keyOf(email);
    await t.app.outbox.wake();

    const inbox = await t.app.inject({ url: "/api/v1/notifications", headers: invitee.headers });
    expect(inbox.json()).toEqual([
      expect.objectContaining({
        kind: "INVITATION",
        message: expect.stringMatching(/^Olive <Owner> invited you to join “Newsroom \d+” as an admin$/),
        link: "/profile/organizations",
      }),
    ]);
    const mine = await t.app.inject({
      url: "/api/v1/organization-invitations/for-me",
      headers: invitee.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([
      expect.objectContaining({
        organization: expect.objectContaining({ id: org.id }),
        role: "ADMIN",
        inviter: "Olive <Owner>",
      }),
    ]);
    const id = mine.json()[0].id;
    const answer = (who: TestUser, what: string, invitationId = id) =>
      t.app.inject({
        method: "POST",
        url: `/api/v1/organization-invitations/for-me/${invitationId}/${what}`,
        headers: who.headers,
      });
    // Someone else's is not there; a made-up answer is a 400.
    expect(
      (
        await t.app.inject({ url: "/api/v1/organization-invitations/for-me", headers: stranger.headers })
      ).json(),
    ).toEqual([]);
    expect((await answer(stranger, "accept")).statusCode).toBe(404);
    expect((await answer(invitee, "maybe")).statusCode).toBe(400);
    const joined = await answer(invitee, "accept");
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ id: org.id, role: "ADMIN" });
    expect((await answer(invitee, "decline")).statusCode).toBe(409);
    expect(
      (
        await t.app.inject({ url: "/api/v1/organization-invitations/for-me", headers: invitee.headers })
      ).json(),
    ).toEqual([]);
  });

  it("lists nothing for an address not proven yet, and declines by id", async () => {
    const org = await newOrg();
    const email = uniqueEmail("unproven");
    const unproven = await createUser(t.app, { email, activated: false });
    expect((await invite(org, email)).statusCode).toBe(201);
    await keyOf(email);
    await t.app.outbox.wake();
    expect(
      (
        await t.app.inject({ url: "/api/v1/organization-invitations/for-me", headers: unproven.headers })
      ).json(),
    ).toEqual([]);
    expect((await t.app.inject({ url: "/api/v1/notifications", headers: unproven.headers })).json()).toEqual(
      [],
    );
    await t.app.db.update(users).set({ activated: true }).where(eq(users.id, unproven.id));
    t.app.viewers.forgetUser(unproven.id);
    const [waiting] = (
      await t.app.inject({ url: "/api/v1/organization-invitations/for-me", headers: unproven.headers })
    ).json();
    const declined = await t.app.inject({
      method: "POST",
      url: `/api/v1/organization-invitations/for-me/${waiting.id}/decline`,
      headers: unproven.headers,
    });
    expect(declined.statusCode).toBe(204);
    const [row] = await t.app.db
      .select()
      .from(organizationInvitations)
      .where(eq(organizationInvitations.id, waiting.id));
    expect(row?.status).toBe("DECLINED");
  });
});
