import { WEBSITE_MESSAGES } from "@flipside/contracts/website-proof";
import {
  CheckSiteClaim,
  CreateSiteClaim,
  InviteSiteOwner,
  SaveSiteNotice,
  SiteClaim,
  SiteClaimDetail,
  SiteClaimScope,
  SiteNoticeAnswer,
} from "@flipside/contracts/websites";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { linkOrigin } from "../../lib/link-origin.ts";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { unsubscribeRoutes } from "../../lib/unsubscribe-routes.ts";
import { requireActivatedViewer, requireViewer } from "../../plugins/auth.ts";
import { createOwnerInvites } from "./owner-invites.ts";
import { createProofChecker } from "./proof-checks.ts";
import { scheduleSiteChecks } from "./verification-jobs.ts";
import { createWebsitesService, type WebsitesDeps } from "./websites.service.ts";

const TAGS = ["websites"];
const IdParams = z.object({ id: z.uuid() });

declare module "fastify" {
  interface FastifyInstance {
    /** Website claims and their checks (docs/websites.md). */
    websites: ReturnType<typeof createWebsitesService>;
  }
}

/** The service as the app builds it; tests pass their own clock. */
export function websitesServiceFor(app: FastifyInstance, over: Partial<WebsitesDeps> = {}) {
  return createWebsitesService({
    db: app.db,
    config: app.config,
    checker: createProofChecker(app.config),
    wakeOutbox: () => void app.outbox.wake(),
    limiter: app.limiter,
    storage: app.storage,
    log: app.log,
    // A site's owner shows on every page view of it.
    onSiteChanged: (siteId) => app.discussion.siteChanged(siteId, app.log),
    ...over,
  });
}

/**
 * A person's websites (docs/websites.md): claim a site, prove control by one of three ways, see
 * what is said on it. Every call touches only the session's own claims: another's is a 404.
 */
export const websitesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = websitesServiceFor(app);
  app.decorate("websites", service);
  await scheduleSiteChecks({
    jobs: app.jobs,
    service,
    log: app.log,
    intervalMs: app.config.SITE_VERIFICATION_TICK_MS,
  });

  app.get(
    "/v1/site-verifications",
    {
      schema: {
        tags: TAGS,
        summary: "Your websites",
        description:
          "Every site you claimed, by domain, with its verification status (PENDING → PLANNED → VERIFIED), the last check and the next one, and how much is said on it. With `organizationId`: that organisation's websites (any member; not a member: 404).",
        security: SIGNED_IN,
        querystring: SiteClaimScope,
        response: { 200: z.array(SiteClaim), ...problems(401, 404) },
      },
    },
    async (request) => service.list((await requireViewer(request)).id, request.query.organizationId),
  );

  app.post(
    "/v1/site-verifications",
    {
      schema: {
        tags: TAGS,
        summary: "Claim a site",
        description:
          "`address` is a domain or any address on it; the claim is for its registrable domain (eTLD+1, private suffixes included: `alice.github.io`). A public suffix itself (`co.uk`, `github.io`) or an IP address is refused (422). Claiming a site again answers the same claim (200). The claim's token goes into the proof. With `organizationId`, the claim is the organisation's (you must be one of its OWNERs or ADMINs: 403; not a member: 404): once verified, the site's owner is the organisation, its OWNERs and ADMINs manage it, and every member's responses on it are official.",
        security: SIGNED_IN,
        body: CreateSiteClaim,
        response: { 200: SiteClaim, 201: SiteClaim, ...problems(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const { claim, created } = await service.claim(
        viewer.id,
        request.body.address,
        request.body.organizationId,
      );
      return reply.status(created ? 201 : 200).send(claim);
    },
  );

  app.get(
    "/v1/site-verifications/:domain",
    {
      schema: {
        tags: TAGS,
        summary: "One of your websites",
        description:
          "By domain, in punycode or Unicode: the claim, the site's most discussed pages, recent comments and reviews on any of its pages, and reviews by sentiment per month. A site you did not claim is a 404.",
        security: SIGNED_IN,
        params: z.object({ domain: z.string().min(1).max(253) }),
        querystring: SiteClaimScope,
        response: { 200: SiteClaimDetail, ...problems(401, 404) },
      },
    },
    async (request) =>
      service.detail((await requireViewer(request)).id, request.params.domain, request.query.organizationId),
  );

  app.put(
    "/v1/site-verifications/:domain/notice",
    {
      // Its pages are rendered again through onSiteChanged.
      config: { changes: "pages" },
      schema: {
        tags: TAGS,
        summary: "Pin a notice on the site's pages",
        description:
          "Words from the site's owner shown above the discussion of every page of the site while its plan is Business (else 403, saying so); an empty body removes it. For the claim that verified the site, by its owner (an organisation's: its OWNERs and ADMINs); anyone else gets a 404. Plain text, at most 500 characters.",
        security: SIGNED_IN,
        params: z.object({ domain: z.string().min(1).max(253) }),
        querystring: SiteClaimScope,
        body: SaveSiteNotice,
        response: { 200: SiteNoticeAnswer, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      const notice = await service.saveNotice(
        viewer.id,
        request.params.domain,
        request.query.organizationId,
        request.body.body,
      );
      return { notice };
    },
  );

  app.get(
    "/v1/site-verifications/:domain/discussion.csv",
    {
      schema: {
        tags: TAGS,
        summary: "Export the site's discussion",
        description:
          "Every comment, reply and review on the site's pages (deleted and moderated ones left out), oldest first, as CSV: date, type, page, author, whether official, sentiment, text, votes and a link. For a site your claim verified, on the Pro or Business plan (else 403, saying which plan has it); a site you did not claim is a 404.",
        security: SIGNED_IN,
        params: z.object({ domain: z.string().min(1).max(253) }),
        querystring: SiteClaimScope,
        response: { 200: z.string().describe("text/csv"), ...problems(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const { filename, text } = await service.exportDiscussion(
        viewer.id,
        request.params.domain,
        request.query.organizationId,
      );
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(text);
    },
  );

  app.post(
    "/v1/site-verifications/:id/check",
    {
      schema: {
        tags: TAGS,
        summary: "Verify now",
        description:
          "Checks the chosen way at once and answers the claim with what was found (`lastCheck`). A failed check schedules re-tries (PLANNED) for 72 hours. 409 when another owner verified the site first.",
        security: SIGNED_IN,
        params: IdParams,
        body: CheckSiteClaim,
        response: { 200: SiteClaim, ...problems(400, 401, 404, 409, 429) },
      },
    },
    async (request) =>
      service.check((await requireViewer(request)).id, request.params.id, request.body.method),
  );

  app.delete(
    "/v1/site-verifications/:id",
    {
      schema: {
        tags: TAGS,
        summary: "Remove a website",
        description:
          "Removes your claim. A site you verified loses its owner; your earlier official responses keep their badge, as they were official when written.",
        security: SIGNED_IN,
        params: IdParams,
        response: { 204: z.null().describe("Removed"), ...problems(401, 404) },
      },
    },
    async (request, reply) => {
      await service.remove((await requireViewer(request)).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/**
 * Inviting a site's owner (docs/websites.md#inviting-an-owner) and the invitation's one-click
 * unsubscribe (RFC 8058), which mail providers POST without a session.
 */
export const ownerInviteRoutes: FastifyPluginAsyncZod = async (app) => {
  const invites = createOwnerInvites({ db: app.db, mailer: app.mailer, log: app.log });
  const sent = { message: WEBSITE_MESSAGES.inviteSent };

  app.post(
    "/v1/site-verifications/invite/",
    {
      schema: {
        tags: TAGS,
        summary: "Invite a site's owner to verify it",
        description:
          "`siteId` or `sitePage_id` names the site; `email` is where the invitation goes, `message` (at most 500 characters) goes in as plain text. One fixed template with a claim link and a one-click unsubscribe. Limits: 5 a day per person, 3 a week per site (429). The answer is 202 with the same body whatever happens to the address: an address invited in the last 30 days, or one that opted out, gets nothing and nobody is told. 409 when the site already has a verified owner. Needs an activated account.",
        security: SIGNED_IN,
        body: InviteSiteOwner,
        response: {
          202: z.object({ message: z.string() }).describe("Accepted"),
          ...problems(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const viewer = await requireActivatedViewer(request);
      await invites.invite(viewer.id, request.body, linkOrigin(app.config.publicOrigin, request));
      return reply.status(202).send(sent);
    },
  );

  unsubscribeRoutes(app, {
    path: "/v1/site-verifications/invite/unsubscribe",
    tags: TAGS,
    what: "owner invitations",
    known: (token) => invites.known(token),
    unsubscribe: (token) => invites.unsubscribe(token),
  });
};
