import { CreateNote, DISCUSSION_PAGE_SIZE, Note, UpdateNote } from "@flipside/contracts/discussion";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { listQuery, setListHeaders } from "../../lib/pagination.ts";
import { requireActivatedViewer, requireViewer } from "../../plugins/auth.ts";
import { createNotesService } from "./notes.service.ts";

const TAGS = ["notes"];
const IdParams = z.object({ id: z.uuid() });

const routes: FastifyPluginAsyncZod = async (app) => {
  const service = createNotesService(app.discussion);

  app.get(
    "/v1/notes",
    {
      schema: {
        tags: TAGS,
        summary: "Your notes",
        description:
          "The signed-in profile's own notes (the notes drawer; the my-note tab with `searchAnd=sitePage_id==<id>`). Filters: id, sitePage_id, pinned, visibility (or the bare tokens PRIVATE / ORGANIZATION / PUBLIC), organizationId, title, body||text, createdDate, updatedDate. Sort: pinned, updatedDate, createdDate, title; default pinned first, then most recently changed.",
        security: SIGNED_IN,
        querystring: listQuery(DISCUSSION_PAGE_SIZE.notes),
        response: { 200: z.array(Note), ...problems(400, 401) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const { items, total } = await service.list(viewer, request.query);
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      return items;
    },
  );

  app.get(
    "/v1/profiles/:id/notes",
    {
      schema: {
        tags: TAGS,
        summary: "A profile's public notes",
        description:
          "The PUBLIC notes of a profile, for anyone (its public page); private and organisation notes are never listed. Same filters and order as `GET /v1/notes`.",
        params: IdParams,
        querystring: listQuery(DISCUSSION_PAGE_SIZE.notes),
        response: { 200: z.array(Note), ...problems(400) },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.listPublic(
        await request.viewer(),
        request.params.id,
        request.query,
      );
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      return items;
    },
  );

  app.get(
    "/v1/notes/:id",
    {
      schema: {
        tags: TAGS,
        summary: "One note",
        description:
          "PRIVATE notes are readable by their author only (anyone else gets 404); PUBLIC notes by anyone. ORGANIZATION notes are readable by their author until organisations exist.",
        params: IdParams,
        response: { 200: Note, ...problems(404) },
      },
    },
    async (request) => service.get(await request.viewer(), request.params.id),
  );

  app.post(
    "/v1/notes",
    {
      config: { changes: "pages" },
      schema: {
        tags: TAGS,
        summary: "Write a note on a page",
        description:
          "Visibility PRIVATE (default), ORGANIZATION (needs organizationId) or PUBLIC. Needs an activated account; rate limited per account.",
        security: SIGNED_IN,
        body: CreateNote,
        response: { 201: Note, ...problems(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const viewer = await requireActivatedViewer(request);
      return reply.status(201).send(await service.create(viewer, request.body));
    },
  );

  app.put(
    "/v1/notes/:id",
    {
      config: { changes: "pages" },
      schema: {
        tags: TAGS,
        summary: "Change your note",
        description: "Any subset of title, body, pinned, visibility, organizationId. Only the author.",
        security: SIGNED_IN,
        params: IdParams,
        body: UpdateNote,
        response: { 200: Note, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      return service.update(viewer, request.params.id, request.body);
    },
  );

  app.delete(
    "/v1/notes/:id",
    {
      config: { changes: "pages" },
      schema: {
        tags: TAGS,
        summary: "Delete your note",
        security: SIGNED_IN,
        params: IdParams,
        response: { 204: z.null().describe("Deleted"), ...problems(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      await service.remove(viewer, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export const notesRoutes = fp(routes, { name: "notes", dependencies: ["discussion"], encapsulate: true });
