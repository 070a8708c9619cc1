import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";
import { organizationMembers } from "../../db/schema/organizations.ts";

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let pageId: string;
let otherPageId: string;
/** Alice's organisation; Carol is a member of it, Bob is not. */
let ORG: string;
let carol: TestUser;

beforeAll(async () => {
  t = await createTestApp({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_ENABLED: "false" });
  alice = await createUser(t.app, { displayName: "Alice" });
  bob = await createUser(t.app, { displayName: "Bob" });
  carol = await createUser(t.app, { displayName: "Carol" });
  ORG = (await sendAs(t.app, alice, "/api/v1/organizations", { name: "Alice & Co", slug: "alice-co" })).id;
  await t.app.db
    .insert(organizationMembers)
    .values({ organizationId: ORG, userId: carol.id, role: "MEMBER" });
  const flip = (url: string) =>
    t.app.inject({ method: "POST", url: "/api/v1/site-pages/flip", payload: { url } });
  pageId = (await flip("https://notes.example.com/page")).json().id;
  otherPageId = (await flip("https://notes.example.com/other")).json().id;
});
afterAll(() => t.close());

function create(user: TestUser | null, payload: Record<string, unknown>) {
  return t.app.inject({
    method: "POST",
    url: "/api/v1/notes",
    payload,
    ...(user ? { headers: user.headers } : {}),
  });
}

async function note(user: TestUser, payload: Record<string, unknown>) {
  const res = await create(user, { sitePage_id: pageId, title: "A note", ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const get = (id: string, user?: TestUser) =>
  t.app.inject({ url: `/api/v1/notes/${id}`, ...(user ? { headers: user.headers } : {}) });
const put = (id: string, user: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: "PUT", url: `/api/v1/notes/${id}`, headers: user.headers, payload });
const del = (id: string, user: TestUser) =>
  t.app.inject({ method: "DELETE", url: `/api/v1/notes/${id}`, headers: user.headers });

describe("POST /v1/notes", () => {
  it("writes a private note by default, with its page and rendered body", async () => {
    const n = await note(alice, { body: "Remember _this_ <script>alert(1)</script>" });
    expect(n).toMatchObject({
      sitePage_id: pageId,
      sitePage: { id: pageId, normalizedUrl: "notes.example.com/page", domain: "example.com" },
      title: "A note",
      pinned: false,
      visibility: "PRIVATE",
      organizationId: null,
      profile: { id: alice.id, displayName: "Alice" },
    });
    expect(n.bodyHtml).toContain("<em>this</em>");
    expect(n.bodyHtml).not.toMatch(/<script/i);
  });

  it("ORGANIZATION notes need an organisation; others drop it", async () => {
    const missing = await create(alice, { sitePage_id: pageId, title: "Team", visibility: "ORGANIZATION" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: "organizationId", message: "Choose the organisation that may read this note" },
    ]);
    const team = await note(alice, { visibility: "ORGANIZATION", organizationId: ORG });
    expect(team).toMatchObject({ visibility: "ORGANIZATION", organizationId: ORG });
    const personal = await note(alice, { visibility: "PUBLIC", organizationId: ORG });
    expect(personal.organizationId).toBeNull();
  });

  it("refuses anonymous (401), unactivated (403), unknown pages (404) and bad fields (400)", async () => {
    expect((await create(null, { sitePage_id: pageId, title: "x" })).statusCode).toBe(401);
    expect(
      (await create(await createUser(t.app, { activated: false }), { sitePage_id: pageId, title: "x" }))
        .statusCode,
    ).toBe(403);
    expect(
      (await create(alice, { sitePage_id: "0190a0a0-0000-7000-8000-000000000000", title: "x" })).statusCode,
    ).toBe(404);
    expect((await create(alice, { sitePage_id: pageId, title: "" })).statusCode).toBe(400);
    expect((await create(alice, { sitePage_id: pageId, title: "x", visibility: "FRIENDS" })).statusCode).toBe(
      400,
    );
  });
});

describe("reading notes", () => {
  it("GET /v1/notes lists only the viewer's own notes, pinned first", async () => {
    const viewer = await createUser(t.app);
    const a = await note(viewer, { title: "old" });
    const b = await note(viewer, { title: "pinned", pinned: true });
    const c = await note(viewer, { title: "other page", sitePage_id: otherPageId });
    await note(bob, { title: "not yours", visibility: "PUBLIC" });
    const all = await t.app.inject({ url: "/api/v1/notes", headers: viewer.headers });
    expect(all.statusCode).toBe(200);
    expect(all.headers["x-total-count"]).toBe("3");
    expect(all.json().map((n: { id: string }) => n.id)).toEqual([b.id, c.id, a.id]);
    const onPage = await t.app.inject({
      url: `/api/v1/notes?searchAnd=sitePage_id==${pageId}`,
      headers: viewer.headers,
    });
    expect(onPage.json().map((n: { id: string }) => n.id)).toEqual([b.id, a.id]);
    expect((await t.app.inject("/api/v1/notes")).statusCode).toBe(401);
    const bad = await t.app.inject({ url: "/api/v1/notes?searchAnd=authorId==x", headers: viewer.headers });
    expect(bad.statusCode).toBe(400);
  });

  it("only the author reads a PRIVATE note: anyone else gets 404; PUBLIC notes are readable", async () => {
    const secret = await note(alice, { title: "secret" });
    const team = await note(alice, { title: "team", visibility: "ORGANIZATION", organizationId: ORG });
    const open = await note(alice, { title: "open", visibility: "PUBLIC" });
    expect((await get(secret.id, alice)).statusCode).toBe(200);
    expect((await get(secret.id, bob)).statusCode).toBe(404);
    expect((await get(secret.id)).statusCode).toBe(404);
    expect((await get(team.id, bob)).statusCode).toBe(404);
    expect((await get(open.id, bob)).json()).toMatchObject({ id: open.id, title: "open" });
    expect((await get(open.id)).statusCode).toBe(200);
    expect((await get("0190a0a0-0000-7000-8000-000000000000", alice)).statusCode).toBe(404);
  });
});

describe("changing notes", () => {
  it("the author changes any subset of fields", async () => {
    const n = await note(alice, { title: "draft", body: "one" });
    const pinned = await put(n.id, alice, { pinned: true });
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json()).toMatchObject({ title: "draft", body: "one", pinned: true });
    const toTeam = await put(n.id, alice, { visibility: "ORGANIZATION" });
    expect(toTeam.statusCode).toBe(400);
    const team = await put(n.id, alice, { visibility: "ORGANIZATION", organizationId: ORG, title: "final" });
    expect(team.json()).toMatchObject({ title: "final", visibility: "ORGANIZATION", organizationId: ORG });
    const back = await put(n.id, alice, { visibility: "PRIVATE" });
    expect(back.json()).toMatchObject({ visibility: "PRIVATE", organizationId: null });
  });

  it("another user's note: 404 when private, 403 when public; never changed", async () => {
    const secret = await note(alice, { title: "mine" });
    const open = await note(alice, { title: "public", visibility: "PUBLIC" });
    expect((await put(secret.id, bob, { title: "pwned" })).statusCode).toBe(404);
    expect((await del(secret.id, bob)).statusCode).toBe(404);
    expect((await put(open.id, bob, { title: "pwned" })).statusCode).toBe(403);
    expect((await del(open.id, bob)).statusCode).toBe(403);
    expect((await get(secret.id, alice)).json().title).toBe("mine");
    expect((await get(open.id, alice)).json().title).toBe("public");
  });

  it("the author deletes", async () => {
    const n = await note(alice, { title: "temporary" });
    expect((await del(n.id, alice)).statusCode).toBe(204);
    expect((await get(n.id, alice)).statusCode).toBe(404);
    expect((await del(n.id, alice)).statusCode).toBe(404);
  });
});

describe("organisation notes", () => {
  it("are read by the organisation's members, in every list, and by no one else whatever the filter", async () => {
    const team = await note(alice, {
      title: "for the team",
      visibility: "ORGANIZATION",
      organizationId: ORG,
    });
    const secret = await note(alice, { title: "alice only" });
    // A member reads it: by id, in the notes list, on the page view's notes.
    expect((await get(team.id, carol)).json()).toMatchObject({ id: team.id, profile: { id: alice.id } });
    const listed = await t.app.inject({ url: "/api/v1/notes?size=100", headers: carol.headers });
    const ids = listed.json().map((n: { id: string }) => n.id);
    expect(ids).toContain(team.id);
    expect(ids).not.toContain(secret.id);
    const view = await t.app.inject({ url: `/api/v1/site-pages/${pageId}/mine`, headers: carol.headers });
    expect(view.statusCode).toBe(200);
    expect(JSON.stringify(view.json())).toContain(team.id);
    // Bob cannot find it by any filter.
    for (const searchAnd of [
      "",
      `organizationId==${ORG}`,
      "visibility==ORGANIZATION",
      `id==${team.id}`,
      `sitePage_id==${pageId}`,
      "ORGANIZATION",
    ]) {
      const res = await t.app.inject({
        url: `/api/v1/notes?size=100${searchAnd ? `&searchAnd=${encodeURIComponent(searchAnd)}` : ""}`,
        headers: bob.headers,
      });
      expect(res.statusCode, searchAnd).toBe(200);
      expect(
        res.json().map((n: { id: string }) => n.id),
        searchAnd,
      ).not.toContain(team.id);
    }
    expect((await get(team.id, bob)).statusCode).toBe(404);
    const publicNotes = await t.app.inject({ url: `/api/v1/profiles/${alice.id}/notes` });
    expect(publicNotes.statusCode).toBe(200);
    expect(publicNotes.json().map((n: { id: string }) => n.id)).not.toContain(team.id);
    // A member reads but does not change another's note.
    expect((await put(team.id, carol, { title: "mine now" })).statusCode).toBe(403);
    expect((await del(team.id, carol)).statusCode).toBe(403);
  });

  it("are shared only with an organisation the author belongs to", async () => {
    const res = await create(bob, {
      sitePage_id: pageId,
      title: "x",
      visibility: "ORGANIZATION",
      organizationId: ORG,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { field: "organizationId", message: "You can share a note only with an organisation you belong to" },
    ]);
    const mine = await note(bob, { title: "bob's" });
    expect((await put(mine.id, bob, { visibility: "ORGANIZATION", organizationId: ORG })).statusCode).toBe(
      422,
    );
  });

  it("stop being readable when the member leaves, and go with the organisation", async () => {
    const dave = await createUser(t.app, { displayName: "Dave" });
    const org = (await sendAs(t.app, dave, "/api/v1/organizations", { name: "Dave's", slug: "daves" })).id;
    await t.app.db
      .insert(organizationMembers)
      .values({ organizationId: org, userId: carol.id, role: "MEMBER" });
    const n = await note(dave, { title: "shared", visibility: "ORGANIZATION", organizationId: org });
    expect((await get(n.id, carol)).statusCode).toBe(200);
    await sendAs(t.app, carol, `/api/v1/organizations/${org}/members/${carol.id}`, {}, "DELETE");
    expect((await get(n.id, carol)).statusCode).toBe(404);
    await sendAs(t.app, dave, `/api/v1/organizations/${org}?confirm=daves`, {}, "DELETE");
    expect((await get(n.id, dave)).statusCode).toBe(404);
  });
});
