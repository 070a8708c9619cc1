import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";

let t: TestApp;
let pageId: string;

beforeAll(async () => {
  t = await createTestApp({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_ENABLED: "false" });
  pageId = (
    await t.app.inject({
      method: "POST",
      url: "/api/v1/site-pages/flip",
      payload: { url: "https://profiles.example.com/post" },
    })
  ).json().id;
});
afterAll(() => t.close());

const send = (user: TestUser, url: string, payload: Record<string, unknown>, method?: "POST" | "DELETE") =>
  sendAs(t.app, user, url, payload, method);

const profileOf = (id: string) => t.app.inject(`/api/v1/profiles/${id}`);

describe("GET /v1/profiles/{id}", () => {
  it("counts what the profile added that is still there, and the up votes it received", async () => {
    const ann = await createUser(t.app, { displayName: "Ann" });
    const voter = await createUser(t.app);
    const other = await createUser(t.app);
    const first = await send(ann, "/api/v1/site-page-comments", { sitePage_id: pageId, body: "One" });
    await send(ann, "/api/v1/site-page-comments", { sitePage_id: pageId, parent_id: first.id, body: "Two" });
    const gone = await send(ann, "/api/v1/site-page-comments", { sitePage_id: pageId, body: "Gone" });
    await send(ann, `/api/v1/site-page-comments/${gone.id}`, {}, "DELETE");
    await send(ann, "/api/v1/site-page-reviews", {
      sitePage_id: pageId,
      sentiment: "POSITIVE",
      title: "Good",
      body: "Fine",
    });
    await send(ann, "/api/v1/site-page-related-pages", {
      sitePage_id: pageId,
      url: "https://elsewhere.example.org/x",
    });
    await send(ann, "/api/v1/notes", { sitePage_id: pageId, title: "Mine", body: "", visibility: "PRIVATE" });
    await send(ann, "/api/v1/notes", {
      sitePage_id: pageId,
      title: "Shared",
      body: "",
      visibility: "PUBLIC",
    });
    await send(voter, "/api/v1/contribution-votes", { contributionId: first.id, vote: 1 });
    await send(other, "/api/v1/contribution-votes", { contributionId: first.id, vote: 1 });

    const res = await profileOf(ann.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().stats).toEqual({
      comments: 2,
      reviews: 1,
      relatedPages: 1,
      publicNotes: 1,
      votesReceived: 2,
    });
  });

  it("renders the bio's markdown, sanitized", async () => {
    const bea = await createUser(t.app);
    await send(bea, "/api/account", {
      bio: "I **like** maps <img src=x onerror=alert(1)> [home](javascript:alert(1))",
    });
    const profile = (await profileOf(bea.id)).json();
    expect(profile.bioHtml).toContain("<strong>like</strong>");
    // The tag stays words on the page; the link goes.
    expect(profile.bioHtml).toContain("&lt;img");
    expect(profile.bioHtml).not.toMatch(/<img|href="javascript/i);
  });

  it("404 for unknown and unactivated profiles; 400 for what is not an id", async () => {
    const waiting = await createUser(t.app, { activated: false });
    expect((await profileOf(waiting.id)).statusCode).toBe(404);
    expect((await profileOf("0190a0a0-0000-7000-8000-000000000000")).statusCode).toBe(404);
    expect((await profileOf("not-an-id")).statusCode).toBe(400);
  });
});

describe("GET /v1/profiles/{id}/notes", () => {
  it("lists only PUBLIC notes, to anyone, pinned first", async () => {
    const cy = await createUser(t.app);
    const reader = await createUser(t.app);
    await send(cy, "/api/v1/notes", {
      sitePage_id: pageId,
      title: "Private",
      body: "",
      visibility: "PRIVATE",
    });
    await send(cy, "/api/v1/notes", {
      sitePage_id: pageId,
      title: "Public one",
      body: "",
      visibility: "PUBLIC",
    });
    await send(cy, "/api/v1/notes", {
      sitePage_id: pageId,
      title: "Public pinned",
      body: "",
      visibility: "PUBLIC",
      pinned: true,
    });

    for (const headers of [{}, reader.headers, cy.headers]) {
      const res = await t.app.inject({ url: `/api/v1/profiles/${cy.id}/notes`, headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-total-count"]).toBe("2");
      expect(res.json().map((n: { title: string }) => n.title)).toEqual(["Public pinned", "Public one"]);
    }
    // Asking for the private ones by filter changes nothing.
    const sneaky = await t.app.inject(`/api/v1/profiles/${cy.id}/notes?searchAnd=PRIVATE`);
    expect(sneaky.json()).toEqual([]);
    expect((await t.app.inject("/api/v1/profiles/nope/notes")).statusCode).toBe(400);
  });
});

describe("social links (docs/accounts.md#social-links)", () => {
  it("are kept in order without duplicates, and shown on the public profile with a readable label", async () => {
    const ann = await createUser(t.app, { displayName: "Ann Links" });
    const links = [
      "https://mastodon.social/@ann",
      "https://www.github.com/ann/",
      "https://mastodon.social/@ann",
      "http://ann.example.org/blog?lang=en",
    ];
    const account = await send(ann, "/api/account", { socialLinks: links });
    expect(account.socialLinks).toEqual([
      "https://mastodon.social/@ann",
      "https://www.github.com/ann/",
      "http://ann.example.org/blog?lang=en",
    ]);
    expect((await profileOf(ann.id)).json().socialLinks).toEqual([
      { url: "https://mastodon.social/@ann", label: "mastodon.social/@ann" },
      { url: "https://www.github.com/ann/", label: "github.com/ann" },
      { url: "http://ann.example.org/blog?lang=en", label: "ann.example.org/blog?lang=en" },
    ]);
    await send(ann, "/api/account", { socialLinks: [] });
    expect((await profileOf(ann.id)).json().socialLinks).toEqual([]);
  });

  it("refuse what is not a public web address, and more than five, changing nothing", async () => {
    const bob = await createUser(t.app);
    await send(bob, "/api/account", { socialLinks: ["https://bob.example.com"] });
    for (const socialLinks of [
      ["javascript:alert(1)"],
      ["ftp://files.example.com/bob"],
      ["https://user:secret@example.com/"],
      ["http://127.0.0.1:8080/"],
      ["https://[::1]/"],
      ["https://localhost/"],
      ["bob.example.com"],
      [`https://example.com/${"x".repeat(300)}`],
      Array.from({ length: 6 }, (_, i) => `https://site${i}.example.com/`),
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/account",
        headers: bob.headers,
        payload: { socialLinks },
      });
      expect(res.statusCode, socialLinks[0]).toBe(400);
    }
    expect((await profileOf(bob.id)).json().socialLinks).toEqual([
      { url: "https://bob.example.com", label: "bob.example.com" },
    ]);
  });
});
