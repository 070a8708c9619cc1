import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AccountsHarness,
  bearer,
  createAccountsHarness,
  createActivatedUser,
  PASSWORD,
  tokenFor,
} from "../../../test/accounts-support.ts";

let t: AccountsHarness;
let token: string;
beforeAll(async () => {
  t = await createAccountsHarness();
  token = await tokenFor(t, await createActivatedUser(t));
});
afterAll(() => t.close());

const upload = (base64: string, auth = token) =>
  t.app.inject({
    method: "POST",
    url: "/api/account/change-image-url",
    headers: bearer(auth),
    payload: { base64 },
  });

/** GET a file through the files route, given the absolute URL the API handed out. */
const fetchFile = (url: string) => t.app.inject({ method: "GET", url });

const png = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: "#ff0000" } })
    .png()
    .toBuffer();

describe("POST /api/account/change-image-url", () => {
  it("re-encodes a PNG to a square WebP avatar served from /api/v1/files", async () => {
    const res = await upload((await png()).toString("base64"));
    expect(res.statusCode).toBe(200);
    const { imageUrl, id } = res.json();
    expect(imageUrl).toMatch(new RegExp(`^/api/v1/files/avatars/${id}/[0-9a-f-]{36}-256\\.webp$`));

    const file = await fetchFile(imageUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/webp");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(file.headers["content-disposition"]).toMatch(/^inline; filename="[0-9a-f-]{36}-256\.webp"$/);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    // The bylines' copy.
    const small = await fetchFile(imageUrl.replace("-256.webp", "-64.webp"));
    expect(small.statusCode).toBe(200);
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: "webp", width: 64, height: 64 });

    const profile = await t.app.inject(`/api/v1/profiles/${id}`);
    expect(profile.json().imageUrl).toBe(imageUrl);
  });

  it("accepts a JPEG data URL and strips its EXIF (GPS and all)", async () => {
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#00ff00" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "secret-owner", Artist: "Jane Doe" } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif?.toString("latin1")).toContain("secret-owner");

    const res = await upload(`data:image/jpeg;base64,${jpeg.toString("base64")}`);
    expect(res.statusCode).toBe(200);
    const file = await fetchFile(res.json().imageUrl);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(file.rawPayload.toString("latin1")).not.toContain("secret-owner");
  });

  it("replacing an avatar deletes the old files, both sizes", async () => {
    const first = (await upload((await png()).toString("base64"))).json().imageUrl;
    const second = (await upload((await png()).toString("base64"))).json().imageUrl;
    expect(second).not.toBe(first);
    expect((await fetchFile(first)).statusCode).toBe(404);
    expect((await fetchFile(first.replace("-256.", "-64."))).statusCode).toBe(404);
    expect((await fetchFile(second)).statusCode).toBe(200);
  });

  it("takes a GIF's first frame", async () => {
    const gif = await sharp({ create: { width: 90, height: 60, channels: 3, background: "#0000ff" } })
      .gif()
      .toBuffer();
    const res = await upload(gif.toString("base64"));
    expect(res.statusCode).toBe(200);
    const meta = await sharp((await fetchFile(res.json().imageUrl)).rawPayload).metadata();
    // Square whatever the upload's shape and size.
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
  });

  it("refuses with 400 what is not a JPEG, PNG, WebP or GIF by its content, and keeps the old picture", async () => {
    const before = (await t.app.inject({ url: "/api/account", headers: bearer(token) })).json().imageUrl;
    const text = await upload(Buffer.from("hello, I am not an image at all").toString("base64"));
    expect(text.statusCode).toBe(400);
    expect(text.json().errors).toEqual([
      { field: "base64", message: "The image must be a JPEG, PNG, WebP or GIF file" },
    ]);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(`data:image/png;base64,${svg.toString("base64")}`)).statusCode).toBe(400);
    const after = (await t.app.inject({ url: "/api/account", headers: bearer(token) })).json().imageUrl;
    expect(after).toBe(before);
  });

  it("DELETE /api/account/image removes the picture and its files", async () => {
    const own = await tokenFor(t, await createActivatedUser(t));
    const url = (await upload((await png()).toString("base64"), own)).json().imageUrl;
    const removed = await t.app.inject({ method: "DELETE", url: "/api/account/image", headers: bearer(own) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().imageUrl).toBeNull();
    expect((await fetchFile(url)).statusCode).toBe(404);
    expect((await fetchFile(url.replace("-256.", "-64."))).statusCode).toBe(404);
    // Twice is fine: nothing to remove.
    const again = await t.app.inject({ method: "DELETE", url: "/api/account/image", headers: bearer(own) });
    expect(again.statusCode).toBe(200);
    expect((await t.app.inject({ method: "DELETE", url: "/api/account/image" })).statusCode).toBe(401);
  });

  it("refuses a truncated image and malformed base64 with 400", async () => {
    const cut = (await png()).subarray(0, 60);
    expect((await upload(cut.toString("base64"))).statusCode).toBe(400);
    const bad = await upload("***not base64***");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: "base64" })]);
  });

  it("refuses more than 5 MB with 413", async () => {
    const big = randomBytes(5 * 1024 * 1024 + 1).toString("base64");
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    // Far over: refused by the body limit before any decoding.
    const huge = await upload("A".repeat(9 * 1024 * 1024));
    expect(huge.statusCode).toBe(413);
  });

  it("needs a session", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/account/change-image-url",
      payload: { base64: "AAAA" },
    });
    expect(res.statusCode).toBe(401);
  });

  it("deleting the account deletes the avatar file", async () => {
    const email = await createActivatedUser(t);
    const own = await tokenFor(t, email);
    const url = (await upload((await png()).toString("base64"), own)).json().imageUrl;
    expect((await fetchFile(url)).statusCode).toBe(200);
    const del = await t.app.inject({
      method: "DELETE",
      url: "/api/account",
      headers: bearer(own),
      payload: { password: PASSWORD },
    });
    expect(del.statusCode).toBe(204);
    expect((await fetchFile(url)).statusCode).toBe(404);
    expect((await fetchFile(url.replace("-256.", "-64."))).statusCode).toBe(404);
  });
});

describe("GET /api/v1/files/*", () => {
  it("404 for unknown files and for keys that try to leave the upload folder", async () => {
    expect((await t.app.inject("/api/v1/files/avatars/nope/none.webp")).statusCode).toBe(404);
    expect((await t.app.inject("/api/v1/files/..%2F..%2Fjwt-secret")).statusCode).toBe(404);
    expect((await t.app.inject("/api/v1/files/%2e%2e/%2e%2e/etc/passwd")).statusCode).toBe(404);
    expect((await t.app.inject("/api/v1/files/avatars/x/evil.html")).statusCode).toBe(404);
  });

  it("stores files under DATA_DIR/uploads by default", async () => {
    const files = await readdir(join(t.dataDir, "uploads", "avatars"), { recursive: true });
    expect(files.some((f) => f.endsWith(".webp"))).toBe(true);
  });
});
