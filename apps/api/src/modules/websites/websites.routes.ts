import { CheckSiteClaim, CreateSiteClaim, SiteClaim, SiteClaimDetail } from "@flipside/contracts/websites";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sitePages } from "../../db/schema/discussion.ts";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { requireViewer } from "../../plugins/auth.ts";
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
    mailer: app.mailer,
    limiter: app.limiter,
    storage: app.storage,
    log: app.log,
    // A site's owner shows on every page view of it.
    onSiteChanged: (siteId) => {
      void app.db
        .select({ id: sitePages.id })
        .from(sitePages)
        .where(eq(sitePages.siteId, siteId))
        .then((pages) => {
          for (const page of pages) app.discussion.cache.invalidate(page.id);
        })
        .catch((error) => app.log.warn({ err: error }, "could not refresh a site's page views"));
    },
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
          "Every site you claimed, by domain, with its verification status (PENDING → PLANNED → VERIFIED), the last check and the next one, and how much is said on it.",
        security: SIGNED_IN,
        response: { 200: z.array(SiteClaim), ...problems(401) },
      },
    },
    async (request) => service.list((await requireViewer(request)).id),
  );

  app.post(
    "/v1/site-verifications",
    {
      schema: {
        tags: TAGS,
        summary: "Claim a site",
        description:
          "`address` is a domain or any address on it; the claim is for its registrable domain (eTLD+1, private suffixes included: `alice.github.io`). A public suffix itself (`co.uk`, `github.io`) or an IP address is refused (422). Claiming a site again answers the same claim (200). The claim's token goes into the proof.",
        security: SIGNED_IN,
        body: CreateSiteClaim,
        response: { 200: SiteClaim, 201: SiteClaim, ...problems(400, 401, 409, 422) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const { claim, created } = await service.claim(viewer.id, request.body.address);
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
        response: { 200: SiteClaimDetail, ...problems(401, 404) },
      },
    },
    async (request) => service.detail((await requireViewer(request)).id, request.params.domain),
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
