import { ACCOUNT_ROLE } from "@flipside/contracts/roles";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AccountsHarness,
  createAccountsHarness,
  createActivatedUser,
  login,
  tokenFor,
  uniqueEmail,
} from "../../../test/accounts-support.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";
import { users } from "../../db/schema/accounts.ts";
import { auditLog } from "../../db/schema/admin.ts";
import { relatedPageLinks, sitePages } from "../../db/schema/discussion.ts";
import { reports } from "../../db/schema/moderation.ts";

let t: AccountsHarness;
let moderator: TestUser;
let author: TestUser;
let reporter: TestUser;
let reporterEmail: string;
let pageId: string;

const WEEKS_AGO = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);

beforeAll(async () => {
  t = await createAccountsHarness({
    PAGE_FETCH_ENABLED: "false",
    RATE_LIMIT_ENABLED: "false",
    REPORT_AUTO_HIDE_REPORTERS: "3",
    REPORT_TRUSTED_ACCOUNT_DAYS: "7",
  });
  moderator = await createUser(t.app, {
    displayName: "Mona Moderator",
    roles: [ACCOUNT_ROLE.USER, ACCOUNT_ROLE.MODERATOR],
  });
  author = await createUser(t.app, { displayName: "Andy Author", createdAt: WEEKS_AGO });
  reporterEmail = uniqueEmail("reporter");
  reporter = await createUser(t.app, {
    displayName: "Rita Reporter",
    email: reporterEmail,
    createdAt: WEEKS_AGO,
  });
  pageId = await flipped("https://news.moderation-test.org/story");
});
afterAll(() => t.close());

async function flipped(url: string): Promise<string> {
  const res = await t.app.inject({ method: "POST", url: "/api/v1/site-pages/flip", payload: { url } });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().id;
}
const comment = (by: TestUser, body: string, parent_id?: string) =>
  sendAs(t.app, by, "/api/v1/site-page-comments", {
    sitePage_id: pageId,
    body,
    ...(parent_id ? { parent_id } : {}),
  });
const reportContribution = (
  by: TestUser | null,
  contributionId: string,
  reason = "HARASSMENT",
  text?: string,
) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/contribution-reports",
    payload: { contributionId, reason, ...(text === undefined ? {} : { text }) },
    ...(by ? { headers: by.headers } : {}),
  });
const act = (by: TestUser, body: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/admin/moderation/actions",
    headers: by.headers,
    payload: body,
  });
const cases = async (by: TestUser = moderator) => {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/v1/admin/moderation/cases?size=50",
    headers: by.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    targetId: string;
    openReports: number;
    target: { version: string; moderation: string | null };
  }[];
};
const caseOf = async (targetId: string) => (await cases()).find((c) => c.targetId === targetId);
const commentsOf = async (viewer?: TestUser) => {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/v1/site-page-comments?searchAnd=sitePage_id==${pageId},parent_id==null`,
    ...(viewer ? { headers: viewer.headers } : {}),
  });
  return {
    items: res.json() as { id: string; body: string; hidden: boolean; deleted: boolean; author: unknown }[],
    total: Number(res.headers["x-total-count"]),
  };
};
const pageCounts = async () =>
  (await t.app.db.select().from(sitePages).where(eq(sitePages.id, pageId)))[0] ?? {
    commentCount: -1,
    deletedCommentCount: -1,
  };

describe("reports", () => {
  it("takes one open report per person and target, however often and however fast it is sent, and tells nothing of others", async () => {
    const target = await comment(author, "You are all fools.");
    const first = await reportContribution(reporter, target.id, "HARASSMENT", "Insults everyone");
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(String),
      targetKind: "COMMENT",
      targetId: target.id,
      reason: "HARASSMENT",
      status: "OPEN",
      createdDate: expect.any(String),
    });
    const again = await reportContribution(reporter, target.id, "SPAM");
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);

    const eager = await createUser(t.app, { displayName: "Eager Reporter" });
    const answers = await Promise.all(Array.from({ length: 20 }, () => reportContribution(eager, target.id)));
    expect(answers.map((a) => a.statusCode).sort((a, b) => a - b)).toEqual([...Array(19).fill(200), 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const rows = await t.app.db
      .select()
      .from(reports)
      .where(and(eq(reports.targetId, target.id), eq(reports.reporterId, eager.id)));
    expect(rows).toHaveLength(1);
    // Nothing in an answer says that someone else reported it too.
    expect(JSON.stringify(answers.map((a) => a.json()))).not.toContain(reporter.id);
  });

  it("refuses what cannot be reported, and changes nothing", async () => {
    const own = await comment(reporter, "My own words.");
    const before = await t.app.db.select().from(reports);
    const tries: [TestUser | null, Record<string, unknown>, number][] = [
      [null, { contributionId: own.id, reason: "SPAM" }, 401],
      [reporter, { contributionId: own.id, reason: "SPAM" }, 422],
      [reporter, { contributionId: crypto.randomUUID(), reason: "SPAM" }, 404],
      [author, { contributionId: own.id, reason: "BORING" }, 400],
      [author, { contributionId: own.id, reason: "SPAM", text: "x".repeat(1001) }, 400],
      [author, { contributionId: own.id, reason: "SPAM", extra: true }, 400],
    ];
    for (const [who, payload, status] of tries) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/contribution-reports",
        payload,
        ...(who ? { headers: who.headers } : {}),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
    }
    const unactivated = await createUser(t.app, { activated: false });
    expect((await reportContribution(unactivated, own.id)).statusCode).toBe(403);
    const self = await t.app.inject({
      method: "POST",
      url: "/api/v1/user-reports",
      headers: reporter.headers,
      payload: { userId: reporter.id, reason: "SPAM" },
    });
    expect(self.statusCode).toBe(422);
    expect(self.json().detail).toBe("You cannot report yourself.");
    // A private note is not there for anyone else to report.
    const note = await sendAs(t.app, author, "/api/v1/notes", {
      sitePage_id: pageId,
      title: "Mine",
      body: "Private",
    });
    expect((await reportContribution(reporter, note.id)).statusCode).toBe(404);
    expect(await t.app.db.select().from(reports)).toEqual(before);
  });

  it("reports a person and a page through the specification's calls", async () => {
    const person = await t.app.inject({
      method: "POST",
      url: "/api/v1/user-reports",
      headers: reporter.headers,
      payload: { userId: author.id, reason: "SPAM", text: "Posts the same link everywhere" },
    });
    expect(person.statusCode, person.body).toBe(201);
    expect(person.json()).toMatchObject({ targetKind: "ACCOUNT", targetId: author.id });
    const page = await t.app.inject({
      method: "POST",
      url: "/api/v1/site-page-reports/",
      headers: reporter.headers,
      payload: { sitePage_id: pageId, reason: "ILLEGAL" },
    });
    expect(page.statusCode, page.body).toBe(201);
    expect(page.json()).toMatchObject({ targetKind: "SITE_PAGE", targetId: pageId });
    const queued = await caseOf(author.id);
    expect(queued).toMatchObject({ targetKind: "ACCOUNT", openReports: 1, reasons: { SPAM: 1 } });
  });
});

describe("the moderation queue and its actions", () => {
  it("is a 404 to anyone who is not a moderator", async () => {
    for (const who of [reporter, author]) {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/v1/admin/moderation/cases",
        headers: who.headers,
      });
      expect(res.statusCode).toBe(404);
      expect(
        (await act(who, { targetKind: "ACCOUNT", targetId: author.id, action: "SUSPEND" })).statusCode,
      ).toBe(404);
    }
    expect(
      (await t.app.db.select().from(users).where(eq(users.id, author.id)))[0]?.suspendedUntil,
    ).toBeNull();
  });

  it("shows a case in context and hides it; the thread keeps its shape, counts follow, the reporter is told, the audit log says who and why; a restore brings it back", async () => {
    const parent = await comment(author, "What do people think of the story?");
    const reply = await comment(author, "Nobody asked you, idiot.", parent.id);
    await reportContribution(reporter, reply.id, "HARASSMENT", "A personal attack");
    const found = await caseOf(reply.id);
    expect(found).toMatchObject({
      targetKind: "COMMENT",
      openReports: 1,
      reasons: { HARASSMENT: 1 },
      target: { text: "Nobody asked you, idiot.", exists: true, moderation: null },
      context: { page: { id: pageId }, inReplyTo: "What do people think of the story?" },
      subject: { id: author.id, displayName: "Andy Author" },
      reports: [
        {
          reporter: { displayName: "Rita Reporter" },
          reason: "HARASSMENT",
          text: "A personal attack",
          snapshot: "Nobody asked you, idiot.",
        },
      ],
    });

    const hidden = await act(moderator, {
      targetKind: "COMMENT",
      targetId: reply.id,
      action: "HIDE",
      version: found?.target.version,
      reason: "Insults another reader",
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ openReports: 0, target: { moderation: "HIDDEN" } });
    const thread = await t.app.inject({
      method: "GET",
      url: `/api/v1/site-page-comments?searchAnd=parent_id==${parent.id}`,
    });
    expect(thread.json()).toEqual([
      expect.objectContaining({
        id: reply.id,
        hidden: true,
        deleted: true,
        body: "",
        bodyHtml: "",
        author: null,
      }),
    ]);
    const mail = await t.mail.next(reporterEmail);
    expect(mail.subject).toBe("About your report");
    expect(mail.text).toContain(
      "Thank you for reporting a comment on “https://news.moderation-test.org/story”.",
    );
    expect(mail.text).toContain("Moderators agreed and hid it.");
    expect(mail.text).not.toContain("Andy");
    // It is a notification: in the inbox too, and its mail stops with one click (docs/notifications.md).
    const headers = Object.fromEntries(mail.parsed.headers.map((h) => [h.key, h.value]));
    expect(headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(headers["list-unsubscribe"]).toMatch(/\/api\/v1\/notification-preferences\/unsubscribe\?token=/);
    const inbox = await t.app.inject({ url: "/api/v1/notifications", headers: reporter.headers });
    expect(inbox.json()).toEqual([
      expect.objectContaining({
        kind: "REPORT_OUTCOME",
        message: "Moderators hid the comment you reported on “news.moderation-test.org/story”",
        actor: null,
        excerpt: null,
      }),
    ]);
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, reply.id));
    expect(entry).toMatchObject({
      actorId: moderator.id,
      action: "MODERATION_HIDE",
      targetKind: "COMMENT",
      reason: "Insults another reader",
    });
    // The author cannot change or bring it back.
    const edit = await t.app.inject({
      method: "PUT",
      url: `/api/v1/site-page-comments/${reply.id}`,
      headers: author.headers,
      payload: { body: "Edited away" },
    });
    expect(edit.statusCode).toBe(404);

    const restored = await act(moderator, {
      targetKind: "COMMENT",
      targetId: reply.id,
      action: "RESTORE",
      reason: "On a second look",
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const back = await t.app.inject({
      method: "GET",
      url: `/api/v1/site-page-comments?searchAnd=parent_id==${parent.id}`,
    });
    expect(back.json()).toEqual([
      expect.objectContaining({ id: reply.id, hidden: false, body: "Nobody asked you, idiot." }),
    ]);
    expect(
      (await act(moderator, { targetKind: "COMMENT", targetId: reply.id, action: "RESTORE" })).statusCode,
    ).toBe(409);
  });

  it("moves a top-level comment between the live and the placeholder counts, and back", async () => {
    const target = await comment(author, "Buy cheap pills at example.test");
    const before = await pageCounts();
    const listed = await commentsOf();
    await reportContribution(reporter, target.id, "SPAM");
    const version = (await caseOf(target.id))?.target.version;
    expect(
      (await act(moderator, { targetKind: "COMMENT", targetId: target.id, action: "HIDE", version }))
        .statusCode,
    ).toBe(200);
    const after = await pageCounts();
    expect([after.commentCount, after.deletedCommentCount]).toEqual([
      before.commentCount - 1,
      before.deletedCommentCount + 1,
    ]);
    // The list keeps its length: the placeholder stays where it was.
    const hiddenList = await commentsOf();
    expect(hiddenList.total).toBe(listed.total);
    expect(hiddenList.items.find((c) => c.id === target.id)).toMatchObject({ hidden: true, body: "" });
    expect((await t.mail.next(reporterEmail)).text).toContain("Moderators agreed and hid it.");
    await act(moderator, { targetKind: "COMMENT", targetId: target.id, action: "RESTORE" });
    expect(await pageCounts()).toMatchObject({
      commentCount: before.commentCount,
      deletedCommentCount: before.deletedCommentCount,
    });
  });

  it("refuses to act on what changed since the moderator read it", async () => {
    const target = await comment(author, "A mild remark.");
    await reportContribution(reporter, target.id, "HATE");
    const seen = await caseOf(target.id);
    await t.app.inject({
      method: "PUT",
      url: `/api/v1/site-page-comments/${target.id}`,
      headers: author.headers,
      payload: { body: "Now something else entirely." },
    });
    const stale = await act(moderator, {
      targetKind: "COMMENT",
      targetId: target.id,
      action: "DISMISS",
      version: seen?.target.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe("It changed since you opened it: read it again, then decide.");
    const fresh = await caseOf(target.id);
    expect(fresh).toMatchObject({ openReports: 1, target: { text: "Now something else entirely." } });
    expect(fresh?.target.version).not.toBe(seen?.target.version);
    const dismissed = await act(moderator, {
      targetKind: "COMMENT",
      targetId: target.id,
      action: "DISMISS",
      version: fresh?.target.version,
    });
    expect(dismissed.statusCode).toBe(200);
    expect(await caseOf(target.id)).toBeUndefined();
    const mail = await t.mail.next(reporterEmail);
    expect(mail.text).toContain("Moderators read it and left it as it is");
  });

  it("hides what three trusted accounts report, until a moderator dismisses it; new accounts do not count", async () => {
    const target = await comment(author, "Controversial but fine.");
    const newcomers = await Promise.all([1, 2, 3].map(() => createUser(t.app, { createdAt: new Date() })));
    for (const who of newcomers) await reportContribution(who, target.id, "MISINFORMATION");
    expect((await caseOf(target.id))?.target.moderation).toBeNull();
    const trusted = await Promise.all([1, 2].map(() => createUser(t.app, { createdAt: WEEKS_AGO })));
    for (const who of trusted) await reportContribution(who, target.id, "MISINFORMATION");
    expect((await caseOf(target.id))?.target.moderation).toBeNull();
    await reportContribution(reporter, target.id, "MISINFORMATION");
    const pending = await caseOf(target.id);
    expect(pending).toMatchObject({ openReports: 6, target: { moderation: "PENDING_REVIEW" } });
    expect((await commentsOf()).items.find((c) => c.id === target.id)).toMatchObject({
      hidden: true,
      body: "",
    });
    const [automatic] = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, target.id));
    expect(automatic).toMatchObject({
      actorId: null,
      action: "MODERATION_AUTO_HIDE",
      details: { reporters: 3 },
    });

    await act(moderator, {
      targetKind: "COMMENT",
      targetId: target.id,
      action: "DISMISS",
      version: pending?.target.version,
    });
    expect((await commentsOf()).items.find((c) => c.id === target.id)).toMatchObject({
      hidden: false,
      body: "Controversial but fine.",
    });
    expect((await t.mail.next(reporterEmail)).text).toContain("Moderators read it and left it as it is");
  });

  it("hides a page three trusted accounts report, pending review", async () => {
    const address = "https://contested.moderation-test.org/claim";
    const contested = await flipped(address);
    const trusted = await Promise.all([1, 2, 3].map(() => createUser(t.app, { createdAt: WEEKS_AGO })));
    const reportPage = (who: TestUser) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/site-page-reports/",
        headers: who.headers,
        payload: { sitePage_id: contested, reason: "MISINFORMATION" },
      });
    const flip = async () =>
      (
        await t.app.inject({ method: "POST", url: "/api/v1/site-pages/flip", payload: { url: address } })
      ).json();
    for (const who of trusted.slice(0, 2)) await reportPage(who);
    expect((await flip()).hidden).toBe(false);
    await reportPage(trusted[2] as TestUser);
    const pending = await caseOf(contested);
    expect(pending?.target.moderation).toBe("PENDING_REVIEW");
    expect((await flip()).hidden).toBe(true);
    await act(moderator, {
      targetKind: "SITE_PAGE",
      targetId: contested,
      action: "DISMISS",
      version: pending?.target.version,
    });
    expect((await flip()).hidden).toBe(false);
  });

  it("suspends a person for good with their contributions: no sign-in, no session, nothing shown; lifting it brings all back", async () => {
    const email = uniqueEmail("troll");
    await createActivatedUser(t, email);
    const token = await tokenFor(t, email);
    const trollId = (
      await t.app.inject({
        method: "GET",
        url: "/api/account",
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().id;
    const headers = { authorization: `Bearer ${token}` };
    const troll: TestUser = { id: trollId, token, displayName: "troll", headers };
    const first = await comment(troll, "First troll comment");
    await comment(troll, "Second troll comment");
    const note = await sendAs(t.app, troll, "/api/v1/notes", {
      sitePage_id: pageId,
      title: "Public rant",
      body: "Rant",
      visibility: "PUBLIC",
    });
    await reportContribution(reporter, first.id, "HARASSMENT");
    const before = await pageCounts();

    const suspended = await act(moderator, {
      targetKind: "COMMENT",
      targetId: first.id,
      action: "SUSPEND",
      days: null,
      hideContributions: true,
      reason: "Repeated harassment",
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/account", headers })).statusCode).toBe(401);
    const again = await login(t, email);
    expect(again.statusCode).toBe(403);
    expect(again.json().detail).toBe("This account is suspended.");
    expect((await login(t, email, "wrong-Password-1")).statusCode).toBe(401);
    const shown = (await commentsOf()).items.filter((c) => c.body.includes("troll comment"));
    expect(shown).toEqual([]);
    expect((await pageCounts()).commentCount).toBe(before.commentCount - 2);
    const profileNotes = await t.app.inject({ method: "GET", url: `/api/v1/profiles/${trollId}/notes` });
    expect(JSON.stringify(profileNotes.json())).not.toContain(note.id);
    expect((await t.mail.next(reporterEmail)).text).toContain("suspended the account behind it");
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, trollId), eq(auditLog.action, "MODERATION_SUSPEND")));
    expect(entry).toMatchObject({
      targetKind: "ACCOUNT",
      reason: "Repeated harassment",
      details: { hideContributions: true },
    });

    const lifted = await act(moderator, { targetKind: "ACCOUNT", targetId: trollId, action: "UNSUSPEND" });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await login(t, email)).statusCode).toBe(200);
    expect((await pageCounts()).commentCount).toBe(before.commentCount);
    expect((await commentsOf()).items.filter((c) => c.body.includes("troll comment"))).toHaveLength(2);
    expect(
      (await act(moderator, { targetKind: "ACCOUNT", targetId: trollId, action: "UNSUSPEND" })).statusCode,
    ).toBe(409);
  });

  it("suspends for a number of days, and says until when", async () => {
    const email = uniqueEmail("brief");
    await createActivatedUser(t, email);
    const [{ id } = { id: "" }] = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    const res = await act(moderator, { targetKind: "ACCOUNT", targetId: id, action: "SUSPEND", days: 7 });
    expect(res.statusCode, res.body).toBe(200);
    const until = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
    const day = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(until);
    expect((await login(t, email)).json().detail).toBe(`This account is suspended until ${day}.`);
  });

  it("lets no moderator act on their own content, and hides nothing that cannot be hidden", async () => {
    const own = await comment(moderator, "A moderator's comment");
    await reportContribution(reporter, own.id, "SPAM");
    expect(
      (await act(moderator, { targetKind: "COMMENT", targetId: own.id, action: "HIDE" })).statusCode,
    ).toBe(422);
    // A person is suspended, not hidden.
    expect(
      (await act(moderator, { targetKind: "ACCOUNT", targetId: author.id, action: "HIDE" })).statusCode,
    ).toBe(422);
    expect(
      (await act(moderator, { targetKind: "ACCOUNT", targetId: crypto.randomUUID(), action: "SUSPEND" }))
        .statusCode,
    ).toBe(404);
  });

  it("keeps a hidden review hidden when its author writes it again", async () => {
    const review = await sendAs(t.app, author, "/api/v1/site-page-reviews", {
      sitePage_id: pageId,
      sentiment: "NEGATIVE",
      title: "Rubbish",
      body: "Rude words",
    });
    await reportContribution(reporter, review.id, "HATE");
    await act(moderator, { targetKind: "REVIEW", targetId: review.id, action: "HIDE" });
    const rewrite = await t.app.inject({
      method: "POST",
      url: "/api/v1/site-page-reviews",
      headers: author.headers,
      payload: { sitePage_id: pageId, sentiment: "POSITIVE", title: "Fine", body: "Nice words" },
    });
    expect(rewrite.statusCode).toBe(403);
    const listed = await t.app.inject({
      method: "GET",
      url: `/api/v1/site-page-reviews?searchAnd=sitePage_id==${pageId}`,
    });
    expect(JSON.stringify(listed.json())).not.toContain("Rude words");
  });

  it("hides a reported page: nothing read from it shows, no list offers it, it takes nothing new, and a restore brings it back", async () => {
    const address = "https://prize.moderation-test.org/win";
    const hiddenId = await flipped(address);
    await t.app.db
      .update(sitePages)
      .set({
        title: "You won a prize",
        description: "Enter your card number",
        faviconUrl: "https://prize.moderation-test.org/i.png",
      })
      .where(eq(sitePages.id, hiddenId));
    const elsewhere = await flipped("https://news.moderation-test.org/prize-scams");
    const said = await sendAs(t.app, author, "/api/v1/site-page-comments", {
      sitePage_id: hiddenId,
      body: "This is a scam, do not enter anything.",
    });
    await sendAs(t.app, author, "/api/v1/site-page-related-pages", { sitePage_id: elsewhere, url: address });
    const pageReporterEmail = uniqueEmail("page-reporter");
    const pageReporter = await createUser(t.app, { displayName: "Paula Reporter", email: pageReporterEmail });
    const reported = await t.app.inject({
      method: "POST",
      url: "/api/v1/site-page-reports/",
      headers: pageReporter.headers,
      payload: { sitePage_id: hiddenId, reason: "SPAM", text: "Phishing" },
    });
    expect(reported.statusCode, reported.body).toBe(201);

    const before = await caseOf(hiddenId);
    expect(before?.target.moderation).toBeNull();
    const hidden = await act(moderator, {
      targetKind: "SITE_PAGE",
      targetId: hiddenId,
      action: "HIDE",
      reason: "Phishing page",
      version: before?.target.version,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().target.moderation).toBe("HIDDEN");
    // Acting again on what was read before the hide is refused: the page changed.
    const stale = await act(moderator, {
      targetKind: "SITE_PAGE",
      targetId: hiddenId,
      action: "RESTORE",
      version: before?.target.version,
    });
    expect(stale.statusCode).toBe(409);

    const flip = await t.app.inject({
      method: "POST",
      url: "/api/v1/site-pages/flip",
      payload: { url: address },
    });
    expect(flip.json()).toMatchObject({
      id: hiddenId,
      hidden: true,
      title: null,
      description: null,
      faviconUrl: null,
    });
    const listed = (searchAnd: string) =>
      t.app.inject({ method: "GET", url: `/api/v1/site-pages?searchAnd=${encodeURIComponent(searchAnd)}` });
    expect((await listed(`normalizedUrl==${address}`)).json()).toEqual([]);
    expect((await listed("text||prize")).json().map((p: { id: string }) => p.id)).not.toContain(hiddenId);
    expect((await listed(`id==${hiddenId}`)).json()).toEqual([
      expect.objectContaining({ hidden: true, title: null }),
    ]);
    // Its discussion so far stays readable.
    const comments = await t.app.inject({
      method: "GET",
      url: `/api/v1/site-page-comments?searchAnd=sitePage_id==${hiddenId},COMMENT`,
    });
    expect(comments.json().map((c: { body: string }) => c.body)).toEqual([
      "This is a scam, do not enter anything.",
    ]);
    // The page that links to it no longer names it.
    const related = await t.app.inject({
      method: "GET",
      url: `/api/v1/site-page-related-pages?searchAnd=sitePage_id==${elsewhere}`,
    });
    expect(related.json()).toEqual([
      expect.objectContaining({
        title: null,
        faviconUrl: null,
        relatedPage: expect.objectContaining({ hidden: true }),
      }),
    ]);

    // It takes nothing new, and nothing is written.
    // Its counters (not its trending score, which is re-scored about a second after the comment above).
    const counts = async () =>
      (
        await t.app.db
          .select({
            comments: sitePages.commentCount,
            reviews: sitePages.reviewCount,
            related: sitePages.relatedCount,
            votes: sitePages.upCount,
          })
          .from(sitePages)
          .where(eq(sitePages.id, hiddenId))
      )[0];
    const countsBefore = await counts();
    const send = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: "POST", url, headers: reporter.headers, payload });
    for (const attempt of [
      send("/api/v1/site-page-comments", { sitePage_id: hiddenId, body: "Me too" }),
      send("/api/v1/site-page-comments", { sitePage_id: hiddenId, body: "Indeed", parent_id: said.id }),
      send("/api/v1/site-page-reviews", {
        sitePage_id: hiddenId,
        sentiment: "NEGATIVE",
        title: "Scam",
        body: "A scam.",
      }),
      send("/api/v1/site-page-related-pages", {
        sitePage_id: hiddenId,
        url: "https://news.moderation-test.org/other",
      }),
    ]) {
      const res = await attempt;
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().detail).toBe("This page was hidden by moderators: it takes no new contributions.");
    }
    const linking = await send("/api/v1/site-page-related-pages", { sitePage_id: pageId, url: address });
    expect(linking.statusCode).toBe(422);
    expect(linking.json().errors).toEqual([
      expect.objectContaining({
        field: "url",
        message: "That page was hidden by moderators; it cannot be linked.",
      }),
    ]);
    expect(await counts()).toEqual(countsBefore);
    const links = await t.app.db.select().from(relatedPageLinks).where(eq(relatedPageLinks.pageB, hiddenId));
    expect(
      links.length +
        (await t.app.db.select().from(relatedPageLinks).where(eq(relatedPageLinks.pageA, hiddenId))).length,
    ).toBe(1);
    // Nor is it spread further.
    const share = await t.app.inject({
      method: "GET",
      url: `/api/v1/share-codes?sitePage_id=${hiddenId}`,
      headers: reporter.headers,
    });
    expect(share.statusCode).toBe(404);

    const mail = await t.mail.next(pageReporterEmail);
    expect(mail.subject).toBe("About your report");
    expect(mail.text).toContain("Flipside no longer shows what the page says, lists it or links to it.");
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, hiddenId));
    expect(audit.map((a) => [a.action, a.reason])).toEqual([["MODERATION_HIDE", "Phishing page"]]);

    // Out of the queue (no open reports), the case is still there by its target, to restore it.
    expect(await caseOf(hiddenId)).toBeUndefined();
    const one = (by: TestUser, kind: string, id: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/v1/admin/moderation/cases/${kind}/${id}`,
        headers: by.headers,
      });
    const found = await one(moderator, "SITE_PAGE", hiddenId);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      targetKind: "SITE_PAGE",
      targetId: hiddenId,
      openReports: 0,
      target: { label: "You won a prize", moderation: "HIDDEN", version: hidden.json().target.version },
      audit: [expect.objectContaining({ action: "MODERATION_HIDE", reason: "Phishing page" })],
    });
    expect((await one(reporter, "SITE_PAGE", hiddenId)).statusCode).toBe(404);
    expect((await one(moderator, "COMMENT", hiddenId)).statusCode).toBe(404);
    expect((await one(moderator, "SITE_PAGE", crypto.randomUUID())).statusCode).toBe(404);
    expect((await one(moderator, "PAGE", hiddenId)).statusCode).toBe(400);

    const restored = await act(moderator, {
      targetKind: "SITE_PAGE",
      targetId: hiddenId,
      action: "RESTORE",
      reason: "Page cleaned up",
      version: hidden.json().target.version,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const back = await t.app.inject({
      method: "POST",
      url: "/api/v1/site-pages/flip",
      payload: { url: address },
    });
    expect(back.json()).toMatchObject({ hidden: false, title: "You won a prize" });
    expect((await listed(`normalizedUrl==${address}`)).json()).toHaveLength(1);
    expect(
      (await send("/api/v1/site-page-comments", { sitePage_id: hiddenId, body: "Fixed now" })).statusCode,
    ).toBe(201);
  });
});
