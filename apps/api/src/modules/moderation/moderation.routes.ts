import {
  ContributionReportRequest,
  ModerationActionRequest,
  ModerationCase,
  ModerationQueueQuery,
  ReportReceipt,
  SitePageReportRequest,
  UserReportRequest,
} from "@flipside/contracts/moderation";
import { REPORT_TARGET_KINDS } from "@flipside/contracts/moderation-constants";
import { ACCOUNT_ROLE } from "@flipside/contracts/roles";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { setListHeaders } from "../../lib/pagination.ts";
import { requireAccountRole, requireActivatedViewer } from "../../plugins/auth.ts";
import { gate } from "../admin/index.ts";
import { createModerationService } from "./moderation.service.ts";

const TAGS = ["moderation"];
const REPORT_RULES =
  "An activated account reports what it can read, not its own. One open report per person and target: asking again (or many times at once) answers the same report with 200. The answer is the reporter's own report only — never who else reported. 30 reports an hour per account.";

/** Reports (anyone signed in) and the moderation queue (moderators): docs/moderation.md. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const service = createModerationService({
    db: app.db,
    config: app.config,
    limiter: app.limiter,
    wakeOutbox: () => void app.outbox.wake(),
    cache: app.discussion.cache,
    viewers: app.viewers,
  });
  const reportResponses = {
    200: ReportReceipt,
    201: ReportReceipt,
    ...problems(400, 401, 403, 404, 422, 429),
  };

  app.post(
    "/v1/site-page-reports",
    {
      schema: {
        tags: TAGS,
        summary: "Report a page",
        description: REPORT_RULES,
        security: SIGNED_IN,
        body: SitePageReportRequest,
        response: reportResponses,
      },
    },
    async (request, reply) => {
      const viewer = await requireActivatedViewer(request);
      const { sitePage_id, ...input } = request.body;
      const { receipt, created } = await service.report(viewer, "SITE_PAGE", sitePage_id, input);
      return reply.status(created ? 201 : 200).send(receipt);
    },
  );

  app.post(
    "/v1/user-reports",
    {
      schema: {
        tags: TAGS,
        summary: "Report a person",
        description: REPORT_RULES,
        security: SIGNED_IN,
        body: UserReportRequest,
        response: reportResponses,
      },
    },
    async (request, reply) => {
      const viewer = await requireActivatedViewer(request);
      const { userId, ...input } = request.body;
      const { receipt, created } = await service.report(viewer, "ACCOUNT", userId, input);
      return reply.status(created ? 201 : 200).send(receipt);
    },
  );

  app.post(
    "/v1/contribution-reports",
    {
      schema: {
        tags: TAGS,
        summary: "Report a comment, reply, review, related page or public note",
        description: `${REPORT_RULES} When enough trusted accounts (activated a week or more) report the same contribution, it is hidden until a moderator decides.`,
        security: SIGNED_IN,
        body: ContributionReportRequest,
        response: reportResponses,
      },
    },
    async (request, reply) => {
      const viewer = await requireActivatedViewer(request);
      const { contributionId, ...input } = request.body;
      const { receipt, created } = await service.report(viewer, "CONTRIBUTION", contributionId, input);
      return reply.status(created ? 201 : 200).send(receipt);
    },
  );

  app.get(
    "/v1/admin/moderation/cases",
    {
      onRequest: gate(ACCOUNT_ROLE.MODERATOR),
      schema: {
        tags: TAGS,
        summary: "The moderation queue (moderators)",
        description:
          "Targets with open reports, grouped: reports about sexual content involving minors first, then the most reported, then the oldest. Each with its content in context, the reports, the person's history and the audit log beside it. X-Total-Count. A 404 for anyone who is not a moderator.",
        security: SIGNED_IN,
        querystring: ModerationQueueQuery,
        response: { 200: z.array(ModerationCase), ...problems(400, 404) },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.queue(request.query);
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      return items;
    },
  );

  app.get(
    "/v1/admin/moderation/cases/:targetKind/:targetId",
    {
      onRequest: gate(ACCOUNT_ROLE.MODERATOR),
      schema: {
        tags: TAGS,
        summary: "One target as a case, reported or not (moderators)",
        description:
          "The same case the queue shows, for one target whether or not it has open reports: how moderators find what they hid (from the audit log) to restore it. 404 for an unknown target, and for anyone who is not a moderator.",
        security: SIGNED_IN,
        params: z.object({ targetKind: z.enum(REPORT_TARGET_KINDS), targetId: z.uuid() }),
        response: { 200: ModerationCase, ...problems(400, 404) },
      },
    },
    async (request) => service.oneCase(request.params.targetKind, request.params.targetId),
  );

  app.post(
    "/v1/admin/moderation/actions",
    {
      onRequest: gate(ACCOUNT_ROLE.MODERATOR),
      schema: {
        tags: TAGS,
        summary: "Decide on a target (moderators)",
        description:
          "DISMISS closes its open reports (and brings back what reports hid pending review); HIDE hides a contribution or public note (a placeholder says so) or a page (nothing read from it is shown, no list offers it, its discussion stays readable and takes nothing new) and closes its reports; RESTORE shows it again; SUSPEND suspends the person behind it for `days` or for good (their sessions end; with `hideContributions`, everything they wrote is hidden until UNSUSPEND). Give `version` as read: if the target changed since, 409. Each action is in the audit log with its reason; reporters are told the outcome by mail, nothing more.",
        security: SIGNED_IN,
        body: ModerationActionRequest,
        response: { 200: ModerationCase, ...problems(400, 404, 409, 422) },
      },
    },
    async (request) => {
      const viewer = await requireAccountRole(request, ACCOUNT_ROLE.MODERATOR);
      return service.act(viewer, request.body);
    },
  );
};

export const moderationRoutes = fp(routes, {
  name: "moderation",
  dependencies: ["discussion", "outbox"],
  encapsulate: true,
});
