import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { text } from "node:stream/consumers";
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3_CREDENTIALS, type S3Server, startS3Server } from "../../test/s3-server.ts";
import { ConfigError, loadConfig } from "../config.ts";
import {
  type ClosableStorage,
  createLocalStorage,
  createS3Storage,
  createStorage,
  isValidKey,
  newKey,
  type Storage,
  storageOptionsFrom,
} from "./storage.ts";

let root: string;
let storage: Storage;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "flipside-storage-"));
  storage = createLocalStorage({ root });
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("local storage", () => {
  it("puts, gets and deletes a file", async () => {
    const key = newKey("avatars/0190", "png");
    await storage.put(key, Buffer.from("pixels"), "image/png");
    const file = await storage.get(key);
    if (!file) throw new Error("stored file not found");
    expect(file).toMatchObject({ contentType: "image/png", size: 6 });
    expect(await text(file.body)).toBe("pixels");
    expect(storage.url(key)).toBe(`/api/v1/files/${key}`);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });

  it("accepts only server-shaped keys with a servable extension", () => {
    expect(isValidKey("avatars/0190-ab/01.webp")).toBe(true);
    for (const bad of [
      "../x.png",
      "a/../../x.png",
      "/abs.png",
      "A.png",
      "x.html",
      "x.svg",
      "x",
      "a//b.png",
      "a/.hidden.png",
    ]) {
      expect(isValidKey(bad), bad).toBe(false);
    }
  });

  it("refuses a content type that does not match the key", async () => {
    await expect(storage.put("a/b.png", Buffer.from("x"), "text/html")).rejects.toThrow();
    await expect(storage.put("../b.png", Buffer.from("x"), "image/png")).rejects.toThrow();
    expect(await storage.get("../../etc/passwd")).toBeNull();
  });

  it("is what createStorage builds when no bucket is configured", async () => {
    const local = createStorage(storageOptionsFrom(loadConfig({ UPLOAD_DIR: root })));
    const key = newKey("attachments/x", "gif");
    await local.put(key, Buffer.from("GIF89a"), "image/gif");
    expect(await storage.get(key)).toMatchObject({ size: 6, contentType: "image/gif" });
  });
});

describe("S3 storage (against s3rver)", () => {
  let s3: S3Server;
  let bucket: S3Client;
  let storage: ClosableStorage;
  const s3Env = () => ({
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
  });
  const s3Storage = (overrides: Partial<Parameters<typeof createS3Storage>[0]> = {}) =>
    createS3Storage({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: "us-east-1",
      ...S3_CREDENTIALS,
      forcePathStyle: true,
      ...overrides,
    });
  /** What the bucket holds, asked directly rather than through the storage under test. */
  const keysInBucket = async () =>
    ((await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((o) => o.Key);

  beforeAll(async () => {
    s3 = await startS3Server();
    bucket = new S3Client({
      endpoint: s3.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: S3_CREDENTIALS,
    });
    storage = s3Storage();
  });
  afterAll(async () => {
    storage?.close();
    bucket?.destroy();
    await s3?.close();
  });

  it("puts, gets and deletes an object, served through the API's files route", async () => {
    const key = newKey("avatars/0190", "png");
    await storage.put(key, Buffer.from("pixels"), "image/png");

    const head = await bucket.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(head).toMatchObject({ ContentType: "image/png", ContentLength: 6 });

    const file = await storage.get(key);
    if (!file) throw new Error("stored object not found");
    expect(file).toMatchObject({ contentType: "image/png", size: 6 });
    expect(await text(file.body)).toBe("pixels");
    // Never a bucket address: the files route adds the headers that keep uploads harmless.
    expect(storage.url(key)).toBe(`/api/v1/files/${key}`);

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await keysInBucket()).not.toContain(key);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("overwrites in place and streams larger objects whole", async () => {
    const key = newKey("attachments/0190", "webm");
    await storage.put(key, Buffer.from("first"), "video/webm");
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    await storage.put(key, big, "video/webm");
    const file = await storage.get(key);
    if (!file) throw new Error("stored object not found");
    expect(file.size).toBe(big.length);
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(big)).toBe(true);
  });

  it("answers null for a key with no object", async () => {
    expect(await storage.get("avatars/nobody/0190.webp")).toBeNull();
  });

  it("refuses malformed keys and mismatched types without touching the bucket", async () => {
    const before = await keysInBucket();
    await expect(storage.put("../b.png", Buffer.from("x"), "image/png")).rejects.toThrow(/Refusing/);
    await expect(storage.put("a/b.png", Buffer.from("x"), "text/html")).rejects.toThrow(/Refusing/);
    await expect(storage.put("a/b.html", Buffer.from("x"), "text/html")).rejects.toThrow(/Refusing/);
    expect(await storage.get("../../etc/passwd")).toBeNull();
    expect(await storage.get("a/b.svg")).toBeNull();
    await storage.delete("A/../b.png");
    expect(await keysInBucket()).toEqual(before);
  });

  it("serves the type of the key, whatever metadata the bucket holds", async () => {
    const { PutObjectCommand } = await import("@aws-sdk/client-s3");
    const key = "avatars/planted/0190.png";
    await bucket.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: "<script>", ContentType: "text/html" }),
    );
    expect(await storage.get(key)).toMatchObject({ contentType: "image/png", size: 8 });
  });

  it("fails loudly on a missing bucket or wrong credentials, never as a missing file", async () => {
    const noBucket = s3Storage({ bucket: "no-such-bucket" });
    // s3rver knows its access key ids but does not check SigV4 signatures: a wrong id it refuses.
    const badKey = s3Storage({ accessKeyId: "NOBODY" });
    try {
      await expect(noBucket.get("avatars/x/0190.png")).rejects.toThrow();
      await expect(noBucket.put("avatars/x/0190.png", Buffer.from("x"), "image/png")).rejects.toThrow();
      await expect(badKey.put("avatars/x/0190.png", Buffer.from("x"), "image/png")).rejects.toThrow(
        /Access Key Id/,
      );
      await expect(badKey.get("avatars/x/0190.png")).rejects.toThrow(/Access Key Id/);
      expect(await keysInBucket()).not.toContain("avatars/x/0190.png");
    } finally {
      noBucket.close();
      badKey.close();
    }
  });

  it("is what createStorage builds from a config with S3_BUCKET, and nothing lands on disk", async () => {
    const uploadDir = await mkdtemp(join(tmpdir(), "flipside-storage-s3-"));
    try {
      const config = loadConfig({ UPLOAD_DIR: uploadDir, ...s3Env() });
      expect(config.S3_FORCE_PATH_STYLE).toBeUndefined();
      const built = createStorage(storageOptionsFrom(config));
      const key = newKey("avatars/0191", "webp");
      await built.put(key, Buffer.from("webp"), "image/webp");
      const res = await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
      expect(await res.Body?.transformToString()).toBe("webp");
      expect(await readdir(uploadDir)).toEqual([]);
      (built as ClosableStorage).close();
    } finally {
      await rm(uploadDir, { recursive: true, force: true });
    }
  });
});

describe("S3 configuration", () => {
  const issuesOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (e) {
      if (e instanceof ConfigError) return e.issues;
      throw e;
    }
    return [];
  };

  it("needs the bucket and both credentials together, and lists what is missing", () => {
    const missing = issuesOf({ S3_BUCKET: "flipside" });
    expect(missing).toHaveLength(2);
    expect(missing.join("\n")).toMatch(/^S3_ACCESS_KEY_ID: required for S3 storage/m);
    expect(missing.join("\n")).toMatch(/^S3_SECRET_ACCESS_KEY: required for S3 storage/m);

    const onlyEndpoint = issuesOf({ S3_ENDPOINT: "http://127.0.0.1:9000" }).join("\n");
    for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]) {
      expect(onlyEndpoint).toContain(name);
    }
    expect(issuesOf({ S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" })).toEqual([
      expect.stringMatching(/^S3_BUCKET: /),
    ]);
  });

  it("accepts a complete setup, an empty one, and reads the path-style switch", () => {
    const full = { S3_BUCKET: "b", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" };
    expect(issuesOf(full)).toEqual([]);
    expect(issuesOf({ S3_BUCKET: "", S3_ACCESS_KEY_ID: "" })).toEqual([]);
    expect(loadConfig({ ...full, S3_FORCE_PATH_STYLE: "false" }).S3_FORCE_PATH_STYLE).toBe(false);
    expect(loadConfig({ ...full, S3_FORCE_PATH_STYLE: "true" }).S3_FORCE_PATH_STYLE).toBe(true);
    expect(loadConfig({ ...full, S3_FORCE_PATH_STYLE: "" }).S3_FORCE_PATH_STYLE).toBeUndefined();
    expect(issuesOf({ ...full, S3_FORCE_PATH_STYLE: "yes" }).join()).toContain("S3_FORCE_PATH_STYLE");
    expect(issuesOf({ ...full, S3_ENDPOINT: "not a url" }).join()).toContain("S3_ENDPOINT");
  });

  it("createStorage refuses a bucket without credentials", () => {
    expect(() => createStorage({ uploadDir: root, s3Bucket: "bucket" })).toThrow(/S3_ACCESS_KEY_ID/);
  });
});
