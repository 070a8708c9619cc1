import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { multipart } from "../../../test/multipart.ts";
import { expectByteRanges } from "../../../test/ranges.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { sweepUnattached } from "./attachments.sweeper.ts";

const ORIGIN = "http://flipside.test";
let t: TestApp;
let uploadDir: string;
let alice: TestUser;
let bob: TestUser;
let pageId: string;

beforeAll(async () => {
  uploadDir = await mkdtemp(join(tmpdir(), "flipside-attachments-"));
  t = await createTestApp({
    PAGE_FETCH_ENABLED: "false",
    RATE_LIMIT_ENABLED: "false",
    UPLOAD_DIR: uploadDir,
    PUBLIC_ORIGIN: ORIGIN,
  });
  alice = await createUser(t.app, { displayName: "Alice" });
  bob = await createUser(t.app, { displayName: "Bob" });
  pageId = (
    await t.app.inject({
      method: "POST",
      url: "/api/v1/site-pages/flip",
      payload: { url: "https://media.example.com/" },
    })
  ).json().id;
});
afterAll(async () => {
  await t.close();
  await rm(uploadDir, { recursive: true, force: true });
});

function reserve(
  user: TestUser | null,
  type: "IMAGE" | "VIDEO",
  path = type === "IMAGE" ? "image" : "video",
) {
  return t.app.inject({
    method: "POST",
    url: `/api/v1/${path}-attachment-urls`,
    payload: { type, url: "blob:http://localhost/abc" },
    ...(user ? { headers: user.headers } : {}),
  });
}

function upload(user: TestUser, uploadUrl: string, data: Buffer, filename = "photo.png", type = "image/png") {
  const body = multipart(data, filename, type);
  return t.app.inject({
    method: "POST",
    url: uploadUrl,
    payload: body.payload,
    headers: { ...body.headers, ...user.headers },
  });
}

/** A PNG carrying EXIF metadata (as a phone photo would, GPS and all). */
const pngWithExif = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: "#3366ff" } })
    .png()
    .withExif({ IFD0: { Copyright: "secret-owner", ImageDescription: "GPS 48.8584 2.2945" } })
    .toBuffer();

/** The smallest thing file-type recognises as MP4: an ftyp box with the isom brand. */
function fakeMp4(): Buffer {
  const b = Buffer.alloc(64);
  b.writeUInt32BE(24, 0);
  b.write("ftypisom", 4);
  b.writeUInt32BE(0x200, 12);
  b.write("isomiso2", 16);
  b.writeUInt32BE(8, 24);
  b.write("free", 28);
  return b;
}

async function uploadedImage(user: TestUser): Promise<string> {
  const address = (await reserve(user, "IMAGE")).json();
  const res = await upload(user, address.uploadUrl, await pngWithExif());
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

describe("upload addresses", () => {
  it("reserve a one-time address; contributors only", async () => {
    const res = await reserve(alice, "IMAGE");
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.uploadUrl).toMatch(new RegExp(`^/api/v1/attachment-uploads/${body.id}\\?token=[\\w-]{43}$`));
    expect(Date.parse(body.expiresDate)).toBeGreaterThan(Date.now());
    expect((await reserve(null, "IMAGE")).statusCode).toBe(401);
    expect((await reserve(await createUser(t.app, { activated: false }), "IMAGE")).statusCode).toBe(403);
    expect((await reserve(alice, "VIDEO", "image")).statusCode).toBe(400);
    expect((await reserve(alice, "VIDEO")).statusCode).toBe(201);
  });
});

describe("image uploads", () => {
  it("a real PNG is re-encoded without its metadata, with a thumbnail, and served with safe headers", async () => {
    const address = (await reserve(alice, "IMAGE")).json();
    const res = await upload(alice, address.uploadUrl, await pngWithExif());
    expect(res.statusCode, res.body).toBe(201);
    const attachment = res.json();
    expect(attachment).toMatchObject({
      id: address.id,
      type: "IMAGE",
      contentType: "image/webp",
      width: 800,
      height: 600,
    });
    expect(attachment.url).toMatch(
      new RegExp(`^/api/v1/files/attachments/${alice.id}/[0-9a-f-]{36}\\.webp$`),
    );

    const file = await t.app.inject(attachment.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/webp");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.headers["content-disposition"]).toMatch(/^inline; filename=/);
    expect(file.headers["content-security-policy"]).toContain("sandbox");
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from("secret-owner"))).toBe(false);

    const thumb = await t.app.inject(attachment.thumbnailUrl);
    expect(thumb.statusCode).toBe(200);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(thumbMeta.width ?? 0, thumbMeta.height ?? 0)).toBeLessThanOrEqual(320);
  });

  it("accepts images far above the JSON body limit", async () => {
    const noise = randomBytes(1000 * 800 * 3);
    const big = await sharp(noise, { raw: { width: 1000, height: 800, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.byteLength).toBeGreaterThan(2 * 1024 * 1024);
    const address = (await reserve(alice, "IMAGE")).json();
    const res = await upload(alice, address.uploadUrl, big);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ width: 1000, height: 800 });
  });

  it("an upload address cannot be used twice", async () => {
    const address = (await reserve(alice, "IMAGE")).json();
    expect((await upload(alice, address.uploadUrl, await pngWithExif())).statusCode).toBe(201);
    const again = await upload(alice, address.uploadUrl, await pngWithExif());
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe("This upload address was already used or has expired.");
  });

  it("a text file pretending to be a PNG is refused", async () => {
    const address = (await reserve(alice, "IMAGE")).json();
    const res = await upload(
      alice,
      address.uploadUrl,
      Buffer.from("<script>alert(1)</script>\n".repeat(20)),
      "evil.png",
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().errors[0].field).toBe("file");
  });

  it("a wrong token or someone else's address is refused", async () => {
    const address = (await reserve(alice, "IMAGE")).json();
    const forged = address.uploadUrl.replace(/token=.*/, "token=forged-token");
    expect((await upload(alice, forged, await pngWithExif())).statusCode).toBe(409);
    expect((await upload(bob, address.uploadUrl, await pngWithExif())).statusCode).toBe(404);
    // The genuine token still works: neither attempt spent it.
    expect((await upload(alice, address.uploadUrl, await pngWithExif())).statusCode).toBe(201);
  });

  it("refuses a missing file field and files over the size cap", async () => {
    const address = (await reserve(alice, "IMAGE")).json();
    const body = multipart(await pngWithExif(), "a.png", "image/png", "other");
    const wrongField = await t.app.inject({
      method: "POST",
      url: address.uploadUrl,
      payload: body.payload,
      headers: { ...body.headers, ...alice.headers },
    });
    expect(wrongField.statusCode).toBe(400);

    const big = (await reserve(alice, "IMAGE")).json();
    const huge = Buffer.concat([await pngWithExif(), Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await upload(alice, big.uploadUrl, huge);
    expect(tooLarge.statusCode).toBe(413);
  });
});

describe("video uploads", () => {
  it("stores MP4 by content and refuses other files", async () => {
    const address = (await reserve(alice, "VIDEO")).json();
    const res = await upload(alice, address.uploadUrl, fakeMp4(), "clip.mov", "video/quicktime");
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ type: "VIDEO", contentType: "video/mp4", thumbnailUrl: null });
    expect(res.json().url).toMatch(/\.mp4$/);
    const file = await t.app.inject(res.json().url);
    expect(file.headers["content-type"]).toBe("video/mp4");

    // Players seek with byte ranges (and Safari plays nothing without them).
    await expectByteRanges(t.app, res.json().url);

    const notVideo = (await reserve(alice, "VIDEO")).json();
    const refused = await upload(alice, notVideo.uploadUrl, await pngWithExif(), "clip.mp4", "video/mp4");
    expect(refused.statusCode).toBe(415);
  });
});

describe("attaching to comments", () => {
  function comment(user: TestUser, attachmentIds: string[]) {
    return t.app.inject({
      method: "POST",
      url: "/api/v1/site-page-comments",
      headers: user.headers,
      payload: { sitePage_id: pageId, body: "look", attachmentIds },
    });
  }

  it("up to 4 of the author's ready images, shown on the comment", async () => {
    const ids = [await uploadedImage(alice), await uploadedImage(alice)];
    const res = await comment(alice, ids);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().attachments.map((a: { id: string }) => a.id)).toEqual(ids);
    const listed = await t.app.inject(`/api/v1/site-page-comments?searchAnd=id==${res.json().id}`);
    expect(listed.json()[0].attachments).toHaveLength(2);
    // An attachment belongs to one comment only.
    expect((await comment(alice, [ids[0] as string])).statusCode).toBe(422);
  });

  it("refuses someone else's, unfinished, too many or mixed attachments", async () => {
    const bobs = await uploadedImage(bob);
    expect((await comment(alice, [bobs])).statusCode).toBe(422);
    const pending = (await reserve(alice, "IMAGE")).json().id;
    expect((await comment(alice, [pending])).statusCode).toBe(422);
    expect((await comment(alice, ["0190a0a0-0000-7000-8000-000000000000"])).statusCode).toBe(422);
    const five = Array.from({ length: 5 }, () => "0190a0a0-0000-7000-8000-000000000000");
    expect((await comment(alice, five)).statusCode).toBe(400);
    const video = (await reserve(alice, "VIDEO")).json();
    const videoId = (await upload(alice, video.uploadUrl, fakeMp4(), "v.mp4", "video/mp4")).json().id;
    expect((await comment(alice, [videoId, await uploadedImage(alice)])).statusCode).toBe(422);
    expect((await comment(alice, [videoId])).statusCode).toBe(201);
  });

  it("deleting a comment hides its attachments; editing can replace them", async () => {
    const first = await uploadedImage(alice);
    const second = await uploadedImage(alice);
    const created = (await comment(alice, [first])).json();
    const edited = await t.app.inject({
      method: "PUT",
      url: `/api/v1/site-page-comments/${created.id}`,
      headers: alice.headers,
      payload: { body: "changed", attachmentIds: [second] },
    });
    expect(edited.json().attachments.map((a: { id: string }) => a.id)).toEqual([second]);
    await t.app.inject({
      method: "DELETE",
      url: `/api/v1/site-page-comments/${created.id}`,
      headers: alice.headers,
    });
    const listed = await t.app.inject(`/api/v1/site-page-comments?searchAnd=id==${created.id}`);
    expect(listed.json()[0]).toMatchObject({ deleted: true, attachments: [] });
  });
});

describe("uploads nobody attached", () => {
  const fileStatus = async (url: string) => (await t.app.inject(url)).statusCode;
  const age = (id: string, interval: string) =>
    t.app.db.execute(sql`update attachments set created_at = now() - ${interval}::interval,
      expires_at = expires_at - ${interval}::interval where id = ${id}`);
  const sweep = () => sweepUnattached(t.app.db, t.app.storage, t.app.log);

  it("are removed with their files a day later; attached ones and recent ones stay", async () => {
    const stale = (
      await upload(alice, (await reserve(alice, "IMAGE")).json().uploadUrl, await pngWithExif())
    ).json();
    const recent = (
      await upload(alice, (await reserve(alice, "IMAGE")).json().uploadUrl, await pngWithExif())
    ).json();
    const attached = (
      await upload(alice, (await reserve(alice, "IMAGE")).json().uploadUrl, await pngWithExif())
    ).json();
    const neverUploaded = (await reserve(alice, "IMAGE")).json();
    const posted = await t.app.inject({
      method: "POST",
      url: "/api/v1/site-page-comments",
      headers: alice.headers,
      payload: { sitePage_id: pageId, body: "kept", attachmentIds: [attached.id] },
    });
    expect(posted.statusCode).toBe(201);
    for (const id of [stale.id, attached.id]) await age(id, "25 hours");
    await age(neverUploaded.id, "2 hours");
    expect(await fileStatus(stale.url)).toBe(200);

    expect(await sweep()).toBeGreaterThanOrEqual(2);
    expect(await fileStatus(stale.url)).toBe(404);
    expect(await fileStatus(stale.thumbnailUrl)).toBe(404);
    expect((await comment(stale.id)).statusCode).toBe(422);
    expect((await upload(alice, neverUploaded.uploadUrl, await pngWithExif())).statusCode).toBe(404);
    // Still there: the one attached a day ago, and the one uploaded a moment ago.
    expect(await fileStatus(attached.url)).toBe(200);
    expect(await fileStatus(recent.url)).toBe(200);
    expect((await comment(recent.id)).statusCode).toBe(201);
    expect(await sweep()).toBe(0);
  });

  it("go, files and all, when their owner deletes the account", async () => {
    const carol = await createUser(t.app, { displayName: "Carol" });
    await t.app.db.execute(
      sql`update users set password_hash = ${await hashPassword("Carol-pass-2026!")} where id = ${carol.id}`,
    );
    const image = (
      await upload(carol, (await reserve(carol, "IMAGE")).json().uploadUrl, await pngWithExif())
    ).json();
    expect(await fileStatus(image.url)).toBe(200);
    const del = await t.app.inject({
      method: "DELETE",
      url: "/api/account",
      headers: carol.headers,
      payload: { password: "Carol-pass-2026!" },
    });
    expect(del.statusCode, del.body).toBe(204);
    expect(await fileStatus(image.url)).toBe(404);
    expect(await fileStatus(image.thumbnailUrl)).toBe(404);
  });

  function comment(id: string) {
    return t.app.inject({
      method: "POST",
      url: "/api/v1/site-page-comments",
      headers: alice.headers,
      payload: { sitePage_id: pageId, body: "late", attachmentIds: [id] },
    });
  }
});

describe("the sweep on a timer", () => {
  it("runs every ATTACHMENT_SWEEP_INTERVAL_MS and stops with the app", async () => {
    const dir = await mkdtemp(join(tmpdir(), "flipside-sweep-"));
    const swept = await createTestApp({
      PAGE_FETCH_ENABLED: "false",
      RATE_LIMIT_ENABLED: "false",
      UPLOAD_DIR: dir,
      PUBLIC_ORIGIN: ORIGIN,
      ATTACHMENT_SWEEP_INTERVAL_MS: "50",
    });
    try {
      const dora = await createUser(swept.app, { displayName: "Dora" });
      const address = (
        await swept.app.inject({
          method: "POST",
          url: "/api/v1/image-attachment-urls",
          headers: dora.headers,
          payload: { type: "IMAGE", url: "blob:http://localhost/abc" },
        })
      ).json();
      const body = multipart(await pngWithExif(), "photo.png", "image/png");
      const uploaded = (
        await swept.app.inject({
          method: "POST",
          url: address.uploadUrl,
          payload: body.payload,
          headers: { ...body.headers, ...dora.headers },
        })
      ).json();
      expect((await swept.app.inject(uploaded.url)).statusCode).toBe(200);
      await swept.app.db.execute(
        sql`update attachments set created_at = now() - interval '25 hours' where id = ${uploaded.id}`,
      );
      await vi.waitFor(async () => expect((await swept.app.inject(uploaded.url)).statusCode).toBe(404), {
        timeout: 5000,
        interval: 50,
      });
    } finally {
      await swept.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
