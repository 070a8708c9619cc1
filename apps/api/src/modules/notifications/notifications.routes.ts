import { ProfileRef } from "@flipside/contracts/discussion";
import { MENTION_QUERY_MAX_LENGTH, MENTION_SUGGESTIONS } from "@flipside/contracts/mentions";
import { NOTIFICATION_KIND_INFO, NOTIFICATIONS_PAGE_SIZE } from "@flipside/contracts/notification-constants";
import {
  MarkAllRead,
  Notification,
  NotificationPreference,
  NotificationPreferencesUpdate,
  UnreadCount,
} from "@flipside/contracts/notifications";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { repeatEvery } from "../../lib/jobs.ts";
import { escapeHtml } from "../../lib/mail-templates/account-mails.ts";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { listQuery, setListHeaders } from "../../lib/pagination.ts";
import { resolveJwtSecret } from "../../lib/secret.ts";
import { unsubscribeRoutes } from "../../lib/unsubscribe-routes.ts";
import { requireViewer } from "../../plugins/auth.ts";
import { registerNotificationHandlers } from "./handlers.ts";
import { createNotificationMails, type MailScope } from "./mails.ts";
import { createMentionSuggestions } from "./mention-suggestions.ts";
import { createNotificationsService } from "./notifications.service.ts";

const TAGS = ["notifications"];

/** The inbox, its unread count and mail preferences (docs/notifications.md). */
const routes: FastifyPluginAsyncZod = async (app) => {
  // Whose notifications changed in a dispatch: their open tabs hear of it once it has committed.
  let told = new Set<string>();
  registerNotificationHandlers(app.outbox, (ids) => {
    for (const id of ids) told.add(id);
  });
  app.outbox.afterDispatch(async () => {
    const ids = [...told];
    told = new Set();
    app.live.notificationsChanged(ids);
  });
  const service = createNotificationsService({ db: app.db, storage: app.storage });
  const privately = { "cache-control": "private, no-store" };
  const { config } = app;

  // Mails (docs/notifications.md#mails): at once after each outbox dispatch (which polls, so other
  // instances' notifications and a dead sender's leases are found too); digests once across instances.
  const mails = createNotificationMails({
    db: app.db,
    storage: app.storage,
    mailer: app.mailer,
    log: app.log,
    origin: config.publicOrigin,
    secret: resolveJwtSecret(config),
    smtpTimeoutMs: config.SMTP_TIMEOUT_MS,
    digestHourUtc: config.DIGEST_HOUR_UTC,
  });
  app.outbox.afterDispatch(mails.wake);
  app.addHook("onClose", () => mails.stop());
  await repeatEvery(
    app.jobs,
    "notification-digests",
    { intervalMs: config.DIGEST_CHECK_INTERVAL_MS, expireInSeconds: 1800 },
    () => mails.sendDigests(),
  );
  const scopeName = (scope: MailScope) =>
    scope === "DIGEST" ? "the daily digest" : `“${NOTIFICATION_KIND_INFO[scope].label.toLowerCase()}”`;
  unsubscribeRoutes(app, {
    path: "/v1/notification-preferences/unsubscribe",
    tags: TAGS,
    what: "notification mails",
    known: mails.known,
    unsubscribe: mails.unsubscribe,
    texts: ({ scope }) => ({
      askTitle: "Stop these mails from Flipside",
      askBody: `<p>You will no longer get mails of ${escapeHtml(scopeName(scope))}. They stay in your notifications on Flipside, and you can choose again in your <a href="${escapeHtml(config.publicOrigin)}/profile/notifications">mail preferences</a>.</p>`,
      button: "Stop these mails",
      doneTitle: "You will get no more of these mails",
      doneBody: `<p>Flipside will not mail you ${escapeHtml(scopeName(scope))} any more. To choose again, open your <a href="${escapeHtml(config.publicOrigin)}/profile/notifications">mail preferences</a>.</p>`,
    }),
  });

  const mentionSuggestions = createMentionSuggestions({
    db: app.db,
    storage: app.storage,
    limiter: app.limiter,
    perMinute: config.RATE_LIMIT_SEARCH_PER_IP,
  });
  app.get(
    "/v1/mention-suggestions",
    {
      schema: {
        tags: TAGS,
        summary: "People to mention while writing",
        description: `At most ${MENTION_SUGGESTIONS} people for the "@" picker (docs/notifications.md#mentions). With \`q\` empty: the people who took part in the discussion of \`pageId\` (the latest first), then the people you follow. With \`q\`: people with a word of their name starting with it (those close to you first), then names containing it or near spellings. Never you, anyone across a block with you, or a suspended or unactivated account. Rate limited per person (RATE_LIMIT_SEARCH_PER_IP a minute).`,
        security: SIGNED_IN,
        querystring: z.object({
          q: z.string().max(MENTION_QUERY_MAX_LENGTH).default(""),
          pageId: z.uuid().optional(),
        }),
        response: { 200: z.array(ProfileRef), ...problems(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      reply.headers(privately);
      return mentionSuggestions(viewer, request.query);
    },
  );

  app.get(
    "/v1/notifications",
    {
      schema: {
        tags: TAGS,
        summary: "Your notifications",
        description:
          "Newest first (by when each last grew): replies to you, mentions, votes on what you wrote (grouped per contribution while unread), new discussion on what you follow (grouped per page), reviews of your verified sites and official responses to your reviews. What was taken back or hidden since, and anything by someone across a block, is left out.",
        security: SIGNED_IN,
        querystring: listQuery(NOTIFICATIONS_PAGE_SIZE).pick({ page: true, size: true }),
        response: { 200: z.array(Notification), ...problems(400, 401) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const { items, total } = await service.list(viewer, request.query);
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      reply.headers(privately);
      return items;
    },
  );

  app.get(
    "/v1/notifications/unread-count",
    {
      schema: {
        tags: TAGS,
        summary: "How many notifications you have not read",
        security: SIGNED_IN,
        response: { 200: UnreadCount, ...problems(401) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      reply.headers(privately);
      return { count: await service.unreadCount(viewer) };
    },
  );

  app.post(
    "/v1/notifications/:id/read",
    {
      schema: {
        tags: TAGS,
        summary: "Mark one notification read",
        description: "Marking it again changes nothing; someone else's is a 404.",
        security: SIGNED_IN,
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null().describe("Read"), ...problems(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      await service.markRead(viewer, request.params.id);
      // The person's other tabs and devices bring their bell up to date.
      app.live.notificationsChanged([viewer.id]);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/v1/notifications/read-all",
    {
      schema: {
        tags: TAGS,
        summary: "Mark all notifications read",
        description:
          "With `before`, only those that last grew up to then (what the list showed), so one arriving meanwhile stays unread.",
        security: SIGNED_IN,
        body: MarkAllRead,
        response: { 204: z.null().describe("Read"), ...problems(400, 401) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      await service.markAllRead(viewer, request.body.before);
      app.live.notificationsChanged([viewer.id]);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/v1/notification-preferences",
    {
      schema: {
        tags: TAGS,
        summary: "Your mail preferences, per kind of notification",
        security: SIGNED_IN,
        response: { 200: z.array(NotificationPreference), ...problems(401) },
      },
    },
    async (request) => service.preferences(await requireViewer(request)),
  );

  app.put(
    "/v1/notification-preferences",
    {
      schema: {
        tags: TAGS,
        summary: "Change your mail preferences",
        description:
          "Each kind: NOW (a mail at once), DIGEST (in one mail a day) or NEVER. Kinds left out keep their choice. Answers all of them.",
        security: SIGNED_IN,
        body: NotificationPreferencesUpdate,
        response: { 200: z.array(NotificationPreference), ...problems(400, 401) },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      await service.setPreferences(viewer, request.body.preferences);
      return service.preferences(viewer);
    },
  );
};

export const notificationsRoutes = fp(routes, {
  name: "notifications",
  dependencies: ["discussion", "outbox", "live", "jobs", "mailer"],
  encapsulate: true,
});
