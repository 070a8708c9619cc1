import type { AdminAccount, AdminOrganization, AuditEntry } from "@flipside/contracts/admin";
import type { ModerationActionRequest, ModerationCase } from "@flipside/contracts/moderation";
import type { Credit } from "@flipside/contracts/money";
import { IDEMPOTENCY_HEADER } from "@flipside/contracts/money-constants";
import type { GrantableRole } from "@flipside/contracts/roles";
import { type ApiClient, api } from "../../lib/api.ts";

export type { AdminAccount, AdminOrganization, AuditEntry } from "@flipside/contracts/admin";
export type { ModerationActionRequest, ModerationCase } from "@flipside/contracts/moderation";

export const ADMIN_ACCOUNTS_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE = 25;
export const CASES_PAGE_SIZE = 10;

/** The admin area's calls (docs/admin.md); each throws `ApiError`, a 404 to anyone without the role. */
export function createAdminClient(client: ApiClient = api) {
  return {
    accounts: (q: { q?: string; role?: GrantableRole; page: number }) =>
      client.list<AdminAccount>("/v1/admin/accounts", {
        ...(q.q ? { q: q.q } : {}),
        ...(q.role ? { role: q.role } : {}),
        page: q.page,
        size: ADMIN_ACCOUNTS_PAGE_SIZE,
      }),
    organizations: (q: { q?: string; page: number }) =>
      client.list<AdminOrganization>("/v1/admin/organizations", {
        ...(q.q ? { q: q.q } : {}),
        page: q.page,
        size: ADMIN_ACCOUNTS_PAGE_SIZE,
      }),
    setRoles: (id: string, roles: GrantableRole[], reason: string) =>
      client.put<AdminAccount>(`/v1/admin/accounts/${id}/roles`, { roles, ...(reason ? { reason } : {}) }),
    cases: (page: number) =>
      client.list<ModerationCase>("/v1/admin/moderation/cases", { page, size: CASES_PAGE_SIZE }),
    /** One target as a case, reported or not (to restore what was hidden). */
    case: (kind: string, id: string) =>
      client.get<ModerationCase>(
        `/v1/admin/moderation/cases/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`,
      ),
    act: (body: ModerationActionRequest) => client.post<ModerationCase>("/v1/admin/moderation/actions", body),
    /** `key`: one per intended credit (lib/idempotency-key.ts), so a retry cannot credit twice. */
    credit: (
      body: { ownerKind: "USER" | "ORGANIZATION"; ownerId: string; amount: number; reason: string },
      key: string,
    ) => client.post<Credit>("/v1/admin/wallet-credits", body, { headers: { [IDEMPOTENCY_HEADER]: key } }),
    auditLog: (q: { targetId?: string; page: number; size?: number }) =>
      client.list<AuditEntry>("/v1/admin/audit-log", {
        ...(q.targetId ? { targetId: q.targetId } : {}),
        page: q.page,
        size: q.size ?? AUDIT_PAGE_SIZE,
      }),
  };
}

export const adminApi = createAdminClient();
