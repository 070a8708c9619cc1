import type {
  AdminInvitationCode,
  InvitationCheck,
  InvitationCode,
  MintInvitationCodesRequest,
} from "@flipside/contracts/joining";
import { type ApiClient, api, type ListPage } from "../../lib/api.ts";

export type { AdminInvitationCode, InvitationCheck, InvitationCode } from "@flipside/contracts/joining";

/** Joining (docs/joining.md): invitation codes; each call throws `ApiError`. */
export function createJoiningClient(client: ApiClient = api) {
  return {
    check: (code: string) => client.get<InvitationCheck>(`/v1/invitation-codes/${encodeURIComponent(code)}`),
    mine: () => client.get<InvitationCode[]>("/v1/invitation-codes"),
    adminCodes: (query: { page: number; searchAnd?: string }): Promise<ListPage<AdminInvitationCode>> =>
      client.list<AdminInvitationCode>("/v1/admin/invitation-codes", { size: 20, ...query }),
    mint: (input: MintInvitationCodesRequest) =>
      client.post<AdminInvitationCode[]>("/v1/admin/invitation-codes", input),
    revoke: (id: string) => client.delete<AdminInvitationCode>(`/v1/admin/invitation-codes/${id}`),
  };
}

export const joiningApi = createJoiningClient();
