import multipart from "@fastify/multipart";
import {
  Attachment,
  AttachmentUploadAddress,
  DISCUSSION_MESSAGES,
  ImageAttachmentUrlRequest,
  VIDEO_MAX_BYTES,
  VideoAttachmentUrlRequest,
} from "@flipside/contracts/discussion";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, badRequest } from "../../lib/errors.ts";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { requireActivatedViewer } from "../../plugins/auth.ts";
import { createAttachmentsService, fileTooLarge, maxBytesOf } from "./attachments.service.ts";
import { scheduleSweeps } from "./attachments.sweeper.ts";

const TAGS = ["attachments"];

export const attachmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAttachmentsService({
    db: app.db,
    storage: app.storage,
    limiter: app.limiter,
    config: app.config,
  });
  const interval = app.config.ATTACHMENT_SWEEP_INTERVAL_MS;
  if (interval > 0) {
    await scheduleSweeps({
      jobs: app.jobs,
      db: app.db,
      storage: app.storage,
      log: app.log,
      intervalMs: interval,
    });
  }

  // Encapsulated: multipart bodies are accepted by the upload route of this plugin only.
  await app.register(multipart, {
    limits: { fileSize: VIDEO_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  const reserve = (type: "IMAGE" | "VIDEO") =>
    ({
      schema: {
        tags: TAGS,
        summary: type === "IMAGE" ? "Reserve an image upload" : "Reserve a video upload",
        description: `Returns a one-time upload address valid for 15 minutes: POST the file there as the multipart field \`file\`. ${type === "IMAGE" ? "JPEG, PNG, WebP or GIF up to 10 MB" : "MP4 or WebM up to 100 MB"}. Needs an activated account; RATE_LIMIT_UPLOAD_PER_HOUR per account.`,
        security: SIGNED_IN,
        body: type === "IMAGE" ? ImageAttachmentUrlRequest : VideoAttachmentUrlRequest,
        response: { 201: AttachmentUploadAddress, ...problems(400, 401, 403, 429) },
      },
    }) as const;

  app.post("/v1/image-attachment-urls", reserve("IMAGE"), async (request, reply) => {
    const viewer = await requireActivatedViewer(request);
    return reply.status(201).send(await service.reserve(viewer, "IMAGE"));
  });

  app.post("/v1/video-attachment-urls", reserve("VIDEO"), async (request, reply) => {
    const viewer = await requireActivatedViewer(request);
    return reply.status(201).send(await service.reserve(viewer, "VIDEO"));
  });

  app.post(
    "/v1/attachment-uploads/:id",
    {
      schema: {
        tags: TAGS,
        summary: "Upload the file of a reserved attachment",
        description:
          "multipart/form-data with the field `file`. The address works once. The type is recognised by content: images are re-encoded (metadata stripped) with a thumbnail; videos must be MP4 or WebM. The file is then served from /api/v1/files/… and can be attached to a comment by its id.",
        security: SIGNED_IN,
        consumes: ["multipart/form-data"],
        params: z.object({ id: z.uuid() }),
        querystring: z.object({ token: z.string().min(1).max(200) }),
        response: { 201: Attachment, ...problems(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const viewer = await requireActivatedViewer(request);
      const pending = await service.pendingOf(viewer, request.params.id);
      if (!request.isMultipart())
        throw badRequest(DISCUSSION_MESSAGES.fileMissing, [
          { field: "file", message: DISCUSSION_MESSAGES.fileMissing },
        ]);
      const attachment = await service.takeToken(pending.id, request.query.token);
      const maxBytes = maxBytesOf(attachment.type);
      let buffer: Buffer;
      try {
        const file = await request.file({ limits: { fileSize: maxBytes } });
        if (file?.fieldname !== "file") {
          throw badRequest(DISCUSSION_MESSAGES.fileMissing, [
            { field: "file", message: DISCUSSION_MESSAGES.fileMissing },
          ]);
        }
        buffer = await file.toBuffer();
      } catch (error) {
        if (error instanceof AppError) throw error;
        const code = (error as { code?: string }).code;
        if (code === "FST_REQ_FILE_TOO_LARGE") throw fileTooLarge(maxBytes);
        throw badRequest(DISCUSSION_MESSAGES.fileMissing, [
          { field: "file", message: DISCUSSION_MESSAGES.fileMissing },
        ]);
      }
      return reply.status(201).send(await service.store(attachment, buffer));
    },
  );
};
