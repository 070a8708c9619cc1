import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AccountsHarness,
  bearer,
  createAccountsHarness,
  createActivatedUser,
  tokenFor,
} from "../../../test/accounts-support.ts";
import { expectByteRanges } from "../../../test/ranges.ts";
import { S3_CREDENTIALS, type S3Server, startS3Server } from "../../../test/s3-server.ts";

let s3: S3Server;
let bucket: S3Client;
let t: AccountsHarness;
let token: string;
beforeAll(async () => {
  s3 = await startS3Server("flipside");
  bucket = new S3Client({
    endpoint: s3.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: S3_CREDENTIALS,
  });
  t = await createAccountsHarness({
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: "flipside",
    S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
  });
  token = await tokenFor(t, await createActivatedUser(t));
});
afterAll(async () => {
  await t?.close();
  bucket?.destroy();
  await s3?.close();
});

const upload = async () =>
  t.app.inject({
    method: "POST",
    url: "/api/account/change-image-url",
    headers: bearer(token),
    payload: {
      base64: (
        await sharp({ create: { width: 300, height: 300, channels: 3, background: "#0000ff" } })
          .png()
          .toBuffer()
      ).toString("base64"),
    },
  });

const keyOf = (url: string) => url.replace("/api/v1/files/", "");
const fetchFile = (url: string) => t.app.inject({ method: "GET", url });

describe("uploads with S3_BUCKET configured", () => {
  it("stores an avatar in the bucket and serves it through the files route", async () => {
    const res = await upload();
    expect(res.statusCode).toBe(200);
    const { imageUrl, id } = res.json();
    // The API's own address, never the bucket's.
    expect(imageUrl).toMatch(new RegExp(`^/api/v1/files/avatars/${id}/[0-9a-f-]{36}-256\\.webp$`));
    expect(imageUrl).not.toContain(s3.endpoint);

    const head = await bucket.send(new HeadObjectCommand({ Bucket: "flipside", Key: keyOf(imageUrl) }));
    expect(head.ContentType).toBe("image/webp");

    const file = await fetchFile(imageUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/webp");
    expect(file.headers["content-length"]).toBe(String(head.ContentLength));
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(file.headers["content-disposition"]).toMatch(/^inline; filename="[0-9a-f-]{36}-256\.webp"$/);
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({
      format: "webp",
      width: 256,
      height: 256,
    });

    // Nothing went to the local upload directory.
    const local = await readdir(join(t.dataDir, "uploads"), { recursive: true }).catch(() => []);
    expect(local).toEqual([]);
  });

  it("serves byte ranges from the bucket", async () => {
    const { imageUrl } = (await upload()).json();
    await expectByteRanges(t.app, imageUrl);
  });

  it("deletes the replaced avatar from the bucket and answers 404 for it", async () => {
    const first = (await upload()).json().imageUrl;
    const second = (await upload()).json().imageUrl;
    expect(second).not.toBe(first);
    expect((await fetchFile(first)).statusCode).toBe(404);
    expect((await fetchFile(second)).statusCode).toBe(200);
    const listed = await bucket.send(new ListObjectsV2Command({ Bucket: "flipside" }));
    const keys = (listed.Contents ?? []).map((o) => o.Key);
    expect(keys).toContain(keyOf(second));
    expect(keys).not.toContain(keyOf(first));
  });

  it("answers 404 for a key the bucket does not hold", async () => {
    const res = await t.app.inject("/api/v1/files/avatars/nobody/0190.webp");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("application/problem+json");
  });
});
