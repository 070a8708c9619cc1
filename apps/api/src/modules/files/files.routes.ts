import { posix } from "node:path";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, notFound } from "../../lib/errors.ts";
import { problems } from "../../lib/openapi-responses.ts";
import type { ByteRange } from "../../lib/storage.ts";

/**
 * Uploaded files are hostile until proven otherwise: even re-encoded ones are served so that
 * a browser can never run them as a page (sandboxing CSP, no sniffing, declared type only).
 */
const FILE_CSP = "default-src 'none'; sandbox";

/**
 * A single byte range (what video players ask for; Safari plays nothing without them). Anything
 * else, multiple ranges included, is ignored and the whole file is sent, as HTTP allows.
 */
function parseRange(header: string | undefined): ByteRange | undefined {
  const match = header ? /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, from, to] = match as unknown as [string, string, string];
  if (from === "") return to === "" ? undefined : { suffix: Number(to) };
  if (to !== "" && Number(to) < Number(from)) return undefined;
  return to === "" ? { start: Number(from) } : { start: Number(from), end: Number(to) };
}

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
          206: {
            description: "The requested bytes of the file (a single `Range: bytes=…`)",
            content: {
              "image/*": { schema: z.any().meta({ type: "string", format: "binary" }) },
              "video/*": { schema: z.any().meta({ type: "string", format: "binary" }) },
            },
          },
          ...problems(404, 416),
        },
      },
    },
    async (request, reply) => {
      const key = request.params["*"];
      const file = await app.storage.get(key, parseRange(request.headers.range));
      if (!file) throw notFound("There is no file at this address.");
      reply.header("accept-ranges", "bytes");
      if (file.range === "unsatisfiable") {
        file.body.destroy();
        throw new AppError("range_not_satisfiable", `The file has ${file.size} bytes.`, undefined, {
          headers: { "content-range": `bytes */${file.size}` },
        });
      }
      if (file.range) {
        reply.status(206).header("content-range", `bytes ${file.range.start}-${file.range.end}/${file.size}`);
      }
      const length = file.range ? file.range.end - file.range.start + 1 : file.size;
      const inline = file.contentType.startsWith("image/") || file.contentType.startsWith("video/");
      const name = posix.basename(key);
      return (
        reply
          .header("content-type", file.contentType)
          .header("content-length", String(length))
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
