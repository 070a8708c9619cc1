import {
  CommentShareMailRequest,
  ShareCode,
  ShareCodeQuery,
  ShareMailReceipt,
  ShareTarget,
  SitePageShareMailRequest,
} from "@flipside/contracts/sharing";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { linkOrigin } from "../../lib/link-origin.ts";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { unsubscribeRoutes } from "../../lib/unsubscribe-routes.ts";
import { requireActivatedViewer } from "../../plugins/auth.ts";
import { createSharingService } from "./sharing.service.ts";

const TAGS = ["sharing"];
const MAIL_RULES =
  "Up to 5 addresses, a plain-text message of at most 500 characters, one fixed template (your display name, the page or the comment, the link). Activated accounts only; 20 addresses a day per person (429 past it). Always 202: an address that unsubscribed gets nothing, and the answer does not say so.";

/** Share links and sharing by mail (docs/sharing.md). */
export const sharingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createSharingService({ db: app.db, mailer: app.mailer });

  app.get(
    "/v1/share-codes",
    {
      schema: {
        tags: TAGS,
        summary: "The share link of a page or a comment",
        description:
          "Give `sitePage_id` or `commentId` (a comment or reply). The code is 10 base62 characters, unguessable, and the same for the same target; `/s/{code}` leads to it. `opens` and `mailed` count its use.",
        querystring: ShareCodeQuery,
        response: { 200: ShareCode, ...problems(400, 404) },
      },
    },
    async (request) => service.code(await request.viewer(), request.query),
  );

  app.get(
    "/v1/share-codes/:code",
    {
      schema: {
        tags: TAGS,
        summary: "Where a share link leads",
        description:
          "The page's address and the comment to show; counts an open. `/s/{code}` redirects with it.",
        params: z.object({ code: z.string().regex(/^[0-9A-Za-z]{1,40}$/) }),
        response: { 200: ShareTarget, ...problems(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.open(request.params.code);
    },
  );

  const mailResponses = { 202: ShareMailReceipt, ...problems(400, 401, 403, 404, 429) };

  app.post(
    "/v1/site-page-shares/mail",
    {
      schema: {
        tags: TAGS,
        summary: "Share a page by mail",
        description: MAIL_RULES,
        security: SIGNED_IN,
        body: SitePageShareMailRequest,
        response: mailResponses,
      },
    },
    async (request, reply) => {
      const viewer = await requireActivatedViewer(request);
      await service.mailPage(viewer, request.body, linkOrigin(app.config.publicOrigin, request));
      return reply.status(202).send({ status: "ACCEPTED" as const });
    },
  );

  app.post(
    "/v1/site-page-comment-shares/mail",
    {
      schema: {
        tags: TAGS,
        summary: "Share a comment by mail",
        description: MAIL_RULES,
        security: SIGNED_IN,
        body: CommentShareMailRequest,
        response: mailResponses,
      },
    },
    async (request, reply) => {
      const viewer = await requireActivatedViewer(request);
      await service.mailComment(viewer, request.body, linkOrigin(app.config.publicOrigin, request));
      return reply.status(202).send({ status: "ACCEPTED" as const });
    },
  );

  unsubscribeRoutes(app, {
    path: "/v1/site-page-shares/unsubscribe",
    tags: TAGS,
    what: "shared pages",
    known: (token) => service.known(token),
    unsubscribe: (token) => service.unsubscribe(token),
  });
};
