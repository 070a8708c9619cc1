import Fastify, { type FastifyPluginAsync } from "fastify";
import { describe, expect, it } from "vitest";
import { commentsRoutes } from "../src/modules/comments/comments.routes.ts";
import { contributionsRoutes } from "../src/modules/contributions/contributions.routes.ts";
import { moderationRoutes } from "../src/modules/moderation/index.ts";
import { notesRoutes } from "../src/modules/notes/notes.routes.ts";
import { relatedPagesRoutes } from "../src/modules/related-pages/related-pages.routes.ts";
import { reviewsRoutes } from "../src/modules/reviews/reviews.routes.ts";
import { sitePagesRoutes } from "../src/modules/site-pages/site-pages.routes.ts";
import { votesRoutes } from "../src/modules/votes/votes.routes.ts";

const KINDS: [string, FastifyPluginAsync][] = [
  ["comments", commentsRoutes as FastifyPluginAsync],
  ["reviews", reviewsRoutes as FastifyPluginAsync],
  ["related pages", relatedPagesRoutes as FastifyPluginAsync],
  ["notes", notesRoutes as FastifyPluginAsync],
  ["votes", votesRoutes as FastifyPluginAsync],
  ["site pages", sitePagesRoutes as FastifyPluginAsync],
  ["contributions", contributionsRoutes as FastifyPluginAsync],
  ["moderation", moderationRoutes as FastifyPluginAsync],
];

describe("registration order is checked", () => {
  it.each(KINDS)("the %s routes refuse to start without the discussion core", async (_name, routes) => {
    const app = Fastify();
    await expect(app.register(routes)).rejects.toThrow(/dependency 'discussion'/);
    await app.close();
  });
});
