import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { requireViewer } from "../../plugins/auth.ts";
import { exportOf } from "./your-data.service.ts";

/** A download is a heavy read: a handful an hour is plenty for anyone. */
const EXPORTS_PER_HOUR = 10;

export const yourDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/account/export",
    {
      onRequest: async (request) => {
        await requireViewer(request);
      },
      schema: {
        tags: ["accounts"],
        summary: "Download everything you wrote, as one JSON file",
        description:
          "The account, contributions still up, notes of every visibility, votes and the addresses of uploaded files, streamed as it is read (`format` says which shape). Ten downloads an hour per account.",
        security: SIGNED_IN,
        response: { 200: z.unknown().describe("application/json attachment"), ...problems(401, 429) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      await app.limiter.consume("export-account", viewer.id, { points: EXPORTS_PER_HOUR, durationSec: 3600 });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header("content-type", "application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="flipside-data-${day}.json"`)
        .header("cache-control", "no-store")
        .send(Readable.from(exportOf(app.db, app.storage, viewer.id)));
    },
  );
};
