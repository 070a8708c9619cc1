import {
  type CustomTabFilter,
  customTabSearchAnd,
  customTabSort,
  DEFAULT_CUSTOM_TAB_FILTER,
  MAX_CUSTOM_TABS,
} from "@flipside/contracts/custom-tab-filter";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";
import { customTabs } from "../../db/schema/custom-tabs.ts";
import { contributions } from "../../db/schema/discussion.ts";
import { organizationMembers } from "../../db/schema/organizations.ts";

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_ENABLED: "false" });
  alice = await createUser(t.app, { displayName: "Alice" });
  bob = await createUser(t.app, { displayName: "Bob" });
});
afterAll(() => t.close());

const filter = (over: Partial<CustomTabFilter> = {}) => ({ ...DEFAULT_CUSTOM_TAB_FILTER, ...over });
const call = (
  user: TestUser | null,
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url: `/api/v1/custom-tabs${url}`,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    ...(user ? { headers: user.headers } : {}),
  });
async function tab(user: TestUser, name: string, over: Partial<CustomTabFilter> = {}) {
  const res = await call(user, "POST", "", { name, filter: filter(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const namesOf = async (user: TestUser) =>
  (await call(user, "GET", "")).json().map((x: { name: string }) => x.name);
/** The id of an address's page, made on the way. */
const flipped = async (url: string): Promise<string> =>
  (await t.app.inject({ method: "POST", url: "/api/v1/site-pages/flip", payload: { url } })).json().id;
const clear = (user: TestUser) => t.app.db.delete(customTabs).where(eq(customTabs.ownerId, user.id));

describe("custom tabs", () => {
  it("makes, lists in order, renames, changes and deletes a person's tabs", async () => {
    const experts = await tab(alice, "  Experts  ", { kinds: ["REVIEW"], sentiments: ["EXPERT"] });
    expect(experts).toMatchObject({
      name: "Experts",
      position: 0,
      filter: { kinds: ["REVIEW"], sentiments: ["EXPERT"], author: "anyone", minScore: null, sort: "newest" },
    });
    // What is left out takes its default.
    const res = await call(alice, "POST", "", { name: "Mine", filter: { kinds: ["COMMENT"], author: "me" } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      position: 1,
      filter: { sentiments: [], attachments: "any", minScore: null },
    });
    expect(await namesOf(alice)).toEqual(["Experts", "Mine"]);

    const renamed = await call(alice, "PATCH", `/${experts.id}`, { name: "Expert reviews" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "Expert reviews", filter: { sentiments: ["EXPERT"] } });
    const changed = await call(alice, "PATCH", `/${experts.id}`, {
      filter: filter({ minScore: 2, sort: "top" }),
    });
    expect(changed.json()).toMatchObject({ name: "Expert reviews", filter: { minScore: 2, sort: "top" } });

    expect((await call(alice, "DELETE", `/${experts.id}`)).statusCode).toBe(204);
    expect(await namesOf(alice)).toEqual(["Mine"]);
    expect((await call(alice, "DELETE", `/${experts.id}`)).statusCode).toBe(404);
    await clear(alice);
  });

  it("reorders with every tab listed once, and refuses any other list", async () => {
    const a = await tab(alice, "A");
    const b = await tab(alice, "B");
    const c = await tab(alice, "C");
    const res = await call(alice, "PUT", "/order", { ids: [c.id, a.id, b.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((x: { name: string; position: number }) => [x.name, x.position])).toEqual([
      ["C", 0],
      ["A", 1],
      ["B", 2],
    ]);
    const bobs = await tab(bob, "Bob's");
    for (const ids of [
      [c.id, a.id],
      [c.id, a.id, b.id, b.id],
      [c.id, a.id, bobs.id],
    ]) {
      const bad = await call(alice, "PUT", "/order", { ids });
      expect(bad.statusCode, JSON.stringify(ids)).toBe(422);
      expect(bad.json().errors).toEqual([{ field: "ids", message: "List each of your tabs exactly once" }]);
    }
    expect(await namesOf(alice)).toEqual(["C", "A", "B"]);
    expect(await namesOf(bob)).toEqual(["Bob's"]);
    await clear(alice);
    await clear(bob);
  });

  it(`keeps names unique per person whatever their case, and stops at ${MAX_CUSTOM_TABS} tabs`, async () => {
    const first = await tab(alice, "Experts");
    const same = await call(alice, "POST", "", { name: "EXPERTS", filter: filter() });
    expect(same.statusCode).toBe(409);
    expect(same.json().errors).toEqual([{ field: "name", message: "You already have a tab with this name" }]);
    const second = await tab(alice, "Other");
    expect((await call(alice, "PATCH", `/${second.id}`, { name: "experts" })).statusCode).toBe(409);
    // Its own name in another case is not a clash.
    expect((await call(alice, "PATCH", `/${first.id}`, { name: "EXPERTS" })).statusCode).toBe(200);
    // Bob may have a tab of that name too.
    await tab(bob, "Experts");

    for (let i = 2; i < MAX_CUSTOM_TABS; i++) await tab(alice, `Tab ${i}`);
    const over = await call(alice, "POST", "", { name: "One more", filter: filter() });
    expect(over.statusCode).toBe(409);
    expect(over.json().detail).toBe("You have 10 tabs, the most there can be: delete one first");
    expect(await namesOf(alice)).toHaveLength(MAX_CUSTOM_TABS);
    await clear(alice);
    await clear(bob);
  });

  it("refuses bad names and filters with a field error, changing nothing", async () => {
    const bad: [unknown, string][] = [
      [{ name: "   ", filter: filter() }, "name"],
      [{ name: "x".repeat(41), filter: filter() }, "name"],
      [{ name: "Bell\u0007", filter: filter() }, "name"],
      [{ name: "No kinds", filter: filter({ kinds: [] }) }, "filter.kinds"],
      [{ name: "Twice", filter: filter({ kinds: ["REVIEW", "REVIEW"] }) }, "filter.kinds"],
      [
        { name: "Sentiment", filter: filter({ kinds: ["COMMENT"], sentiments: ["POSITIVE"] }) },
        "filter.sentiments",
      ],
      [{ name: "Score", filter: filter({ minScore: 1.5 }) }, "filter.minScore"],
      [{ name: "Score", filter: filter({ minScore: 10_001 }) }, "filter.minScore"],
      [{ name: "SQL", filter: { ...filter(), where: "1=1" } }, "filter.where"],
      [{ name: "Kind", filter: filter({ kinds: ["VOTE" as never] }) }, "filter.kinds.0"],
    ];
    for (const [payload, field] of bad) {
      const res = await call(alice, "POST", "", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(
        res.json().errors.map((e: { field: string }) => e.field),
        JSON.stringify(payload),
      ).toContain(field);
    }
    expect(await namesOf(alice)).toEqual([]);
  });

  it("needs a session, and another person's tab is not there for anyone else", async () => {
    expect((await call(null, "GET", "")).statusCode).toBe(401);
    expect((await call(null, "POST", "", { name: "X", filter: filter() })).statusCode).toBe(401);
    const bobs = await tab(bob, "Bob's");
    expect((await call(alice, "PATCH", `/${bobs.id}`, { name: "Mine now" })).statusCode).toBe(404);
    expect((await call(alice, "DELETE", `/${bobs.id}`)).statusCode).toBe(404);
    expect((await call(null, "DELETE", `/${bobs.id}`)).statusCode).toBe(401);
    expect(await namesOf(bob)).toEqual(["Bob's"]);
    expect(await namesOf(alice)).toEqual([]);
    await clear(bob);
  });
});

describe("a tab's filter on a page", () => {
  it("lists what it says, through GET /v1/contributions", async () => {
    const pageId = await flipped("https://tabs.example.com/article");
    const send = (user: TestUser, url: string, payload: Record<string, unknown>) =>
      sendAs(t.app, user, url, payload);
    const comment = await send(alice, "/api/v1/site-page-comments", { sitePage_id: pageId, body: "First" });
    const reply = await send(bob, "/api/v1/site-page-comments", {
      sitePage_id: pageId,
      parent_id: comment.id,
      body: "Answer",
    });
    const positive = await send(bob, "/api/v1/site-page-reviews", {
      sitePage_id: pageId,
      sentiment: "POSITIVE",
      title: "Good",
      body: "Liked it",
    });
    const negative = await send(alice, "/api/v1/site-page-reviews", {
      sitePage_id: pageId,
      sentiment: "NEGATIVE",
      title: "Bad",
      body: "Did not",
    });
    const link = await send(alice, "/api/v1/site-page-related-pages", {
      sitePage_id: pageId,
      url: "https://elsewhere.example.org/a",
    });
    await send(bob, "/api/v1/contribution-votes", { contributionId: comment.id, vote: 1 });
    // Uploads are not what this is about: the count their attaching keeps is set directly.
    await t.app.db.update(contributions).set({ attachmentCount: 1 }).where(eq(contributions.id, reply.id));

    const ids = async (over: Partial<CustomTabFilter>, viewer = alice) => {
      const f = filter(over);
      const res = await t.app.inject({
        url: "/api/v1/contributions",
        query: {
          searchAnd: customTabSearchAnd(f, { sitePageId: pageId, viewerId: viewer.id }),
          sort: customTabSort(f),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().map((c: { id: string }) => c.id);
    };
    expect(await ids({})).toEqual([link.id, negative.id, positive.id, reply.id, comment.id]);
    expect(await ids({ kinds: ["COMMENT"] })).toEqual([reply.id, comment.id]);
    expect(await ids({ kinds: ["REVIEW"], sentiments: ["POSITIVE", "EXPERT"] })).toEqual([positive.id]);
    // Sentiments choose among reviews and leave the other kinds alone.
    expect(await ids({ kinds: ["COMMENT", "REVIEW"], sentiments: ["NEGATIVE"] })).toEqual([
      negative.id,
      reply.id,
      comment.id,
    ]);
    expect(await ids({ author: "me" })).toEqual([link.id, negative.id, comment.id]);
    expect(await ids({ author: "me" }, bob)).toEqual([positive.id, reply.id]);
    expect(await ids({ minScore: 1 })).toEqual([comment.id]);
    expect(await ids({ attachments: "with" })).toEqual([reply.id]);
    expect(await ids({ attachments: "without", kinds: ["COMMENT"] })).toEqual([comment.id]);
    expect((await ids({ sort: "top" }))[0]).toBe(comment.id);

    // The same through a stored tab: its filter compiled on the server for the page asked about.
    const praise = await tab(alice, "Praise", { kinds: ["COMMENT", "REVIEW"], sentiments: ["POSITIVE"] });
    expect(praise.description).toBe("Comments, Reviews · positive reviews · newest first");
    const shown = (user: TestUser | null, id: string, query: Record<string, string>) =>
      t.app.inject({
        url: `/api/v1/custom-tabs/${id}/contributions`,
        query,
        ...(user ? { headers: user.headers } : {}),
      });
    const res = await shown(alice, praise.id, { sitePage_id: pageId, size: "2" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["x-total-count"]).toBe("3");
    expect(res.json().map((c: { id: string }) => c.id)).toEqual([positive.id, reply.id]);
    const next = await shown(alice, praise.id, { sitePage_id: pageId, size: "2", page: "1" });
    expect(next.json().map((c: { id: string }) => c.id)).toEqual([comment.id]);
    // Only its owner may use it; the page must be named, as a UUID.
    expect((await shown(bob, praise.id, { sitePage_id: pageId })).statusCode).toBe(404);
    expect((await shown(null, praise.id, { sitePage_id: pageId })).statusCode).toBe(401);
    expect((await shown(alice, praise.id, {})).statusCode).toBe(400);
    expect((await shown(alice, praise.id, { sitePage_id: "x,authorId==1" })).statusCode).toBe(400);
    await clear(alice);
  });
});

describe("a tab of an organisation's members", () => {
  it("shows what the organisation's present members wrote, to its members only", async () => {
    const carol = await createUser(t.app, { displayName: "Carol" });
    const team = await sendAs(t.app, alice, "/api/v1/organizations", { name: "Tab Team", slug: "tab-team" });
    await t.app.db
      .insert(organizationMembers)
      .values({ organizationId: team.id, userId: bob.id, role: "MEMBER" });
    const pageId = await flipped("https://tabs.example.com/team");
    const write = (user: TestUser, body: string) =>
      sendAs(t.app, user, "/api/v1/site-page-comments", { sitePage_id: pageId, body });
    const fromAlice = await write(alice, "Alice for the team");
    const fromCarol = await write(carol, "Carol, outside");
    const fromBob = await write(bob, "Bob for the team");
    const ours = { author: "organization" as const, organizationId: team.id };

    // Only a member may make one; the organisation is named, and only for such a tab.
    const outsider = await call(carol, "POST", "", { name: "Theirs", filter: filter(ours) });
    expect(outsider.statusCode, outsider.body).toBe(404);
    expect(outsider.json().detail).toBe("There is no such organisation.");
    expect(await namesOf(carol)).toEqual([]);
    for (const [bad, message] of [
      [{ author: "organization" }, "Choose the organisation whose members' contributions the tab shows"],
      [
        { author: "anyone", organizationId: team.id },
        "An organisation is chosen only for a tab of its members' contributions",
      ],
    ] as const) {
      const res = await call(alice, "POST", "", { name: "Bad", filter: filter(bad) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toContainEqual({ field: "filter.organizationId", message });
    }

    const mine = await tab(alice, "My organisation", ours);
    expect(mine.filter).toMatchObject(ours);
    expect(mine.description).toBe("Everything · by members of Tab Team · newest first");
    const shown = async (user: TestUser, id: string) => {
      const res = await t.app.inject({
        url: `/api/v1/custom-tabs/${id}/contributions`,
        query: { sitePage_id: pageId },
        headers: user.headers,
      });
      return res.statusCode === 200 ? res.json().map((c: { id: string }) => c.id) : res.statusCode;
    };
    expect(await shown(alice, mine.id)).toEqual([fromBob.id, fromAlice.id]);
    const bobs = await tab(bob, "Team", ours);
    expect(await shown(bob, bobs.id)).toEqual([fromBob.id, fromAlice.id]);

    // The list's own filter answers the organisation's members alone: to anyone else there is no
    // such organisation, so it cannot be used to find out who belongs to one.
    const listed = (user: TestUser | null, searchAnd: string) =>
      t.app.inject({
        url: "/api/v1/contributions",
        query: { searchAnd },
        ...(user ? { headers: user.headers } : {}),
      });
    const everyone = (await listed(carol, `sitePage_id==${pageId}`)).json();
    expect(everyone.map((c: { id: string }) => c.id)).toEqual([fromBob.id, fromCarol.id, fromAlice.id]);
    const byTeam = `sitePage_id==${pageId},authorOrganization==${team.id}`;
    expect((await listed(alice, byTeam)).json().map((c: { id: string }) => c.id)).toEqual([
      fromBob.id,
      fromAlice.id,
    ]);
    expect((await listed(carol, byTeam)).statusCode).toBe(404);
    expect((await listed(null, byTeam)).statusCode).toBe(404);
    expect((await listed(alice, `authorOrganization!=${team.id}`)).statusCode).toBe(400);
    expect((await listed(alice, "authorOrganization==tab-team")).statusCode).toBe(400);

    // Bob leaves: his words leave Alice's tab, and his own tab says so and shows nothing.
    await t.app.db
      .delete(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, team.id), eq(organizationMembers.userId, bob.id)));
    expect(await shown(alice, mine.id)).toEqual([fromAlice.id]);
    expect(await shown(bob, bobs.id)).toBe(404);
    expect((await call(bob, "GET", "")).json()[0].description).toBe(
      "Everything · by members of an organisation you have left · newest first",
    );
    // He cannot point a tab at it again either.
    expect((await call(bob, "PATCH", `/${bobs.id}`, { filter: filter(ours) })).statusCode).toBe(404);
    await clear(alice);
    await clear(bob);
  });
});
