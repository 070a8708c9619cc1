import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, extname, join, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { v7 as uuidv7 } from "uuid";
import type { Config } from "../config.ts";

/** Where uploaded files are served from (the files route of this API). */
export const FILES_ROUTE_PREFIX = "/api/v1/files/";

export interface StoredFile {
  /** The whole file, or only the requested bytes when a satisfiable range was asked for. */
  body: Readable;
  contentType: string;
  /** Size of the whole file. */
  size: number;
  /** The bytes in `body` (inclusive), when a range was asked for and can be served. */
  range?: { start: number; end: number } | "unsatisfiable";
}

/** One byte range as HTTP asks for it: `start-end`, `start-` or the last `suffix` bytes. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

/** The answer for a range that covers none of the file. */
const unsatisfiable = (size: number, contentType: string): StoredFile => ({
  body: Readable.from([]),
  size,
  contentType,
  range: "unsatisfiable",
});

/** The inclusive bytes a range covers in a file of `size`, or null when it covers none. */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } | null {
  if ("suffix" in range) {
    return range.suffix > 0 && size > 0 ? { start: Math.max(0, size - range.suffix), end: size - 1 } : null;
  }
  const end = Math.min(range.end ?? size - 1, size - 1);
  return range.start <= end ? { start: range.start, end } : null;
}

/**
 * Uploaded files (avatars, attachments). Keys are chosen by the server, never by a client:
 * `avatars/<user>/<uuid>.webp`. Local disk by default; an S3-compatible implementation of
 * the same interface plugs in when S3_* is configured.
 */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none under this key (or the key is malformed). */
  get(key: string, range?: ByteRange): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  /**
   * Where a key is served, as a path on this server: clients resolve it against the origin
   * they called (docs/decisions/022-files-and-mail-links-follow-the-origin.md).
   */
  url(key: string): string;
}

/** Content types the files route may answer with, by extension: never text/html or SVG. */
export const CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".avif": "image/avif",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
};

const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*\.[a-z0-9]{2,5}$/;

export function isValidKey(key: string): boolean {
  return key.length <= 300 && KEY.test(key) && extname(key) in CONTENT_TYPES;
}

/** A fresh key under a folder, e.g. newKey("avatars/<id>", "webp"). */
export function newKey(folder: string, extension: string): string {
  return `${folder}/${uuidv7()}.${extension}`;
}

/**
 * Where a stored file is served: this server's own files route, by a root-relative path. Not an
 * absolute URL: a page opened at another name of this server (127.0.0.1 for localhost, an
 * internal host name) would then load files from an origin its CSP does not allow (issue 19),
 * and a cached answer would carry whichever host asked first.
 */
const filesUrl = (key: string) => `${FILES_ROUTE_PREFIX}${key}`;

export function createLocalStorage(opts: { root: string }): Storage {
  const root = resolve(opts.root);
  const pathOf = (key: string) => {
    if (!isValidKey(key)) return null;
    const path = resolve(root, key);
    // The key pattern already excludes "..", this is the belt to those braces.
    return path.startsWith(root + sep) ? path : null;
  };
  return {
    async put(key, body, contentType) {
      const path = pathOf(key);
      if (!path || CONTENT_TYPES[extname(key)] !== contentType) {
        throw new Error(`Refusing to store ${key} as ${contentType}`);
      }
      await mkdir(dirname(path), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = join(dirname(path), `.${uuidv7()}.tmp`);
      await writeFile(tmp, body);
      await rename(tmp, path);
    },
    async get(key, range) {
      const path = pathOf(key);
      if (!path) return null;
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        const contentType = CONTENT_TYPES[extname(key)] ?? "application/octet-stream";
        if (range) {
          const bytes = resolveRange(range, info.size);
          if (!bytes) return unsatisfiable(info.size, contentType);
          return { body: createReadStream(path, bytes), size: info.size, contentType, range: bytes };
        }
        return { body: createReadStream(path), size: info.size, contentType };
      } catch {
        return null;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      if (path) await rm(path, { force: true });
    },
    url: filesUrl,
  };
}

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible server (MinIO, Garage, R2…); unset for AWS S3 itself. */
  endpoint?: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path rather than the host name, as most S3-compatible servers want. */
  forcePathStyle: boolean;
}

type S3Sdk = typeof import("@aws-sdk/client-s3");
type S3Client = import("@aws-sdk/client-s3").S3Client;

/** A storage that holds a client to let go of when the app closes. */
export interface ClosableStorage extends Storage {
  close(): void;
}

/**
 * Uploaded files in an S3 bucket. `url` still answers the files route of this API, never a bucket
 * address: files are always served through it, with its protective headers, and the bucket stays private.
 */
export function createS3Storage(opts: S3StorageOptions): ClosableStorage {
  // The SDK is loaded on first use: it takes some 35 MB of memory that a process storing its
  // files on disk never needs, so nothing imports it statically.
  let connecting: Promise<{ sdk: S3Sdk; client: S3Client }> | undefined;
  const connect = () =>
    (connecting ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: opts.region,
        ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
        forcePathStyle: opts.forcePathStyle,
        credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
        // Checksum headers on every upload (the SDK default since 2025) are refused by several
        // S3-compatible servers; send them only where the API requires them.
        requestChecksumCalculation: "WHEN_REQUIRED",
      }),
    })));
  const Bucket = opts.bucket;
  return {
    async put(key, body, contentType) {
      if (!isValidKey(key) || CONTENT_TYPES[extname(key)] !== contentType) {
        throw new Error(`Refusing to store ${key} as ${contentType}`);
      }
      const { sdk, client } = await connect();
      // One PutObject is atomic: a reader sees the old object, none, or the whole new one.
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },
    async get(key, range) {
      if (!isValidKey(key)) return null;
      // The type follows the key, as on disk: never whatever metadata the bucket holds.
      const contentType = CONTENT_TYPES[extname(key)] ?? "application/octet-stream";
      const { sdk, client } = await connect();
      let Range: string | undefined;
      try {
        if (range && "suffix" in range) {
          // Suffix ranges are made absolute here: not every S3-compatible server reads them right.
          const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
          const bytes = resolveRange(range, head.ContentLength ?? 0);
          if (!bytes) {
            return unsatisfiable(head.ContentLength ?? 0, contentType);
          }
          Range = `bytes=${bytes.start}-${bytes.end}`;
        } else if (range) {
          Range = `bytes=${range.start}-${range.end ?? ""}`;
        }
        const res = await client.send(
          new sdk.GetObjectCommand({ Bucket, Key: key, ...(Range ? { Range } : {}) }),
        );
        if (!(res.Body instanceof Readable) || res.ContentLength === undefined) {
          (res.Body as { destroy?: () => void } | undefined)?.destroy?.();
          throw new Error(`S3 answered ${key} without a readable body of known length`);
        }
        const served = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.ContentRange ?? "");
        if (Range && served) {
          const [, start, end, size] = served.map(Number) as [number, number, number, number];
          return { body: res.Body, size, contentType, range: { start, end } };
        }
        return { body: res.Body, size: res.ContentLength, contentType };
      } catch (e) {
        if (isNotFound(sdk, e)) return null;
        // InvalidRange is not modelled by the SDK: it arrives as a plain service error.
        if (Range && (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416) {
          const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
          return unsatisfiable(head.ContentLength ?? 0, contentType);
        }
        throw e;
      }
    },
    async delete(key) {
      // Deleting a missing object succeeds on S3, as rm --force does on disk.
      if (!isValidKey(key)) return;
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    url: filesUrl,
    close() {
      // A client that never connected has nothing to let go of.
      void connecting?.then(
        ({ client }) => client.destroy(),
        () => {},
      );
    },
  };
}

/** No such object. A missing bucket is a broken setup, not a missing file: that one must surface. */
function isNotFound(sdk: S3Sdk, e: unknown): boolean {
  if (!(e instanceof sdk.S3ServiceException) || e.name === "NoSuchBucket") return false;
  return e.name === "NoSuchKey" || e.$metadata.httpStatusCode === 404;
}

export interface StorageOptions {
  uploadDir: string;
  s3Bucket?: string | undefined;
  s3Endpoint?: string | undefined;
  s3Region?: string | undefined;
  s3AccessKeyId?: string | undefined;
  s3SecretAccessKey?: string | undefined;
  /** Defaults to true with an endpoint (S3-compatible servers), false for AWS S3. */
  s3ForcePathStyle?: boolean | undefined;
  storage?: Storage;
}

/** The storage settings of a parsed config. */
export function storageOptionsFrom(config: Config): StorageOptions {
  return {
    uploadDir: config.uploadDir,
    s3Bucket: config.S3_BUCKET,
    s3Endpoint: config.S3_ENDPOINT,
    s3Region: config.S3_REGION,
    s3AccessKeyId: config.S3_ACCESS_KEY_ID,
    s3SecretAccessKey: config.S3_SECRET_ACCESS_KEY,
    s3ForcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}

/** S3 when a bucket is configured, the local disk otherwise. */
export function createStorage(opts: StorageOptions): Storage {
  if (opts.s3Bucket) {
    if (!opts.s3AccessKeyId || !opts.s3SecretAccessKey) {
      throw new Error("S3 storage needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY with S3_BUCKET.");
    }
    return createS3Storage({
      bucket: opts.s3Bucket,
      endpoint: opts.s3Endpoint,
      region: opts.s3Region || "us-east-1",
      accessKeyId: opts.s3AccessKeyId,
      secretAccessKey: opts.s3SecretAccessKey,
      forcePathStyle: opts.s3ForcePathStyle ?? Boolean(opts.s3Endpoint),
    });
  }
  return createLocalStorage({ root: opts.uploadDir });
}

declare module "fastify" {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** Decorates the app with `app.storage`. */
export const storagePlugin = fp(
  async (app: FastifyInstance, opts: StorageOptions) => {
    const storage = opts.storage ?? createStorage(opts);
    app.decorate("storage", storage);
    const close = (storage as Partial<ClosableStorage>).close;
    if (!opts.storage && close) app.addHook("onClose", async () => close.call(storage));
  },
  { name: "storage" },
);
