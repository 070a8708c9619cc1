import {
  CreateCustomTab,
  CustomTab,
  CustomTabContributionsQuery,
  CustomTabOrder,
  UpdateCustomTab,
} from "@flipside/contracts/custom-tabs";
import { Contribution } from "@flipside/contracts/discussion";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { setListHeaders } from "../../lib/pagination.ts";
import { requireViewer } from "../../plugins/auth.ts";
import { createCustomTabsService } from "./custom-tabs.service.ts";

const TAGS = ["custom-tabs"];
const IdParams = z.object({ id: z.uuid() });

/**
 * Custom page tabs (docs/discussion.md#custom-tabs): each person's own, so every call needs a
 * session and touches only the session's tabs; another person's id is a 404.
 */
export const customTabsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCustomTabsService(app.discussion);

  app.get(
    "/v1/custom-tabs",
    {
      schema: {
        tags: TAGS,
        summary: "Your custom page tabs",
        description:
          "In the order they show on a page view, after the built-in tabs. A tab's filter becomes a `GET /v1/contributions` query on the page shown (see CustomTabFilter).",
        security: SIGNED_IN,
        response: { 200: z.array(CustomTab), ...problems(401) },
      },
    },
    async (request) => service.list((await requireViewer(request)).id),
  );

  app.post(
    "/v1/custom-tabs",
    {
      schema: {
        tags: TAGS,
        summary: "Make a custom tab",
        description:
          "It goes last. At most 10 tabs (409 beyond); names are unique per person, whatever their case (409).",
        security: SIGNED_IN,
        body: CreateCustomTab,
        response: { 201: CustomTab, ...problems(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      return reply.status(201).send(await service.create(viewer.id, request.body));
    },
  );

  app.get(
    "/v1/custom-tabs/:id/contributions",
    {
      schema: {
        tags: TAGS,
        summary: "What one of your tabs shows on a page",
        description:
          "The page's contributions that the tab's filter matches, in its order: the stored filter compiled into `GET /v1/contributions`' searchAnd and sort for this page (so through the same allow-list), with X-Total-Count.",
        security: SIGNED_IN,
        params: IdParams,
        querystring: CustomTabContributionsQuery,
        response: { 200: z.array(Contribution), ...problems(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const { sitePage_id, page, size } = request.query;
      const { items, total } = await service.contributionsOf(viewer, request.params.id, {
        sitePageId: sitePage_id,
        page,
        size,
      });
      setListHeaders(reply, request, { total, page, size });
      return items;
    },
  );

  app.put(
    "/v1/custom-tabs/order",
    {
      schema: {
        tags: TAGS,
        summary: "Put your tabs in a new order",
        description: "`ids` lists every one of your tabs exactly once (422 otherwise).",
        security: SIGNED_IN,
        body: CustomTabOrder,
        response: { 200: z.array(CustomTab), ...problems(400, 401, 422) },
      },
    },
    async (request) => service.reorder((await requireViewer(request)).id, request.body.ids),
  );

  app.patch(
    "/v1/custom-tabs/:id",
    {
      schema: {
        tags: TAGS,
        summary: "Rename a tab or change its filter",
        security: SIGNED_IN,
        params: IdParams,
        body: UpdateCustomTab,
        response: { 200: CustomTab, ...problems(400, 401, 404, 409) },
      },
    },
    async (request) => service.update((await requireViewer(request)).id, request.params.id, request.body),
  );

  app.delete(
    "/v1/custom-tabs/:id",
    {
      schema: {
        tags: TAGS,
        summary: "Delete a tab",
        security: SIGNED_IN,
        params: IdParams,
        response: { 204: z.null().describe("Deleted"), ...problems(401, 404) },
      },
    },
    async (request, reply) => {
      await service.remove((await requireViewer(request)).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
