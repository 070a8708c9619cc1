import { posix } from "node:path";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors.ts";
import { problems } from "../accounts/accounts.openapi.ts";

/**
 * Uploaded files are hostile until proven otherwise: even re-encoded ones are served so that
 * a browser can never run them as a page (sandboxing CSP, no sniffing, declared type only).
 */
const FILE_CSP = "default-src 'none'; sandbox";

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/v1/files/*",
    {
      schema: {
        tags: ["files"],
        summary: "An uploaded file (avatar, attachment)",
        params: z.object({ "*": z.string().max(300) }),
        response: {
          200: {
            description: "The file, with the type it was stored as (images and videos only)",
            content: {
              "image/*": { schema: z.any().meta({ type: "string", format: "binary" }) },
              "video/*": { schema: z.any().meta({ type: "string", format: "binary" }) },
            },
          },
          ...problems(404),
        },
      },
    },
    async (request, reply) => {
      const key = request.params["*"];
      const file = await app.storage.get(key);
      if (!file) throw notFound("There is no file at this address.");
      const inline = file.contentType.startsWith("image/") || file.contentType.startsWith("video/");
      const name = posix.basename(key);
      return (
        reply
          .header("content-type", file.contentType)
          .header("content-length", String(file.size))
          .header("content-disposition", `${inline ? "inline" : "attachment"}; filename="${name}"`)
          .header("x-content-type-options", "nosniff")
          .header("content-security-policy", FILE_CSP)
          .header("cross-origin-resource-policy", "cross-origin")
          // Keys are never reused (a new upload gets a new uuid), so the answer never changes.
          .header("cache-control", "public, max-age=31536000, immutable")
          .send(file.body)
      );
    },
  );
};
