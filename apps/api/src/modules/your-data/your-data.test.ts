import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";
import { BATCH } from "./your-data.repository.ts";

let t: TestApp;
let pageId: string;
let otherPageId: string;

beforeAll(async () => {
  t = await createTestApp({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_ENABLED: "false" });
  const flip = async (url: string) =>
    (await t.app.inject({ method: "POST", url: "/api/v1/site-pages/flip", payload: { url } })).json().id;
  pageId = await flip("https://export.example.com/a");
  otherPageId = await flip("https://export.example.com/b");
});
afterAll(() => t.close());

const send = (user: TestUser, url: string, payload: Record<string, unknown>, method?: "POST" | "DELETE") =>
  sendAs(t.app, user, url, payload, method);

const exportFor = (user: TestUser) => t.app.inject({ url: "/api/account/export", headers: user.headers });

describe("GET /account/export", () => {
  it("is one JSON file with the account, contributions, notes of every visibility, votes and files", async () => {
    const dana = await createUser(t.app, { displayName: "Dana" });
    const eli = await createUser(t.app, { displayName: "Eli" });
    const comment = await send(dana, "/api/v1/site-page-comments", {
      sitePage_id: pageId,
      body: "Dana's **words**",
    });
    const gone = await send(dana, "/api/v1/site-page-comments", { sitePage_id: pageId, body: "Taken back" });
    await send(dana, `/api/v1/site-page-comments/${gone.id}`, {}, "DELETE");
    await send(dana, "/api/v1/site-page-reviews", {
      sitePage_id: pageId,
      sentiment: "NEGATIVE",
      title: "Thin",
      body: "Not much here",
    });
    await send(dana, "/api/v1/site-page-related-pages", {
      sitePage_id: pageId,
      url: "https://export.example.com/b",
    });
    await send(dana, "/api/v1/notes", {
      sitePage_id: pageId,
      title: "Private one",
      body: "x",
      visibility: "PRIVATE",
    });
    await send(dana, "/api/v1/notes", {
      sitePage_id: otherPageId,
      title: "Public one",
      body: "y",
      visibility: "PUBLIC",
    });
    const eliComment = await send(eli, "/api/v1/site-page-comments", { sitePage_id: pageId, body: "Eli's" });
    await send(eli, "/api/v1/notes", { sitePage_id: pageId, title: "Eli's secret", body: "z" });
    const claim = await send(dana, "/api/v1/site-verifications", {
      address: "https://www.danas-shop.com/about",
    });
    await send(dana, "/api/v1/custom-tabs", {
      name: "Praise",
      filter: { kinds: ["REVIEW"], sentiments: ["POSITIVE"] },
    });
    await send(eli, "/api/v1/custom-tabs", { name: "Eli's tab", filter: { kinds: ["COMMENT"] } });
    await send(dana, "/api/v1/follows", { targetKind: "PAGE", targetId: pageId });
    await send(dana, "/api/v1/follows", { targetKind: "PERSON", targetId: eli.id });
    await send(eli, "/api/v1/follows", { targetKind: "PERSON", targetId: dana.id });
    await send(dana, "/api/v1/contribution-votes", { contributionId: eliComment.id, vote: -1 });
    await send(eli, "/api/v1/contribution-votes", { contributionId: comment.id, vote: 1 });

    const res = await exportFor(dana);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="flipside-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers["cache-control"]).toBe("no-store");
    const data = res.json();
    expect(data.format).toBe(1);
    expect(data.account).toMatchObject({
      id: dana.id,
      displayName: "Dana",
      email: `${dana.id}@example.test`,
    });
    expect(data.account).not.toHaveProperty("passwordHash");
    expect(data.contributions.map((c: { type: string }) => c.type)).toEqual([
      "COMMENT",
      "REVIEW",
      "RELATED_PAGE",
    ]);
    expect(data.contributions[0]).toMatchObject({
      body: "Dana's **words**",
      page: "https://export.example.com/a",
      up: 1,
      down: 0,
    });
    expect(data.contributions[1].review).toEqual({ sentiment: "NEGATIVE", title: "Thin", expertise: null });
    expect(data.contributions[2].relatedPage).toBe("https://export.example.com/b");
    expect(data.notes.map((n: { title: string }) => n.title)).toEqual(["Private one", "Public one"]);
    expect(data.votes).toEqual([
      { kind: "CONTRIBUTION", targetId: eliComment.id, vote: -1, createdDate: expect.any(String) },
    ]);
    expect(data.attachments).toEqual([]);
    expect(data.websites).toEqual([
      {
        domain: "danas-shop.com",
        status: "PENDING",
        method: null,
        token: claim.token,
        lastCheckedDate: null,
        lastCheckMessage: null,
        verifiedDate: null,
        createdDate: claim.createdDate,
      },
    ]);
    expect(data.follows).toEqual([
      {
        kind: "PAGE",
        page: "https://export.example.com/a",
        site: null,
        personId: null,
        followedDate: expect.any(String),
      },
      { kind: "PERSON", page: null, site: null, personId: eli.id, followedDate: expect.any(String) },
    ]);
    expect(data.customTabs).toEqual([
      {
        name: "Praise",
        filter: {
          kinds: ["REVIEW"],
          sentiments: ["POSITIVE"],
          author: "anyone",
          organizationId: null,
          minScore: null,
          attachments: "any",
          sort: "newest",
        },
      },
    ]);
    // Nothing of anyone else's.
    expect(res.body).not.toContain("Eli's");
    expect(res.body).not.toContain("Taken back");
  });

  it("gives the address of each uploaded file", async () => {
    const hal = await createUser(t.app);
    const reserved = await send(hal, "/api/v1/image-attachment-urls", {
      type: "IMAGE",
      url: "blob:http://x/1",
    });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    const boundary = "----flipside-export";
    const uploaded = await t.app.inject({
      method: "POST",
      url: reserved.uploadUrl,
      headers: { ...hal.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { attachments } = (await exportFor(hal)).json();
    expect(attachments).toHaveLength(1);
    expect(attachments[0]).toMatchObject({ id: reserved.id, type: "IMAGE", contributionId: null });
    expect((await t.app.inject(attachments[0].url)).statusCode).toBe(200);
  });

  it("reads past one batch of rows", async () => {
    const fay = await createUser(t.app);
    const count = BATCH + 3;
    for (let i = 0; i < count; i++) {
      await send(fay, "/api/v1/notes", { sitePage_id: pageId, title: `Note ${i}`, body: "" });
    }
    const data = (await exportFor(fay)).json();
    expect(data.notes).toHaveLength(count);
    expect(new Set(data.notes.map((n: { id: string }) => n.id)).size).toBe(count);
  });

  it("an empty account is a valid file too; anonymous is 401", async () => {
    const gil = await createUser(t.app);
    const data = (await exportFor(gil)).json();
    expect(data).toMatchObject({ contributions: [], notes: [], votes: [], attachments: [] });
    expect((await t.app.inject("/api/account/export")).statusCode).toBe(401);
  });
});
