import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorFields, type TestApp } from "../../../test/helper.ts";
import { type MailCatcher, startMailCatcher } from "../../../test/mail-catcher.ts";
import { makeVerifiedOwner } from "../../../test/owners.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";
import { sitePages } from "../../db/schema/discussion.ts";
import { ownerInvites } from "../../db/schema/websites.ts";

let t: TestApp;
let mail: MailCatcher;
let alice: TestUser;

beforeAll(async () => {
  mail = await startMailCatcher();
  // The invitation limits live in the database and hold with the request rate limits off.
  t = await createTestApp({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_ENABLED: "false", SMTP_URL: mail.url });
  alice = await createUser(t.app, { displayName: "Alice <b>Admin</b>" });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

let n = 0;
async function newSite(): Promise<{ pageId: string; siteId: string; domain: string }> {
  n += 1;
  const domain = `shop-${n}-${Date.now().toString(36)}.com`;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/site-pages/flip",
    payload: { url: `https://www.${domain}/products/1` },
  });
  const page = res.json();
  return { pageId: page.id, siteId: page.site.id, domain };
}

const invite = (user: TestUser | null, payload: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/site-verifications/invite/",
    payload,
    ...(user ? { headers: user.headers } : {}),
  });

/** Every mail that reached the SMTP server for this address (after the app handed all over). */
async function mailsTo(to: string) {
  await t.app.mailer.idle();
  return mail.mails.filter((m) => m.to.includes(to));
}

describe("inviting a site's owner", () => {
  it("mails one fixed template with the inviter, the site, a prefilled claim link and RFC 8058 headers", async () => {
    const { pageId, domain } = await newSite();
    await sendAs(t.app, alice, "/api/v1/site-page-comments", { sitePage_id: pageId, body: "Great shop" });
    const res = await invite(alice, {
      sitePage_id: pageId,
      email: "Owner@Shop.Example",
      message: "Please answer <script>alert(1)</script> here",
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({
      message: "Thank you. If that address can be invited, its owner will get the invitation.",
    });
    const got = await mail.next("owner@shop.example");
    expect(got.subject).toBe(`Alice <b>Admin</b> invites you to answer for ${domain} on Flipside`);
    expect(got.text).toContain("One person discusses its pages on Flipside");
    expect(got.text).toContain("Alice <b>Admin</b> wrote: “Please answer <script>alert(1)</script> here”");
    expect(got.html).not.toContain("<script>");
    expect(got.html).toContain("&lt;script&gt;");
    expect(got.text).toContain(`/profile/websites/claim?address=${domain}`);
    const headers = Object.fromEntries(got.parsed.headers.map((h) => [h.key, h.value]));
    expect(headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const unsubscribe = /^<(.+)>$/.exec(headers["list-unsubscribe"] ?? "")?.[1];
    expect(unsubscribe).toMatch(/\/api\/v1\/site-verifications\/invite\/unsubscribe\?token=/);
    expect(got.text).toContain(unsubscribe);
  });

  it("answers the same 202 for an address invited lately or opted out, and mails neither", async () => {
    const a = await newSite();
    const b = await newSite();
    const bob = await createUser(t.app);
    const address = `repeat-${Date.now()}@shop.example`;
    expect((await invite(bob, { siteId: a.siteId, email: address })).statusCode).toBe(202);
    const first = await mail.next(address);

    // The same address again within 30 days, even for another site and from another person.
    const again = await invite(alice, { siteId: b.siteId, email: address.toUpperCase() });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(
      (await invite(bob, { siteId: b.siteId, email: "fresh@shop.example" })).json(),
    );
    expect(await mailsTo(address)).toHaveLength(1);

    // One click: the address opts out of every invitation.
    const link = /(http\S+unsubscribe\?token=\S+)/.exec(first.text)?.[1] ?? "";
    const path = link.slice(link.indexOf("/api/"));
    const page = await t.app.inject(path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Stop invitations");
    const click = await t.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(click.statusCode, click.body).toBe(200);
    expect(click.body).toContain("You will get no more invitations");
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/v1/site-verifications/invite/unsubscribe?token=nope",
        })
      ).statusCode,
    ).toBe(404);

    // Thirty-one days later the address could be invited again, but it opted out.
    await t.app.db
      .update(ownerInvites)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(ownerInvites.siteId, a.siteId));
    const carol = await createUser(t.app);
    expect((await invite(carol, { siteId: (await newSite()).siteId, email: address })).statusCode).toBe(202);
    expect(await mailsTo(address)).toHaveLength(1);
  });

  it("limits each person to 5 invitations a day, whatever became of them", async () => {
    const dave = await createUser(t.app);
    for (let i = 0; i < 5; i += 1) {
      const { siteId } = await newSite();
      expect((await invite(dave, { siteId, email: `limit-${i}@shop.example` })).statusCode).toBe(202);
    }
    const { siteId } = await newSite();
    const res = await invite(dave, { siteId, email: "limit-6@shop.example" });
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toBe("You can invite at most 5 owners a day. Try again tomorrow.");
    expect(res.headers["retry-after"]).toBe("86400");
    expect(await mailsTo("limit-6@shop.example")).toHaveLength(0);
  });

  it("limits each site to 3 invitations a week, from anyone", async () => {
    const { siteId } = await newSite();
    for (let i = 0; i < 3; i += 1) {
      const someone = await createUser(t.app);
      expect((await invite(someone, { siteId, email: `site-${siteId}-${i}@shop.example` })).statusCode).toBe(
        202,
      );
    }
    const res = await invite(await createUser(t.app), { siteId, email: "fourth@shop.example" });
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toMatch(/invited 3 times this week/);
    const [{ n: rows } = { n: 0 }] = await t.app.db
      .select({ n: count() })
      .from(ownerInvites)
      .where(eq(ownerInvites.siteId, siteId));
    expect(rows).toBe(3);
  });

  it("refuses the signed out, the not activated, bad bodies, unknown sites and verified ones, changing nothing", async () => {
    const { siteId, pageId } = await newSite();
    expect((await invite(null, { siteId, email: "a@b.example" })).statusCode).toBe(401);
    const fresh = await createUser(t.app, { activated: false });
    expect((await invite(fresh, { siteId, email: "a@b.example" })).statusCode).toBe(403);

    const both = await invite(alice, { siteId, sitePage_id: pageId, email: "a@b.example" });
    expect(both.statusCode).toBe(400);
    expect(errorFields(both)).toContain("siteId");
    const bad = await invite(alice, { siteId, email: "not-an-address" });
    expect(bad.statusCode).toBe(400);
    expect(errorFields(bad)).toContain("email");
    const long = await invite(alice, { siteId, email: "a@b.example", message: "x".repeat(501) });
    expect(errorFields(long)).toContain("message");
    const extra = await invite(alice, { siteId, email: "a@b.example", from: "ceo@bank.example" });
    expect(extra.statusCode).toBe(400);

    const unknown = await invite(alice, {
      siteId: "01900000-0000-7000-8000-000000000000",
      email: "a@b.example",
    });
    expect(unknown.statusCode).toBe(404);

    const [page] = await t.app.db.select().from(sitePages).where(eq(sitePages.id, pageId));
    await makeVerifiedOwner(t.app, page?.siteId ?? "", (await createUser(t.app)).id);
    const verified = await invite(alice, { sitePage_id: pageId, email: "a@b.example" });
    expect(verified.statusCode).toBe(409);
    expect(verified.json().detail).toBe("This site already has a verified owner.");

    const [{ n: rows } = { n: 0 }] = await t.app.db
      .select({ n: count() })
      .from(ownerInvites)
      .where(eq(ownerInvites.siteId, siteId));
    expect(rows).toBe(0);
    expect(await mailsTo("a@b.example")).toHaveLength(0);
  });
});
