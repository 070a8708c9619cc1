import { createServer, type Server } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { type CaughtMail, type MailCatcher, startMailCatcher } from "../../../test/mail-catcher.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";
import { notificationDigests, notifications } from "../../db/schema/notifications.ts";
import { createMailer } from "../../lib/mailer.ts";
import { resolveJwtSecret } from "../../lib/secret.ts";
import { createNotificationMails } from "./mails.ts";

let t: TestApp;
let mail: MailCatcher;
let pageId: string;

beforeAll(async () => {
  mail = await startMailCatcher();
  // Events and mails go when each test says so (no polling); digests only when called.
  t = await createTestApp({
    PAGE_FETCH_ENABLED: "false",
    RATE_LIMIT_ENABLED: "false",
    OUTBOX_POLL_INTERVAL_MS: "0",
    SMTP_URL: mail.url,
    DIGEST_CHECK_INTERVAL_MS: "86400000",
  });
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/site-pages/flip",
    payload: { url: "https://mail-test.org/essay" },
  });
  pageId = res.json().id;
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const comment = (by: TestUser, body: string, parent_id?: string) =>
  sendAs(t.app, by, "/api/v1/site-page-comments", {
    sitePage_id: pageId,
    body,
    ...(parent_id ? { parent_id } : {}),
  });
const choose = (user: TestUser, kind: string, mailChoice: string) =>
  t.app.inject({
    method: "PUT",
    url: "/api/v1/notification-preferences",
    headers: user.headers,
    payload: { preferences: [{ kind, mail: mailChoice }] },
  });
/** The mails of one instance as the app builds them, with a mailer and a clock of the test's. */
const mailsWith = (mailer = t.app.mailer) =>
  createNotificationMails({
    db: t.app.db,
    storage: t.app.storage,
    mailer,
    log: t.app.log,
    origin: t.app.config.publicOrigin,
    secret: resolveJwtSecret(t.app.config),
    smtpTimeoutMs: 1000,
    digestHourUtc: 7,
  });
const headersOf = (m: CaughtMail) => Object.fromEntries(m.parsed.headers.map((h) => [h.key, h.value]));
const unsubscribeLink = (m: CaughtMail) => /^<(.+)>$/.exec(headersOf(m)["list-unsubscribe"] ?? "")?.[1] ?? "";
const stateOf = async (recipient: TestUser) =>
  t.app.db
    .select({ kind: notifications.kind, mailState: notifications.mailState })
    .from(notifications)
    .where(eq(notifications.recipientId, recipient.id));
const account = (name: string) =>
  createUser(t.app, { displayName: name, email: `${name.toLowerCase().replace(/\W+/g, ".")}@mail-test.org` });
const addressOf = (name: string) => `${name.toLowerCase().replace(/\W+/g, ".")}@mail-test.org`;
/** Dispatches the events; the dispatch waits for the mails it started. */
const deliver = () => t.app.outbox.wake();

describe("notification mails", () => {
  it("mails a reply at once, with its words, its link and a one-click unsubscribe (RFC 8058)", async () => {
    const ann = await account("Ann Mailed");
    const bob = await account("Bob Mailer");
    const question = await comment(ann, "Where is the source for this?");
    const reply = await comment(bob, "Here: the **2019** annual report.", question.id);
    await deliver();
    const got = await mail.next(addressOf("Ann Mailed"));
    expect(got.subject).toBe("Bob Mailer replied to you on “mail-test.org/essay”");
    expect(got.text).toContain("Hello Ann Mailed,");
    expect(got.text).toContain("“Here: the 2019 annual report.”");
    expect(got.text).toContain(`/?url=mail-test.org%2Fessay&comment=${reply.id}`);
    expect(got.text).toContain("/profile/notifications");
    const headers = headersOf(got);
    expect(headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(unsubscribeLink(got)).toMatch(/\/api\/v1\/notification-preferences\/unsubscribe\?token=/);
    expect(got.text).toContain(unsubscribeLink(got));
    expect(await stateOf(ann)).toEqual([{ kind: "REPLY", mailState: "SENT" }]);

    // A second reply joins the unread group: no second mail.
    await comment(bob, "And page 12 of it.", question.id);
    await deliver();
    await expect(mail.next(addressOf("Ann Mailed"), 300)).rejects.toThrow(/No mail/);
  });

  it("stops one kind with one click: the link asks first, the POST unsubscribes, a forged link is a 404", async () => {
    const cat = await account("Cat Quiet");
    const dan = await account("Dan Loud");
    const first = await comment(cat, "First thoughts.");
    await comment(dan, "A reply.", first.id);
    await deliver();
    const link = new URL(unsubscribeLink(await mail.next(addressOf("Cat Quiet"))));
    const path = `${link.pathname}${link.search}`;

    const page = await t.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("replies to what you wrote");
    expect(page.body).toContain('<form method="post">');
    // Opening the page changed nothing.
    const before = await t.app.inject({ url: "/api/v1/notification-preferences", headers: cat.headers });
    expect(before.json().find((p: { kind: string }) => p.kind === "REPLY").mail).toBe("NOW");

    const forged = path.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    for (const url of [
      forged,
      path.replace("REPLY", "VOTES"),
      "/api/v1/notification-preferences/unsubscribe?token=x",
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
      });
      expect(res.statusCode, url).toBe(404);
    }
    const done = await t.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("You will get no more of these mails");
    const after = await t.app.inject({ url: "/api/v1/notification-preferences", headers: cat.headers });
    const mailOf = (kind: string) => after.json().find((p: { kind: string }) => p.kind === kind).mail;
    expect([mailOf("REPLY"), mailOf("MENTION")]).toEqual(["NEVER", "NOW"]);

    // Read the inbox: the next reply is there, and no mail comes.
    await t.app.inject({
      method: "POST",
      url: "/api/v1/notifications/read-all",
      headers: cat.headers,
      payload: {},
    });
    await comment(dan, "Another reply.", first.id);
    await deliver();
    await expect(mail.next(addressOf("Cat Quiet"), 300)).rejects.toThrow(/No mail/);
    expect((await stateOf(cat)).map((n) => n.mailState).sort()).toEqual(["NONE", "SENT"]);
  });

  it("sends the day's digest once per person a day, from the digest hour on, whatever runs it", async () => {
    const eve = await account("Eve Digest");
    const fay = await account("Fay Writer");
    expect((await choose(eve, "REPLY", "DIGEST")).statusCode).toBe(200);
    const mine = await comment(eve, "A question for the digest.");
    await comment(fay, "Digest reply one.", mine.id);
    await deliver();
    await expect(mail.next(addressOf("Eve Digest"), 300)).rejects.toThrow(/No mail/);
    expect(await stateOf(eve)).toEqual([{ kind: "REPLY", mailState: "DIGEST" }]);

    const today = new Date();
    const at = (hour: number, dayOffset = 0) =>
      new Date(
        Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + dayOffset, hour, 30),
      );
    // Before the hour: nothing. Notifications made after the digest's moment wait too.
    await mailsWith().sendDigests(at(6, 1));
    await t.app.mailer.idle();
    await expect(mail.next(addressOf("Eve Digest"), 300)).rejects.toThrow(/No mail/);

    // Two instances at once: one digest.
    await Promise.all([mailsWith().sendDigests(at(8, 1)), mailsWith().sendDigests(at(8, 1))]);
    await t.app.mailer.idle();
    const digest = await mail.next(addressOf("Eve Digest"));
    expect(digest.subject).toBe("Your Flipside digest: 1 new notification");
    expect(digest.text).toContain("- Fay Writer replied to you on “mail-test.org/essay”");
    expect(digest.text).toContain("“Digest reply one.”");
    expect(headersOf(digest)["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(await stateOf(eve)).toEqual([{ kind: "REPLY", mailState: "SENT" }]);
    await expect(mail.next(addressOf("Eve Digest"), 300)).rejects.toThrow(/No mail/);

    // Later the same day: a new notification waits for the next day's digest.
    await t.app.inject({
      method: "POST",
      url: "/api/v1/notifications/read-all",
      headers: eve.headers,
      payload: {},
    });
    await comment(fay, "Digest reply two.", mine.id);
    await deliver();
    await mailsWith().sendDigests(at(23, 1));
    await t.app.mailer.idle();
    await expect(mail.next(addressOf("Eve Digest"), 300)).rejects.toThrow(/No mail/);
    await mailsWith().sendDigests(at(9, 2));
    await t.app.mailer.idle();
    expect((await mail.next(addressOf("Eve Digest"))).text).toContain("“Digest reply two.”");
    const days = await t.app.db
      .select({ day: notificationDigests.day })
      .from(notificationDigests)
      .where(eq(notificationDigests.userId, eve.id));
    expect(days).toHaveLength(2);

    // The digest's one click: every kind mailed in the digest becomes "never".
    const path = new URL(unsubscribeLink(digest));
    const res = await t.app.inject({ method: "POST", url: `${path.pathname}${path.search}` });
    expect(res.statusCode).toBe(200);
    const after = await t.app.inject({ url: "/api/v1/notification-preferences", headers: eve.headers });
    const mailOf = (kind: string) => after.json().find((p: { kind: string }) => p.kind === kind).mail;
    expect([mailOf("REPLY"), mailOf("FOLLOWED_ACTIVITY"), mailOf("MENTION")]).toEqual([
      "NEVER",
      "NEVER",
      "NOW",
    ]);
  });

  it("tries again later when the SMTP server refuses, and the next try sends it", async () => {
    const gus = await account("Gus Retry");
    const hal = await account("Hal Replier");
    const mine = await comment(gus, "Retry me.");
    await comment(hal, "A reply to retry.", mine.id);
    await deliver();
    await mail.next(addressOf("Gus Retry"));
    // As if it had not gone yet, for an instance whose SMTP server is away (nothing listens).
    await t.app.db
      .update(notifications)
      .set({ mailState: "PENDING", mailAttempts: 0, mailNotBefore: null })
      .where(eq(notifications.recipientId, gus.id));
    const closed: Server = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const address = closed.address();
    const port = typeof address === "object" && address ? address.port : 0;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const failing = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "Flipside <no-reply@mail-test.org>",
      mailDir: "",
      logger: { info() {}, error() {} },
      timeoutMs: 1000,
    });
    await mailsWith(failing).wake();
    await failing.close();
    const retry = () =>
      t.app.db
        .select({
          state: notifications.mailState,
          attempts: notifications.mailAttempts,
          notBefore: notifications.mailNotBefore,
        })
        .from(notifications)
        .where(eq(notifications.recipientId, gus.id));
    const [failed] = await retry();
    expect(failed).toMatchObject({ state: "PENDING", attempts: 1 });
    expect(failed?.notBefore?.getTime()).toBeGreaterThan(Date.now());
    // Not before its time, then sent by whichever sender comes.
    await mailsWith().wake();
    await expect(mail.next(addressOf("Gus Retry"), 300)).rejects.toThrow(/No mail/);
    await t.app.db
      .update(notifications)
      .set({ mailNotBefore: new Date(Date.now() - 1000) })
      .where(eq(notifications.recipientId, gus.id));
    await mailsWith().wake();
    expect((await mail.next(addressOf("Gus Retry"))).subject).toBe(
      "Hal Replier replied to you on “mail-test.org/essay”",
    );
    expect((await retry())[0]).toMatchObject({ state: "SENT", attempts: 2 });
  });
});
