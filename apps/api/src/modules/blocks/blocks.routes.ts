import { ProfileBlock, ProfileBlockRequest } from "@flipside/contracts/blocks";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { listQuery, setListHeaders } from "../../lib/pagination.ts";
import { requireViewer } from "../../plugins/auth.ts";
import { createBlocksService } from "./blocks.service.ts";

const TAGS = ["blocks"];
const BLOCK_RULES =
  "A block is two-way and silent: each person no longer sees the other's comments, replies, reviews and related pages (in lists, counts and page views), cannot reply to or vote on the other's, and the blocked person is never told. Blocking again answers the same block with 200; yourself is a 400, an unknown person a 404.";

/** Profile blocks (docs/blocks.md). */
export const blocksRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createBlocksService({ db: app.db, storage: app.storage, viewers: app.viewers });

  app.post(
    "/v1/profile-blocks",
    {
      schema: {
        tags: TAGS,
        summary: "Block a person",
        description: BLOCK_RULES,
        security: SIGNED_IN,
        body: ProfileBlockRequest,
        response: { 200: ProfileBlock, 201: ProfileBlock, ...problems(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const { block, created } = await service.block(viewer, request.body.blockedId);
      return reply.status(created ? 201 : 200).send(block);
    },
  );

  app.get(
    "/v1/profile-blocks",
    {
      schema: {
        tags: TAGS,
        summary: "The people you blocked",
        description:
          "Newest first; only your own blocks (nobody learns who blocked them). `blockedId` narrows it to one person: whether you blocked them.",
        security: SIGNED_IN,
        querystring: listQuery(20)
          .pick({ page: true, size: true })
          .extend({ blockedId: z.uuid().optional().describe("Only your block of this person, if any") }),
        response: { 200: z.array(ProfileBlock), ...problems(400, 401) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const { items, total } = await service.list(viewer, request.query);
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      return items;
    },
  );

  app.delete(
    "/v1/profile-blocks/:blockedId",
    {
      schema: {
        tags: TAGS,
        summary: "Unblock a person",
        description:
          "Each sees the other's contributions again. Unblocking someone not blocked answers 204 as well.",
        security: SIGNED_IN,
        params: z.object({ blockedId: z.uuid() }),
        response: { 204: z.null().describe("Unblocked"), ...problems(400, 401) },
      },
    },
    async (request, reply) => {
      await service.unblock(await requireViewer(request), request.params.blockedId);
      return reply.status(204).send(null);
    },
  );
};
