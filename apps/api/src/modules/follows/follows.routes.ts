import { Contribution, DISCUSSION_PAGE_SIZE } from "@flipside/contracts/discussion";
import { Follow, Follower, FollowKind, FollowRequest } from "@flipside/contracts/follows";
import { sql } from "drizzle-orm";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { contributions } from "../../db/schema/discussion.ts";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { listQuery, setListHeaders } from "../../lib/pagination.ts";
import { requireViewer } from "../../plugins/auth.ts";
import { createContributionsService } from "../contributions/index.ts";
import { createFollowsService, followedBy } from "./follows.service.ts";

const TAGS = ["follows"];

/** Follows and the feed of what one follows (docs/follows.md). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const service = createFollowsService({ db: app.db, storage: app.storage });
  const activity = createContributionsService(app.discussion);

  app.post(
    "/v1/follows",
    {
      schema: {
        tags: TAGS,
        summary: "Follow a page, a site or a person",
        description:
          "New comments, replies, reviews and related pages on a followed page, on any page of a followed site, or by a followed person show in your feed (`GET /v1/follows/feed`). Following again answers the same follow with 200; yourself is a 400; a page moderators hid, or an unknown page, site or person, a 404; past MAX_FOLLOWS (1,000) a 409.",
        security: SIGNED_IN,
        body: FollowRequest,
        response: { 200: Follow, 201: Follow, ...problems(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const { follow, created } = await service.follow(
        viewer,
        request.body.targetKind,
        request.body.targetId,
      );
      return reply.status(created ? 201 : 200).send(follow);
    },
  );

  app.get(
    "/v1/follows",
    {
      schema: {
        tags: TAGS,
        summary: "What you follow",
        description:
          "Newest first; only your own. `targetKind` narrows it to pages, sites or people, and with `targetId` to one of them: whether you follow it.",
        security: SIGNED_IN,
        querystring: listQuery(20)
          .pick({ page: true, size: true })
          .extend({ targetKind: FollowKind.optional(), targetId: z.uuid().optional() }),
        response: { 200: z.array(Follow), ...problems(400, 401) },
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
    "/v1/follows/:targetKind/:targetId",
    {
      schema: {
        tags: TAGS,
        summary: "Stop following",
        description: "Unfollowing what you do not follow answers 204 as well.",
        security: SIGNED_IN,
        params: z.object({ targetKind: FollowKind, targetId: z.uuid() }),
        response: { 204: z.null().describe("Unfollowed"), ...problems(400, 401) },
      },
    },
    async (request, reply) => {
      await service.unfollow(
        await requireViewer(request),
        request.params.targetKind,
        request.params.targetId,
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/v1/follows/followers",
    {
      schema: {
        tags: TAGS,
        summary: "Who follows you",
        description: "Newest first. Only you see who follows you; nobody across a block is listed.",
        security: SIGNED_IN,
        querystring: listQuery(20).pick({ page: true, size: true }),
        response: { 200: z.array(Follower), ...problems(400, 401) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const { items, total } = await service.followers(viewer, request.query);
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      return items;
    },
  );

  app.get(
    "/v1/follows/feed",
    {
      schema: {
        tags: TAGS,
        summary: "Your feed: new discussion on what you follow",
        description:
          "Comments, replies, reviews and related pages on the pages and sites you follow and by the people you follow, newest first; never your own, nothing on a hidden page, and what the discussion's rules hide from you (deleted, hidden, across a block) left out. Takes the filters and sorts of `GET /v1/contributions`.",
        security: SIGNED_IN,
        querystring: listQuery(DISCUSSION_PAGE_SIZE.contributions),
        response: { 200: z.array(Contribution), ...problems(400, 401) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const { items, total } = await activity.listWithin(
        viewer,
        request.query,
        followedBy(viewer.id, {
          pageId: sql`${contributions.sitePageId}`,
          authorId: sql`${contributions.authorId}`,
        }),
      );
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      return items;
    },
  );
};

export const followsRoutes = fp(routes, { name: "follows", dependencies: ["discussion"], encapsulate: true });
