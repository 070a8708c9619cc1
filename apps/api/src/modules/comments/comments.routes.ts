import { Comment, CreateComment, DISCUSSION_PAGE_SIZE, UpdateComment } from "@flipside/contracts/discussion";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { listQuery, setListHeaders } from "../../lib/pagination.ts";
import { sendSerialized } from "../../lib/send-serialized.ts";
import { requireActivatedViewer } from "../../plugins/auth.ts";
import { createCommentsService } from "./comments.service.ts";

const TAGS = ["comments"];
const IdParams = z.object({ id: z.uuid() });

const routes: FastifyPluginAsyncZod = async (app) => {
  const service = createCommentsService(app.discussion);

  app.get(
    "/v1/site-page-comments",
    {
      schema: {
        tags: TAGS,
        summary: "List comments and replies",
        description: [
          "Filters (searchAnd): sitePage_id==, parent_id== (a thread's replies; parent_id==null for top-level), contributionType==COMMENT|REPLY or the bare tokens COMMENT / REPLY, authorId==, claimUuid==, deleted==, body||text, score, replySize, createdDate.",
          "A page's comments: `searchAnd=sitePage_id==<id>,COMMENT`; a thread's replies: `searchAnd=parent_id==<id>&sort=createdDate,asc`.",
          "Sort: claimUuid (official responses), createdDate, top (Wilson lower bound of up/down votes), score, replySize. Default `claimUuid,desc` then `createdDate,desc` (Newest); `sort=createdDate,asc` is Oldest and `sort=top,desc` is Top. Official responses always come first unless the sort names claimUuid.",
          "Page size 25 by default; X-Total-Count and Link headers.",
        ].join("\n\n"),
        querystring: listQuery(DISCUSSION_PAGE_SIZE.comments),
        response: { 200: z.array(Comment), ...problems(400) },
      },
    },
    async (request, reply) => {
      const found = await service.list(await request.viewer(), request.query);
      setListHeaders(reply, request, {
        total: found.total,
        page: request.query.page,
        size: request.query.size,
      });
      // Bytes are sent as they are: the cached list was validated when it was serialized.
      if ("json" in found) return sendSerialized(reply, found.json, { personal: found.personal });
      return found.items;
    },
  );

  app.get(
    "/v1/site-page-comments/:id",
    {
      schema: {
        tags: TAGS,
        summary: "One comment or reply",
        params: IdParams,
        response: { 200: Comment, ...problems(404) },
      },
    },
    async (request) => service.get(await request.viewer(), request.params.id),
  );

  app.post(
    "/v1/site-page-comments",
    {
      config: { changes: "pages" },
      schema: {
        tags: TAGS,
        summary: "Comment on a page, or reply",
        description:
          "Markdown body (up to 10,000 characters). `parent_id` answers a comment, a reply (the reply joins that thread) or a review. `attachmentIds`: up to 4 images or 1 video you uploaded. Needs an activated account; rate limited per account (docs/rate-limits.md).",
        security: SIGNED_IN,
        body: CreateComment,
        response: { 201: Comment, ...problems(400, 401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const viewer = await requireActivatedViewer(request);
      return reply.status(201).send(await service.create(viewer, request.body));
    },
  );

  app.put(
    "/v1/site-page-comments/:id",
    {
      config: { changes: "pages" },
      schema: {
        tags: TAGS,
        summary: "Edit your comment",
        description: "Only the author; the comment is then marked edited. Others get 403, unknown ids 404.",
        security: SIGNED_IN,
        params: IdParams,
        body: UpdateComment,
        response: { 200: Comment, ...problems(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      const viewer = await requireActivatedViewer(request);
      return service.update(viewer, request.params.id, request.body);
    },
  );

  app.delete(
    "/v1/site-page-comments/:id",
    {
      config: { changes: "pages" },
      schema: {
        tags: TAGS,
        summary: "Delete your comment",
        description:
          "Only the author. A soft delete: the comment keeps its place in the thread as a placeholder (deleted: true, empty body, no author).",
        security: SIGNED_IN,
        params: IdParams,
        response: { 204: z.null().describe("Deleted"), ...problems(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const viewer = await requireActivatedViewer(request);
      await service.remove(viewer, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export const commentsRoutes = fp(routes, {
  name: "comments",
  dependencies: ["discussion"],
  encapsulate: true,
});
