import { ProfileRef } from "@flipside/contracts/discussion";
import { MENTION_SUGGESTIONS } from "@flipside/contracts/mentions";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";
import { users } from "../../db/schema/accounts.ts";

let t: TestApp;
let pageId: string;
let otherPageId: string;

const flip = async (url: string) =>
  (await t.app.inject({ method: "POST", url: "/api/v1/site-pages/flip", payload: { url } })).json().id;

beforeAll(async () => {
  t = await createTestApp({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_ENABLED: "false" });
  pageId = await flip("https://mention-test.com/story");
  otherPageId = await flip("https://mention-test.com/other");
});
afterAll(() => t.close());

async function suggest(who: TestUser, q: string, page: string | null = pageId) {
  const query = new URLSearchParams({ q, ...(page ? { pageId: page } : {}) });
  const res = await t.app.inject({ url: `/api/v1/mention-suggestions?${query}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["cache-control"]).toBe("private, no-store");
  return z
    .array(ProfileRef)
    .parse(res.json())
    .map((p) => p.displayName);
}
const comment = (by: TestUser, page: string, body = "Worth reading") =>
  sendAs(t.app, by, "/api/v1/site-page-comments", { sitePage_id: page, body });

describe("GET /v1/mention-suggestions", () => {
  it("offers the people of this discussion and those you follow before anyone is typed", async () => {
    const writer = await createUser(t.app, { displayName: "Wanda Writer" });
    const early = await createUser(t.app, { displayName: "Zed Early" });
    const late = await createUser(t.app, { displayName: "Amy Late" });
    const followed = await createUser(t.app, { displayName: "Fran Followed" });
    const elsewhere = await createUser(t.app, { displayName: "Otto Elsewhere" });
    await comment(early, pageId);
    await comment(late, pageId);
    await comment(writer, pageId);
    await comment(elsewhere, otherPageId);
    await sendAs(t.app, writer, "/api/v1/follows", { targetKind: "PERSON", targetId: followed.id });
    // The latest to take part first, then the followed; never the writer, nobody from another page.
    expect(await suggest(writer, "")).toEqual(["Amy Late", "Zed Early", "Fran Followed"]);
    expect(await suggest(writer, "", otherPageId)).toEqual(["Otto Elsewhere", "Fran Followed"]);
    expect(await suggest(writer, "", null)).toEqual(["Fran Followed"]);
  });

  it("finds names by the start of any word, close people first, then parts and near spellings", async () => {
    const writer = await createUser(t.app, { displayName: "Quill Writer" });
    const here = await createUser(t.app, { displayName: "Marguerite Here" });
    await createUser(t.app, { displayName: "Margo Stranger" });
    await createUser(t.app, { displayName: "Anna Margolis" });
    await createUser(t.app, { displayName: "Rosemargin Contains" });
    await comment(here, pageId);
    expect(await suggest(writer, "marg")).toEqual([
      "Marguerite Here",
      "Anna Margolis",
      "Margo Stranger",
      "Rosemargin Contains",
    ]);
    // The closer spelling first among equals; a near spelling after every word match.
    expect(await suggest(writer, "  MARGO ")).toEqual(["Margo Stranger", "Anna Margolis", "Marguerite Here"]);
    // A typo still finds the name.
    expect(await suggest(writer, "Margeurite")).toContain("Marguerite Here");
    // LIKE's wildcards are letters like any other.
    expect(await suggest(writer, "%")).toEqual([]);
  });

  it("never offers the suspended, the unactivated or anyone across a block", async () => {
    const writer = await createUser(t.app, { displayName: "Vera Writer" });
    const blocked = await createUser(t.app, { displayName: "Xeno Blocked" });
    const blocker = await createUser(t.app, { displayName: "Xeno Blocker" });
    const suspended = await createUser(t.app, { displayName: "Xeno Suspended" });
    await createUser(t.app, { displayName: "Xeno Unactivated", activated: false });
    await createUser(t.app, { displayName: "Xeno Fine" });
    await sendAs(t.app, writer, "/api/v1/profile-blocks", { blockedId: blocked.id });
    await sendAs(t.app, blocker, "/api/v1/profile-blocks", { blockedId: writer.id });
    await t.app.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, suspended.id));
    expect(await suggest(writer, "xeno")).toEqual(["Xeno Fine"]);
  });

  it("offers at most a handful, signed in only, and refuses nonsense", async () => {
    const writer = await createUser(t.app, { displayName: "Yale Writer" });
    for (let i = 0; i < MENTION_SUGGESTIONS + 2; i++)
      await createUser(t.app, { displayName: `Many Namesake ${i}` });
    expect(await suggest(writer, "namesake")).toHaveLength(MENTION_SUGGESTIONS);
    const anonymous = await t.app.inject({ url: "/api/v1/mention-suggestions?q=many" });
    expect(anonymous.statusCode).toBe(401);
    const long = await t.app.inject({
      url: `/api/v1/mention-suggestions?q=${"a".repeat(51)}`,
      headers: writer.headers,
    });
    expect(long.statusCode).toBe(400);
    const badPage = await t.app.inject({
      url: "/api/v1/mention-suggestions?pageId=nope",
      headers: writer.headers,
    });
    expect(badPage.statusCode).toBe(400);
  });
});
