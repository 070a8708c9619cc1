import {
  CommentShareMailRequest,
  ContributionShareMailRequest,
  NoteShareMailRequest,
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
  "Up to 5 addresses, a plain-text message of at most 500 characters, one fixed template (your display name, the page or what is shared of it, the link). Activated accounts only; 20 addresses a day per person (429 past it). Always 202: an address that unsubscribed gets nothing, and the answer does not say so.";

/** Share links and sharing by mail (docs/sharing.md). */
export const sharingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createSharingService({ db: app.db, mailer: app.mailer });

  app.get(
    "/v1/share-codes",
    {
      schema: {
        tags: TAGS,
        summary: "The share link of a page or a contribution",
        description:
          "Give one of `sitePage_id`, `commentId` (a comment or reply), `contributionId` (a comment, reply, review or related page) or `noteId` (someone's PUBLIC note). The code is 10 base62 characters, unguessable, and the same for the same target; `/s/{code}` leads to it. `opens` and `mailed` count its use. Only what the asker can read is shared: nothing hidden, deleted, on a hidden page or across a block (404).",
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
          "The page's address and the contribution to show, or the public note and its author (whose page shows it); counts an open. `/s/{code}` redirects with it.",
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

  type MailBody =
    | typeof SitePageShareMailRequest
    | typeof CommentShareMailRequest
    | typeof ContributionShareMailRequest
    | typeof NoteShareMailRequest;

  /** A mail route: the same rules and answer for each kind of target, which its body names. */
  function mailRoute(path: string, summary: string, body: MailBody) {
    app.post(
      path,
      {
        schema: {
          tags: TAGS,
          summary,
          description: MAIL_RULES,
          security: SIGNED_IN,
          body,
          response: mailResponses,
        },
      },
      async (request, reply) => {
        const viewer = await requireActivatedViewer(request);
        await service.mail(
          viewer,
          request.body as z.output<MailBody>,
          linkOrigin(app.config.publicOrigin, request),
        );
        return reply.status(202).send({ status: "ACCEPTED" as const });
      },
    );
  }

  mailRoute("/v1/site-page-shares/mail", "Share a page by mail", SitePageShareMailRequest);
  mailRoute("/v1/site-page-comment-shares/mail", "Share a comment by mail", CommentShareMailRequest);
  mailRoute(
    "/v1/contribution-shares/mail",
    "Share a comment, reply, review or related page by mail",
    ContributionShareMailRequest,
  );
  mailRoute("/v1/note-shares/mail", "Share a public note by mail", NoteShareMailRequest);

  unsubscribeRoutes(app, {
    path: "/v1/site-page-shares/unsubscribe",
    tags: TAGS,
    what: "shared pages",
    known: (token) => service.known(token),
    unsubscribe: (token) => service.unsubscribe(token),
  });
};
