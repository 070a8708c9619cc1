import type { FastifyInstance } from "fastify";
import { createStorage, type Storage } from "../../lib/storage.ts";

/** The app's storage (`app.storage`), or one built from the config when none is registered. */
export function storageOf(app: FastifyInstance): Storage {
  if (app.hasDecorator("storage")) return app.storage;
  return createStorage({
    uploadDir: app.config.uploadDir,
    publicOrigin: app.config.publicOrigin,
    s3Bucket: app.config.S3_BUCKET,
  });
}
