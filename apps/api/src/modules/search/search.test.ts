import { ACCOUNT_ROLE } from "@flipside/contracts/roles";
import { type PageSearchResult, PageSearchResult as ResultSchema } from "@flipside/contracts/search";
import { markedParts } from "@flipside/contracts/search-constants";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";
import { sitePages } from "../../db/schema/discussion.ts";
import { prefixQuery, unmark } from "./search.repository.ts";

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let moderator: TestUser;
const pages: Record<string, string> = {};

async function page(url: string, title: string | null, description: string | null = null): Promise<string> {
  const res = await t.app.inject({ method: "POST", url: "/api/v1/site-pages/flip", payload: { url } });
  expect(res.statusCode, res.body).toBe(200);
  const id: string = res.json().id;
  await t.app.db.update(sitePages).set({ title, description }).where(eq(sitePages.id, id));
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ PAGE_FETCH_ENABLED: "false", PAGE_CACHE_TTL_MS: "0" });
  alice = await createUser(t.app, { displayName: "Alice" });
  bob = await createUser(t.app, { displayName: "Bob" });
  moderator = await createUser(t.app, { roles: [ACCOUNT_ROLE.USER, ACCOUNT_ROLE.MODERATOR] });
  pages.climate = await page(
    "https://science-daily.org/climate-report-2026",
    "Climate report warns of hotter summers",
    "What the new assessment says about heat waves.",
  );
  pages.gardens = await page("https://roses-club.net/pruning", "Pruning roses in late winter");
  pages.untitled = await page("https://quiet-harbor.com/notes/lighthouse-keeping", null);
  pages.talk = await page("https://plain-news.com/story", "A plain story");
  pages.hidden = await page("https://hidden-climate.com/", "Climate secrets nobody should see");
  await t.app.db.update(sitePages).set({ moderation: "HIDDEN" }).where(eq(sitePages.id, pages.hidden));
});
afterAll(() => t.close());

async function search(q: string, as?: TestUser, extra = "") {
  const res = await t.app.inject({
    url: `/api/v1/page-search?q=${encodeURIComponent(q)}${extra}`,
    ...(as ? { headers: as.headers } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  const results: PageSearchResult[] = z.array(ResultSchema).parse(res.json());
  return { results, ids: results.map((r) => r.page.id), total: Number(res.headers["x-total-count"]) };
}

const marked = (text: string, marks: [number, number][]) =>
  markedParts(text, marks)
    .filter((p) => p.marked)
    .map((p) => p.text);

describe("GET /v1/page-search", () => {
  it("finds a page by a word of its title, in any form, with the word highlighted", async () => {
    const { results, ids } = await search("summer");
    expect(ids).toEqual([pages.climate]);
    const [hit] = results;
    expect(hit?.page.title).toBe("Climate report warns of hotter summers");
    expect(marked(hit?.page.title ?? "", hit?.titleMarks ?? [])).toEqual(["summers"]);
    // Its description matches too, and so does a phrase.
    expect((await search("heat waves")).ids).toEqual([pages.climate]);
    expect((await search('"hotter summers"')).ids).toEqual([pages.climate]);
    // Phrases and exclusions are taken as written: no near spelling brings a page back.
    expect((await search('"summers hotter"')).ids).toEqual([]);
    expect((await search("climate -summers")).ids).toEqual([]);
  });

  it("finds a page by part of its address and by a near spelling", async () => {
    expect((await search("lighthouse")).ids).toEqual([pages.untitled]);
    expect((await search("quiet-harbor")).ids).toContain(pages.untitled);
    // Typos: one letter missing, one swapped.
    expect((await search("climte")).ids).toContain(pages.climate);
    expect((await search("purning roses")).ids).toContain(pages.gardens);
  });

  it("looks for near spellings only when the words themselves find nothing", async () => {
    const theater = await page("https://stages-a.com/one", "Theater night out");
    const theatre = await page("https://stages-b.com/two", "Theatre night in");
    // "theater" is a word of one title: the other, a near spelling of it, is not brought in.
    expect((await search("theater")).ids).toEqual([theater]);
    // "theatrr" is a word of neither: both are near spellings.
    expect(new Set((await search("theatrr")).ids)).toEqual(new Set([theater, theatre]));
  });

  it("ranks pages discussed more higher, and quotes the newest matching contribution", async () => {
    const once = await page("https://kites-a.com/", "Kites");
    const often = await page("https://kites-b.com/", "More kites");
    await sendAs(t.app, alice, "/api/v1/site-page-comments", { sitePage_id: once, body: "A tangerine kite" });
    for (const body of ["Tangerine sails", "Tangerine tails", "The newest tangerine"]) {
      await sendAs(t.app, alice, "/api/v1/site-page-comments", { sitePage_id: often, body });
    }
    const { results } = await search("tangerine");
    expect(results.map((r) => r.page.id)).toEqual([often, once]);
    expect(results[0]?.snippet?.text).toBe("The newest tangerine");
  });

  it("finds a page by what was said on it, with the matching piece highlighted", async () => {
    const said = await sendAs(t.app, alice, "/api/v1/site-page-comments", {
      sitePage_id: pages.talk,
      body: "The **volcano** eruption footage in this [clip](https://example.com/v) is remarkable.",
    });
    const { results } = await search("volcano eruption");
    expect(results.map((r) => r.page.id)).toEqual([pages.talk]);
    const snippet = results[0]?.snippet;
    expect(snippet).toMatchObject({ contributionId: said.id, kind: "COMMENT" });
    // Markdown's punctuation and link targets are not shown.
    expect(snippet?.text).toBe("The volcano eruption footage in this clip is remarkable.");
    expect(snippet?.text).not.toMatch(/\*|https|\(/);
    expect(marked(snippet?.text ?? "", snippet?.marks ?? [])).toEqual(["volcano", "eruption"]);
  });

  it("never matches hidden pages, deleted or hidden contributions, or people across a block", async () => {
    expect((await search("climate")).ids).not.toContain(pages.hidden);
    const gone = await sendAs(t.app, bob, "/api/v1/site-page-comments", {
      sitePage_id: pages.talk,
      body: "Marmalade sandwiches for everyone",
    });
    const hiddenComment = await sendAs(t.app, bob, "/api/v1/site-page-comments", {
      sitePage_id: pages.talk,
      body: "Buy cheap saffron today",
    });
    const blocked = await sendAs(t.app, bob, "/api/v1/site-page-comments", {
      sitePage_id: pages.talk,
      body: "Quince jelly recipe inside",
    });
    expect((await search("marmalade")).ids).toEqual([pages.talk]);
    await t.app.inject({
      method: "DELETE",
      url: `/api/v1/site-page-comments/${gone.id}`,
      headers: bob.headers,
    });
    expect((await search("marmalade")).ids).toEqual([]);
    const hide = await t.app.inject({
      method: "POST",
      url: "/api/v1/admin/moderation/actions",
      headers: moderator.headers,
      payload: { targetKind: "COMMENT", targetId: hiddenComment.id, action: "HIDE", reason: "Spam" },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect((await search("saffron")).ids).toEqual([]);

    const carol = await createUser(t.app, { displayName: "Carol" });
    await sendAs(t.app, carol, "/api/v1/profile-blocks", { blockedId: bob.id });
    expect((await search("quince", alice)).ids).toEqual([pages.talk]);
    expect((await search("quince", carol)).ids).toEqual([]);
    expect(blocked.id).toBeTruthy();
  });

  it("pages through results with their total", async () => {
    for (let i = 0; i < 3; i++) await page(`https://orchard-${i}.com/apples`, `Apple orchard ${i}`);
    const first = await search("orchard", undefined, "&size=2");
    const second = await search("orchard", undefined, "&size=2&page=1");
    const past = await search("orchard", undefined, "&size=2&page=5");
    expect([first.total, second.total, past.total]).toEqual([3, 3, 3]);
    expect(new Set([...first.ids, ...second.ids]).size).toBe(3);
    expect(past.ids).toEqual([]);
  });

  it("refuses what is not a search, changing nothing", async () => {
    for (const query of ["q=", "q=%20%20", `q=${"a".repeat(201)}`, "q=x&size=1000", "q=x&page=-1", ""]) {
      const res = await t.app.inject({ url: `/api/v1/page-search?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.headers["content-type"]).toContain("application/problem+json");
    }
    // Query syntax is never an error: unbalanced quotes and operators are words.
    for (const q of ['"unclosed', "a & | ! ( :*", "-", "or or or"]) {
      const res = await t.app.inject({ url: `/api/v1/page-search?q=${encodeURIComponent(q)}` });
      expect(res.statusCode, q).toBe(200);
    }
  });
});

describe("GET /v1/page-search/suggestions", () => {
  it("suggests pages whose words start with what is typed, or are near it", async () => {
    const res = await t.app.inject({ url: "/api/v1/page-search/suggestions?q=clim" });
    expect(res.statusCode, res.body).toBe(200);
    const [first] = res.json();
    expect(first).toMatchObject({
      id: pages.climate,
      label: "Climate report warns of hotter summers",
      domain: "science-daily.org",
      labelMarks: [[0, 7]],
    });
    expect(res.headers["cache-control"]).toBe("public, max-age=30");
    const typo = await t.app.inject({ url: "/api/v1/page-search/suggestions?q=lighthuse" });
    expect(typo.json().map((s: { id: string }) => s.id)).toContain(pages.untitled);
    // A page without a title is named by its short address.
    expect(typo.json().find((s: { id: string }) => s.id === pages.untitled).label).toBe(
      "quiet-harbor.com/notes/lighthouse-keeping",
    );
  });

  it("is rate limited per address with the search", async () => {
    const limited = await createTestApp({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_SEARCH_PER_IP: "2" });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++)
        codes.push((await limited.app.inject({ url: "/api/v1/page-search/suggestions?q=abc" })).statusCode);
      codes.push((await limited.app.inject({ url: "/api/v1/page-search?q=abc" })).statusCode);
      expect(codes).toEqual([200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("search helpers", () => {
  it("reads highlights into text and ranges, and makes prefix queries of words only", () => {
    expect(unmark("a \u0002b\u0003 c \u0002dd\u0003")).toEqual({
      text: "a b c dd",
      marks: [
        [2, 3],
        [6, 8],
      ],
    });
    expect(prefixQuery("climate chan")).toBe("climate & chan:*");
    expect(prefixQuery("a & b | !c")).toBe("a & b & c:*");
    expect(prefixQuery("!!!")).toBeNull();
  });
});
