import { createHash } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { sitePages, sites } from "../../db/schema/discussion.ts";
import {
  createPageFetchQueue,
  PAGE_FETCH_QUEUE,
  type PageFetcher,
  refreshPageMetadata,
} from "../discussion/index.ts";

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  // The page cache is off here: these tests change pages behind the API's back.
  t = await createTestApp({ PAGE_FETCH_ENABLED: "false", PAGE_CACHE_TTL_MS: "0" });
  alice = await createUser(t.app, { displayName: "Alice" });
  bob = await createUser(t.app, { displayName: "Bob" });
});
afterAll(() => t.close());

async function flip(url: string, back = false, headers: Record<string, string> = {}) {
  return t.app.inject({ method: "POST", url: "/api/v1/site-pages/flip", payload: { url, back }, headers });
}

function html(body: string): PageFetcher {
  return async (url) => ({
    url,
    status: 200,
    contentType: "text/html; charset=utf-8",
    body: Buffer.from(body),
  });
}

describe("POST /v1/site-pages/flip", () => {
  it("never keeps or shows credentials or a userinfo from the address flipped", async () => {
    const first = await flip("https://reader:hunter2@creds.example.com/inbox?utm_source=x#top");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      rawUrl: "https://creds.example.com/inbox",
      displayUrl: "https://creds.example.com/inbox",
    });
    // A misleading userinfo decides nothing anyone else sees either.
    const spoof = await flip("https://attacker.example@spoof.example.com/");
    expect(spoof.json()).toMatchObject({
      rawUrl: "https://spoof.example.com/",
      displayUrl: "https://spoof.example.com/",
    });
    const everywhere = [
      await t.app.inject(
        `/api/v1/site-pages?searchAnd=${encodeURIComponent("normalizedUrl||creds.example.com")}`,
      ),
      await t.app.inject({ url: `/api/v1/site-pages/${first.json().id}/mine`, headers: alice.headers }),
      await flip("https://creds.example.com/inbox", true),
    ];
    for (const res of everywhere) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain("hunter2");
      expect(res.body).not.toContain("reader");
    }
    const stored = await t.app.db.select().from(sitePages).where(eq(sitePages.id, first.json().id));
    expect(JSON.stringify(stored)).not.toContain("hunter2");
  });

  it("creates the page and its site, then finds it again under any spelling", async () => {
    const res = await flip("https://www.Example.com/a/b/?utm_source=x&b=2&a=1#top");
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({
      rawUrl: "https://example.com/a/b?a=1&b=2",
      normalizedUrl: "example.com/a/b?a=1&b=2",
      displayUrl: "https://example.com/a/b?a=1&b=2",
      title: null,
      site: { domain: "example.com", verificationStatus: "PENDING", ownerKind: null },
      commentCount: 0,
      up: 0,
      down: 0,
      score: 0,
    });
    expect(page.id).toMatch(/^[0-9a-f-]{36}$/);
    for (const variant of ["example.com/a/b?b=2&a=1", "http://EXAMPLE.com:80/a//b/?a=1&b=2&fbclid=1"]) {
      const again = await flip(variant);
      expect(again.statusCode).toBe(200);
      expect(again.json().id).toBe(page.id);
    }
  });

  it("back:true resolves a known page and never creates one", async () => {
    const known = (await flip("back-test.example.org/x")).json();
    const res = await flip("https://back-test.example.org/x/", true);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(known.id);
    const unknown = await flip("never-seen.example.org/page", true);
    expect(unknown.statusCode).toBe(404);
    const [row] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sitePages)
      .where(eq(sitePages.normalizedUrl, "never-seen.example.org/page"));
    expect(row?.n).toBe(0);
  });

  it.each([
    "localhost",
    "http://127.0.0.1/admin",
    "javascript:alert(1)",
    "file:///etc/passwd",
    "intranet",
    "",
  ])("refuses %j with '{url} is not a valid domain'", async (url) => {
    const res = await flip(url);
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    expect(res.json().detail).toBe(`${url.trim()} is not a valid domain`);
  });

  it("concurrent flips of one new address create one page", async () => {
    const url = "https://concurrent.example.net/same/page";
    const results = await Promise.all(Array.from({ length: 12 }, () => flip(url)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const ids = new Set(results.map((r) => r.json().id));
    expect(ids.size).toBe(1);
    const [pages] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sitePages)
      .where(eq(sitePages.normalizedUrl, "concurrent.example.net/same/page"));
    const [siteRows] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sites)
      .where(eq(sites.domain, "example.net"));
    expect(pages?.n).toBe(1);
    expect(siteRows?.n).toBe(1);
  });

  it("validates the body", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/v1/site-pages/flip", payload: { url: 42 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe("url");
  });
});

describe("GET /v1/site-pages", () => {
  let pageId: string;
  beforeAll(async () => {
    pageId = (await flip("https://listing.example.com/article")).json().id;
    await flip("https://listing.example.com/other");
    await t.app.db.update(sitePages).set({ title: "A Story About Otters" }).where(eq(sitePages.id, pageId));
  });

  it("finds a page by id, with X-Total-Count and Link", async () => {
    const res = await t.app.inject(`/api/v1/site-pages?searchAnd=id==${pageId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBe("1");
    expect(res.headers.link).toContain('rel="first"');
    const body = res.json();
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ id: pageId, title: "A Story About Otters", myVote: 0, notes: [] });
  });

  it("normalizes normalizedUrl== values first", async () => {
    const q = encodeURIComponent("normalizedUrl==HTTP://www.listing.example.com/article/");
    const res = await t.app.inject(`/api/v1/site-pages?searchAnd=${q}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { id: string }) => p.id)).toEqual([pageId]);
  });

  it("searches addresses and titles", async () => {
    const byUrl = await t.app.inject(
      `/api/v1/site-pages?searchAnd=${encodeURIComponent("normalizedUrl||listing.example")}`,
    );
    expect(byUrl.headers["x-total-count"]).toBe("2");
    const byTitle = await t.app.inject(`/api/v1/site-pages?searchAnd=${encodeURIComponent("title||otters")}`);
    expect(byTitle.json().map((p: { id: string }) => p.id)).toEqual([pageId]);
    const either = await t.app.inject(`/api/v1/site-pages?searchAnd=${encodeURIComponent("text||OTTER")}`);
    expect(either.json().map((p: { id: string }) => p.id)).toEqual([pageId]);
    const wildcard = await t.app.inject(`/api/v1/site-pages?searchAnd=${encodeURIComponent("title||%")}`);
    expect(wildcard.json()).toEqual([]);
  });

  it("returns the signed-in viewer's own notes of the page, pinned first", async () => {
    const post = (user: TestUser, title: string, pinned: boolean) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/notes",
        headers: user.headers,
        payload: { sitePage_id: pageId, title, body: "", pinned },
      });
    expect((await post(alice, "first", false)).statusCode).toBe(201);
    expect((await post(alice, "pinned one", true)).statusCode).toBe(201);
    expect((await post(bob, "bob's", false)).statusCode).toBe(201);
    const mine = await t.app.inject({
      url: `/api/v1/site-pages?searchAnd=id==${pageId}`,
      headers: alice.headers,
    });
    expect(mine.json()[0].notes.map((n: { title: string }) => n.title)).toEqual(["pinned one", "first"]);
    const anonymous = await t.app.inject(`/api/v1/site-pages?searchAnd=id==${pageId}`);
    expect(anonymous.json()[0].notes).toEqual([]);
  });

  it.each([
    ["unknown field", "password==x"],
    ["SQL in a field name", "title;drop table users==x"],
    ["__proto__", "__proto__==x"],
    ["NUL byte", "title==a\u0000b"],
    ["bad uuid", "id==1 or 1=1"],
    ["huge number", "commentCount>=99999999999999999999"],
    ["bad operator", "id~=x"],
    ["a thousand clauses", Array.from({ length: 1000 }, () => "title||a").join(",")],
    ["bad normalizedUrl", "normalizedUrl==localhost"],
  ])("a hostile searchAnd (%s) is a 400, never a 500", async (_name, searchAnd) => {
    const res = await t.app.inject(`/api/v1/site-pages?searchAnd=${encodeURIComponent(searchAnd)}`);
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toContain("application/problem+json");
  });

  it("a SQL fragment in a value is only ever a value", async () => {
    const q = encodeURIComponent("title==x' or 1=1 --");
    const res = await t.app.inject(`/api/v1/site-pages?searchAnd=${q}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers["x-total-count"]).toBe("0");
  });

  it("refuses unknown sort fields and oversize pages", async () => {
    expect((await t.app.inject("/api/v1/site-pages?sort=password,desc")).statusCode).toBe(400);
    expect((await t.app.inject("/api/v1/site-pages?size=101")).statusCode).toBe(400);
  });
});

describe("page metadata", () => {
  async function newPage(url: string) {
    return (await flip(url)).json() as { id: string };
  }

  it("fills title, description and favicon from the page", async () => {
    const page = await newPage("https://meta.example.com/post");
    await refreshPageMetadata(
      t.app.db,
      html(
        `<html><head><title> Hello   World </title><meta name="description" content="About things">
         <link rel="icon" href="/fav.png"></head><body>x</body></html>`,
      ),
      page.id,
    );
    const [row] = await t.app.db.select().from(sitePages).where(eq(sitePages.id, page.id));
    expect(row).toMatchObject({
      title: "Hello World",
      description: "About things",
      faviconUrl: "https://meta.example.com/fav.png",
      fetchError: null,
    });
    expect(row?.fetchedAt).toBeInstanceOf(Date);
  });

  it("records a failure instead of throwing, and the page shows its URL", async () => {
    const page = await newPage("https://broken.example.com/");
    const failing: PageFetcher = async () => {
      throw new Error("Address is not public");
    };
    await expect(refreshPageMetadata(t.app.db, failing, page.id)).resolves.toBeUndefined();
    const [row] = await t.app.db.select().from(sitePages).where(eq(sitePages.id, page.id));
    expect(row?.fetchError).toContain("Address is not public");
    expect(row?.title).toBeNull();
  });

  it("merges a page into its canonical page on the same site", async () => {
    const page = await newPage("https://merge.example.com/story?ref=home");
    await refreshPageMetadata(
      t.app.db,
      html(`<title>Story</title><link rel="canonical" href="https://merge.example.com/story">`),
      page.id,
    );
    const canonical = await flip("merge.example.com/story", true);
    expect(canonical.statusCode).toBe(200);
    expect(canonical.json().id).not.toBe(page.id);
    expect(canonical.json().title).toBe("Story");
    const again = await flip("https://merge.example.com/story?ref=home");
    expect(again.json().id).toBe(canonical.json().id);
  });

  it("ignores a canonical address on another site", async () => {
    const page = await newPage("https://mirror.example.org/copy");
    await refreshPageMetadata(
      t.app.db,
      html(`<title>Copy</title><link rel="canonical" href="https://original.example.com/copy">`),
      page.id,
    );
    expect((await flip("https://mirror.example.org/copy")).json().id).toBe(page.id);
    expect((await flip("original.example.com/copy", true)).statusCode).toBe(404);
  });

  it("the queue never blocks the caller and caps its concurrency", async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((i) => newPage(`https://queue.example.com/${i}`)));
    let running = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const slow: PageFetcher = async (url) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running--;
      return { url, status: 200, contentType: "text/html", body: Buffer.from("<title>Queued</title>") };
    };
    const queue = await createPageFetchQueue({
      jobs: t.app.jobs,
      db: t.app.db,
      fetcher: slow,
      enabled: true,
      concurrency: 2,
    });
    // schedule() returns once the job is recorded, whatever the fetches are doing.
    for (const p of pages) await queue.schedule(p.id);
    // Two fetches start (each after reading its page from the database, so not at once)…
    await vi.waitFor(() => expect(running).toBe(2), { timeout: 5000, interval: 5 });
    // …and while both are held, the other two wait their turn.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(running).toBe(2);
    for (let released = 0; released < pages.length; released++) {
      await vi.waitFor(() => expect(releases.length).toBeGreaterThan(0), { timeout: 5000, interval: 5 });
      releases.shift()?.();
    }
    await t.app.jobs.idle(PAGE_FETCH_QUEUE);
    expect(peak).toBe(2);
    const rows = await t.app.db
      .select({ title: sitePages.title })
      .from(sitePages)
      .where(
        inArray(
          sitePages.id,
          pages.map((p) => p.id),
        ),
      );
    expect(rows.map((r) => r.title)).toEqual(["Queued", "Queued", "Queued", "Queued"]);
  });
});

describe("flip rate limit", () => {
  it("limits flips per IP", async () => {
    const limited = await createTestApp({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_FLIP_PER_IP: "3" });
    try {
      const go = () =>
        limited.app.inject({
          method: "POST",
          url: "/api/v1/site-pages/flip",
          payload: { url: "limit.example.com" },
        });
      for (let i = 0; i < 3; i++) expect((await go()).statusCode).toBe(200);
      const refused = await go();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe("OpenAPI", () => {
  it("documents the discussion endpoints", async () => {
    const doc = (await t.app.inject("/api/openapi.json")).json();
    for (const path of [
      "/api/v1/site-pages/flip",
      "/api/v1/site-pages",
      "/api/v1/site-page-comments",
      "/api/v1/site-page-comments/{id}",
      "/api/v1/contribution-votes",
      "/api/v1/site-page-reviews",
      "/api/v1/site-page-reviews/summary",
      "/api/v1/site-page-related-pages",
      "/api/v1/notes",
      "/api/v1/notes/{id}",
      "/api/v1/contributions",
      "/api/v1/image-attachment-urls",
      "/api/v1/video-attachment-urls",
      "/api/v1/attachment-uploads/{id}",
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});

describe("GET /v1/site-pages/{id}/mine", () => {
  async function post(user: TestUser, url: string, payload: Record<string, unknown>) {
    const res = await t.app.inject({ method: "POST", url, payload, headers: user.headers });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  }
  const vote = (user: TestUser, contributionId: string, value: number, kind?: string) =>
    post(user, "/api/v1/contribution-votes", { contributionId, vote: value, ...(kind ? { kind } : {}) });
  const mine = (id: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/api/v1/site-pages/${id}/mine`, headers });

  it("gives the viewer's vote, notes and votes on everything the page lists, and nothing else", async () => {
    const page = (await flip("https://mine.example.com/story")).json();
    const other = (await flip("https://mine.example.com/elsewhere")).json();
    const comment = await post(bob, "/api/v1/site-page-comments", { sitePage_id: page.id, body: "Bob says" });
    const reply = await post(bob, "/api/v1/site-page-comments", {
      sitePage_id: page.id,
      body: "Bob again",
      parent_id: comment.id,
    });
    const review = await post(bob, "/api/v1/site-page-reviews", {
      sitePage_id: page.id,
      sentiment: "POSITIVE",
      title: "Good",
      body: "A good page",
    });
    // Added on the other page, listed on both.
    const link = await post(bob, "/api/v1/site-page-related-pages", {
      sitePage_id: other.id,
      url: "https://mine.example.com/story",
    });
    const elsewhere = await post(bob, "/api/v1/site-page-comments", {
      sitePage_id: other.id,
      body: "Not here",
    });
    await vote(alice, page.id, -1, "SITE_PAGE");
    await vote(alice, comment.id, 1);
    await vote(alice, reply.id, -1);
    await vote(alice, review.id, 1);
    await vote(alice, link.id, 1);
    await vote(alice, elsewhere.id, 1);
    await vote(bob, page.id, 1, "SITE_PAGE");
    const note = await post(alice, "/api/v1/notes", { sitePage_id: page.id, title: "Mine" });
    await post(bob, "/api/v1/notes", { sitePage_id: page.id, title: "Bob's" });

    const res = await mine(page.id, alice.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const body = res.json();
    expect(body).toMatchObject({ sitePage_id: page.id, myVote: -1 });
    expect(body.votes).toEqual({ [comment.id]: 1, [reply.id]: -1, [review.id]: 1, [link.id]: 1 });
    expect(body.notes.map((n: { id: string }) => n.id)).toEqual([note.id]);

    const theirs = (await mine(page.id, bob.headers)).json();
    expect(theirs).toMatchObject({ myVote: 1, votes: {} });
    expect(theirs.notes).toHaveLength(1);
    expect(theirs.notes[0].title).toBe("Bob's");
  });

  it("is for signed-in viewers of a real page", async () => {
    const page = (await flip("https://mine.example.com/alone")).json();
    expect((await mine(page.id)).statusCode).toBe(401);
    expect((await mine("8a3c1d2e-0000-4000-8000-000000000000", alice.headers)).statusCode).toBe(404);
    expect((await mine("not-a-uuid", alice.headers)).statusCode).toBe(400);
    const empty = await mine(page.id, alice.headers);
    expect(empty.json()).toEqual({
      sitePage_id: page.id,
      myVote: 0,
      notes: [],
      votes: {},
      following: { page: false, site: false },
    });
  });
});

describe("GET /v1/page-counts/:prefix", () => {
  const hashOf = (address: string) => createHash("sha256").update(address).digest("hex");
  const post = (user: TestUser, url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url, payload, headers: user.headers });
  const counts = (prefix: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/api/v1/page-counts/${prefix}`, headers });

  it("lists the commented pages of a prefix with their counts, matched by whole hash, and nothing else", async () => {
    const talked = (await flip("https://counts.example.com/talked")).json();
    const quiet = (await flip("https://counts.example.com/quiet")).json();
    const hidden = (await flip("https://counts.example.com/hidden")).json();
    for (const [page, n] of [
      [talked, 3],
      [hidden, 1],
    ] as const) {
      for (let i = 0; i < n; i++) {
        const res = await post(alice, "/api/v1/site-page-comments", {
          sitePage_id: page.id,
          body: `Comment ${i}`,
        });
        expect(res.statusCode).toBe(201);
      }
    }
    // A reply is not a comment of its own: the count is the page view's.
    const [first] = (
      await t.app.inject(
        `/api/v1/site-page-comments?searchAnd=${encodeURIComponent(`sitePage_id==${talked.id}`)}`,
      )
    ).json();
    const reply = await post(bob, "/api/v1/site-page-comments", {
      sitePage_id: talked.id,
      parent_id: first.id,
      body: "A reply",
    });
    expect(reply.statusCode).toBe(201);
    await t.app.db.update(sitePages).set({ moderation: "HIDDEN" }).where(eq(sitePages.id, hidden.id));

    const talkedHash = hashOf("counts.example.com/talked");
    for (const length of [4, 6, 8]) {
      const prefix = talkedHash.slice(0, length);
      const res = await counts(prefix);
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("public, max-age=60");
      const body = res.json();
      expect(body.prefix).toBe(prefix);
      expect(body.pages).toContainEqual({ hash: talkedHash, comments: 3 });
      for (const page of body.pages) expect(page.hash.startsWith(prefix)).toBe(true);
    }
    for (const address of ["counts.example.com/quiet", "counts.example.com/hidden"]) {
      const hash = hashOf(address);
      const pages = (await counts(hash.slice(0, 4))).json().pages;
      expect(pages.map((p: { hash: string }) => p.hash)).not.toContain(hash);
    }
    expect(quiet.commentCount).toBe(0);
  });

  it("answers the same whoever asks: it reads no session", async () => {
    const prefix = hashOf("counts.example.com/talked").slice(0, 4);
    const anonymous = await counts(prefix);
    const signedIn = await counts(prefix, alice.headers);
    expect(signedIn.body).toBe(anonymous.body);
  });

  it.each(["abc", "ABCD", "abcdefabc", "xyzw", "counts.example.com"])(
    "refuses the prefix %j with a 400",
    async (prefix) => {
      const res = await counts(encodeURIComponent(prefix));
      expect(res.statusCode).toBe(400);
      expect(res.headers["content-type"]).toContain("application/problem+json");
    },
  );
});
