import { TOPIC_LIMITS, TOPIC_MESSAGES } from "@flipside/contracts/topics";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AccountsHarness, createAccountsHarness } from "../../../test/accounts-support.ts";
import { createUser, type TestUser } from "../../../test/users.ts";

let t: AccountsHarness;
let una: TestUser;
let vic: TestUser;
let page: { id: string; site: { id: string } };

beforeAll(async () => {
  t = await createAccountsHarness({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_ENABLED: "false" });
  [una, vic] = (await Promise.all(
    ["Una", "Vic"].map((displayName) => createUser(t.app, { displayName })),
  )) as [TestUser, TestUser];
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/site-pages/flip",
    payload: { url: "https://garden.topics-test.org/roses" },
  });
  page = res.json();
});
afterAll(() => t.close());

type TopicRow = { id: string; slug: string; name: string; parentId: string | null };
async function allTopics(): Promise<TopicRow[]> {
  const res = await t.app.inject({ method: "GET", url: "/api/v1/topics?size=100" });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const topicId = async (slug: string) => (await allTopics()).find((x) => x.slug === slug)?.id ?? "";
const suggest = (by: TestUser | null, topic: string, siteId = page.site.id) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/site-topics/",
    payload: { siteId, topicId: topic },
    ...(by ? { headers: by.headers } : {}),
  });
const siteTopics = async (by: TestUser | null = null) =>
  (
    await t.app.inject({
      method: "GET",
      url: `/api/v1/site-topics?siteId=${page.site.id}`,
      ...(by ? { headers: by.headers } : {}),
    })
  ).json() as { topic: TopicRow; suggestions: number; mine: boolean }[];

describe("the taxonomy", () => {
  it("ships about 100 topics in two levels, the whole of it in one page of 100, by name", async () => {
    const topics = await allTopics();
    expect(topics.length).toBeGreaterThanOrEqual(90);
    expect(topics.length).toBeLessThanOrEqual(TOPIC_LIMITS.pageSize);
    const res = await t.app.inject({ method: "GET", url: "/api/v1/topics?size=100" });
    expect(Number(res.headers["x-total-count"])).toBe(topics.length);
    const names = topics.map((x) => x.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byId = new Map(topics.map((x) => [x.id, x]));
    for (const topic of topics) {
      expect(topic.slug).toMatch(/^[a-z0-9-]+$/);
      if (topic.parentId) expect(byId.get(topic.parentId)?.parentId).toBeNull();
    }
    const top = await t.app.inject({ method: "GET", url: "/api/v1/topics?parentId=none" });
    expect((top.json() as TopicRow[]).every((x) => x.parentId === null)).toBe(true);
    const gardening = await t.app.inject({ method: "GET", url: "/api/v1/topics?q=garden" });
    expect((gardening.json() as TopicRow[]).map((x) => x.slug)).toEqual(["home-and-garden"]);
    const one = await t.app.inject({ method: "GET", url: "/api/v1/topics/home-and-garden" });
    expect(one.json()).toMatchObject({ slug: "home-and-garden", parent: { slug: "shopping" } });
    expect((await t.app.inject({ method: "GET", url: "/api/v1/topics/no-such-topic" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/topics?size=101" })).statusCode).toBe(400);
  });
});

describe("suggesting topics for a site", () => {
  it("one vote per person and topic; the site's topics rank by suggestions, and say which are mine", async () => {
    const garden = await topicId("home-and-garden");
    const outdoors = await topicId("outdoors");
    const first = await suggest(una, garden);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ siteId: page.site.id, suggestions: 1, mine: true });
    // Again, or twenty times at once: still one vote.
    const again = await Promise.all(Array.from({ length: 20 }, () => suggest(una, garden)));
    expect(again.map((r) => r.statusCode).sort()).toEqual(Array(20).fill(200));
    expect((await suggest(vic, garden)).json().suggestions).toBe(2);
    expect((await suggest(vic, outdoors)).statusCode).toBe(201);

    expect((await siteTopics(una)).map((x) => [x.topic.slug, x.suggestions, x.mine])).toEqual([
      ["home-and-garden", 2, true],
      ["outdoors", 1, false],
    ]);
    expect((await siteTopics()).every((x) => x.mine === false)).toBe(true);

    // The site's pages are listed under the topic.
    const pages = await t.app.inject({
      method: "GET",
      url: "/api/v1/site-pages?searchAnd=topic==home-and-garden",
    });
    expect((pages.json() as { id: string }[]).map((p) => p.id)).toEqual([page.id]);
    // Lists of pages (search results, the home page) carry the site's top topics.
    expect((pages.json() as { topics: TopicRow[] }[])[0]?.topics.map((x) => x.slug)).toEqual([
      "home-and-garden",
      "outdoors",
    ]);
    const none = await t.app.inject({ method: "GET", url: "/api/v1/site-pages?searchAnd=topic==weather" });
    expect(none.json()).toEqual([]);

    const withdraw = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/site-topics?siteId=${page.site.id}&topicId=${outdoors}`,
      headers: vic.headers,
    });
    expect(withdraw.statusCode).toBe(204);
    expect((await siteTopics()).map((x) => x.topic.slug)).toEqual(["home-and-garden"]);
  });

  it("refuses the signed-out, the unactivated, unknown sites and topics, and more than five topics a person", async () => {
    const garden = await topicId("home-and-garden");
    expect((await suggest(null, garden)).statusCode).toBe(401);
    expect((await suggest(await createUser(t.app, { activated: false }), garden)).statusCode).toBe(403);
    const unknownSite = await suggest(una, garden, "0190f4c2-0000-7000-8000-000000000000");
    expect(unknownSite.statusCode).toBe(404);
    expect(unknownSite.json().detail).toBe(TOPIC_MESSAGES.unknownSite);
    expect((await suggest(una, "0190f4c2-0000-7000-8000-000000000000")).statusCode).toBe(404);
    expect((await suggest(una, "not-a-uuid")).statusCode).toBe(400);

    const eager = await createUser(t.app, { displayName: "Eager" });
    const slugs = ["travel", "pets", "outdoors", "photography", "fashion", "video-games"];
    const ids = await Promise.all(slugs.map(topicId));
    const answers = await Promise.all(ids.map((id) => suggest(eager, id)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(TOPIC_LIMITS.perPersonPerSite);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.statusCode)).toEqual([422]);
    expect(refused[0]?.json().detail).toBe(TOPIC_MESSAGES.tooMany);
    const mine = (await siteTopics(eager)).filter((x) => x.mine);
    expect(mine).toHaveLength(TOPIC_LIMITS.perPersonPerSite);
  });
});
