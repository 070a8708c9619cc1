import { z } from "zod";
import { servedAddress } from "./addresses.ts";
import { GRANTABLE_ROLES } from "./roles.ts";
import { multilineText } from "./text.ts";

/** An account as the admin area lists it: enough to find the right person and see their roles. */
export const AdminAccount = z
  .object({
    id: z.uuid(),
    email: z.string(),
    displayName: z.string(),
    imageUrl: servedAddress().nullable(),
    activated: z.boolean(),
    roles: z.array(z.string()),
    createdDate: z.iso.datetime(),
  })
  .meta({ id: "AdminAccount" });
export type AdminAccount = z.infer<typeof AdminAccount>;

/** A query string, so without a schema id: OpenAPI lists its parameters one by one. */
export const AdminAccountsQuery = z.object({
  q: z.string().trim().max(200).optional().describe("Part of an e-mail address or a display name"),
  role: z.enum(GRANTABLE_ROLES).optional().describe("Only accounts with this role"),
  page: z.coerce.number().int().min(0).max(10_000).default(0).describe("0-based page number"),
  size: z.coerce.number().int().min(1).max(100).default(20).describe("Items per page"),
});

/** An organisation as admins find it (to credit its wallet). */
export const AdminOrganization = z
  .object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string(),
    imageUrl: servedAddress().nullable(),
    memberCount: z.int(),
    createdDate: z.iso.datetime(),
  })
  .meta({ id: "AdminOrganization" });
export type AdminOrganization = z.infer<typeof AdminOrganization>;

export const AdminOrganizationsQuery = z.object({
  q: z.string().trim().max(200).optional().describe("Part of a name or an address (slug)"),
  page: z.coerce.number().int().min(0).max(10_000).default(0).describe("0-based page number"),
  size: z.coerce.number().int().min(1).max(100).default(20).describe("Items per page"),
});

export const AUDIT_REASON_MAX = 1_000;
export const AuditReason = multilineText().max(AUDIT_REASON_MAX, `At most ${AUDIT_REASON_MAX} characters.`);

/** PUT /v1/admin/accounts/{id}/roles: the account's roles beyond USER, all of them. */
export const SetRolesRequest = z
  .strictObject({
    roles: z.array(z.enum(GRANTABLE_ROLES)).max(GRANTABLE_ROLES.length),
    reason: AuditReason.optional(),
  })
  .meta({ id: "SetRolesRequest" });
export type SetRolesRequest = z.input<typeof SetRolesRequest>;

export const AuditEntry = z
  .object({
    id: z.uuid(),
    /** null: the configuration (ADMIN_EMAILS) or the command line did it. */
    actor: z.object({ id: z.uuid().nullable(), displayName: z.string() }),
    action: z.string(),
    targetKind: z.string(),
    targetId: z.uuid(),
    /** A short description of the target when it was acted on (a name, the start of a text). */
    targetLabel: z.string(),
    reason: z.string(),
    details: z.record(z.string(), z.unknown()),
    createdDate: z.iso.datetime(),
  })
  .meta({ id: "AuditEntry" });
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditLogQuery = z.object({
  targetId: z.uuid().optional().describe("Only what was done to this target"),
  page: z.coerce.number().int().min(0).max(10_000).default(0).describe("0-based page number"),
  size: z.coerce.number().int().min(1).max(100).default(25).describe("Items per page"),
});
