import {
  AdminAccount,
  AdminAccountsQuery,
  AdminOrganization,
  AdminOrganizationsQuery,
  AuditEntry,
  AuditLogQuery,
  SetRolesRequest,
} from "@flipside/contracts/admin";
import { ACCOUNT_ROLE, type AccountRole } from "@flipside/contracts/roles";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { setListHeaders } from "../../lib/pagination.ts";
import { requireAccountRole } from "../../plugins/auth.ts";
import { readAuditLog } from "./audit.ts";
import { listAccounts, listOrganizations, setRoles } from "./roles.ts";

const TAGS = ["admin"];
const IdParams = z.object({ id: z.uuid() });

/**
 * Checked before the request is even parsed: to anyone without the role, signed in or not, an
 * admin path answers exactly as a path that does not exist (docs/admin.md).
 */
export const gate = (role: AccountRole) => async (request: FastifyRequest) => {
  await requireAccountRole(request, role);
};

/** The admin area's own calls (roles and the audit log); moderation has its module. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/v1/admin/accounts",
    {
      onRequest: gate(ACCOUNT_ROLE.ADMIN),
      schema: {
        tags: TAGS,
        summary: "Find accounts (admins)",
        description: "Newest first, with X-Total-Count. A 404 for anyone who is not an admin.",
        security: SIGNED_IN,
        querystring: AdminAccountsQuery,
        response: { 200: z.array(AdminAccount), ...problems(400, 404) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listAccounts(app.db, app.storage, request.query);
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      return items;
    },
  );

  app.get(
    "/v1/admin/organizations",
    {
      onRequest: gate(ACCOUNT_ROLE.ADMIN),
      schema: {
        tags: TAGS,
        summary: "Find organisations (admins)",
        description:
          "By part of the name or address, newest first, with X-Total-Count and each one's member count: to credit an organisation's wallet. A 404 for anyone who is not an admin.",
        security: SIGNED_IN,
        querystring: AdminOrganizationsQuery,
        response: { 200: z.array(AdminOrganization), ...problems(400, 404) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listOrganizations(app.db, app.storage, request.query);
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      return items;
    },
  );

  app.put(
    "/v1/admin/accounts/:id/roles",
    {
      onRequest: gate(ACCOUNT_ROLE.ADMIN),
      schema: {
        tags: TAGS,
        summary: "Set an account's roles (admins)",
        description:
          "`roles` lists every role the account has beyond USER (MODERATOR, ADMIN). The change is written to the audit log with the reason. An admin cannot take away their own admin role (409); an account that is not activated cannot have one (409).",
        security: SIGNED_IN,
        params: IdParams,
        body: SetRolesRequest,
        response: { 200: AdminAccount, ...problems(400, 404, 409) },
      },
    },
    async (request) => {
      const viewer = await requireAccountRole(request, ACCOUNT_ROLE.ADMIN);
      const { account, changed } = await setRoles(
        app.db,
        app.storage,
        viewer,
        request.params.id,
        request.body,
      );
      if (changed) app.viewers.forgetUser(account.id);
      return account;
    },
  );

  app.get(
    "/v1/admin/audit-log",
    {
      onRequest: gate(ACCOUNT_ROLE.MODERATOR),
      schema: {
        tags: TAGS,
        summary: "What moderators and admins did (moderators)",
        description:
          "Newest first, with X-Total-Count; with `targetId`, only what was done to that target. A 404 for anyone who is not a moderator.",
        security: SIGNED_IN,
        querystring: AuditLogQuery,
        response: { 200: z.array(AuditEntry), ...problems(400, 404) },
      },
    },
    async (request, reply) => {
      const { items, total } = await readAuditLog(app.db, request.query);
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      return items;
    },
  );
};
