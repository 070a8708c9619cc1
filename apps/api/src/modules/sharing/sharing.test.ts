import { SHARE_MESSAGES } from "@flipside/contracts/sharing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AccountsHarness, createAccountsHarness, uniqueEmail } from "../../../test/accounts-support.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";
import { users } from "../../db/schema/accounts.ts";
import { contributions, notes, sitePages } from "../../db/schema/discussion.ts";

let t: AccountsHarness;
let sam: TestUser;
let pageId: string;
let commentId: string;

beforeAll(async () => {
  t = await createAccountsHarness({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_ENABLED: "false" });
  sam = await createUser(t.app, { displayName: "Sam Sharer" });
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/site-pages/flip",
    payload: { url: "https://news.sharing-test.org/story" },
  });
  pageId = res.json().id;
  commentId = (
    await sendAs(t.app, sam, "/api/v1/site-page-comments", {
      sitePage_id: pageId,
      body: "Read **this** part.",
    })
  ).id;
});
afterAll(() => t.close());

const shareCode = (query: string, by: TestUser | null = null) =>
  t.app.inject({
    method: "GET",
    url: `/api/v1/share-codes?${query}`,
    ...(by ? { headers: by.headers } : {}),
  });
const mailShare = (by: TestUser | null, path: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: `/api/v1/${path}`, payload, ...(by ? { headers: by.headers } : {}) });

describe("share links", () => {
  it("gives a page and a comment each one unguessable code, the same every time, and /s/ leads there", async () => {
    const page = await shareCode(`sitePage_id=${pageId}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ sitePage_id: pageId, commentId: null, opens: 0, mailed: 0 });
    expect(page.json().code).toMatch(/^[0-9A-Za-z]{10}$/);
    expect(page.json().path).toBe(`/s/${page.json().code}`);
    // Twenty at once: one code.
    const again = await Promise.all(
      Array.from({ length: 20 }, () => shareCode(`commentId=${commentId}`, sam)),
    );
    const codes = new Set(again.map((r) => r.json().code));
    expect(codes.size).toBe(1);
    const [code] = [...codes];
    expect(code).not.toBe(page.json().code);

    const open = await t.app.inject({ method: "GET", url: `/api/v1/share-codes/${code}` });
    expect(open.json()).toEqual({
      code,
      sitePage_id: pageId,
      url: "https://news.sharing-test.org/story",
      commentId,
      contributionId: commentId,
      contributionType: "COMMENT",
      note: null,
    });
    expect((await shareCode(`commentId=${commentId}`)).json().opens).toBe(1);
  });

  it("answers a clear 400 or 404 and makes nothing for a bad target or code", async () => {
    expect((await shareCode("")).statusCode).toBe(400);
    expect((await shareCode(`sitePage_id=${pageId}&commentId=${commentId}`)).statusCode).toBe(400);
    expect((await shareCode("sitePage_id=nope")).statusCode).toBe(400);
    const unknownPage = await shareCode("sitePage_id=0190f4c2-0000-7000-8000-000000000000");
    expect(unknownPage.statusCode).toBe(404);
    expect(unknownPage.json().detail).toBe(SHARE_MESSAGES.pageNotFound);
    // A page is not a comment.
    expect((await shareCode(`commentId=${pageId}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/share-codes/ZZZZZZZZZZ" })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: "GET", url: "/api/v1/share-codes/bad%20code" })).statusCode).toBe(
      400,
    );
    const web = await t.app.inject({ method: "GET", url: "/s/ZZZZZZZZZZ" });
    expect(web.statusCode).toBe(404);
  });
});

describe("sharing by mail", () => {
  it("mails each address one fixed template with the link and RFC 8058 headers, and counts it", async () => {
    const to = [uniqueEmail("friend"), uniqueEmail("colleague")];
    const res = await mailShare(sam, "site-page-comment-shares/mail", {
      commentId,
      to: [...to, to[0]?.toUpperCase()],
      message: "You asked about this.\n<b>Not bold</b>",
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ status: "ACCEPTED" });
    const got = await t.mail.next(to[0] ?? "");
    expect(got.subject).toBe("Sam Sharer shared a comment with you on Flipside");
    expect(got.text).toContain("“Read **this** part.”");
    expect(got.text).toContain("Their message: You asked about this.\n<b>Not bold</b>");
    expect(got.html).toContain("&lt;b&gt;Not bold&lt;/b&gt;");
    expect(got.html).not.toContain("<b>Not bold</b>");
    const link = /(http\S+\/s\/[0-9A-Za-z]{10})/.exec(got.text)?.[1] ?? "";
    expect(link).toContain(`/s/${(await shareCode(`commentId=${commentId}`)).json().code}`);
    const headers = Object.fromEntries(got.parsed.headers.map((h) => [h.key, h.value]));
    expect(headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    await t.mail.next(to[1] ?? "");
    // The address written twice was mailed once.
    expect((await shareCode(`commentId=${commentId}`)).json().mailed).toBe(2);
  });

  it("refuses 6 addresses, a long message, bad addresses and the signed-out, and mails nothing", async () => {
    const six = Array.from({ length: 6 }, () => uniqueEmail("six"));
    const tooMany = await mailShare(sam, "site-page-shares/mail", { sitePage_id: pageId, to: six });
    expect(tooMany.statusCode).toBe(400);
    expect(JSON.stringify(tooMany.json())).toContain(SHARE_MESSAGES.tooManyRecipients);
    for (const payload of [
      { sitePage_id: pageId, to: [] },
      { sitePage_id: pageId, to: ["not-an-address"] },
      { sitePage_id: pageId, to: ["a@example.test\r\nBcc: victim@example.test"] },
      { sitePage_id: pageId, to: [uniqueEmail("long")], message: "x".repeat(501) },
      { sitePage_id: pageId, to: [uniqueEmail("ctl")], message: "bell\u0007" },
      { sitePage_id: pageId, to: [uniqueEmail("extra")], cc: ["x@example.test"] },
    ]) {
      const res = await mailShare(sam, "site-page-shares/mail", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await mailShare(null, "site-page-shares/mail", { sitePage_id: pageId, to: [uniqueEmail("x")] }))
        .statusCode,
    ).toBe(401);
    const unactivated = await createUser(t.app, { activated: false });
    expect(
      (await mailShare(unactivated, "site-page-shares/mail", { sitePage_id: pageId, to: [uniqueEmail("x")] }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await mailShare(sam, "site-page-shares/mail", {
          sitePage_id: "0190f4c2-0000-7000-8000-000000000000",
          to: [uniqueEmail("x")],
        })
      ).statusCode,
    ).toBe(404);
    expect((await shareCode(`sitePage_id=${pageId}`)).json().mailed).toBe(0);
    for (const address of six)
      expect(t.mail.mails.some((m) => m.to.includes(address.toLowerCase()))).toBe(false);
  });

  it("keeps a sharer's name with line breaks out of the headers", async () => {
    const sly = await createUser(t.app, { displayName: "Sly" });
    await t.app.db
      .update(users)
      .set({ displayName: "Sly\r\nBcc: victim@example.test\r\nX-Injected: yes" })
      .where(eq(users.id, sly.id));
    const friend = uniqueEmail("injected");
    const res = await mailShare(sly, "site-page-shares/mail", { sitePage_id: pageId, to: [friend] });
    expect(res.statusCode).toBe(202);
    const got = await t.mail.next(friend);
    const keys = got.parsed.headers.map((h) => h.key);
    expect(keys).not.toContain("bcc");
    expect(keys).not.toContain("x-injected");
    expect(got.to).toEqual([friend.toLowerCase()]);
    expect(got.subject).toBe(
      "Sly Bcc: victim@example.test X-Injected: yes shared a page with you on Flipside",
    );
    expect(t.mail.mails.some((m) => m.to.includes("victim@example.test"))).toBe(false);
  });

  it("stops at 20 addresses a day per person (429, nothing sent), whatever the split", async () => {
    const busy = await createUser(t.app, { displayName: "Busy Sharer" });
    for (let i = 0; i < 4; i++) {
      const to = Array.from({ length: 5 }, () => uniqueEmail("day"));
      const res = await mailShare(busy, "site-page-shares/mail", { sitePage_id: pageId, to });
      expect(res.statusCode).toBe(202);
      for (const address of to) await t.mail.next(address);
    }
    const over = uniqueEmail("over");
    const res = await mailShare(busy, "site-page-shares/mail", { sitePage_id: pageId, to: [over] });
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toBe(SHARE_MESSAGES.dailyLimit);
    expect(res.headers["retry-after"]).toBe("86400");
  });

  it("honours the one-click unsubscribe: that address gets no more shares, and the answer does not tell", async () => {
    const friend = uniqueEmail("unsub");
    await mailShare(sam, "site-page-shares/mail", { sitePage_id: pageId, to: [friend] });
    const first = await t.mail.next(friend);
    const headers = Object.fromEntries(first.parsed.headers.map((h) => [h.key, h.value]));
    const url = new URL(/^<(.+)>$/.exec(headers["list-unsubscribe"] ?? "")?.[1] ?? "");
    const page = await t.app.inject({ method: "GET", url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Stop invitations and shares");
    const click = await t.app.inject({
      method: "POST",
      url: url.pathname + url.search,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(click.statusCode).toBe(200);
    const again = await mailShare(sam, "site-page-shares/mail", { sitePage_id: pageId, to: [friend] });
    expect(again.statusCode).toBe(202);
    const control = uniqueEmail("control");
    await mailShare(sam, "site-page-shares/mail", { sitePage_id: pageId, to: [control] });
    await t.mail.next(control);
    expect(t.mail.mails.filter((m) => m.to.includes(friend.toLowerCase()))).toHaveLength(1);
  });
});

describe("sharing a review or a related page", () => {
  let reviewId: string;
  let linkId: string;
  let otherPageId: string;
  const ann = () => createUser(t.app, { displayName: "Ann Reader" });

  beforeAll(async () => {
    reviewId = (
      await sendAs(t.app, sam, "/api/v1/site-page-reviews", {
        sitePage_id: pageId,
        sentiment: "POSITIVE",
        title: "Careful and fair",
        body: "It cites <em>every</em> source.",
      })
    ).id;
    const link = await sendAs(t.app, sam, "/api/v1/site-page-related-pages", {
      sitePage_id: pageId,
      url: "https://other.sharing-test.org/rebuttal",
      reason: "The other side of the story.",
    });
    linkId = link.id;
    otherPageId = link.relatedPage.id;
  });

  it("gives each its own code and names its kind, where it leads too", async () => {
    const review = await shareCode(`contributionId=${reviewId}`);
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json()).toMatchObject({
      sitePage_id: pageId,
      commentId: null,
      contributionId: reviewId,
      contributionType: "REVIEW",
    });
    expect((await shareCode(`contributionId=${reviewId}`, sam)).json().code).toBe(review.json().code);
    const link = await shareCode(`contributionId=${linkId}`);
    expect(link.json()).toMatchObject({ contributionId: linkId, contributionType: "RELATED_PAGE" });
    expect(link.json().code).not.toBe(review.json().code);
    // A comment asked for by contributionId is the same code as by commentId, and still says so.
    const byContribution = await shareCode(`contributionId=${commentId}`);
    expect(byContribution.json()).toMatchObject({
      commentId,
      contributionId: commentId,
      contributionType: "COMMENT",
    });
    expect(byContribution.json().code).toBe((await shareCode(`commentId=${commentId}`)).json().code);

    const open = await t.app.inject({ method: "GET", url: `/api/v1/share-codes/${link.json().code}` });
    expect(open.json()).toEqual({
      code: link.json().code,
      sitePage_id: pageId,
      url: "https://news.sharing-test.org/story",
      commentId: null,
      contributionId: linkId,
      contributionType: "RELATED_PAGE",
      note: null,
    });
  });

  it("mails a review's title and text, and a related page's address and reason", async () => {
    const friend = uniqueEmail("review-friend");
    const res = await mailShare(sam, "contribution-shares/mail", { contributionId: reviewId, to: [friend] });
    expect(res.statusCode, res.body).toBe(202);
    const got = await t.mail.next(friend);
    expect(got.subject).toBe("Sam Sharer shared a review with you on Flipside");
    expect(got.text).toContain("shared a review of");
    expect(got.text).toContain("“Careful and fair”");
    expect(got.text).toContain("“It cites <em>every</em> source.”");
    expect(got.html).toContain("&lt;em&gt;every&lt;/em&gt;");
    expect(got.text).toContain(`/s/${(await shareCode(`contributionId=${reviewId}`)).json().code}`);

    const other = uniqueEmail("related-friend");
    await mailShare(sam, "contribution-shares/mail", { contributionId: linkId, to: [other] });
    const related = await t.mail.next(other);
    expect(related.subject).toBe("Sam Sharer shared a related page with you on Flipside");
    expect(related.text).toContain("(https://other.sharing-test.org/rebuttal)");
    expect(related.text).toContain("Why it is related: “The other side of the story.”");
    expect((await shareCode(`contributionId=${linkId}`)).json().mailed).toBe(1);
  });

  it("shares nothing hidden, deleted, across a block or linking to a hidden page (404), and nothing by the wrong name", async () => {
    // A review is not a comment.
    const asComment = await shareCode(`commentId=${reviewId}`);
    expect(asComment.statusCode).toBe(404);
    expect(asComment.json().detail).toBe(SHARE_MESSAGES.commentNotFound);
    expect((await shareCode(`contributionId=${reviewId}&sitePage_id=${pageId}`)).statusCode).toBe(400);
    const unknown = await shareCode("contributionId=0190f4c2-0000-7000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(SHARE_MESSAGES.contributionNotFound);

    // Sam blocks Ann: neither shares the other's review.
    const reader = await ann();
    const blocked = await sendAs(t.app, sam, "/api/v1/profile-blocks/", { blockedId: reader.id });
    expect(blocked).toBeTruthy();
    expect((await shareCode(`contributionId=${reviewId}`, reader)).statusCode).toBe(404);
    const friend = uniqueEmail("blocked-friend");
    const mailed = await mailShare(reader, "contribution-shares/mail", {
      contributionId: reviewId,
      to: [friend],
    });
    expect(mailed.statusCode).toBe(404);

    // Moderators hide the page at the other end of the link: the link is not shared.
    await t.app.db.update(sitePages).set({ moderation: "HIDDEN" }).where(eq(sitePages.id, otherPageId));
    expect((await shareCode(`contributionId=${linkId}`)).statusCode).toBe(404);
    await t.app.db.update(sitePages).set({ moderation: null }).where(eq(sitePages.id, otherPageId));
    expect((await shareCode(`contributionId=${linkId}`)).statusCode).toBe(200);

    // A hidden review is not shared.
    await t.app.db
      .update(contributions)
      .set({ deleted: true, moderation: "HIDDEN" })
      .where(eq(contributions.id, reviewId));
    expect((await shareCode(`contributionId=${reviewId}`)).statusCode).toBe(404);
    expect(t.mail.mails.some((m) => m.to.includes(friend.toLowerCase()))).toBe(false);
  });
});

describe("sharing a public note", () => {
  let noteId: string;
  let privateId: string;
  let nora: TestUser;

  beforeAll(async () => {
    nora = await createUser(t.app, { displayName: "Nora Noter" });
    noteId = (
      await sendAs(t.app, nora, "/api/v1/notes", {
        sitePage_id: pageId,
        title: "Sources <checked>",
        body: "Every figure matches the *report*.",
        visibility: "PUBLIC",
      })
    ).id;
    privateId = (
      await sendAs(t.app, nora, "/api/v1/notes", {
        sitePage_id: pageId,
        title: "Mine alone",
        visibility: "PRIVATE",
      })
    ).id;
  });

  it("gives it one code that leads to its author's page, for anyone who can read it", async () => {
    const res = await shareCode(`noteId=${noteId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      sitePage_id: pageId,
      commentId: null,
      contributionId: null,
      contributionType: null,
      noteId,
    });
    expect((await shareCode(`noteId=${noteId}`, sam)).json().code).toBe(res.json().code);
    // The page's own code is another one.
    expect((await shareCode(`sitePage_id=${pageId}`)).json().code).not.toBe(res.json().code);

    const open = await t.app.inject({ method: "GET", url: `/api/v1/share-codes/${res.json().code}` });
    expect(open.json()).toEqual({
      code: res.json().code,
      sitePage_id: pageId,
      url: "https://news.sharing-test.org/story",
      commentId: null,
      contributionId: null,
      contributionType: null,
      note: { id: noteId, authorId: nora.id },
    });
    // Other codes lead to no note.
    const page = await t.app.inject({
      method: "GET",
      url: `/api/v1/share-codes/${(await shareCode(`sitePage_id=${pageId}`)).json().code}`,
    });
    expect(page.json().note).toBeNull();
  });

  it("mails its author, title and text, every value escaped", async () => {
    const friend = uniqueEmail("note-friend");
    const res = await mailShare(sam, "note-shares/mail", { noteId, to: [friend], message: "See <this>" });
    expect(res.statusCode, res.body).toBe(202);
    const got = await t.mail.next(friend);
    expect(got.subject).toBe("Sam Sharer shared a note with you on Flipside");
    expect(got.text).toContain("Sam Sharer shared a public note by Nora Noter on “");
    expect(got.text).toContain("“Sources <checked>”");
    expect(got.text).toContain("“Every figure matches the *report*.”");
    expect(got.html).toContain("Sources &lt;checked&gt;");
    expect(got.html).not.toContain("<checked>");
    expect(got.text).toContain(`/s/${(await shareCode(`noteId=${noteId}`)).json().code}`);
    expect((await shareCode(`noteId=${noteId}`)).json().mailed).toBe(1);
  });

  it("shares no private, hidden or blocked note, nor one on a hidden page (404), and mails nothing for them", async () => {
    const missing = await shareCode(`noteId=${privateId}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(SHARE_MESSAGES.noteNotFound);
    // Not even its author shares a private note: the link would lead nowhere for anyone else.
    expect((await shareCode(`noteId=${privateId}`, nora)).statusCode).toBe(404);
    expect((await shareCode(`noteId=${noteId}&sitePage_id=${pageId}`)).statusCode).toBe(400);
    expect((await shareCode(`noteId=${commentId}`)).statusCode).toBe(404);

    const friend = uniqueEmail("note-blocked-friend");
    const blocker = await createUser(t.app, { displayName: "Bo Blocker" });
    await sendAs(t.app, blocker, "/api/v1/profile-blocks/", { blockedId: nora.id });
    expect((await shareCode(`noteId=${noteId}`, blocker)).statusCode).toBe(404);
    expect((await mailShare(blocker, "note-shares/mail", { noteId, to: [friend] })).statusCode).toBe(404);

    await t.app.db.update(sitePages).set({ moderation: "HIDDEN" }).where(eq(sitePages.id, pageId));
    expect((await shareCode(`noteId=${noteId}`)).statusCode).toBe(404);
    await t.app.db.update(sitePages).set({ moderation: null }).where(eq(sitePages.id, pageId));

    await t.app.db.update(notes).set({ moderation: "HIDDEN" }).where(eq(notes.id, noteId));
    expect((await shareCode(`noteId=${noteId}`)).statusCode).toBe(404);
    expect((await mailShare(sam, "note-shares/mail", { noteId, to: [friend] })).statusCode).toBe(404);
    await t.app.db.update(notes).set({ moderation: null }).where(eq(notes.id, noteId));

    // Made private by its author: no longer shared.
    const patched = await t.app.inject({
      method: "PUT",
      url: `/api/v1/notes/${noteId}`,
      payload: { visibility: "PRIVATE" },
      headers: nora.headers,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await shareCode(`noteId=${noteId}`)).statusCode).toBe(404);
    expect(t.mail.mails.some((m) => m.to.includes(friend.toLowerCase()))).toBe(false);
  });
});
