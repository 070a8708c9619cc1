import { createHash, randomBytes } from "node:crypto";
import {
  type Attachment,
  type AttachmentUploadAddress,
  DISCUSSION_MESSAGES,
  IMAGE_MAX_BYTES,
  UPLOAD_URL_TTL_SECONDS,
  VIDEO_MAX_BYTES,
} from "@flipside/contracts/discussion";
import { fileTypeFromBuffer } from "file-type";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import { reencodeImage } from "../../lib/images.ts";
import type { Limiter } from "../../lib/rate-limit.ts";
import { newKey, type Storage } from "../../lib/storage.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { presentAttachment } from "../discussion/index.ts";
import * as repo from "./attachments.repository.ts";

/** Attached images are shown at most this large; thumbnails fit this box. */
const IMAGE_BOX = 2048;
const THUMB_BOX = 320;
const VIDEO_TYPES: Record<string, string> = { "video/mp4": "mp4", "video/webm": "webm" };

const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export const UPLOAD_ROUTE = "/api/v1/attachment-uploads";

export function unsupportedVideo(): AppError {
  return new AppError("unsupported_media_type", DISCUSSION_MESSAGES.videoType, [
    { field: "file", message: DISCUSSION_MESSAGES.videoType },
  ]);
}

export function fileTooLarge(maxBytes: number): AppError {
  const message = `${DISCUSSION_MESSAGES.fileTooLarge}: at most ${Math.floor(maxBytes / (1024 * 1024))} MB`;
  return new AppError("payload_too_large", message, [{ field: "file", message }]);
}

export const maxBytesOf = (type: "IMAGE" | "VIDEO") => (type === "IMAGE" ? IMAGE_MAX_BYTES : VIDEO_MAX_BYTES);

export interface AttachmentsDeps {
  db: Db;
  storage: Storage;
  limiter: Limiter;
  config: Config;
}

export function createAttachmentsService(deps: AttachmentsDeps) {
  const { db, storage } = deps;

  return {
    /**
     * Reserves an attachment and hands out a one-time upload address (docs/discussion.md#attachments). Only
     * the token's hash is stored; the address works once, for UPLOAD_URL_TTL_SECONDS.
     */
    async reserve(viewer: Viewer, type: "IMAGE" | "VIDEO"): Promise<AttachmentUploadAddress> {
      await deps.limiter.consume("upload-hour", viewer.id, {
        points: deps.config.RATE_LIMIT_UPLOAD_PER_HOUR,
        durationSec: 60 * 60,
      });
      const token = randomBytes(32).toString("base64url");
      const expiresAt = new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000);
      const row = await repo.insertAttachment(db, {
        ownerId: viewer.id,
        type,
        uploadTokenHash: hashToken(token),
        expiresAt,
      });
      return {
        id: row.id,
        // A path on this server, as file addresses are (lib/storage.ts).
        uploadUrl: `${UPLOAD_ROUTE}/${row.id}?token=${token}`,
        expiresDate: expiresAt.toISOString(),
      };
    },

    /** The attachment an upload is for, when it is the viewer's own (404 otherwise). */
    async pendingOf(viewer: Viewer, id: string) {
      const row = await repo.findAttachment(db, id);
      if (!row || row.ownerId !== viewer.id) throw notFound("There is no such upload address.");
      return row;
    },

    /** Spends the one-time token: a second use, or a late one, is refused. */
    async takeToken(id: string, token: string) {
      const row = await repo.takeUploadToken(db, id, hashToken(token));
      if (!row) throw conflict(DISCUSSION_MESSAGES.uploadUsed);
      return row;
    },

    /**
     * Stores an uploaded file, judged by its content and never by its name or declared type.
     * Images are decoded and encoded afresh (metadata such as GPS positions is left behind)
     * with a thumbnail; videos must be MP4 or WebM and are stored as they are.
     */
    async store(attachment: repo.AttachmentRow, file: Buffer): Promise<Attachment> {
      const folder = `attachments/${attachment.ownerId}`;
      let ready: repo.AttachmentRow | undefined;
      if (attachment.type === "IMAGE") {
        const options = {
          allowed: ["jpeg", "png", "webp", "gif"] as const,
          maxBytes: IMAGE_MAX_BYTES,
          output: "webp" as const,
        };
        const image = await reencodeImage(file, {
          ...options,
          resize: { width: IMAGE_BOX, height: IMAGE_BOX, fit: "inside" },
          animated: true,
        });
        const thumb = await reencodeImage(file, {
          ...options,
          resize: { width: THUMB_BOX, height: THUMB_BOX, fit: "inside" },
          quality: 70,
        });
        const key = newKey(folder, image.extension);
        const thumbKey = newKey(folder, thumb.extension);
        await storage.put(key, image.buffer, image.contentType);
        await storage.put(thumbKey, thumb.buffer, thumb.contentType);
        ready = await repo.markReady(db, attachment.id, {
          storageKey: key,
          thumbKey,
          contentType: image.contentType,
          size: image.buffer.byteLength,
          width: image.width,
          height: image.height,
        });
      } else {
        if (file.byteLength > VIDEO_MAX_BYTES) throw fileTooLarge(VIDEO_MAX_BYTES);
        const sniffed = await fileTypeFromBuffer(file);
        const extension = sniffed ? VIDEO_TYPES[sniffed.mime] : undefined;
        if (!sniffed || !extension) throw unsupportedVideo();
        const key = newKey(folder, extension);
        await storage.put(key, file, sniffed.mime);
        ready = await repo.markReady(db, attachment.id, {
          storageKey: key,
          thumbKey: null,
          contentType: sniffed.mime,
          size: file.byteLength,
          width: null,
          height: null,
        });
      }
      if (!ready) throw notFound("There is no such upload address.");
      return presentAttachment(ready, storage);
    },
  };
}
