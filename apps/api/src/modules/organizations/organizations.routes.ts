import {
  ChangeMember,
  ChangeMembership,
  CreateInvitation,
  CreateOrganization,
  InvitationPreview,
  MyOrganization,
  OrganizationDetail,
  OrganizationInvitation,
  OrganizationMember,
  PublicOrganization,
  ReceivedInvitation,
  TransferOwnership,
  UpdateOrganization,
} from "@flipside/contracts/organizations";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { linkOrigin } from "../../lib/link-origin.ts";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { unsubscribeRoutes } from "../../lib/unsubscribe-routes.ts";
import { requireActivatedViewer, requireViewer } from "../../plugins/auth.ts";
import { createInvitations } from "./invitations.ts";
import { createOrganizationsService } from "./organizations.service.ts";

const TAGS = ["organizations"];
const Id = z.object({ id: z.uuid() });
const Member = z.object({ id: z.uuid(), userId: z.uuid() });
const Invitation = z.object({ id: z.uuid(), invitationId: z.uuid() });
const Key = z.object({ key: z.string().min(1).max(200) });
const ROLE_RULES =
  "Roles: OWNER (everything), ADMIN (members, invitations, websites), MEMBER (reads; notes). Not a member: 404; a role that may not: 403.";

/**
 * Organisations (docs/organizations.md). Every call checks the caller's role in the organisation
 * it names, in the service layer; an organisation you do not belong to is a 404.
 */
export const organizationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createOrganizationsService({
    db: app.db,
    storage: app.storage,
    onSiteChanged: (siteId) => app.discussion.siteChanged(siteId, app.log),
  });
  const invitations = createInvitations({
    db: app.db,
    mailer: app.mailer,
    storage: app.storage,
    log: app.log,
    viewers: app.viewers,
    wakeOutbox: () => void app.outbox.wake(),
  });

  app.get(
    "/v1/organizations",
    {
      schema: {
        tags: TAGS,
        summary: "Your organisations",
        description: "Every organisation you belong to, by name, with your role.",
        security: SIGNED_IN,
        response: { 200: z.array(MyOrganization), ...problems(401) },
      },
    },
    async (request) => service.listMine((await requireViewer(request)).id),
  );

  app.post(
    "/v1/organizations",
    {
      schema: {
        tags: TAGS,
        summary: "Create an organisation",
        description:
          "You become its first OWNER. `slug` (3–40 lower-case letters, digits, hyphens) is unique (409 with the error under `slug`). At most 20 organisations per person (409). Needs an activated account.",
        security: SIGNED_IN,
        body: CreateOrganization,
        response: { 201: OrganizationDetail, ...problems(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const viewer = await requireActivatedViewer(request);
      return reply.status(201).send(await service.create(viewer.id, request.body));
    },
  );

  app.get(
    "/v1/organizations/:id",
    {
      schema: {
        tags: TAGS,
        summary: "One of your organisations",
        description: `With your role and its counts. ${ROLE_RULES}`,
        security: SIGNED_IN,
        params: Id,
        response: { 200: OrganizationDetail, ...problems(401, 404) },
      },
    },
    async (request) => service.detail((await requireViewer(request)).id, request.params.id),
  );

  app.patch(
    "/v1/organizations/:id",
    {
      schema: {
        tags: TAGS,
        summary: "Change an organisation's settings",
        description: `Name, address (slug), description, website: OWNERs only. ${ROLE_RULES}`,
        security: SIGNED_IN,
        params: Id,
        body: UpdateOrganization,
        response: { 200: OrganizationDetail, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.update((await requireViewer(request)).id, request.params.id, request.body),
  );

  app.post(
    "/v1/organizations/:id/image",
    {
      schema: {
        tags: TAGS,
        summary: "Change an organisation's picture",
        description:
          "`base64`: a JPEG, PNG, WebP or GIF of at most 5 MB, checked by its content and re-encoded (metadata dropped). OWNERs only.",
        security: SIGNED_IN,
        params: Id,
        body: z.strictObject({ base64: z.string().min(1) }),
        response: { 200: OrganizationDetail, ...problems(400, 401, 403, 404, 413) },
      },
      bodyLimit: 8 * 1024 * 1024,
    },
    async (request) =>
      service.changeImage((await requireViewer(request)).id, request.params.id, request.body.base64),
  );

  app.delete(
    "/v1/organizations/:id/image",
    {
      schema: {
        tags: TAGS,
        summary: "Remove an organisation's picture",
        security: SIGNED_IN,
        params: Id,
        response: { 200: OrganizationDetail, ...problems(401, 403, 404) },
      },
    },
    async (request) => service.removeImage((await requireViewer(request)).id, request.params.id),
  );

  app.delete(
    "/v1/organizations/:id",
    {
      schema: {
        tags: TAGS,
        summary: "Delete an organisation",
        description:
          "OWNERs only; `confirm` must be its address (slug), or 422. Its notes, members and invitations go; each of its websites returns to the person who claimed it (verified stays verified), or to PENDING when they also claimed it themselves.",
        security: SIGNED_IN,
        params: Id,
        querystring: z.object({ confirm: z.string().max(100).optional().default("") }),
        response: { 204: z.null().describe("Deleted"), ...problems(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await service.remove((await requireViewer(request)).id, request.params.id, request.query.confirm);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/v1/organizations/:id/public",
    {
      schema: {
        tags: TAGS,
        summary: "An organisation's public page",
        description:
          "For anyone: name, picture, description, verified websites and the members who chose to show themselves. Its id is its profile uuid (`/profiles/{uuid}`).",
        params: Id,
        response: { 200: PublicOrganization, ...problems(404) },
      },
    },
    async (request) => service.publicProfile(request.params.id),
  );

  app.get(
    "/v1/organizations/:id/members",
    {
      schema: {
        tags: TAGS,
        summary: "An organisation's members",
        description: `Owners first, then admins and members, by name. Any member. ${ROLE_RULES}`,
        security: SIGNED_IN,
        params: Id,
        response: { 200: z.array(OrganizationMember), ...problems(401, 404) },
      },
    },
    async (request) => service.members((await requireViewer(request)).id, request.params.id),
  );

  app.patch(
    "/v1/organizations/:id/members/:userId",
    {
      schema: {
        tags: TAGS,
        summary: "Change a member's role",
        description:
          "OWNERs change anyone's role; ADMINs change MEMBERs' and ADMINs' but never make or unmake an OWNER (403). The last OWNER keeps the role (409). Answers the members.",
        security: SIGNED_IN,
        params: Member,
        body: ChangeMember,
        response: { 200: z.array(OrganizationMember), ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.changeRole(
        (await requireViewer(request)).id,
        request.params.id,
        request.params.userId,
        request.body.role,
      ),
  );

  app.delete(
    "/v1/organizations/:id/members/:userId",
    {
      schema: {
        tags: TAGS,
        summary: "Remove a member, or leave",
        description:
          "Your own id: you leave (anyone may, except the last OWNER: 409). Another's: OWNERs remove anyone, ADMINs anyone but an OWNER (403). Notes written for the organisation stay with it.",
        security: SIGNED_IN,
        params: Member,
        response: { 204: z.null().describe("Removed"), ...problems(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.removeMember((await requireViewer(request)).id, request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    "/v1/organizations/:id/membership",
    {
      schema: {
        tags: TAGS,
        summary: "Your membership",
        description: "`showOnProfile`: whether the organisation's public page lists you.",
        security: SIGNED_IN,
        params: Id,
        body: ChangeMembership,
        response: { 200: OrganizationDetail, ...problems(400, 401, 404) },
      },
    },
    async (request) =>
      service.changeMembership(
        (await requireViewer(request)).id,
        request.params.id,
        request.body.showOnProfile,
      ),
  );

  app.post(
    "/v1/organizations/:id/transfer",
    {
      schema: {
        tags: TAGS,
        summary: "Transfer ownership",
        description: "OWNERs only: the member named becomes an OWNER and you an ADMIN.",
        security: SIGNED_IN,
        params: Id,
        body: TransferOwnership,
        response: { 200: OrganizationDetail, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.transfer((await requireViewer(request)).id, request.params.id, request.body.userId),
  );

  app.get(
    "/v1/organizations/:id/invitations",
    {
      schema: {
        tags: TAGS,
        summary: "An organisation's invitations",
        description: `Newest first, with their status (EXPIRED once 7 days pass unanswered). OWNERs and ADMINs. ${ROLE_RULES}`,
        security: SIGNED_IN,
        params: Id,
        response: { 200: z.array(OrganizationInvitation), ...problems(401, 403, 404) },
      },
    },
    async (request) => invitations.list((await requireViewer(request)).id, request.params.id),
  );

  app.post(
    "/v1/organizations/:id/invitations",
    {
      schema: {
        tags: TAGS,
        summary: "Invite someone by mail",
        description:
          "OWNERs and ADMINs. One fixed template with a single-use link valid 7 days. 409 when the address belongs to a member, has an invitation waiting, or opted out of invitations; 429 past 50 mails a day per organisation or 100 per person (resends count).",
        security: SIGNED_IN,
        params: Id,
        body: CreateInvitation,
        response: { 201: OrganizationInvitation, ...problems(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const viewer = await requireActivatedViewer(request);
      const invitation = await invitations.invite(
        viewer.id,
        request.params.id,
        request.body,
        linkOrigin(app.config.publicOrigin, request),
      );
      return reply.status(201).send(invitation);
    },
  );

  app.post(
    "/v1/organizations/:id/invitations/:invitationId/resend",
    {
      schema: {
        tags: TAGS,
        summary: "Resend an invitation",
        description:
          "A new link valid 7 days goes to the address; the previous link stops working. Counts against the daily limits.",
        security: SIGNED_IN,
        params: Invitation,
        response: { 204: z.null().describe("Sent"), ...problems(401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const viewer = await requireActivatedViewer(request);
      await invitations.resend(
        viewer.id,
        request.params.id,
        request.params.invitationId,
        linkOrigin(app.config.publicOrigin, request),
      );
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/v1/organizations/:id/invitations/:invitationId",
    {
      schema: {
        tags: TAGS,
        summary: "Withdraw an invitation",
        description: "Its link stops working. 409 once it was answered.",
        security: SIGNED_IN,
        params: Invitation,
        response: { 204: z.null().describe("Withdrawn"), ...problems(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await invitations.revoke(
        (await requireViewer(request)).id,
        request.params.id,
        request.params.invitationId,
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/v1/organization-invitations/for-me",
    {
      schema: {
        tags: TAGS,
        summary: "Invitations waiting for you",
        description:
          "The waiting, unexpired invitations to your own address, newest first (at most 50), to answer in the app. An account whose address is not proven yet has none here: the mailed link is its proof.",
        security: SIGNED_IN,
        response: { 200: z.array(ReceivedInvitation), ...problems(401) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return invitations.forMe(await requireViewer(request));
    },
  );

  app.post(
    "/v1/organization-invitations/for-me/:invitationId/:answer",
    {
      schema: {
        tags: TAGS,
        summary: "Accept or decline an invitation to your address",
        description:
          "`accept` joins (answers the organisation), `decline` refuses (204). Only an invitation to your own proven address (404 otherwise); once (409 when answered, withdrawn or expired).",
        security: SIGNED_IN,
        params: z.strictObject({ invitationId: z.uuid(), answer: z.enum(["accept", "decline"]) }),
        response: {
          200: OrganizationDetail,
          204: z.null().describe("Declined"),
          ...problems(400, 401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const { invitationId, answer } = request.params;
      const organizationId = await invitations.answerMine(viewer, invitationId, answer);
      if (answer === "decline") return reply.status(204).send(null);
      return service.detail(viewer.id, organizationId);
    },
  );

  app.get(
    "/v1/organization-invitations/:key",
    {
      schema: {
        tags: TAGS,
        summary: "An invitation, by its link's key",
        description: "For whoever holds the link: the organisation, who invited, the address and the status.",
        params: Key,
        response: { 200: InvitationPreview, ...problems(404) },
      },
    },
    async (request) => invitations.preview(request.params.key),
  );

  app.post(
    "/v1/organization-invitations/:key/accept",
    {
      schema: {
        tags: TAGS,
        summary: "Accept an invitation",
        description:
          "Signed in as the address it was sent to (403 otherwise); once (409 when answered, withdrawn or expired). Activates an account not yet activated, as the link proves the address. Answers the organisation.",
        security: SIGNED_IN,
        params: Key,
        response: { 200: OrganizationDetail, ...problems(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      const organizationId = await invitations.accept(viewer, request.params.key);
      return service.detail(viewer.id, organizationId);
    },
  );

  app.post(
    "/v1/organization-invitations/:key/decline",
    {
      schema: {
        tags: TAGS,
        summary: "Decline an invitation",
        description: "Whoever holds the link may, signed in or not. 409 when answered, withdrawn or expired.",
        params: Key,
        response: { 204: z.null().describe("Declined"), ...problems(404, 409) },
      },
    },
    async (request, reply) => {
      await invitations.decline(request.params.key);
      return reply.status(204).send(null);
    },
  );

  unsubscribeRoutes(app, {
    path: "/v1/organization-invitations/unsubscribe",
    tags: TAGS,
    what: "organisation invitations",
    known: (token) => invitations.known(token),
    unsubscribe: (token) => invitations.unsubscribe(token),
  });
};
